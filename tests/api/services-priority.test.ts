import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { ACCOUNTS, Client, loginAs, startWithLogins, type TestServer } from './helpers';

/** docs/services.md "Priorities": GET / POST /back/bo/services/priority, the caller's own ranked list. */
let server: TestServer;
let quality: Client;
let buyer: Client;
let sales: Client;

const URL = '/back/bo/services/priority';
const company = async (name: string) => (await server.store.find('companies', (row) => row.name === name))[0].companyId as number;
const rank = (...serviceIds: number[]) => serviceIds.map((serviceId, index) => ({ service: { serviceId }, priority: index + 1 }));
/** Confirmed services Shenzhen (supplier) sees, and one it cannot see yet (the provider has not confirmed). */
const shenzhenServices = async () => {
  const shenzhen = await company('Shenzhen Textile Co');
  return (await server.store.all('services')).filter((service) => service.universeId === 1 && service.providerConfirmed === true && service.supplier === shenzhen);
};
const hiddenFromShenzhen = async () => {
  const shenzhen = await company('Shenzhen Textile Co');
  return (await server.store.all('services')).find((service) => service.providerConfirmed !== true && service.supplier === shenzhen && service.creatorCompany !== shenzhen)!;
};

async function post(client: Client, body: unknown, status = 200) {
  const reply = await client.post(URL, body);
  expect(reply.status, reply.text).toBe(status);
  return reply.body;
}

beforeAll(async () => {
  ({ server, clients: { quality, buyer, sales } } = await startWithLogins(['quality', 'buyer', 'sales']));
});
afterAll(() => server?.close());

describe('service priorities', () => {
  it('starts empty, saves the ranks (sent in any order) and answers them with each service summary', async () => {
    expect((await quality.get(URL)).body).toEqual([]);
    const [first, second, third] = await shenzhenServices();
    const saved = await post(quality, [
      { service: { serviceId: third.serviceId }, priority: 3 },
      { service: { serviceId: first.serviceId }, priority: 1 },
      { service: { serviceId: second.serviceId }, priority: 2 },
    ]);
    expect(saved.map((item: Row) => [(item.service as Row).serviceId, item.priority])).toEqual([
      [first.serviceId, 1],
      [second.serviceId, 2],
      [third.serviceId, 3],
    ]);
    expect(saved[0].service).toEqual({
      serviceId: first.serviceId, number: first.number, type: first.type, serviceStep: first.serviceStep, startDate: first.startDate,
      client: first.client, supplier: first.supplier, factory: first.factory,
    });
    expect((await quality.get(URL)).body).toEqual(saved);
  });

  it('another user (even of the same company) has a list of their own', async () => {
    expect((await buyer.get(URL)).body).toEqual([]);
    const [service] = await shenzhenServices();
    await post(buyer, rank(service.serviceId as number));
    expect((await buyer.get(URL)).body).toHaveLength(1);
    expect((await quality.get(URL)).body).toHaveLength(3);
  });

  it.each([
    ['not a list', { service: { serviceId: 1 }, priority: 1 }, ''],
    ['a priority below 1', [{ service: { serviceId: 1 }, priority: 0 }], '/0/priority'],
    ['no service', [{ priority: 1 }], '/0/service'],
    ['an unknown field', [{ service: { serviceId: 1 }, priority: 1, note: 'x' }], '/0/note'],
    ['a gap in the ranks', 'gap', '/1/priority'],
    ['a rank twice', 'twice', '/1/priority'],
    ['a service twice', 'duplicate', '/1/service/serviceId'],
  ])('400 on %s, the saved list unchanged', async (_name, body, path) => {
    const [a, b] = (await shenzhenServices()).map((service) => service.serviceId as number);
    const bodies: Record<string, unknown> = {
      gap: [{ service: { serviceId: a }, priority: 1 }, { service: { serviceId: b }, priority: 3 }],
      twice: [{ service: { serviceId: a }, priority: 1 }, { service: { serviceId: b }, priority: 1 }],
      duplicate: [{ service: { serviceId: a }, priority: 1 }, { service: { serviceId: a }, priority: 2 }],
    };
    const before = (await quality.get(URL)).body;
    const reply = await post(quality, typeof body === 'string' ? bodies[body] : body, 400);
    expect(reply.exception).toBe('ValidationException');
    expect(reply.errors.map((error: Row) => error.path)).toContain(path);
    expect((await quality.get(URL)).body).toEqual(before);
  });

  it('404 on a service the caller cannot see (not confirmed yet, unknown, other universe), the saved list unchanged', async () => {
    const northwind = (await server.store.all('services')).find((service) => service.universeId === 2)!;
    const [visible] = await shenzhenServices();
    for (const serviceId of [(await hiddenFromShenzhen()).serviceId as number, 999_999, northwind.serviceId as number]) {
      const reply = await post(sales, rank(visible.serviceId as number, serviceId), 404);
      expect(reply.exception).toBe('NotFoundException');
      expect((await sales.get(URL)).body).toEqual([]);
    }
  });

  it('an empty list clears it', async () => {
    expect(await post(buyer, [])).toEqual([]);
    expect((await buyer.get(URL)).body).toEqual([]);
    const { contactId } = (await server.store.find('contacts', (c) => c.email === ACCOUNTS.buyer))[0];
    expect(await server.store.find('servicePriorities', (row) => row.contactId === contactId)).toEqual([]);
  });

  it('a service the caller can no longer see drops out of GET, the rest ranked 1..n', async () => {
    const [a, b, c] = (await shenzhenServices()).slice(3, 6).map((service) => service.serviceId as number);
    await post(sales, rank(a, b, c));
    // The owner gives the order to another supplier: Shenzhen is no longer a party of b.
    const porto = await company('Porto Malhas Lda');
    await server.store.update('services', b, (current) => ({ ...current, supplier: porto }));
    const list = (await sales.get(URL)).body as Row[];
    expect(list.map((item) => [(item.service as Row).serviceId, item.priority])).toEqual([
      [a, 1],
      [c, 2],
    ]);
  });

  it('the inspector (CONTRIBUTOR) ranks its own services; without a session: 403', async () => {
    const inspector = await loginAs(server, ACCOUNTS.inspector);
    expect((await inspector.get(URL)).status).toBe(200);
    expect((await new Client(server.url).get(URL)).status).toBe(403);
  });
});
