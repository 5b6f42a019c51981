import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { demoPeople, type Person, type Who } from './demo-people';
import { currentMonth, shiftDay, startWithLogins, today, type Client, type TestServer } from './helpers';

/**
 * Invoices (spec §7.6): the generic resource (create, search filters, visibility, workflow) and
 * PUT /back/bo/invoices/validate, which validates a selection of provisions all at once or not at all.
 */
let server: TestServer;
let clients: Record<'admin' | 'manager' | 'inspector' | 'quality' | 'sales' | 'outsider', Client>;
let people: Record<Who, Person>;

const API = '/back/bo/invoices';
const WIDE = { fromDate: '2020-01-01', toDate: '2035-12-31' };

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(['admin', 'manager', 'inspector', 'quality', 'sales', 'outsider']));
  people = await demoPeople(server.store);
});
afterAll(() => server?.close());

/** A new invoice of Atlas Inspection to Maison Lumière (a provision, W). */
async function created(body: Row = {}): Promise<Row> {
  const reply = await clients.manager.post(API, { client: people.quality.companyId, ...body });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

const stored = (id: unknown) => server.store.get('invoices', id as number);
const ids = (rows: Row[]) => rows.map((row) => row.invoiceIdHK);

describe('invoice resource', () => {
  it('creates a provision with the defaults of the spec and a readable number, stamped with the issuing company', async () => {
    const reply = await clients.manager.post(API, { client: people.quality.companyId, amount: 980.5 });
    expect(reply.status, reply.text).toBe(201);
    const id = reply.body.invoiceIdHK;
    // The amount is the sum of its lines (none yet), never a number typed by hand.
    expect(reply.body).toMatchObject({ type: 'INVOICING', currency: 'EUR', status: 'W', date: today(), amount: 0, companyId: people.manager.companyId, number: `INV-${String(id).padStart(6, '0')}` });
  });

  it('refuses a bad body (400), an unknown client (400) and callers without the billing roles (403)', async () => {
    const before = (await server.store.all('invoices')).length;
    const bad = await clients.manager.post(API, { client: people.quality.companyId, comment: 'x'.repeat(2001), type: 'GIFT' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['/comment', '/type']);
    expect((await clients.manager.post(API, { client: people.outsider.companyId, amount: 1 })).status).toBe(400);
    for (const who of ['inspector', 'sales'] as const) {
      expect((await clients[who].post(API, { client: people.quality.companyId, amount: 1 })).status, who).toBe(403);
      expect((await clients[who].get(`${API}/`)).status, who).toBe(403);
    }
    expect((await server.store.all('invoices')).length).toBe(before);
  });

  it('is seen by the issuing company only (and its universe’s super admin): 404 for the client and another universe', async () => {
    const invoice = await created();
    for (const who of ['quality', 'outsider'] as const) {
      expect((await clients[who].get(`${API}/${invoice.invoiceIdHK}`)).status, who).toBe(404);
      expect(ids((await clients[who].get(`${API}/`, WIDE)).body)).not.toContain(invoice.invoiceIdHK);
    }
    expect((await clients.admin.get(`${API}/${invoice.invoiceIdHK}`)).status).toBe(200);
    const northwind = (await server.store.find('invoices', (row) => row.universeId === people.outsider.universeId))[0];
    expect((await clients.manager.get(`${API}/${northwind.invoiceIdHK}`)).status).toBe(404);
  });

  it('moves through its workflow with PATCH: W → I → M, I → L; a refused event is 409; a stale PUT is 409', async () => {
    const paid = await created();
    const move = (id: unknown, event: string) => clients.manager.patch(`${API}/${id}/${event}`);
    expect((await move(paid.invoiceIdHK, 'PAY')).status).toBe(409);
    expect((await move(paid.invoiceIdHK, 'VALIDATE')).body.status).toBe('I');
    expect((await move(paid.invoiceIdHK, 'PAY')).body.status).toBe('M');
    const refused = await move(paid.invoiceIdHK, 'LOSE');
    expect([refused.status, refused.body.message]).toEqual([409, 'Action Mark lost is not allowed while the status is Paid']);
    const lost = await created();
    await move(lost.invoiceIdHK, 'VALIDATE');
    expect((await move(lost.invoiceIdHK, 'LOSE')).body.status).toBe('L');
    const stale = await clients.manager.put(`${API}/${lost.invoiceIdHK}`, { ...lost, comment: 'late' });
    expect(stale.status).toBe(409);
    expect((await stored(lost.invoiceIdHK))!.comment).toBeUndefined();
  });
});

describe('invoice lookups and search form', () => {
  it('lookup by number words or by id, within the caller’s reach', async () => {
    const invoice = await created();
    const byWords = await clients.manager.get(`${API}/lookup`, { q: String(invoice.number).slice(-6) });
    expect(byWords.body).toEqual([{ value: invoice.invoiceIdHK, label: invoice.number }]);
    expect((await clients.manager.get(`${API}/lookup`, { id: invoice.invoiceIdHK as number })).body).toEqual([{ value: invoice.invoiceIdHK, label: invoice.number }]);
    expect((await clients.outsider.get(`${API}/lookup`, { id: invoice.invoiceIdHK as number })).body).toEqual([]);
  });

  it('the search form defaults to invoices of the previous and current month', async () => {
    const schemas = (await clients.manager.get('/back/schemas')).body;
    expect(schemas.search.invoice['x-defaultRange']).toBe('previousToCurrentMonth');
    expect(schemas.search.invoice.properties.type.default).toBe('INVOICING');
    expect(schemas.search.invoiceLine['x-defaultRange']).toBe('plusMinus7Days');
    expect(schemas.entities.invoiceLine.properties.searchText).toBeUndefined();
    const screen = schemas.screens.find((row: Row) => row.route === '/billing/invoices');
    expect(screen).toMatchObject({ type: 'search', entity: 'invoice', parent: '/billing' });
    expect(screen.columns).toContainEqual(expect.objectContaining({ field: 'status', badge: true }));
    expect((await clients.sales.get('/back/schemas')).body.screens.map((row: Row) => row.route)).not.toContain('/billing/invoices');
  });
});

describe('GET /back/bo/invoices/ filters', () => {
  let credit: Row;
  let old: Row;
  let winter: Row;
  beforeAll(async () => {
    credit = await created({ type: 'CREDIT_NOTE' });
    old = await created({ date: '2025-03-10' });
    winter = await created({ season: 'FW27' });
  });

  it('type: one type only, the default form value INVOICING excluding credit notes', async () => {
    const notes = (await clients.manager.get(`${API}/`, { ...WIDE, type: 'CREDIT_NOTE' })).body as Row[];
    expect(ids(notes)).toContain(credit.invoiceIdHK);
    expect(notes.every((row) => row.type === 'CREDIT_NOTE')).toBe(true);
    const invoices = (await clients.manager.get(`${API}/`, { ...WIDE, type: 'INVOICING' })).body as Row[];
    expect(ids(invoices)).not.toContain(credit.invoiceIdHK);
    expect(invoices.length).toBeGreaterThan(5);
    expect((await clients.manager.get(`${API}/`, { type: 'GIFT' })).status).toBe(400);
  });

  it('fromDate/toDate: the dates of the window, both inclusive, with the count left outside', async () => {
    const day = await clients.manager.get(`${API}/`, { fromDate: '2025-03-10', toDate: '2025-03-10' });
    expect(ids(day.body)).toEqual([old.invoiceIdHK]);
    const window = { fromDate: `${shiftDay(`${currentMonth()}-01`, -1).slice(0, 7)}-01`, toDate: today() };
    const recent = await clients.manager.get(`${API}/`, window);
    expect(ids(recent.body)).not.toContain(old.invoiceIdHK);
    expect(recent.body.length).toBeGreaterThan(3);
    expect(recent.body.every((row: Row) => String(row.date) >= window.fromDate && String(row.date) <= window.toDate)).toBe(true);
    expect(Number(recent.headers.get('X-Outside-Window'))).toBeGreaterThan(0);
  });

  it('season, client and number (part of the readable number)', async () => {
    const fw27 = (await clients.manager.get(`${API}/`, { ...WIDE, season: 'FW27' })).body as Row[];
    expect(ids(fw27)).toContain(winter.invoiceIdHK);
    expect(fw27.every((row) => row.season === 'FW27')).toBe(true);
    const lumiere = (await clients.manager.get(`${API}/`, { ...WIDE, client: people.quality.companyId })).body as Row[];
    expect(lumiere.length).toBeGreaterThan(5);
    expect(lumiere.every((row) => row.client === people.quality.companyId)).toBe(true);
    expect((await clients.manager.get(`${API}/`, { ...WIDE, client: people.sales.companyId })).body).toEqual([]);
    const digits = String(winter.number).slice(-6);
    expect(ids((await clients.manager.get(`${API}/`, { ...WIDE, number: digits })).body)).toEqual([winter.invoiceIdHK]);
    expect(ids((await clients.manager.get(`${API}/`, { ...WIDE, number: String(winter.number).toLowerCase() })).body)).toEqual([winter.invoiceIdHK]);
  });
});

describe('PUT /back/bo/invoices/validate', () => {
  const validate = (client: Client, invoiceIds: unknown) => client.put(`${API}/validate`, { invoiceIds });

  it('validates a selection of provisions together and answers them as GET does', async () => {
    const selection = [await created(), await created()];
    const reply = await validate(clients.manager, ids(selection));
    expect(reply.status, reply.text).toBe(200);
    expect(ids(reply.body)).toEqual(ids(selection));
    for (const [index, invoice] of (reply.body as Row[]).entries()) {
      expect(invoice).toEqual({ ...selection[index], status: 'I', version: (selection[index].version as number) + 1 });
      expect(invoice).toEqual((await clients.manager.get(`${API}/${invoice.invoiceIdHK}`)).body);
    }
  });

  it('409 naming the invoice the workflow refuses (not a provision); nothing validated', async () => {
    const [fresh, done] = [await created(), await created()];
    await validate(clients.manager, [done.invoiceIdHK]);
    const reply = await validate(clients.manager, [fresh.invoiceIdHK, done.invoiceIdHK]);
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(`Invoice ${done.number} cannot be validated: its status is Invoiced`);
    expect((await stored(fresh.invoiceIdHK))).toMatchObject({ status: 'W', version: fresh.version });
  });

  it('404 for an invoice out of reach (another company, another universe, unknown); nothing validated', async () => {
    const fresh = await created();
    const northwind = (await server.store.find('invoices', (row) => row.universeId === people.outsider.universeId && row.status === 'W'))[0];
    for (const [client, id] of [[clients.manager, northwind.invoiceIdHK], [clients.manager, 999999], [clients.outsider, fresh.invoiceIdHK], [clients.quality, fresh.invoiceIdHK]] as const) {
      const reply = await validate(client, client === clients.manager ? [fresh.invoiceIdHK, id] : [id]);
      expect(reply.status).toBe(404);
    }
    expect((await stored(fresh.invoiceIdHK))).toMatchObject({ status: 'W', version: fresh.version });
    expect((await stored(northwind.invoiceIdHK))).toMatchObject({ status: 'W', version: northwind.version });
  });

  it('400 for a bad selection: missing, empty, repeated, not ids, over 500, unknown fields, not JSON', async () => {
    const fresh = await created();
    const cases: [unknown, string][] = [
      [{}, '/invoiceIds'],
      [{ invoiceIds: [] }, '/invoiceIds'],
      [{ invoiceIds: [fresh.invoiceIdHK, fresh.invoiceIdHK] }, '/invoiceIds/1'],
      [{ invoiceIds: ['one'] }, '/invoiceIds/0'],
      [{ invoiceIds: [0] }, '/invoiceIds/0'],
      [{ invoiceIds: Array.from({ length: 501 }, (_, i) => i + 1) }, '/invoiceIds'],
      [{ invoiceIds: [fresh.invoiceIdHK], status: 'M' }, '/status'],
      [[fresh.invoiceIdHK], ''],
    ];
    for (const [body, path] of cases) {
      const reply = await clients.manager.put(`${API}/validate`, body);
      expect([reply.status, reply.body.errors?.[0]?.path], JSON.stringify(body).slice(0, 60)).toEqual([400, path]);
    }
    expect((await clients.manager.request('PUT', `${API}/validate`, { raw: '{' })).status).toBe(400);
    expect((await stored(fresh.invoiceIdHK))).toMatchObject({ status: 'W', version: fresh.version });
  });

  it('403 for accounts without the billing roles, before the selection is looked at', async () => {
    const fresh = await created();
    for (const who of ['inspector', 'sales'] as const) expect((await validate(clients[who], [fresh.invoiceIdHK])).status, who).toBe(403);
    expect((await stored(fresh.invoiceIdHK))!.status).toBe('W');
  });
});
