import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { ACCOUNTS, Client, loginAs, shiftDay, startWithLogins, today, type TestServer } from './helpers';

/** docs/services.md "Search": GET /back/bo/services/ on the demo services (and a bulk of inserted ones for the hit limit). */
let server: TestServer;
let admin: Client;
let quality: Client;
let manager: Client;
let sales: Client;
let outsider: Client;

const SEARCH = '/back/bo/services/';
type Query = Record<string, string | number | (string | number)[]>;

const company = async (name: string) => (await server.store.find('companies', (row) => row.name === name))[0].companyId as number;
const services = () => server.store.all('services');
const mainServices = async () => (await services()).filter((service) => service.universeId === 1);
const lastDay = (service: Row) => String(service.endDate ?? service.startDate);
const ids = (rows: Row[]) => rows.map((row) => row.serviceId as number).sort((a, b) => a - b);
/** The rows `keep` accepts, in their order (`keep` may read the store). */
async function kept<T>(rows: T[], keep: (row: T) => boolean | Promise<boolean>): Promise<T[]> {
  const flags = await Promise.all(rows.map(keep));
  return rows.filter((_, index) => flags[index]);
}

/** The doc's visibility rule, written out for the brand's company. */
async function lumiereSees(service: Row): Promise<boolean> {
  const lumiere = await company('Maison Lumière');
  if (service.universeId !== 1) return false;
  if (service.creatorCompany === lumiere || service.serviceProvider === lumiere) return true;
  return service.providerConfirmed === true && [service.client, service.supplier, service.factory, service.agent].includes(lumiere);
}

async function found(client: Client, query: Query = {}) {
  const reply = await client.get(SEARCH, query);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as { services: Row[]; purchaseOrderLines: Row[]; taskLevels: Record<string, string>; contributors: Row[]; tags: Row[]; hitLimit: boolean };
}
const foundIds = async (client: Client, query: Query = {}) => ids((await found(client, query)).services);

beforeAll(async () => {
  ({ server, clients: { admin, quality, manager, sales, outsider } } = await startWithLogins(['admin', 'quality', 'manager', 'sales', 'outsider']));
});
afterAll(() => server?.close());

describe('service search: answer', () => {
  it('default range (±7 days): the services the brand sees overlapping it, newest first, with lines, levels, contributors and tags alongside', async () => {
    const [fromDate, toDate] = [shiftDay(today(), -7), shiftDay(today(), 7)];
    const answer = await found(quality, { fromDate, toDate });
    const expected = await kept(await mainServices(), async (service) => (await lumiereSees(service)) && String(service.startDate) <= toDate && lastDay(service) >= fromDate);
    expect(expected.length).toBeGreaterThan(5);
    expect(ids(answer.services)).toEqual(ids(expected));
    expect(answer.hitLimit).toBe(false);
    const starts = answer.services.map((service) => String(service.startDate));
    expect(starts).toEqual([...starts].sort().reverse());
    for (const service of answer.services) {
      expect(service).not.toHaveProperty('purchaseOrderLines');
      expect(service).not.toHaveProperty('laboratoryLines');
      expect(service).not.toHaveProperty('searchText');
      expect(service.userRoles).toContain('DECISION_MAKER');
      expect(service.side).toBe('DECISION_MAKER');
    }
    // Levels come from the caller's company's open tasks: only services of the page, each HIGH, MID or LOW.
    expect(Object.keys(answer.taskLevels).length).toBeGreaterThan(0);
    for (const [id, level] of Object.entries(answer.taskLevels)) {
      expect(ids(answer.services)).toContain(Number(id));
      expect(['HIGH', 'MID', 'LOW']).toContain(level);
    }
    const storedLines = expected.flatMap((service) => (service.purchaseOrderLines as Row[]).map((line) => ({ serviceId: service.serviceId, ...line })));
    expect(answer.purchaseOrderLines).toHaveLength(storedLines.length);
    expect(answer.purchaseOrderLines).toEqual(expect.arrayContaining(storedLines));
    const contributorIds = new Set(expected.flatMap((service) => service.contributors as number[]));
    expect(answer.contributors.map((contributor) => contributor.contactId).sort()).toEqual([...contributorIds].sort());
    for (const contributor of answer.contributors) {
      const contact = (await server.store.get('contacts', contributor.contactId as number))!;
      expect(contributor).toEqual({ contactId: contact.contactId, fullName: `${contact.firstName} ${contact.lastName}`, acronym: `${String(contact.firstName)[0]}${String(contact.lastName)[0]}` });
    }
    for (const tag of answer.tags) {
      const stored = (await server.store.get('tags', tag.tagId as number))!;
      expect(tag).toEqual({ tagId: stored.tagId, localizedName: stored.localizedName, color: stored.color });
    }
  });

  it("the screen's view (view=screen): the same services with only the fields the screen shows and its rights read, the PO numbers alone alongside", async () => {
    const query = { fromDate: shiftDay(today(), -30), toDate: shiftDay(today(), 30) };
    const [whole, view] = [await found(quality, query), await found(quality, { ...query, view: 'screen' })];
    expect(view.services.length).toBeGreaterThan(5);
    expect(ids(view.services)).toEqual(ids(whole.services));
    const columns = ['number', 'type', 'serviceStep', 'client', 'supplier', 'factory', 'serviceProvider', 'startDate', 'serviceLevel', 'tags'];
    const byId = new Map(whole.services.map((service) => [service.serviceId, service]));
    for (const service of view.services) {
      const full = byId.get(service.serviceId)!;
      // What the screen shows and what its rights are worked out from, as the whole row has them…
      for (const field of [...columns, 'userRoles', 'side', 'rights', 'actions']) expect(service[field], field).toEqual(full[field]);
      // …and not the rest of the record.
      for (const field of ['searchText', 'laboratoryLines', 'purchaseOrderLines']) expect(service).not.toHaveProperty(field);
      const leftOut = Object.keys(full).filter((field) => !(field in service));
      expect(leftOut).toEqual(expect.arrayContaining(['thirdPartyDepartment', 'orderTakerContacts']));
    }
    expect(view.purchaseOrderLines).toEqual(whole.purchaseOrderLines.map((line) => ({ serviceId: line.serviceId, poNumber: line.poNumber })));
    expect(view.purchaseOrderLines.length).toBeGreaterThan(0);
    expect(JSON.stringify(view).length).toBeLessThan(JSON.stringify(whole).length * 0.7);
    const refused = await quality.get(SEARCH, { ...query, view: 'everything' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('view');
  });

  it('answers the same without the trailing slash', async () => {
    const query = { fromDate: shiftDay(today(), -30), toDate: today() };
    expect(await foundIds(quality, query)).toEqual(ids((await found(quality, query)).services));
    const reply = await quality.get('/back/bo/services', query);
    expect(reply.status).toBe(200);
    expect(ids(reply.body.services)).toEqual(await foundIds(quality, query));
  });

  it("task levels (the caller's company's highest open task): HIGH when a proposal or a cancel request waits for it, MID to complete or awaiting its decision, none without a task", async () => {
    const answerFor = async (client: Client) => (await found(client)).taskLevels;
    const [ofManager, ofQuality] = [await answerFor(manager), await answerFor(quality)];
    const atlas = await company('Atlas Inspection');
    const waitingForProvider = (await mainServices()).find((service) => service.pendingDateBy === 'DECISION_MAKER' && service.serviceProvider === atlas)!;
    expect(ofManager[String(waitingForProvider.serviceId)]).toBe('HIGH');
    expect(ofQuality[String(waitingForProvider.serviceId)]).not.toBe('HIGH');
    const cancelAsked = (await mainServices()).find((service) => service.cancelRequestDate && service.serviceProvider === atlas)!;
    expect(ofManager[String(cancelAsked.serviceId)]).toBe('HIGH');
    const decision = (await mainServices()).find((service) => service.serviceStep === 'TERMINATED' && (service.report as Row).clientDecision === 'PENDING')!;
    expect(ofQuality[String(decision.serviceId)]).toBe('MID');
    const accepted = (await mainServices()).find((service) => service.serviceStep === 'TERMINATED' && (service.report as Row).clientDecision === 'ACCEPTED')!;
    expect(ofQuality[String(accepted.serviceId)]).toBeUndefined();
    const toComplete = (await mainServices()).find((service) => service.serviceStep === 'CONFIRMED' && lastDay(service) < today() && service.serviceProvider === atlas)!;
    expect(ofManager[String(toComplete.serviceId)]).toBe('MID');
  });
});

describe('service search: visibility', () => {
  it('an OPENED service the provider has not confirmed: seen by Atlas (provider) and Lumière (creator), not by Shenzhen (supplier)', async () => {
    const [lumiere, shenzhen] = [await company('Maison Lumière'), await company('Shenzhen Textile Co')];
    const drafts = (await mainServices()).filter(
      (service) => service.serviceStep === 'OPENED' && !service.providerConfirmed && service.creatorCompany === lumiere && service.supplier === shenzhen,
    );
    expect(drafts.length).toBeGreaterThanOrEqual(1);
    for (const draft of drafts) {
      const query = { keywords: String(draft.number) };
      expect(await foundIds(manager, query)).toEqual([draft.serviceId]);
      expect(await foundIds(quality, query)).toEqual([draft.serviceId]);
      expect(await foundIds(sales, query)).toEqual([]);
    }
    const salesSees = await foundIds(sales);
    expect(salesSees.length).toBeGreaterThan(0);
    for (const id of salesSees) {
      const service = (await server.store.get('services', id))!;
      expect(service.providerConfirmed || service.creatorCompany === shenzhen).toBe(true);
    }
  });

  it('another universe never: the outsider gets only Northwind services, the brand none of them', async () => {
    const theirs = await foundIds(outsider);
    expect(theirs).toEqual(ids((await services()).filter((service) => service.universeId === 2)));
    expect(theirs.length).toBeGreaterThan(0);
    const ours = await foundIds(admin);
    expect(ours).toEqual(ids(await mainServices()));
    expect(ours.some((id) => theirs.includes(id))).toBe(false);
  });

  it('the inspector (CONTRIBUTOR) finds its company’s services only; an anonymous caller is refused', async () => {
    const inspector = await loginAs(server, ACCOUNTS.inspector);
    const found = await inspector.get(SEARCH);
    expect(found.status).toBe(200);
    const atlas = (await server.store.find('companies', (row) => row.name === 'Atlas Inspection'))[0].companyId;
    const rows = found.body.services as Row[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row.serviceProvider, row.creatorCompany, row.client, row.supplier, row.factory, row.agent]).toContain(atlas);
    expect((await new Client(server.url).get(SEARCH)).status).toBe(403);
  });
});

describe('service search: filters', () => {
  /** Every filter against the same rule written out over the stored services (the super admin sees all of universe 1). */
  const cases: [string, () => Query | Promise<Query>, (service: Row) => boolean | Promise<boolean>][] = [
    ['fromDate/toDate overlap', () => ({ fromDate: shiftDay(today(), -20), toDate: shiftDay(today(), -5) }), (s) => String(s.startDate) <= shiftDay(today(), -5) && lastDay(s) >= shiftDay(today(), -20)],
    ['fromDate alone', () => ({ fromDate: shiftDay(today(), 10) }), (s) => lastDay(s) >= shiftDay(today(), 10)],
    ['serviceProvider', async () => ({ serviceProvider: await company('QCFlow Admin') }), async (s) => s.serviceProvider === (await company('QCFlow Admin'))],
    ['thirdParty (supplier, factory or agent)', async () => ({ thirdParty: await company('Porto Malhas Lda') }), async (s) => [s.supplier, s.factory, s.agent].includes(await company('Porto Malhas Lda'))],
    ['thirdParty as agent', async () => ({ thirdParty: await company('Pacific Sourcing Agency') }), async (s) => s.agent === (await company('Pacific Sourcing Agency'))],
    ['sector', () => ({ sector: 'FOOTWEAR' }), (s) => s.sector === 'FOOTWEAR'],
    ['season', () => ({ season: 'SS27' }), (s) => s.season === 'SS27'],
    ['types[]', () => ({ types: ['LAB_PHYSICAL_TEST', 'LAB_CHEMICAL_TEST'] }), (s) => String(s.type).startsWith('LAB_')],
    ['serviceSteps[]', () => ({ serviceSteps: ['CANCELLED', 'REQUESTED'] }), (s) => ['CANCELLED', 'REQUESTED'].includes(String(s.serviceStep))],
    ['one serviceStep', () => ({ serviceSteps: 'TERMINATED' }), (s) => s.serviceStep === 'TERMINATED'],
    ['assessmentMethod[]', () => ({ assessmentMethod: ['INTERNAL'] }), (s) => s.assessmentMethod === 'INTERNAL'],
    ['countries[] (address, else factory, else supplier)', () => ({ countries: ['Portugal', 'Italy'] }), async (s) => ['Portugal', 'Italy'].includes(await countryOf(s))],
    ['contributors[]', async () => ({ contributors: [(await contributorsInUse())[0]] }), async (s) => (s.contributors as number[]).includes((await contributorsInUse())[0])],
    ['tags[]', async () => ({ tags: [await brandTag('Key supplier')] }), async (s) => (s.tags as number[]).includes(await brandTag('Key supplier'))],
    ['keywords: company name, accents ignored', () => ({ keywords: 'guimaraes' }), async (s) => s.factory === (await company('Guimarães Têxteis'))],
    ['keywords: every word (PO number and factory)', async () => ({ keywords: `${await firstPo()} ${await factoryNameOfFirstPo()}` }), async (s) => {
      const po = await firstPo();
      return (s.purchaseOrderLines as Row[]).some((line) => line.poNumber === po);
    }],
    ['waitingClientDecision', () => ({ waitingClientDecision: 'true' }), (s) => s.serviceStep === 'TERMINATED' && (s.report as Row | undefined)?.clientDecision === 'PENDING'],
    ['serviceToComplete', () => ({ serviceToComplete: 'true' }), (s) => s.serviceStep === 'CONFIRMED' && lastDay(s) < today()],
    ['pendingStatus', () => ({ pendingStatus: 'true' }), (s) => s.serviceStatus === 'PENDING'],
    ['a false flag filters nothing', () => ({ pendingStatus: 'false', serviceSteps: ['OPENED'] }), (s) => s.serviceStep === 'OPENED'],
    ['client + steps together', async () => ({ client: await company('Maison Lumière'), serviceSteps: ['CONFIRMED', 'OPENED'] }), async (s) => s.client === (await company('Maison Lumière')) && ['CONFIRMED', 'OPENED'].includes(String(s.serviceStep))],
  ];

  async function countryOf(service: Row): Promise<string> {
    const address = service.address as Row | undefined;
    const companyCountry = async (id: unknown) => (typeof id === 'number' ? ((await server.store.get('companies', id))?.country as string | undefined) : undefined);
    return String(address?.country ?? (await companyCountry(service.factory)) ?? (await companyCountry(service.supplier)));
  }
  const contributorsInUse = async () => (await mainServices()).flatMap((service) => service.contributors as number[]);
  const brandTag = async (name: string) => (await server.store.find('tags', (tag) => tag.localizedName === name))[0].tagId as number;
  const firstPo = async () => String(((await mainServices())[0].purchaseOrderLines as Row[])[0].poNumber);
  const factoryNameOfFirstPo = async () => String((await server.store.get('companies', (await mainServices())[0].factory as number))!.name).split(' ')[0].toLowerCase();

  it.each(cases)('%s', async (_name, query, rule) => {
    const expected = await kept(await mainServices(), rule);
    expect(expected.length, 'the demo seed has services of this kind').toBeGreaterThan(0);
    expect(expected.length, 'and the filter leaves some out').toBeLessThan((await mainServices()).length);
    expect(await foundIds(admin, await query())).toEqual(ids(expected));
  });

  it('client: the brand is the only decision maker of its universe, so its id finds all, another company none', async () => {
    const lumiere = await company('Maison Lumière');
    expect(await foundIds(admin, { client: lumiere })).toEqual(ids((await mainServices()).filter((s) => s.client === lumiere)));
    expect((await mainServices()).every((s) => s.client === lumiere)).toBe(true);
    expect(await foundIds(admin, { client: await company('Atlas Inspection') })).toEqual([]);
  });

  it('a word found nowhere matches nothing', async () => {
    expect(await foundIds(admin, { keywords: 'zzz-no-such-word' })).toEqual([]);
  });

  it('a tag hidden from the caller matches nothing for them, while its owner finds the services', async () => {
    const secret = (await server.store.find('tags', (tag) => tag.privacy === 'SECRET' && (tag.sources as string[]).includes('SERVICE')))[0];
    const carrying = (await mainServices()).filter((service) => (service.tags as number[]).includes(secret.tagId as number));
    expect(carrying.length).toBeGreaterThan(0);
    const atlas = await company('Atlas Inspection');
    expect(await foundIds(manager, { tags: [secret.tagId as number] })).toEqual(ids(carrying.filter((service) => service.serviceProvider === atlas || service.creatorCompany === atlas)));
    expect(await foundIds(quality, { tags: [secret.tagId as number] })).toEqual([]);
    const answer = await found(quality);
    expect(answer.tags.map((tag) => tag.tagId)).not.toContain(secret.tagId);
    for (const service of answer.services) expect(service.tags).not.toContain(secret.tagId);
  });
});

describe('service search: refusals and the hit limit', () => {
  it.each([
    ['fromDate', { fromDate: 'yesterday' }],
    ['client', { client: 'abc' }],
    ['types', { types: ['INSP_FINAL_RANDOM', 'NOT_A_TYPE'] }],
    ['serviceSteps', { serviceSteps: ['SOMEWHERE'] }],
    ['pendingStatus', { pendingStatus: 'maybe' }],
    ['notAFilter', { notAFilter: 'x' }],
  ] as [string, Query][])('a bad %s → 400 with its field error', async (field, query) => {
    const reply = await quality.get(SEARCH, query);
    expect(reply.status, reply.text).toBe(400);
    expect(reply.body.exception).toBe('ValidationException');
    expect(reply.body.errors.length).toBeGreaterThan(0);
    if (field !== 'notAFilter') expect(reply.body.errors.map((error: Row) => String(error.path))).toEqual(expect.arrayContaining([expect.stringContaining(`/${field}`)]));
  });

  it('more than 500 matches: the 500 newest, hitLimit true and the X-Hit-Limit header', async () => {
    const lumiere = await company('Maison Lumière');
    const atlas = await company('Atlas Inspection');
    await server.store.transaction(async (tx) => {
      for (let i = 0; i < 520; i++) {
        await tx.insert('services', 'serviceId', {
          universeId: 1, number: `S-BULK-${i}`, type: 'INSP_FINAL_RANDOM', thirdPartyDepartment: 'INSP', client: lumiere, serviceProvider: atlas,
          startDate: shiftDay('2040-01-01', i % 300), serviceStep: 'CONFIRMED', providerConfirmed: true, creatorCompany: lumiere, creatorSide: 'DECISION_MAKER',
          purchaseOrderLines: [{ purchaseOrderLineId: 800000 + i, poNumber: `PO-BULK-${i}`, designation: 'Bulk', orderedQuantity: { quantity: 1 } }], laboratoryLines: [],
          tags: [], contributors: [], searchText: `S-BULK-${i} PO-BULK-${i} BULKWORD`,
        });
      }
    });
    const reply = await quality.get(SEARCH, { keywords: 'bulkword' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('X-Hit-Limit')).toBe('500');
    expect(reply.body.hitLimit).toBe(true);
    expect(reply.body.services).toHaveLength(500);
    expect(reply.body.purchaseOrderLines).toHaveLength(500);
    const starts = (reply.body.services as Row[]).map((service) => String(service.startDate));
    expect(starts[0]).toBe(shiftDay('2040-01-01', 299));
    expect(starts).toEqual([...starts].sort().reverse());
    const under = await quality.get(SEARCH, { keywords: 'bulkword', fromDate: '2040-01-01', toDate: '2040-01-10' });
    expect(under.headers.get('X-Hit-Limit')).toBeNull();
    expect(under.body.hitLimit).toBe(false);
    expect(under.body.services.length).toBeGreaterThan(0);
  });
});
