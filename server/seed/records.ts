import { readableNumber } from '../resources/write';
import type { Row, WriteOps } from '../store/types';
import type { CompanyKey, DemoIdentity } from './identity';
import { addDays, round2, spreadDates, type Random } from './random';
import type { DemoTag } from './tags';
import * as text from './texts';

/**
 * Demo quality records of both universes: CAPA, quality alerts, non-compliances, 8D
 * matrices and structural cost lines, spread over six months with a good share in the
 * current month, every workflow state present, visible to the brand and the inspection company.
 */
interface SeedContext {
  tx: WriteOps;
  random: Random;
  today: string;
  identity: DemoIdentity;
  tags: DemoTag[];
}

const SITES: CompanyKey[] = ['shenzhen', 'ningbo', 'guangzhou', 'dhaka', 'chittagong', 'porto', 'guimaraes', 'istanbul', 'bursa', 'como', 'prato'];

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const notAfter = (date: string, limit: string) => (date > limit ? limit : date);

/** Older records are further along their workflow; the newest ones cover every state. */
function statusFor(ctx: SeedContext, states: string[], index: number, count: number, date: string): string {
  if (index >= count - states.length) return states[count - 1 - index];
  const progress = Math.min(1, daysBetween(date, ctx.today) / 120 + ctx.random.next() * 0.5);
  return states[Math.min(states.length - 1, Math.floor(progress * states.length))];
}

function tagsFor(ctx: SeedContext, source: string, ownerCompanies: string[], universeId: number, max: number): number[] {
  const usable = ctx.tags.filter((tag) => tag.universeId === universeId && tag.sources.includes(source) && !tag.disabled && ownerCompanies.includes(tag.owner));
  return ctx.random.sample(usable, ctx.random.int(0, max)).map((tag) => tag.tagId);
}

function insertNumbered(ctx: SeedContext, collection: string, idField: string, record: Row, number?: { field: string; prefix: string }) {
  const id = ctx.tx.nextId(collection);
  return ctx.tx.insert(collection, idField, { ...record, [idField]: id, ...(number ? { [number.field]: readableNumber(number.prefix, id) } : {}) });
}

const lot = (ctx: SeedContext) => String(ctx.random.int(2401, 2499));
const staffOf = (ctx: SeedContext, key: CompanyKey) => ctx.random.pick(ctx.identity.staff[key]);

function seedCapas(ctx: SeedContext, universe: 'main' | 'other', count: number) {
  const { random, identity } = ctx;
  const dates = spreadDates(random, count, new Date(`${ctx.today}T12:00:00Z`));
  dates.forEach((startDate, index) => {
    const byBrand = universe === 'other' || random.chance(0.2);
    const creatorCompany: CompanyKey = universe === 'other' ? 'northwind' : byBrand ? 'lumiere' : 'atlas';
    const site: CompanyKey = universe === 'other' ? 'harbor' : random.pick(SITES);
    const status = statusFor(ctx, ['NEW', 'IN_PROGRESS', 'COMPLETED'], index, count, startDate);
    insertNumbered(ctx, 'capas', 'capaId', {
      title: text.fill(random.pick(text.capaTitles), { lot: lot(ctx) }),
      capaType: random.pick(['CORRECTIVE_ACTION', 'CORRECTIVE_ACTION', 'PREVENTIVE_ACTION', 'CONTAINMENT']),
      status,
      description: text.fill(random.pick(text.capaDescriptions), { product: random.pick(text.products), factory: identity.companyNames[site] }),
      actionLeader: staffOf(ctx, random.chance(0.5) ? site : creatorCompany),
      site: identity.companies[site],
      target: identity.companies[universe === 'other' ? 'northwind' : 'lumiere'],
      startDate,
      expectingEndDate: addDays(startDate, random.int(14, 60)),
      ...(status === 'COMPLETED' ? { closingDate: notAfter(addDays(startDate, random.int(5, 40)), ctx.today) } : {}),
      cost: round2(random.int(0, 480000) / 100),
      costCurrency: random.pick(['EUR', 'EUR', 'USD', 'CNY']),
      ressources: random.pick(text.ressources),
      tags: tagsFor(ctx, 'CAPA', [creatorCompany, 'lumiere', 'northwind'], identity.universes[universe], 2),
      creator: creatorCompany === 'atlas' ? identity.accounts.manager : staffOf(ctx, creatorCompany),
      companyCreator: identity.companies[creatorCompany],
      universeId: identity.universes[universe],
    });
  });
}

function seedQualityAlerts(ctx: SeedContext, universe: 'main' | 'other', count: number) {
  const { random, identity } = ctx;
  const dates = spreadDates(random, count, new Date(`${ctx.today}T12:00:00Z`));
  dates.forEach((creationDate, index) => {
    const brand: CompanyKey = universe === 'other' ? 'northwind' : 'lumiere';
    const site: CompanyKey = universe === 'other' ? 'harbor' : random.pick(SITES);
    const status = statusFor(ctx, ['DRAFT', 'SENT', 'OPENED', 'ADDRESSED', 'CLOSED'], index, count, creationDate);
    const values = { factory: identity.companyNames[site], lot: lot(ctx), count: random.int(3, 40) };
    insertNumbered(
      ctx,
      'qualityAlerts',
      'qualityAlertId',
      {
        title: text.fill(random.pick(text.qualityAlertTitles), values),
        status,
        responsibleCompany: identity.companies[universe === 'other' ? 'harbor' : 'atlas'],
        responsible: staffOf(ctx, universe === 'other' ? 'harbor' : 'atlas'),
        site: identity.companies[site],
        summary: text.fill(random.pick(text.qualityAlertSummaries), values),
        ...(status !== 'DRAFT' ? { investigation: random.pick(text.investigations) } : {}),
        scope: random.pick(text.scopes),
        distribution: random.pick(text.distributions),
        creationDate,
        updateDate: notAfter(addDays(creationDate, random.int(0, 10)), ctx.today),
        creator: universe === 'other' ? identity.accounts.outsider : random.chance(0.5) ? identity.accounts.quality : staffOf(ctx, brand),
        companyCreator: identity.companies[brand],
        universeId: identity.universes[universe],
      },
      { field: 'alertNumber', prefix: 'QA-' },
    );
  });
}

function seedNonCompliances(ctx: SeedContext, universe: 'main' | 'other', count: number): number[] {
  const { random, identity } = ctx;
  // 8D matrices link to these: non-compliances the brand's own users can open.
  const linkable: number[] = [];
  spreadDates(random, count, new Date(`${ctx.today}T12:00:00Z`)).forEach((creationDate) => {
    const creatorCompany: CompanyKey = universe === 'other' ? 'northwind' : random.chance(0.5) ? 'atlas' : 'lumiere';
    const site: CompanyKey = universe === 'other' ? 'harbor' : random.pick(SITES);
    const values = { lot: lot(ctx), product: random.pick(text.products), factory: identity.companyNames[site], count: random.int(2, 18) };
    const stored = insertNumbered(ctx, 'nonCompliances', 'nonComplianceId', {
      title: text.fill(random.pick(text.nonComplianceTitles), values),
      issueLevel: random.pick(['CRITICAL', 'MAJOR', 'MAJOR', 'MINOR', 'MINOR']),
      category: random.pick(['QUALITY', 'CONFORMITY', 'SECURITY', 'MEASUREMENTS', 'LABELLING_AND_PACKING', 'TESTS', 'APPEARANCE', 'ACCESSORIES', 'WORKMANSHIP']),
      companyId: identity.companies[site],
      description: text.fill(random.pick(text.nonComplianceDescriptions), values),
      reference: `MLW-${random.int(2400, 2499)}`,
      sku: `SKU-${random.int(100000, 999999)}`,
      size: random.pick(['XS', 'S', 'M', 'L', 'XL', '38', '40', '42']),
      color: random.pick(['Navy', 'Ecru', 'Black', 'Camel', 'Sage green', 'Burgundy']),
      material: random.pick(['100% cotton', 'Merino wool', 'Cotton/elastane 98/2', 'Silk', 'Full-grain leather', 'Linen']),
      ...(random.chance(0.3) ? { serialNumber: `SN${random.int(10000000, 99999999)}` } : {}),
      ...(random.chance(0.25) ? { afterSaleTicketId: `SAV-${ctx.today.slice(0, 4)}-${random.int(1000, 9999)}` } : {}),
      criterion: random.pick(['Workmanship', 'Measurements', 'Colour', 'Labelling', 'Packing', 'Safety']),
      defectType: random.pick(['Sewing', 'Fabric', 'Trims', 'Finishing', 'Packing']),
      tags: tagsFor(ctx, 'NON_COMPLIANCE', [creatorCompany, 'lumiere', 'northwind'], identity.universes[universe], 3),
      creationDate,
      creator: creatorCompany === 'atlas' ? identity.accounts.inspector : creatorCompany === 'lumiere' ? identity.accounts.quality : identity.accounts.outsider,
      companyCreator: identity.companies[creatorCompany],
      universeId: identity.universes[universe],
    });
    if (creatorCompany === 'lumiere' || universe === 'other') linkable.push(stored.nonComplianceId as number);
  });
  return linkable;
}

function seedMatrix8ds(ctx: SeedContext, universe: 'main' | 'other', count: number, nonCompliances: number[]) {
  const { random, identity } = ctx;
  const provider: CompanyKey = universe === 'other' ? 'northwind' : 'atlas';
  const dates = spreadDates(random, count, new Date(`${ctx.today}T12:00:00Z`));
  dates.forEach((createDate, index) => {
    const status = statusFor(ctx, ['PROBLEMS', 'ANALYSIS', 'RESULT'], index, count, createDate);
    const closed = status === 'RESULT' && random.chance(0.6);
    const site: CompanyKey = universe === 'other' ? 'harbor' : random.pick(SITES);
    const members = random.sample([...identity.staff[provider], ...identity.staff[universe === 'other' ? 'harbor' : 'lumiere'], ...identity.staff[site]], random.int(2, 4));
    const actionTypes = status === 'PROBLEMS' ? ['CONTAINMENT'] : ['CONTAINMENT', 'CORRECTIVE_ACTION', 'PREVENTIVE_ACTION'];
    const updateDate = notAfter(addDays(createDate, random.int(0, 20)), ctx.today);
    insertNumbered(ctx, 'matrix8ds', 'matrixId', {
      status,
      orderMakerId: identity.companies[universe === 'other' ? 'northwind' : 'lumiere'],
      responsible: members[0],
      teamMembers: members.map((contactId, i) => ({ contactId, role: i === 0 ? 'Team leader' : random.pick(['Quality engineer', 'Production expert', 'Supplier representative', 'Inspector']) })),
      problemDescription: text.fill(random.pick(text.problemDescriptions), { factory: identity.companyNames[site] }),
      ...(nonCompliances.length ? { nonCompliance: random.pick(nonCompliances) } : {}),
      actions: actionTypes.map((type) => ({
        type,
        description: random.pick(text.actionDescriptions[type]),
        responsible: random.pick(members),
        dueDate: addDays(createDate, random.int(7, 45)),
        done: status === 'RESULT' || (type === 'CONTAINMENT' && random.chance(0.7)),
      })),
      ...(status !== 'PROBLEMS' ? { rootCauseDescription: random.pick(text.rootCauses) } : {}),
      ...(status === 'RESULT' ? { correctiveActionEfficiencyDescription: 'Two consecutive final inspections passed at AQL 2.5 with no repeat of the defect.' } : {}),
      correctiveActionResult: closed ? 'CLOSED' : 'OPENED',
      ...(closed ? { congratulationAndReward: 'Thanks to the factory team for the quick containment and the well-documented root cause.', closingDate: updateDate } : {}),
      tagAssignments: tagsFor(ctx, 'NON_COMPLIANCE', [provider, 'lumiere', 'northwind'], identity.universes[universe], 2),
      createDate,
      updateDate,
      creator: universe === 'other' ? identity.accounts.outsider : identity.accounts.manager,
      creatorCompany: identity.companies[provider],
      updatedBy: universe === 'other' ? identity.accounts.outsider : identity.accounts.manager,
      updatedByCompany: identity.companies[provider],
      universeId: identity.universes[universe],
    });
  });
}

function seedStructuralCosts(ctx: SeedContext, universe: 'main' | 'other', count: number) {
  const { random, identity } = ctx;
  const dates = spreadDates(random, count, new Date(`${ctx.today}T12:00:00Z`));
  dates.forEach((day, index) => {
    const owner: CompanyKey = universe === 'other' ? 'northwind' : random.chance(0.67) ? 'atlas' : 'lumiere';
    const contributorLine = owner === 'atlas' && random.chance(0.75);
    const status = statusFor(ctx, ['CREATED', 'GENERATED', 'VERIFIED'], index, count, day);
    insertNumbered(
      ctx,
      'structuralCosts',
      'structuralCostId',
      {
        date: day.slice(0, 7),
        type: contributorLine ? 'CONTRIBUTOR' : 'OFFICE',
        status,
        ...(contributorLine ? { contributor: random.pick(identity.staff.atlas) } : {}),
        division: random.pick(text.divisions),
        department: random.pick(['INSP', 'INSP', 'AUDIT', 'LAB', 'CON']),
        businessUnit: random.pick(text.businessUnits),
        legalUnit: owner === 'atlas' ? random.pick(text.legalUnits) : owner === 'lumiere' ? 'Maison Lumière SA' : 'Northwind Goods Inc.',
        amount: round2(random.int(15000, 950000) / 100),
        currency: owner === 'northwind' ? 'USD' : random.pick(['EUR', 'EUR', 'EUR', 'USD', 'CNY', 'HKD']),
        companyId: identity.companies[owner],
        universeId: identity.universes[universe],
      },
      { field: 'structuralCostIdHK', prefix: 'SC-' },
    );
  });
}

export function seedRecords(tx: WriteOps, random: Random, today: string, identity: DemoIdentity, tags: DemoTag[]): void {
  const ctx: SeedContext = { tx, random, today, identity, tags };
  seedCapas(ctx, 'main', 40);
  seedCapas(ctx, 'other', 3);
  seedQualityAlerts(ctx, 'main', 25);
  seedQualityAlerts(ctx, 'other', 2);
  const linkableNcs = seedNonCompliances(ctx, 'main', 40);
  const otherNcs = seedNonCompliances(ctx, 'other', 3);
  seedMatrix8ds(ctx, 'main', 15, linkableNcs);
  seedMatrix8ds(ctx, 'other', 1, otherNcs);
  seedStructuralCosts(ctx, 'main', 60);
  seedStructuralCosts(ctx, 'other', 3);
}
