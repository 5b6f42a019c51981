import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { demoPeople, type Person, type Who } from './demo-people';
import { startWithLogins, type Client, type TestServer } from './helpers';

/**
 * An invoice's amount is the sum of its invoice lines (the lines naming its number: invoice
 * `x-sums`), kept by the server in the transaction that links, edits, unlinks or deletes a line —
 * never typed by hand. An invoice and its lines share one currency: a line in another one, or an
 * invoice changing to another one, is refused (422) and nothing is written.
 */
let server: TestServer;
let clients: Record<'manager', Client>;
let people: Record<Who, Person>;
let service: Row;

const LINES = '/back/bo/invoiceLines/update';
const INVOICES = '/back/bo/invoices';

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(['manager']));
  people = await demoPeople(server.store);
  service = (await server.store.find('services', (row) => row.serviceProvider === people.manager.companyId && row.serviceStep === 'CONFIRMED'))[0];
});
afterAll(() => server?.close());

const lineOf = (extra: Row = {}): Row => ({ services: [service.serviceId], unit: 1, unitPrice: 300, ...extra });
const save = (body: Row) => clients.manager.put(LINES, body);
const invoice = async (id: unknown) => (await clients.manager.get(`${INVOICES}/${id}`)).body as Row;

async function newInvoice(body: Row = {}): Promise<Row> {
  const reply = await clients.manager.post(INVOICES, { client: people.quality.companyId, ...body });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}
async function saved(body: Row): Promise<Row[]> {
  const reply = await save(body);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.lines;
}

/** The call is refused with `status`; invoices and invoice lines are exactly as before. */
async function refusedUnchanged(call: () => Promise<{ status: number; body: any }>, status: number) {
  const snapshot = async () => JSON.stringify([await server.store.all('invoices'), await server.store.all('invoiceLines')]);
  const before = await snapshot();
  const reply = await call();
  expect(reply.status).toBe(status);
  expect(await snapshot()).toBe(before);
  return reply.body;
}

describe('an invoice’s amount is the sum of its lines', () => {
  it('follows its lines as they are linked, edited, unlinked and deleted', async () => {
    const target = await newInvoice();
    expect(target.amount).toBe(0);
    const [a, b] = await saved({ toAddInvoiceLines: [lineOf({ invoiceNumber: target.number, unit: 2, serviceFees: 25.5 }), lineOf({ invoiceNumber: target.number, otherFees: 12.25 })] });
    expect([a.totalAmount, b.totalAmount]).toEqual([625.5, 312.25]);
    expect((await invoice(target.invoiceIdHK)).amount).toBe(937.75);
    const [edited] = await saved({ toUpdateInvoiceLines: [{ ...a, unit: 3 }] });
    expect((await invoice(target.invoiceIdHK)).amount).toBe(1237.75);
    // Unlinked (its number removed): no longer counted.
    const { invoiceNumber: _number, ...unlinked } = b;
    await saved({ toUpdateInvoiceLines: [unlinked] });
    expect((await invoice(target.invoiceIdHK)).amount).toBe(925.5);
    // Moved to another invoice: both follow in the same call.
    const other = await newInvoice();
    await saved({ toUpdateInvoiceLines: [{ ...edited, invoiceNumber: other.number }] });
    expect([(await invoice(target.invoiceIdHK)).amount, (await invoice(other.invoiceIdHK)).amount]).toEqual([0, 925.5]);
    const moved = (await server.store.get('invoiceLines', edited.invoiceLineId as number))!;
    await saved({ toDeleteInvoiceLineIds: [moved.invoiceLineId] });
    expect((await invoice(other.invoiceIdHK)).amount).toBe(0);
  });

  it('is never typed by hand: an amount in a create or a save is ignored, the lines’ sum stays', async () => {
    const target = await newInvoice({ amount: 5000 });
    expect(target.amount).toBe(0);
    await saved({ toAddInvoiceLines: [lineOf({ invoiceNumber: target.number, unitPrice: 410 })] });
    const current = await invoice(target.invoiceIdHK);
    const put = await clients.manager.put(`${INVOICES}/${target.invoiceIdHK}`, { ...current, amount: 1, comment: 'checked' });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ amount: 410, comment: 'checked' });
  });

  it('the seeded invoices: each amount is the sum of its lines, all in its currency', async () => {
    const lines = await server.store.all('invoiceLines');
    const seeded = (await server.store.all('invoices')).filter((row) => (row.invoiceIdHK as number) <= 20);
    expect(seeded.length).toBe(20);
    for (const row of seeded) {
      const own = lines.filter((line) => line.invoiceNumber === row.number && line.companyId === row.companyId);
      expect(own.length, String(row.number)).toBeGreaterThan(0);
      expect(own.every((line) => line.currency === row.currency), String(row.number)).toBe(true);
      expect(row.amount, String(row.number)).toBe(Math.round(own.reduce((total, line) => total + (line.totalAmount as number), 0) * 100) / 100);
    }
  });
});

describe('an invoice and its lines share one currency (422, nothing written)', () => {
  it('refuses adding, linking or editing a line in another currency than its invoice', async () => {
    const target = await newInvoice();
    const [line] = await saved({ toAddInvoiceLines: [lineOf({ invoiceNumber: target.number })] });
    const added = await refusedUnchanged(() => save({ toAddInvoiceLines: [lineOf({ invoiceNumber: target.number, currency: 'USD' })] }), 422);
    expect(added).toMatchObject({
      exception: 'BusinessException',
      message: `An invoice and its lines share one currency: invoice ${target.number} is in EUR, a line in USD.`,
      errors: [{ path: '/toAddInvoiceLines/0/currency', message: 'Not the currency of the invoice' }],
    });
    const edited = await refusedUnchanged(() => save({ toUpdateInvoiceLines: [{ ...line, currency: 'USD' }] }), 422);
    expect(edited.errors).toEqual([{ path: '/toUpdateInvoiceLines/0/currency', message: 'Not the currency of the invoice' }]);
    const [dollars] = await saved({ toAddInvoiceLines: [lineOf({ currency: 'USD' })] });
    const linked = await refusedUnchanged(() => save({ toUpdateInvoiceLines: [{ ...dollars, invoiceNumber: target.number }] }), 422);
    expect(linked.errors.map((error: Row) => error.path)).toEqual(['/toUpdateInvoiceLines/0/currency']);
    // In French, the spec's words.
    const language = async (value: string) => server.store.update('contacts', people.manager.contactId, (contact) => ({ ...contact, language: value }));
    await language('fr');
    const french = await refusedUnchanged(() => save({ toAddInvoiceLines: [lineOf({ invoiceNumber: target.number, currency: 'USD' })] }), 422);
    await language('en');
    expect(french.message).toBe(`Une facture et ses lignes ont la même devise : la facture ${target.number} est en EUR, une ligne en USD.`);
    expect((await invoice(target.invoiceIdHK)).amount).toBe(300);
  });

  it('refuses changing the currency of an invoice that has lines; one without lines may change it', async () => {
    const target = await newInvoice();
    await saved({ toAddInvoiceLines: [lineOf({ invoiceNumber: target.number })] });
    const current = await invoice(target.invoiceIdHK);
    const refused = await refusedUnchanged(() => clients.manager.put(`${INVOICES}/${target.invoiceIdHK}`, { ...current, currency: 'USD' }), 422);
    expect(refused).toMatchObject({ message: `An invoice and its lines share one currency: invoice ${target.number} is in USD, a line in EUR.`, errors: [{ path: '/currency', message: 'Not the currency of the invoice' }] });
    const empty = await newInvoice();
    const changed = await clients.manager.put(`${INVOICES}/${empty.invoiceIdHK}`, { ...empty, currency: 'USD' });
    expect([changed.status, changed.body.currency, changed.body.amount]).toEqual([200, 'USD', 0]);
  });
});
