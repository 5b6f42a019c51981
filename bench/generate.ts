import { readFile, writeFile } from 'node:fs/promises';
import { openStore } from '../server/boot';
import { readableNumber } from '../server/resources/write';
import { addDays, createRandom, type Random } from '../server/seed/random';
import { designations, colors, sizes, labTests } from '../server/seed/serviceTexts';
import { flowFieldsAfter, type FlowName } from '../server/seed/services';
import { SEARCH_PARTY_FIELDS, searchTextOf } from '../server/services/searchText';
import { DataReader, type StoreData } from '../server/store/draft';
import type { Row, Stored } from '../server/store/types';

/**
 * A benchmark store: the demo universe (accounts, sessions secret, 40 demo services) plus
 * `count` generated services of the brand's universe with their companies, contacts, PO
 * lines and tags. The generated records are added to the data directly (no per-record
 * transaction copy), in the format the stores read (server/store/draft.ts StoreData): written
 * as the lowdb JSON file (`generateStore`), or kept in memory for PostgreSQL (`generateData`:
 * at 1,000,000 services the whole store as one JSON string would pass V8's longest string).
 */
export interface GeneratedStore {
  /** Generated services the brand may move (client Maison Lumière, CONFIRMED, no cancel request): targets of the update case. */
  confirmedIds: number[];
  /** The first generated service id (the generated ones are firstId … firstId + count − 1). */
  firstId: number;
  /** A PO number that exists on exactly one generated service (a precise keyword search). */
  onePoNumber: string;
  /** The sku of one generated reference (the brand has as many references as services). */
  oneSku: string;
  ids: { lumiere: number; atlas: number; admin: number; shenzhen: number; ningbo: number; shenzhenContact: number };
}

const COUNTRIES = ['China', 'Bangladesh', 'Portugal', 'Turkey', 'Italy', 'Vietnam', 'India', 'Morocco'];
/** Step mix of a live base: mostly finished or confirmed services. */
const FLOW_MIX: FlowName[] = ['terminated', 'terminated', 'terminated', 'confirmed', 'confirmed', 'confirmedBySp', 'requested', 'draft', 'providerOpen', 'counter', 'cancelled', 'cancelAsked'];
const TYPES: [string, string][] = [
  ['INSP', 'INSP_FINAL_RANDOM'], ['INSP', 'INSP_DURING_PRODUCTION'], ['INSP', 'INSP_PRE_PRODUCTION'], ['INSP', 'INSP_CONTAINER_LOADING'],
  ['LAB', 'LAB_PHYSICAL_TEST'], ['AUDIT', 'AUDIT_SOCIAL'], ['CON', 'CON_TRAINING'],
];

const byName = (data: StoreData, name: string) => Object.values(data.collections.companies).find((row) => row.name === name)!.companyId as number;

function insert(data: StoreData, collection: string, idField: string, record: Row): number {
  const id = (data.sequences[collection] ?? 0) + 1;
  data.sequences[collection] = id;
  (data.collections[collection] ??= {})[String(id)] = { ...record, [idField]: id, version: 1 } as Stored;
  return id;
}

/** Order-taker companies (half suppliers, half factories), one contact each. */
function addCompanies(data: StoreData, random: Random, count: number, universeId: number) {
  const suppliers: number[] = [];
  const factories: number[] = [];
  const contacts = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const supplier = i % 2 === 0;
    const country = random.pick(COUNTRIES);
    const companyId = insert(data, 'companies', 'companyId', { name: `${supplier ? 'Bench Supplier' : 'Bench Factory'} ${i} ${country}`, roles: [supplier ? 'SUPPLIER' : 'FACTORY'], country, city: `City ${i}`, universeId });
    contacts.set(companyId, insert(data, 'contacts', 'contactId', { universeId, companyId, firstName: 'Bench', lastName: `Contact ${i}`, email: `contact${i}@bench.example`, language: 'en', allowNotification: false }));
    (supplier ? suppliers : factories).push(companyId);
  }
  return { suppliers, factories, contacts };
}

/** The lowdb store file of `count` generated services (`file`, written in one piece). */
export async function generateStore(file: string, count: number, now = new Date()): Promise<GeneratedStore & { file: string }> {
  const { data, store } = await generateData(file, count, now);
  await writeFile(file, JSON.stringify(data));
  return { file, ...store };
}

/**
 * The data of `count` generated services, in memory. The demo seed is made by a throwaway
 * embedded store at `seedFile` (left there, the size of the demo universe).
 */
export async function generateData(seedFile: string, count: number, now = new Date()): Promise<{ data: StoreData; store: GeneratedStore }> {
  const { db } = await openStore({ dbFile: seedFile, seed: 'demo' });
  await db.close();
  const data = JSON.parse(await readFile(seedFile, 'utf8')) as StoreData;
  const random = createRandom(count);
  const today = now.toISOString().slice(0, 10);
  const universeId = 1;
  const ids = {
    lumiere: byName(data, 'Maison Lumière'), atlas: byName(data, 'Atlas Inspection'), admin: byName(data, 'QCFlow Admin'),
    shenzhen: byName(data, 'Shenzhen Textile Co'), ningbo: byName(data, 'Ningbo Garment Factory'), shenzhenContact: 0,
  };
  ids.shenzhenContact = Object.values(data.collections.contacts).find((row) => row.companyId === ids.shenzhen)!.contactId as number;
  const contactsOf = (companyId: number) => Object.values(data.collections.contacts).filter((row) => row.companyId === companyId).map((row) => row.contactId as number);
  const [lumiereStaff, atlasStaff] = [contactsOf(ids.lumiere), contactsOf(ids.atlas)];
  const companies = addCompanies(data, random, Math.max(20, Math.round(count / 100)), universeId);
  const tags = Array.from({ length: 20 }, (_, i) =>
    insert(data, 'tags', 'tagId', { localizedName: `Bench tag ${i}`, color: '#228be6', privacy: i % 5 === 0 ? 'SECRET' : 'VISIBLE', sources: ['SERVICE'], disabled: false, companyId: i % 4 === 0 ? ids.atlas : ids.lumiere, universeId }),
  );
  const flows = new Map(FLOW_MIX.map((name) => [name, flowFieldsAfter(name, today)]));
  const reader = new DataReader(data);
  const confirmedIds: number[] = [];
  const firstId = (data.sequences.services ?? 0) + 1;
  let onePoNumber = '';
  for (let i = 0; i < count; i++) {
    const flowName = random.pick(FLOW_MIX);
    const fields = flows.get(flowName)!;
    const [department, type] = random.pick(TYPES);
    // Two years of activity, most of it past: about 2% of the services start within ±7 days.
    const startDate = addDays(today, random.int(-540, 180));
    const supplier = random.pick(companies.suppliers);
    const factory = random.pick(companies.factories);
    const byBrand = flowName !== 'providerOpen' && flowName !== 'confirmedBySp';
    const serviceId = (data.sequences.services ?? 0) + 1;
    const lines = Array.from({ length: random.int(1, 4) }, (_, line) => ({
      purchaseOrderLineId: (data.sequences.purchaseOrderLines = (data.sequences.purchaseOrderLines ?? 0) + 1),
      poNumber: `BP-${serviceId}-${line}`,
      designation: random.pick(designations),
      referenceObj: `REF-${random.int(1000, 9999)}`,
      sku: `SKU-${random.int(100000, 999999)}`,
      color: random.pick(colors),
      size: random.pick(sizes),
      orderedQuantity: { quantity: random.int(1, 80) * 100, unit: 'PIECE', packing: 'BOX' },
    }));
    const record: Row = {
      serviceId,
      number: readableNumber('S-', serviceId),
      thirdPartyDepartment: department,
      type,
      serviceLevel: 'NORMAL',
      serviceStatus: random.chance(0.05) ? 'PENDING' : 'OK',
      locked: false,
      startDate,
      ...(random.chance(0.3) ? { endDate: addDays(startDate, random.int(1, 3)) } : {}),
      ...(department === 'INSP' ? { exFactoryDate: addDays(startDate, random.int(2, 10)) } : {}),
      ...fields,
      servicePartyType: 'SOURCE',
      assessmentMethod: random.chance(0.9) ? 'THIRD_PARTY' : 'INTERNAL',
      client: ids.lumiere,
      supplier,
      factory,
      serviceProvider: random.chance(0.85) ? ids.atlas : ids.admin,
      orderTakerContacts: [companies.contacts.get(supplier)!],
      season: random.pick(['SS26', 'FW26', 'SS27', 'FW27']),
      sector: random.pick(['APPAREL', 'APPAREL', 'FOOTWEAR', 'LEATHER_GOODS', 'ACCESSORIES', 'HOME']),
      customFieldService: {},
      ...(flowName === 'terminated' ? { report: { reportResult: 'ACCEPTED', reportType: 'NORMAL', clientDecision: random.chance(0.3) ? 'PENDING' : 'ACCEPTED' } } : {}),
      tags: random.sample(tags, random.int(0, 2)),
      contributors: fields.providerConfirmed ? [random.pick(atlasStaff)] : [],
      purchaseOrderLines: lines,
      laboratoryLines: department === 'LAB' ? [{ laboratoryLineId: (data.sequences.laboratoryLines = (data.sequences.laboratoryLines ?? 0) + 1), ...labTests[0], sampleCount: 5, result: 'PENDING' }] : [],
      creatorSide: byBrand ? 'DECISION_MAKER' : 'SERVICE_PROVIDER',
      creator: byBrand ? random.pick(lumiereStaff) : atlasStaff[0],
      creatorCompany: byBrand ? ids.lumiere : ids.atlas,
      creationDate: `${addDays(startDate, -random.int(5, 30))}T09:00:00.000Z`,
      universeId,
    };
    const partyNames = SEARCH_PARTY_FIELDS.map((field) => (typeof record[field] === 'number' ? reader.get('companies', record[field] as number)?.name : undefined));
    insert(data, 'services', 'serviceId', { ...record, searchText: searchTextOf(record, partyNames) });
    if (flowName === 'confirmed' && byBrand) confirmedIds.push(serviceId);
    if (i === Math.floor(count / 2)) onePoNumber = lines[0].poNumber;
  }
  const oneSku = addReferences(data, random, count, universeId, ids.lumiere, [...companies.suppliers, ...companies.factories]);
  return { data, store: { firstId, confirmedIds, onePoNumber, oneSku, ids } };
}

const MATERIALS = ['Cotton poplin', 'Merino wool', 'Stretch denim', 'Silk twill', 'Full-grain leather', 'Linen', 'Recycled polyamide'];
const RISKS = ['LOW', 'LOW', 'MODERATE', 'HIGH', 'NA'];

/** `count` references of the brand (a sub-reference every tenth), with their keyword index as the server computes it; answers one sku. */
function addReferences(data: StoreData, random: Random, count: number, universeId: number, companyId: number, makers: number[]): string {
  const tags = Array.from({ length: 5 }, (_, i) =>
    insert(data, 'tags', 'tagId', { localizedName: `Bench reference tag ${i}`, color: '#1c7ed6', privacy: 'VISIBLE', sources: ['REFERENCE'], disabled: false, companyId, universeId }),
  );
  let lastProduct = 0;
  for (let i = 0; i < count; i++) {
    const sub = i % 10 === 9 && lastProduct > 0;
    const sku = `BR-${String(i).padStart(7, '0')}`;
    const record = {
      universeId, companyId, sku, name: `${random.pick(designations).split(',')[0]} ${i}`, designation: random.pick(designations), color: random.pick(colors), size: random.pick(sizes), material: random.pick(MATERIALS),
      referenceType: sub ? 'FABRIC' : 'FINISHED_PRODUCT', suppliers: random.sample(makers, random.int(1, 2)), parentIds: sub ? [lastProduct] : [], subReference: sub,
      season: random.pick(['SS26', 'FW26', 'SS27', 'FW27']), sector: random.pick(['APPAREL', 'FOOTWEAR', 'LEATHER_GOODS', 'ACCESSORIES']),
      risk: random.pick(RISKS), score: random.int(0, 100), tags: random.sample(tags, random.int(0, 1)), checkpointIds: [], creationDate: '2026-01-15',
    };
    const id = insert(data, 'references', 'referenceId', { ...record, searchText: [record.name, sku, record.designation, record.color, record.material].join(' ') });
    if (!sub) lastProduct = id;
  }
  return `BR-${String(Math.floor(count / 2)).padStart(7, '0')}`;
}
