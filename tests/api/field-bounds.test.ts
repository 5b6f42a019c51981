import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, shiftDay, startWithLogins, today, type Client, type Reply, type TestServer } from './helpers';
import { createService, fieldMessages, insertService, network, wizardBody, type Network } from './service-fixtures';

/**
 * Every value is bounded by its schema and the server enforces it, on the generated resource routes
 * and on the hand-written ones alike: too long a text, too large an amount or too big a body is
 * refused with its field named, and nothing is written.
 */
let server: TestServer;
let quality: Client;
let buyer: Client;
let admin: Client;
let net: Network;

beforeAll(async () => {
  ({ server, clients: { quality, buyer, admin } } = await startWithLogins(['quality', 'buyer', 'admin']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const TWO_POW_53_PLUS_1 = '9007199254740993';
const long = (length: number) => 'x'.repeat(length);
/** The size of the data file's content: what a refused call must leave unchanged. */
const stored = async () =>
  JSON.stringify(await Promise.all(['capas', 'structuralCosts', 'services', 'serviceNotes', 'userFilters', 'contacts', 'apiTokens', 'serviceDateLines', 'purchaseOrderLines'].map((name) => server.store.find(name, () => true))));

const capaBody = (changes: Record<string, unknown> = {}) => ({ title: 'Retrain operators on seam allowance', capaType: 'CORRECTIVE_ACTION', startDate: today(), ...changes });
const quickBody = (changes: Record<string, unknown> = {}) => ({
  type: 'INSP_DURING_PRODUCTION',
  client: net.lumiere,
  supplier: net.shenzhen,
  factory: net.ningbo,
  serviceProvider: net.atlas,
  startDate: shiftDay(today(), 40),
  orderTakerContacts: [net.shenzhenContact],
  poNumber: 'PO-B1',
  designation: 'Silk scarf',
  quantity: 300,
  ...changes,
});

/** Sends `json` (or raw JSON text) and expects a 400 naming `path` with `message`; nothing is written. */
async function refused(call: () => Promise<Reply>, path: string, message: string) {
  const before = await stored();
  const reply = await call();
  expect(reply.status, reply.text).toBe(400);
  expect(reply.body).toMatchObject({ level: 'ERROR', exception: 'ValidationException' });
  expect(fieldMessages(reply.body)).toMatchObject({ [path]: message });
  expect(await stored()).toBe(before);
}

describe('free text longer than its schema allows (400, the field named)', () => {
  it('a CAPA title of 1,000 characters, on create and on update', async () => {
    await refused(() => quality.post('/back/bo/capas', capaBody({ title: long(1000) })), '/title', 'too long');
    const created = (await quality.post('/back/bo/capas', capaBody({ title: long(200) }))).body;
    expect(created.title).toHaveLength(200);
    await refused(() => quality.put(`/back/bo/capas/${created.capaId}`, { ...created, title: long(201) }), '/title', 'too long');
  });

  it('on the hand-written routes: notes, light wizard, wizard, date lines, filters, profile, contacts, tokens', async () => {
    const service = await insertService(server.store, { startDate: shiftDay(today(), 20) });
    const serviceId = service.serviceId as number;
    await refused(() => quality.post(`/back/bo/servicenotes/${serviceId}`, { text: long(5001) }), '/text', 'too long');
    await refused(() => buyer.post('/back/bo/quickService', quickBody({ designation: long(201) })), '/designation', 'too long');
    await refused(() => quality.post('/back/bo/services', wizardBody(net, { service: { standardMessage: long(2001) } })), '/service/standardMessage', 'too long');
    await refused(() => quality.post('/back/bo/services', wizardBody(net, { note: long(5001) })), '/note', 'too long');
    await refused(
      () => quality.post('/back/bo/serviceDateLines/requestDate', { serviceId, startDate: shiftDay(today(), 30), comment: long(1001) }),
      '/comment',
      'too long',
    );
    await refused(() => quality.post('/back/bo/userfilter/capa', { name: long(101), filter: {} }), '/name', 'too long');
    await refused(() => quality.put('/back/bo/profile/user', { firstName: long(101), lastName: 'Dubois', language: 'en' }), '/firstName', 'too long');
    await refused(
      () => quality.post('/back/bo/contacts/admin', { firstName: 'Ann', lastName: 'Lee', position: long(101), language: 'en', companyId: net.lumiere }),
      '/position',
      'too long',
    );
    const adminContact = (await server.store.find('contacts', (contact) => contact.email === 'admin@qcflow.test'))[0];
    await refused(
      () => admin.post('/back/bo/apiTokens/admin', { name: long(101), contactId: adminContact.contactId, ipAddress: '127.0.0.1', expirationDate: today() }),
      '/name',
      'too long',
    );
  });

  it('custom fields of a service above 16 KB of JSON', async () => {
    await refused(() => quality.post('/back/bo/services', wizardBody(net, { service: { customFieldService: { remark: long(16 * 1024) } } })), '/service/customFieldService', 'too large');
    // A value of one of the company's custom fields (the demo's COLOUR_LOT list): the only values a service holds.
    const created = await createService(quality, wizardBody(net, { service: { customFieldService: { COLOUR_LOT: 'LOT_A' } } }));
    expect(created.customFieldService).toEqual({ COLOUR_LOT: 'LOT_A' });
  });

  it('a search criterion longer than its search form allows', async () => {
    const reply = await quality.get('/back/bo/capas/', { keywords: long(101) });
    expect(reply.status).toBe(400);
    expect(fieldMessages(reply.body)).toMatchObject({ '/keywords': 'too long' });
  });
});

describe('amounts: 2 decimals, never negative, below a billion', () => {
  const raw = (client: Client, method: string, path: string, text: string) => () => client.request(method, path, { raw: text });

  it('a CAPA cost of 2^53 + 1 is refused, not stored rounded', async () => {
    const text = JSON.stringify(capaBody({ cost: 0 })).replace('"cost":0', `"cost":${TWO_POW_53_PLUS_1}`);
    await refused(raw(quality, 'POST', '/back/bo/capas', text), '/cost', 'too large');
    await refused(() => quality.post('/back/bo/capas', capaBody({ cost: 1_000_000_000 })), '/cost', 'too large');
    await refused(() => quality.post('/back/bo/capas', capaBody({ cost: -500 })), '/cost', 'too small');
    const top = await quality.post('/back/bo/capas', capaBody({ cost: 999_999_999.99 }));
    expect(top.status, top.text).toBe(201);
    expect(top.body.cost).toBe(999_999_999.99);
  });

  it('a structural cost amount of 2^53 + 1 is refused on create and on update', async () => {
    const text = JSON.stringify({ date: currentMonth(), amount: 0 }).replace('"amount":0', `"amount":${TWO_POW_53_PLUS_1}`);
    await refused(raw(quality, 'POST', '/back/bo/structuralCost', text), '/amount', 'too large');
    const created = (await quality.post('/back/bo/structuralCost', { amount: 1520.75 })).body;
    const update = JSON.stringify({ ...created, amount: 0 }).replace('"amount":0', `"amount":${TWO_POW_53_PLUS_1}`);
    await refused(raw(quality, 'PUT', `/back/bo/structuralCost/${created.structuralCostId}`, update), '/amount', 'too large');
  });

  it('a purchase order quantity of 2^53 + 1 is refused (light wizard)', async () => {
    const text = JSON.stringify(quickBody({ quantity: 0 })).replace('"quantity":0', `"quantity":${TWO_POW_53_PLUS_1}`);
    await refused(raw(buyer, 'POST', '/back/bo/quickService', text), '/quantity', 'too large');
  });
});

describe('a body over 1 MB', () => {
  it('is refused with 413 before it is read, on every kind of write route, and nothing is written', async () => {
    const service = await insertService(server.store, { startDate: shiftDay(today(), 25) });
    const huge = JSON.stringify({ text: long(2 * 1024 * 1024) });
    const routes: [Client, string, string][] = [
      [quality, 'POST', '/back/bo/capas'],
      [quality, 'POST', '/back/bo/userfilter/capa'],
      [quality, 'PUT', '/back/bo/userfilter/capa'],
      [quality, 'POST', `/back/bo/servicenotes/${service.serviceId}`],
      [quality, 'POST', '/back/bo/services'],
      [buyer, 'POST', '/back/bo/quickService'],
      [quality, 'POST', '/back/bo/serviceDateLines/requestDate'],
      [quality, 'PATCH', `/back/bo/tags/SERVICE_${service.serviceId}`],
      [quality, 'PUT', '/back/bo/profile/user'],
      [quality, 'POST', '/back/bo/contacts/admin'],
      [admin, 'POST', '/back/bo/apiTokens/admin'],
      [quality, 'POST', '/back/bo/services/priority'],
    ];
    const before = await stored();
    for (const [client, method, path] of routes) {
      const started = performance.now();
      const reply = await client.request(method, path, { raw: huge });
      const elapsed = performance.now() - started;
      expect(reply.status, `${method} ${path}`).toBe(413);
      expect(reply.body).toMatchObject({ level: 'ERROR', exception: 'PayloadTooLargeException', message: 'The request body is too large (maximum 1048576 bytes)' });
      expect(elapsed, `${method} ${path} answered in ${Math.round(elapsed)} ms`).toBeLessThan(2000);
    }
    expect(await stored()).toBe(before);
  });
});
