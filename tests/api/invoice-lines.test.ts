import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeLines, splitLine } from '../../engine/lines/selectionRules';
import type { Row } from '../../server/store/types';
import { demoPeople, type Person, type Who } from './demo-people';
import { shiftDay, startWithLogins, today, type Client, type TestServer } from './helpers';

/**
 * Invoice lines (spec §7.6): searched with every filter of the spec over the fields the server
 * copies from the services, written only through the all-or-nothing batch
 * PUT /back/bo/invoiceLines/update, linked and unlinked with the lines grid's rules.
 */
let server: TestServer;
let clients: Record<'admin' | 'manager' | 'inspector' | 'quality' | 'sales' | 'outsider', Client>;
let people: Record<Who, Person>;
/** Services of the demo seed: two Atlas sees (same client), one of Atlas's universe it does not see, one of the other universe. */
const services = { first: {} as Row, second: {} as Row, hidden: {} as Row, elsewhere: {} as Row };

const API = '/back/bo/invoiceLines';
const WIDE = { fromDate: '2020-01-01', toDate: '2035-12-31' };
const LINK = { sum: ['unit', 'serviceFees', 'otherFees'], union: ['services', 'purchaseOrderLines'], same: ['currency', 'invoicingMethod', 'unitPrice'] };
const UNLINK = { by: 'services', share: ['unit', 'serviceFees', 'otherFees'] };

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(['admin', 'manager', 'inspector', 'quality', 'sales', 'outsider']));
  people = await demoPeople(server.store);
  const all = await server.store.all('services');
  const atlas = people.manager.companyId;
  const seen = all.filter((service) => service.serviceProvider === atlas && service.supplier !== undefined && service.serviceStep === 'CONFIRMED');
  [services.first, services.second] = [seen[0], seen.find((service) => service.client === seen[0].client && service.serviceId !== seen[0].serviceId)!];
  services.hidden = all.find((service) => service.universeId === people.manager.universeId && service.serviceProvider !== atlas && service.creatorCompany !== atlas)!;
  services.elsewhere = all.find((service) => service.universeId === people.outsider.universeId)!;
});
afterAll(() => server?.close());

const save = (client: Client, body: Row) => client.put(`${API}/update`, body);
const lineCount = async () => (await server.store.all('invoiceLines')).length;

/** Adds one line as the Atlas manager and answers it as the server returned it. */
async function added(line: Row): Promise<Row> {
  const reply = await save(clients.manager, { toAddInvoiceLines: [line] });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.lines[0];
}

const lineOf = (service: Row, extra: Row = {}) => ({ services: [service.serviceId], unit: 1, unitPrice: 300, ...extra });

describe('PUT /back/bo/invoiceLines/update', () => {
  it('adds lines with the defaults, the services’ copied fields, the stamps and the computed total', async () => {
    const orderLine = (services.first.purchaseOrderLines as Row[])[0].purchaseOrderLineId;
    const reply = await save(clients.manager, {
      toAddInvoiceLines: [lineOf(services.first, { unit: 2, unitPrice: 300.5, serviceFees: 10, otherFees: 1.25, purchaseOrderLines: [orderLine], totalAmount: 1, updatedBy: 1 })],
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.deleted).toEqual([]);
    const [line] = reply.body.lines;
    expect(line).toMatchObject({
      services: [services.first.serviceId], purchaseOrderLines: [orderLine], invoicingMethod: 'MAN_DAY', currency: 'EUR', unit: 2, unitPrice: 300.5,
      serviceFees: 10, otherFees: 1.25, totalAmount: 612.25, updatedBy: people.manager.contactId, companyId: people.manager.companyId, version: 1,
      serviceDate: services.first.startDate, client: [services.first.client], serviceProvider: [people.manager.companyId], types: [services.first.type],
      season: [services.first.season], sector: [services.first.sector], assessmentMethod: [services.first.assessmentMethod],
    });
    expect(line.thirdParty).toEqual(expect.arrayContaining([services.first.supplier, services.first.factory]));
    expect(line.countries.length).toBe(1);
    expect(line).not.toHaveProperty('searchText');
    expect((await server.store.get('invoiceLines', line.invoiceLineId))!.searchText).toContain(services.first.number);
    expect((await clients.manager.get(`${API}/${line.invoiceLineId}`)).body).toEqual(line);
  });

  it('updates with the version read, recomputing the total and stamping who changed it; deletes in the same call', async () => {
    const [kept, gone] = [await added(lineOf(services.first)), await added(lineOf(services.second))];
    const reply = await save(clients.admin, { toDeleteInvoiceLineIds: [gone.invoiceLineId], toUpdateInvoiceLines: [{ ...kept, unit: 3, otherFees: 9.99, toChargeTo: services.first.supplier }] });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.deleted).toEqual([gone.invoiceLineId]);
    expect(reply.body.lines[0]).toMatchObject({ invoiceLineId: kept.invoiceLineId, version: 2, unit: 3, totalAmount: 909.99, toChargeTo: services.first.supplier, updatedBy: people.admin.contactId });
    expect(await server.store.get('invoiceLines', gone.invoiceLineId as number)).toBeUndefined();
  });

  it('409 on a stale version: nothing of the batch is written', async () => {
    const [line, other] = [await added(lineOf(services.first)), await added(lineOf(services.second))];
    await save(clients.manager, { toUpdateInvoiceLines: [{ ...line, unit: 2 }] });
    const before = await lineCount();
    const reply = await save(clients.manager, { toDeleteInvoiceLineIds: [other.invoiceLineId], toAddInvoiceLines: [lineOf(services.first)], toUpdateInvoiceLines: [{ ...line, unit: 5 }] });
    expect(reply.status).toBe(409);
    expect(await lineCount()).toBe(before);
    expect((await server.store.get('invoiceLines', line.invoiceLineId as number))!.unit).toBe(2);
  });

  it('404 for a service the caller does not see (its universe or another) or a line out of reach; nothing written', async () => {
    const line = await added(lineOf(services.first));
    const outsiders = (await server.store.find('invoiceLines', (row) => row.universeId === people.outsider.universeId))[0];
    const before = await lineCount();
    const cases: [Client, Row][] = [
      [clients.manager, { toAddInvoiceLines: [lineOf(services.first), lineOf(services.hidden)] }],
      [clients.manager, { toAddInvoiceLines: [lineOf(services.elsewhere)] }],
      [clients.manager, { toAddInvoiceLines: [lineOf(services.first, { services: [services.first.serviceId, 999999] })] }],
      [clients.manager, { toUpdateInvoiceLines: [{ ...line, services: [services.hidden.serviceId] }] }],
      [clients.manager, { toDeleteInvoiceLineIds: [line.invoiceLineId, outsiders.invoiceLineId] }],
      [clients.manager, { toUpdateInvoiceLines: [{ ...outsiders, unit: 9 }] }],
      [clients.manager, { toDeleteInvoiceLineIds: [999999] }],
      [clients.quality, { toDeleteInvoiceLineIds: [line.invoiceLineId] }],
      [clients.outsider, { toUpdateInvoiceLines: [{ ...line, unit: 9 }] }],
    ];
    for (const [client, body] of cases) expect((await save(client, body)).status, JSON.stringify(body).slice(0, 120)).toBe(404);
    expect(await lineCount()).toBe(before);
    expect(await server.store.get('invoiceLines', line.invoiceLineId as number)).toMatchObject({ version: 1, services: [services.first.serviceId] });
  });

  it('400 naming the field of the line in the batch; nothing written', async () => {
    const line = await added(lineOf(services.first));
    const before = await lineCount();
    const foreignOrderLine = (services.second.purchaseOrderLines as Row[])[0].purchaseOrderLineId;
    const cases: [unknown, string[]][] = [
      [{ toAddInvoiceLines: [lineOf(services.first), lineOf(services.first, { unit: -1 })] }, ['/toAddInvoiceLines/1/unit']],
      [{ toAddInvoiceLines: [lineOf(services.first, { services: [], invoicingMethod: 'BY_WEIGHT', invoiceNumber: 'N'.repeat(51) })] }, ['/toAddInvoiceLines/0/invoiceNumber', '/toAddInvoiceLines/0/invoicingMethod', '/toAddInvoiceLines/0/services']],
      [{ toAddInvoiceLines: [lineOf(services.first, { unitPrice: 1.001, otherFees: 'some' })] }, ['/toAddInvoiceLines/0/otherFees', '/toAddInvoiceLines/0/unitPrice']],
      [{ toAddInvoiceLines: [lineOf(services.first, { purchaseOrderLines: [foreignOrderLine] })] }, ['/toAddInvoiceLines/0/purchaseOrderLines/0']],
      [{ toAddInvoiceLines: [lineOf(services.first, { toChargeTo: people.outsider.companyId })] }, ['/toAddInvoiceLines/0/toChargeTo']],
      [{ toUpdateInvoiceLines: [{ ...line, version: undefined }] }, ['/toUpdateInvoiceLines/0/version']],
      [{ toUpdateInvoiceLines: [{ ...line, invoiceLineId: 'first' }] }, ['/toUpdateInvoiceLines/0/invoiceLineId']],
      [{ toUpdateInvoiceLines: [{ ...line, unit: undefined, colour: 'red' }] }, ['/toUpdateInvoiceLines/0/colour', '/toUpdateInvoiceLines/0/unit']],
      [{ toDeleteInvoiceLineIds: [line.invoiceLineId], toUpdateInvoiceLines: [line] }, ['/toUpdateInvoiceLines/0/invoiceLineId']],
      [{ toDeleteInvoiceLineIds: [line.invoiceLineId, line.invoiceLineId] }, ['/toDeleteInvoiceLineIds/1']],
      [{ toDeleteInvoiceLineIds: 'all' }, ['/toDeleteInvoiceLineIds']],
      [{ toAddInvoiceLines: Array.from({ length: 501 }, () => lineOf(services.first)) }, ['']],
      [{ lines: [] }, ['/lines']],
      [[], ['']],
    ];
    for (const [body, paths] of cases) {
      const reply = await save(clients.manager, body as Row);
      expect([reply.status, reply.body.errors?.map((error: { path: string }) => error.path).sort()], JSON.stringify(body).slice(0, 120)).toEqual([400, paths]);
    }
    expect(await lineCount()).toBe(before);
    expect(await server.store.get('invoiceLines', line.invoiceLineId as number)).toMatchObject({ version: 1 });
  });

  it('403 for accounts without the billing roles (the CONTRIBUTOR inspector, the supplier)', async () => {
    const line = await added(lineOf(services.first));
    for (const who of ['inspector', 'sales'] as const) {
      expect((await save(clients[who], { toDeleteInvoiceLineIds: [line.invoiceLineId] })).status, who).toBe(403);
      expect((await clients[who].get(`${API}/`)).status, who).toBe(403);
    }
    expect(await server.store.get('invoiceLines', line.invoiceLineId as number)).toBeDefined();
  });

  it('has no generic create, replace or delete: lines are written by the batch only', async () => {
    const line = await added(lineOf(services.first));
    expect((await clients.manager.post(`${API}/`, lineOf(services.first))).status).toBe(404);
    expect((await clients.manager.put(`${API}/${line.invoiceLineId}`, line)).status).toBe(404);
    expect((await clients.manager.delete(`${API}/${line.invoiceLineId}`)).status).toBe(404);
    expect(await server.store.get('invoiceLines', line.invoiceLineId as number)).toMatchObject({ version: 1 });
  });
});

describe('link and unlink through the batch (the lines grid’s selection rules)', () => {
  it('link: two lines become one — both deleted and the merged line added in one call, total recomputed by the server', async () => {
    const a = await added(lineOf(services.first, { unit: 1.5, serviceFees: 20, otherFees: 3.3 }));
    const b = await added(lineOf(services.second, { unit: 2, serviceFees: 5.5 }));
    const merged = mergeLines([a, b], LINK, 'invoiceLineId');
    const reply = await save(clients.manager, { toDeleteInvoiceLineIds: [a.invoiceLineId, b.invoiceLineId], toAddInvoiceLines: [merged] });
    expect(reply.status, reply.text).toBe(200);
    const [line] = reply.body.lines;
    expect(line).toMatchObject({ services: [services.first.serviceId, services.second.serviceId], unit: 3.5, serviceFees: 25.5, otherFees: 3.3, totalAmount: 1078.8 });
    expect(line.invoiceLineId).not.toBe(a.invoiceLineId);
    expect(line.serviceDate).toBe([services.first.startDate, services.second.startDate].sort()[0]);
    expect(await server.store.get('invoiceLines', a.invoiceLineId as number)).toBeUndefined();
    expect(await server.store.get('invoiceLines', b.invoiceLineId as number)).toBeUndefined();
  });

  it('unlink: a line of two services becomes two — the first updated, the second added, the shares adding up', async () => {
    const line = await added(lineOf(services.first, { services: [services.first.serviceId, services.second.serviceId], unit: 3, serviceFees: 10, otherFees: 0.01 }));
    const [first, second] = splitLine(line, UNLINK, 'invoiceLineId');
    const reply = await save(clients.manager, { toUpdateInvoiceLines: [first], toAddInvoiceLines: [second] });
    expect(reply.status, reply.text).toBe(200);
    const [updated, created] = reply.body.lines;
    expect(updated).toMatchObject({ invoiceLineId: line.invoiceLineId, version: 2, services: [services.first.serviceId], unit: 1.5, serviceFees: 5, otherFees: 0, totalAmount: 455 });
    expect(created).toMatchObject({ services: [services.second.serviceId], unit: 1.5, serviceFees: 5, otherFees: 0.01, totalAmount: 455.01, serviceDate: services.second.startDate });
    expect((updated.totalAmount as number) + (created.totalAmount as number)).toBeCloseTo(line.totalAmount as number, 2);
  });
});

describe('GET /back/bo/invoiceLines/ filters', () => {
  let line: Row;
  beforeAll(async () => {
    line = await added(lineOf(services.first));
  });
  const search = async (query: Record<string, string | number | (string | number)[]>) => {
    const reply = await clients.manager.get(`${API}/`, { ...WIDE, ...query });
    expect(reply.status, reply.text).toBe(200);
    return reply.body as Row[];
  };
  const found = async (query: Record<string, string | number | (string | number)[]>) => (await search(query)).some((row) => row.invoiceLineId === line.invoiceLineId);

  it('fromDate/toDate on the earliest service date, with the count left outside', async () => {
    const day = String(services.first.startDate);
    expect(await found({ fromDate: day, toDate: day })).toBe(true);
    expect(await found({ fromDate: shiftDay(day, 1), toDate: shiftDay(day, 30) })).toBe(false);
    const window = { fromDate: shiftDay(today(), -7), toDate: shiftDay(today(), 7) };
    const reply = await clients.manager.get(`${API}/`, window);
    expect(reply.body.length).toBeGreaterThan(0);
    expect(reply.body.every((row: Row) => String(row.serviceDate) >= window.fromDate && String(row.serviceDate) <= window.toDate)).toBe(true);
    expect(Number(reply.headers.get('X-Outside-Window'))).toBeGreaterThan(0);
  });

  it.each([
    ['countries', () => line.countries, () => ['Atlantis']],
    ['keywords', () => String(services.first.number).toLowerCase(), () => 'S-999999'],
    ['assessmentMethod', () => line.assessmentMethod, () => ['THIRD_PARTY', 'INTERNAL', 'SELF_ASSESSMENT'].filter((value) => !(line.assessmentMethod as string[]).includes(value))],
    ['serviceProvider', () => people.manager.companyId, () => people.admin.companyId],
    ['sector', () => services.first.sector, () => ['HOME', 'APPAREL'].find((value) => value !== services.first.sector)!],
    ['season', () => services.first.season, () => ['FW27', 'SS26'].find((value) => value !== services.first.season)!],
    ['client', () => services.first.client, () => people.sales.companyId],
    ['thirdParty', () => services.first.supplier, () => people.quality.companyId],
    ['types', () => [services.first.type], () => ['CON_TRAINING', 'AUDIT_SOCIAL'].filter((value) => value !== services.first.type)],
  ] as [string, () => unknown, () => unknown][])('%s: finds the line by its services’ value, not by another', async (param, hit, miss) => {
    const hits = await search({ [param]: hit() as string });
    expect(hits.map((row) => row.invoiceLineId)).toContain(line.invoiceLineId);
    expect(await found({ [param]: miss() as string })).toBe(false);
    if (param === 'keywords') return;
    const value = [hit()].flat()[0];
    for (const row of hits) expect([row[param]].flat(), `${param} of line ${row.invoiceLineId}`).toContain(value);
  });

  it('lookup by invoice number words, within the caller’s reach', async () => {
    const numbered = await added(lineOf(services.first, { invoiceNumber: 'INV-LOOKUP-77' }));
    expect((await clients.manager.get(`${API}/lookup`, { q: 'lookup-77' })).body).toEqual([{ value: numbered.invoiceLineId, label: 'INV-LOOKUP-77' }]);
    expect((await clients.quality.get(`${API}/lookup`, { q: 'lookup-77' })).body).toEqual([]);
  });

  it('stays inside the caller’s visibility; refuses an unknown filter value (400)', async () => {
    const mine = await search({});
    expect(mine.every((row) => row.companyId === people.manager.companyId)).toBe(true);
    expect((await clients.quality.get(`${API}/`, WIDE)).body).toEqual([]);
    const theirs = (await clients.outsider.get(`${API}/`, WIDE)).body as Row[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((row) => row.universeId === people.outsider.universeId)).toBe(true);
    expect((await clients.manager.get(`${API}/`, { sector: 'SPACE' })).status).toBe(400);
    expect((await clients.manager.get(`${API}/`, { client: 'lumiere' })).status).toBe(400);
  });
});
