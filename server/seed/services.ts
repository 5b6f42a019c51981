import { confirmationOf } from '../../domain/leadTime';
import { INITIAL_FLOW, flowFields, moveService, type ServiceAction, type ServiceFlow, type ServiceFlowFields, type ServiceSide, type ServiceStep } from '../../machines/service';
import { readableNumber } from '../resources/write';
import { SERVICE_HISTORY } from '../services/history';
import { SERVICE_DATE_LINES, SERVICE_NOTES } from '../services/records';
import { productTypesOf, SEARCH_PARTY_FIELDS, searchTextOf } from '../services/searchText';
import { SERVICES } from '../services/access';
import type { Row, WriteOps } from '../store/types';
import type { CompanyKey, DemoIdentity } from './identity';
import type { ProductIds } from './adminFamilies';
import { orderLineFields } from './orderLineFields';
import { addDays, type Random } from './random';
import * as text from './serviceTexts';

/**
 * Demo services: ~40 in the brand's universe over the last 60 and next 30 days, every step
 * and department, plus 3 in the other universe. Each service's workflow fields, date lines
 * and history come from replaying a short sequence of events through the service machine,
 * so they are what the real calls would have written.
 */
const DM: ServiceSide = 'DECISION_MAKER';
const OT: ServiceSide = 'ORDER_TAKER';
const SP: ServiceSide = 'SERVICE_PROVIDER';

/** How a service got where it is: the creator's side, then the events after the creation (REQUEST_DATE). */
const FLOWS = {
  draft: { creator: DM, events: [] },
  providerOpen: { creator: SP, events: [] },
  counter: { creator: DM, events: [['REFUSE_DATE', SP], ['REQUEST_DATE', SP]] },
  requested: { creator: DM, events: [['ACCEPT_DATE', SP], ['POSTPONE', OT]] },
  confirmed: { creator: DM, events: [['ACCEPT_DATE', SP]] },
  confirmedBySp: { creator: SP, events: [['ACCEPT_DATE', DM]] },
  cancelAsked: { creator: DM, events: [['ACCEPT_DATE', SP], ['REQUEST_CANCEL', DM]] },
  terminated: { creator: DM, events: [['ACCEPT_DATE', SP], ['COMPLETE', SP]] },
  cancelled: { creator: DM, events: [['ACCEPT_DATE', SP], ['REQUEST_CANCEL', OT], ['CONFIRM_CANCEL', SP]] },
  cancelledDirect: { creator: DM, events: [['ACCEPT_DATE', SP], ['CANCEL', DM]] },
  // The other universe has no inspection office: its brand inspects its factory itself (an internal assessment, the brand as provider).
  otherOpen: { creator: DM, events: [] },
  otherRequested: { creator: DM, events: [['REQUEST_DATE', OT]] },
  otherAgreed: { creator: DM, events: [['ACCEPT_DATE', OT]] },
} satisfies Record<string, { creator: ServiceSide; events: [ServiceAction, ServiceSide][] }>;
export type FlowName = keyof typeof FLOWS;

/** The brand's universe: [flow, how many, start day range relative to today]. Several fall within ±7 days (the default search). */
const PLAN: [FlowName, number, number, number][] = [
  ['terminated', 8, -60, -9],
  ['cancelled', 1, -50, -10],
  ['cancelledDirect', 1, -40, -10],
  ['confirmed', 2, -30, -9],
  ['terminated', 2, -7, -2],
  ['confirmed', 5, -3, 7],
  ['cancelAsked', 1, 0, 6],
  ['draft', 2, 1, 7],
  ['counter', 1, -2, 5],
  ['requested', 1, 2, 7],
  ['providerOpen', 1, 1, 7],
  ['confirmedBySp', 1, -1, 6],
  ['draft', 3, 8, 30],
  ['requested', 2, 8, 30],
  ['confirmed', 4, 8, 30],
  ['providerOpen', 1, 8, 30],
  ['counter', 1, 8, 30],
  ['cancelledDirect', 1, 8, 30],
  ['confirmedBySp', 2, 8, 30],
];

const TYPES: Record<string, string[]> = {
  INSP: ['INSP_PRE_PRODUCTION', 'INSP_DURING_PRODUCTION', 'INSP_FINAL_RANDOM', 'INSP_FINAL_RANDOM', 'INSP_CONTAINER_LOADING'],
  LAB: ['LAB_PHYSICAL_TEST', 'LAB_CHEMICAL_TEST'],
  AUDIT: ['AUDIT_SOCIAL', 'AUDIT_TECHNICAL', 'AUDIT_ENVIRONMENTAL'],
  CON: ['CON_TRAINING', 'CON_PRODUCT_DEVELOPMENT'],
};
const DEPARTMENTS = ['INSP', 'INSP', 'INSP', 'LAB', 'INSP', 'AUDIT', 'INSP', 'LAB', 'CON', 'INSP'];

/** Order-taker sites of the brand: supplier, factory and sometimes a sourcing agent. */
export const SITES: { supplier: CompanyKey; factory: CompanyKey; agent?: CompanyKey }[] = [
  { supplier: 'shenzhen', factory: 'ningbo' },
  { supplier: 'shenzhen', factory: 'guangzhou' },
  { supplier: 'shenzhen', factory: 'dhaka', agent: 'pacific' },
  { supplier: 'porto', factory: 'porto' },
  { supplier: 'porto', factory: 'guimaraes' },
  { supplier: 'bursa', factory: 'istanbul', agent: 'anatolia' },
  { supplier: 'como', factory: 'prato' },
  { supplier: 'shenzhen', factory: 'chittagong', agent: 'pacific' },
];

/** SERVICE tags: the brand's (seen by the universe) and one secret tag of the inspection company. */
const TAGS = [
  { owner: 'lumiere', localizedName: 'Key supplier', color: '#1c7ed6', privacy: 'VISIBLE' },
  { owner: 'lumiere', localizedName: 'New collection', color: '#37b24d', privacy: 'SHARED' },
  { owner: 'lumiere', localizedName: 'Retail launch', color: '#f76707', privacy: 'VISIBLE' },
  { owner: 'atlas', localizedName: 'Re-inspection', color: '#862e9c', privacy: 'SECRET' },
] as const;

export interface Ctx {
  tx: WriteOps;
  random: Random;
  today: string;
  identity: DemoIdentity;
  tags: { brand: number[]; atlasSecret: number };
  products: ProductIds;
}

interface Actor {
  contactId: number;
  companyId: number;
}

export interface Parties {
  universe: 'main' | 'other';
  client: CompanyKey;
  supplier?: CompanyKey;
  factory: CompanyKey;
  agent?: CompanyKey;
  provider?: CompanyKey;
  creator: Actor;
}

function seedServiceTags(ctx: Omit<Ctx, 'tags' | 'products'>): Ctx['tags'] {
  const ids = TAGS.map((tag) =>
    ctx.tx.insert('tags', 'tagId', {
      localizedName: tag.localizedName,
      color: tag.color,
      privacy: tag.privacy,
      sources: ['SERVICE'],
      disabled: false,
      companyId: ctx.identity.companies[tag.owner],
      universeId: ctx.identity.universes.main,
    }).tagId as number,
  );
  return { brand: ids.slice(0, 3), atlasSecret: ids[3] };
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const minDate = (a: string, b: string) => (a < b ? a : b);

/** An event's time on its day; events of today get the first minutes of the day (never in the future). */
const timeOn = (day: string, today: string, index: number) =>
  day === today ? `${day}T00:${String(index).padStart(2, '0')}:00.000Z` : `${day}T${String(8 + (index % 10)).padStart(2, '0')}:${String((index * 7) % 60).padStart(2, '0')}:00.000Z`;

function purchaseOrderLines(ctx: Ctx, terminated: boolean, parties: Parties, maxLines = 4): Row[] {
  const { random, tx } = ctx;
  const po = `ML-PO-${random.int(240100, 249900)}`;
  return Array.from({ length: random.int(1, maxLines) }, () => {
    const ordered = random.int(3, 60) * 100;
    const line: Row = {
      purchaseOrderLineId: tx.nextId('purchaseOrderLines'),
      poNumber: random.chance(0.7) ? po : `ML-PO-${random.int(240100, 249900)}`,
      designation: random.pick(text.designations),
      referenceObj: `MLW-${random.int(2401, 2499)}`,
      sku: `SKU-${random.int(100000, 999999)}`,
      color: random.pick(text.colors),
      size: random.pick(text.sizes),
      unit: 'PIECE',
      packing: 'BOX',
      orderedQuantity: { quantity: ordered, unit: 'PIECE', packing: 'BOX' },
    };
    Object.assign(line, orderLineFields(ctx.products, parties.universe, parties.client, line, terminated));
    if (!terminated) return line;
    const inspected = Math.min(ordered, random.pick([125, 200, 315]));
    const refused = random.chance(0.3) ? random.int(1, 12) : 0;
    return {
      ...line,
      presentedQuantity: { quantity: ordered, unit: 'PIECE', packing: 'BOX' },
      inspectedQuantity: { quantity: inspected, unit: 'PIECE' },
      acceptedQuantity: { quantity: inspected - refused, unit: 'PIECE' },
      refusedQuantity: { quantity: refused, unit: 'PIECE' },
    };
  });
}

function laboratoryLines(ctx: Ctx, poNumber: unknown, terminated: boolean): Row[] {
  return ctx.random.sample(text.labTests, ctx.random.int(1, 3)).map((test) => ({
    laboratoryLineId: ctx.tx.nextId('laboratoryLines'),
    ...test,
    sampleCount: ctx.random.int(3, 10),
    poNumber,
    result: terminated ? ctx.random.pick(['PASSED', 'PASSED', 'PASSED', 'FAILED']) : 'PENDING',
  }));
}

/** Replays the flow: workflow fields, date lines and history as the real calls write them. */
function replay(ctx: Ctx, service: { serviceId: number; universeId: number }, flowName: FlowName, actors: Record<ServiceSide, Actor | undefined>, dates: { startDate: string; endDate?: string }, created: string) {
  const { tx, today } = ctx;
  const { serviceId, universeId } = service;
  const flow = FLOWS[flowName];
  const events: [ServiceAction, ServiceSide][] = [['REQUEST_DATE', flow.creator], ...flow.events];
  const lastDay = dates.endDate ?? dates.startDate;
  const span = Math.max(0, daysBetween(created, minDate(addDays(dates.startDate, -1), today)));
  let step: ServiceStep = 'OPENED';
  let state: ServiceFlow = INITIAL_FLOW;
  let fields: ServiceFlowFields = { serviceStep: step };
  let pendingLine: number | undefined;
  let at = '';
  let by: Actor | undefined;
  // When the provider first confirmed: the service's lead time runs from its request to then (docs/kpis.md).
  let confirmedAt: string | undefined;
  events.forEach(([action, side], index) => {
    const closing = action === 'COMPLETE' || action === 'CONFIRM_CANCEL';
    const day = index === 0 ? created : closing ? minDate(lastDay, today) : addDays(created, Math.round((index * span) / events.length));
    at = timeOn(day, today, index);
    by = actors[side]!;
    // The seeded history is what each company's managers did: they drive the step (SERVICE_WORKFLOW).
    const moved = moveService(step, state, { type: action, by: side, owner: by.companyId === actors[flow.creator]!.companyId, workflow: true });
    if (!moved) throw new Error(`services seed: ${flowName} refuses ${action} by ${side} at ${step}`);
    const answer = { answeredByContact: by.contactId, answeredAt: at };
    if (action === 'REQUEST_DATE' || action === 'POSTPONE') {
      if (pendingLine) tx.update(SERVICE_DATE_LINES, pendingLine, (line) => ({ ...line, status: 'REPLACED' }));
      const shift = index === 0 ? 0 : ctx.random.int(3, 7);
      pendingLine = tx.insert(SERVICE_DATE_LINES, 'dateLineId', {
        serviceId,
        startDate: addDays(dates.startDate, shift),
        ...(dates.endDate ? { endDate: addDays(dates.endDate, shift) } : {}),
        ...(index === 0 ? {} : { comment: ctx.random.pick(text.dateComments) }),
        status: 'PROPOSED',
        proposedBy: side,
        proposedByContact: by.contactId,
        proposedAt: at,
      }).dateLineId as number;
    } else if (action === 'ACCEPT_DATE' || action === 'REFUSE_DATE') {
      tx.update(SERVICE_DATE_LINES, pendingLine!, (line) => ({ ...line, ...answer, status: action === 'ACCEPT_DATE' ? 'ACCEPTED' : 'REFUSED' }));
      pendingLine = undefined;
    }
    fields = flowFields(moved.step, moved.flow, day, fields);
    if (fields.providerConfirmed && !confirmedAt) confirmedAt = at;
    tx.insert(SERVICE_HISTORY, 'historyId', {
      serviceId,
      event: index === 0 ? 'CREATED' : action,
      ...(index === 0 ? {} : { fromStep: step }),
      toStep: moved.step,
      side,
      contactId: by.contactId,
      companyId: by.companyId,
      universeId,
      date: at,
    });
    step = moved.step;
    state = moved.flow;
  });
  return { fields, updateDate: at, updatedBy: by!.contactId, confirmedAt };
}

/** The workflow fields a flow ends with, without its date lines and history (the benchmark's generated services). */
export function flowFieldsAfter(flowName: FlowName, day: string): ServiceFlowFields {
  const flow = FLOWS[flowName];
  let fields: ServiceFlowFields = { serviceStep: 'OPENED' };
  let state: ServiceFlow = INITIAL_FLOW;
  for (const [action, side] of [['REQUEST_DATE', flow.creator], ...flow.events] as [ServiceAction, ServiceSide][]) {
    const moved = moveService(fields.serviceStep, state, { type: action, by: side, owner: side === flow.creator, workflow: true })!;
    fields = flowFields(moved.step, moved.flow, day, fields);
    state = moved.flow;
  }
  return fields;
}

export function actorOf(ctx: Ctx, key: CompanyKey | undefined, contactId?: number): Actor | undefined {
  if (!key) return undefined;
  return { contactId: contactId ?? ctx.identity.staff[key][0], companyId: ctx.identity.companies[key] };
}

/** A brand inspecting its own factory assesses internally, whatever was drawn (the draw is kept so the other records stay as they were). */
const assessmentOf = (parties: Parties, drawn: string) => (parties.provider === parties.client ? 'INTERNAL' : drawn);

/** What a caller fixes instead of the draw: the department, the season (the draws are made all the same, so the sequence stays). */
export interface ServiceChoices {
  department?: string;
  season?: string;
  /** At most this many order lines (default 4). */
  maxLines?: number;
}

export function insertService(ctx: Ctx, flowName: FlowName, parties: Parties, startDate: string, index: number, choices: ServiceChoices = {}): Row {
  const { tx, random, identity, today } = ctx;
  const department = choices.department ?? (parties.universe === 'other' ? 'INSP' : DEPARTMENTS[index % DEPARTMENTS.length]);
  const type = random.pick(TYPES[department]);
  const multiDay = department === 'AUDIT' || department === 'CON' || random.chance(0.25);
  const endDate = multiDay ? addDays(startDate, random.int(1, 3)) : undefined;
  const terminated = flowName === 'terminated';
  const flow = FLOWS[flowName];
  const sides: Record<ServiceSide, Actor | undefined> = {
    DECISION_MAKER: flow.creator === DM ? parties.creator : actorOf(ctx, parties.client, identity.accounts.quality),
    ORDER_TAKER: actorOf(ctx, parties.supplier ?? parties.factory),
    SERVICE_PROVIDER: flow.creator === SP ? parties.creator : actorOf(ctx, parties.provider, parties.provider === 'admin' ? identity.accounts.admin : parties.provider === 'atlas' ? identity.accounts.manager : undefined),
  };
  const serviceId = tx.nextId(SERVICES);
  const universeId = identity.universes[parties.universe];
  const created = minDate(addDays(startDate, -random.int(8, 25)), addDays(today, -random.int(1, 4)));
  const moved = replay(ctx, { serviceId, universeId }, flowName, sides, { startDate, endDate }, created);
  const poLines = purchaseOrderLines(ctx, terminated, parties, choices.maxLines);
  const company = (key: CompanyKey | undefined) => (key ? identity.companies[key] : undefined);
  const site = tx.get<Row>('companies', identity.companies[parties.factory])!;
  const contributors = moved.fields.providerConfirmed && parties.universe === 'main' ? random.sample(identity.staff.atlas.slice(1), random.int(1, 2)) : [];
  const record: Row = {
    serviceId,
    number: readableNumber('S-', serviceId),
    thirdPartyDepartment: department,
    type,
    serviceLevel: random.pick(['NORMAL', 'NORMAL', 'NORMAL', 'URGENT', 'EXPRESS']),
    serviceStatus: index % 9 === 4 ? 'PENDING' : 'OK',
    locked: false,
    startDate,
    ...(endDate ? { endDate } : {}),
    ...(department === 'INSP' ? { exFactoryDate: addDays(startDate, random.int(2, 10)) } : {}),
    ...moved.fields,
    servicePartyType: 'SOURCE',
    assessmentMethod: assessmentOf(parties, random.pick(['THIRD_PARTY', 'THIRD_PARTY', 'THIRD_PARTY', 'INTERNAL'])),
    client: company(parties.client),
    supplier: company(parties.supplier),
    factory: company(parties.factory),
    agent: company(parties.agent),
    serviceProvider: company(parties.provider),
    orderTakerContacts: [identity.staff[parties.supplier ?? parties.factory][0], ...(parties.supplier ? [identity.staff[parties.factory][0]] : [])].filter((id, i, all) => all.indexOf(id) === i),
    season: choices.season ?? random.pick(['SS26', 'FW26', 'SS27']),
    sector: random.pick(['APPAREL', 'APPAREL', 'APPAREL', 'FOOTWEAR', 'LEATHER_GOODS', 'ACCESSORIES']),
    ...(department === 'AUDIT' ? { address: { city: site.city, country: site.country } } : {}),
    ...(random.chance(0.3) ? { standardMessage: random.pick(text.standardMessages) } : {}),
    customFieldService: {},
    ...(terminated
      ? { report: { reportResult: random.pick(['ACCEPTED', 'ACCEPTED', 'REFUSED']), reportType: random.pick(['NORMAL', 'NORMAL', 'PRE_FINAL']), clientDecision: index % 3 === 0 ? 'PENDING' : random.pick(['ACCEPTED', 'REFUSED', 'SUBJECTED']) } }
      : {}),
    tags: parties.universe === 'main' ? [...random.sample(ctx.tags.brand, random.int(0, 2)), ...(random.chance(0.15) ? [ctx.tags.atlasSecret] : [])] : [],
    contributors,
    purchaseOrderLines: poLines,
    laboratoryLines: department === 'LAB' ? laboratoryLines(ctx, poLines[0].poNumber, terminated) : [],
    creatorSide: flow.creator,
    creator: parties.creator.contactId,
    creatorCompany: parties.creator.companyId,
    creationDate: timeOn(created, today, 0),
    updateDate: moved.updateDate,
    updatedBy: moved.updatedBy,
    universeId,
  };
  for (const key of ['supplier', 'agent', 'serviceProvider']) if (record[key] === undefined) delete record[key];
  // The provider's first confirmation keeps its lead time, as the workflow move writes it.
  if (moved.confirmedAt) record.confirmation = confirmationOf(record.creationDate as string, record.serviceLevel, moved.confirmedAt);
  const partyNames = SEARCH_PARTY_FIELDS.map((field) => (typeof record[field] === 'number' ? tx.get('companies', record[field] as number)?.name : undefined));
  const stored = tx.insert(SERVICES, 'serviceId', { ...record, searchText: searchTextOf(record, partyNames), productTypes: productTypesOf(record) });
  if (random.chance(0.3)) insertNote(ctx, serviceId, random.chance(0.5) ? parties.creator : (sides.SERVICE_PROVIDER ?? parties.creator), created, universeId);
  return stored;
}

function insertNote(ctx: Ctx, serviceId: number, author: Actor, day: string, universeId: number): void {
  const date = `${day}T07:30:00.000Z`;
  ctx.tx.insert(SERVICE_NOTES, 'noteId', { serviceId, text: ctx.random.pick(text.notes), creator: author.contactId, companyId: author.companyId, creationDate: date });
  ctx.tx.insert(SERVICE_HISTORY, 'historyId', { serviceId, event: 'NOTE_ADDED', contactId: author.contactId, companyId: author.companyId, universeId, date });
}

/** The services of the demo; answers their service tags (the history of inspections takes them too). */
export function seedServices(tx: WriteOps, random: Random, today: string, identity: DemoIdentity, products: ProductIds): Ctx['tags'] {
  const ctx: Ctx = { tx, random, today, identity, products, tags: seedServiceTags({ tx, random, today, identity }) };
  const brandCreators = [identity.accounts.quality, identity.accounts.quality, identity.accounts.buyer, ...identity.staff.lumiere.slice(2)];
  let index = 0;
  for (const [flowName, count, from, to] of PLAN) {
    for (let i = 0; i < count; i++, index++) {
      const site = index < 4 ? SITES[0] : random.pick(SITES);
      // Drafts are for Atlas (visible to it, hidden from the order takers until it confirms); a few others go to QCFlow Admin.
      const provider: CompanyKey = flowName !== 'draft' && index % 8 === 5 ? 'admin' : 'atlas';
      const byProvider = FLOWS[flowName].creator === SP;
      const creator = byProvider ? actorOf(ctx, provider, identity.accounts[provider === 'admin' ? 'admin' : 'manager'])! : actorOf(ctx, 'lumiere', random.pick(brandCreators))!;
      insertService(ctx, flowName, { universe: 'main', client: 'lumiere', ...site, provider, creator }, addDays(today, random.int(from, to)), index);
    }
  }
  const outsider = actorOf(ctx, 'northwind', identity.accounts.outsider)!;
  (['otherOpen', 'otherRequested', 'otherAgreed'] as const).forEach((flowName, i) => {
    insertService(ctx, flowName, { universe: 'other', client: 'northwind', factory: 'harbor', provider: 'northwind', creator: outsider }, addDays(today, random.int(-5, 10)), index + i);
  });
  return ctx.tags;
}
