import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../server/schemas';
import type { Row } from '../../server/store/types';
import { WHO, companySees, demoPeople, registryEntities, type Person, type Who } from './demo-people';
import { ACCOUNTS, loginAs, startServer, today, type Client, type TestServer } from './helpers';

/**
 * Tenancy on the demo seed: universes are airtight both ways; inside a universe a company
 * sees its own records and those naming it in an x-visibility field (site, target, creator…),
 * nothing else; a SUPER_ADMIN sees its whole universe and nothing of the other.
 * Sales (Shenzhen Textile Co, a supplier) is given the MANAGER profile here, so that a
 * company seeing records only through the site role has an account that may search them.
 */
let server: TestServer;
let people: Record<Who, Person>;
let clients: Record<Who, Client>;
// Lists under a parent's path (an order's lines: /purchaseOrders/{purchaseOrderId}/lines) are walked by their parent's tests (purchase-orders.test.ts).
const quality = registryEntities().filter((entity) => entity.api && !entity.api.includes('{') && !entity.customRoutes && entity.visibility.length);
const MAIN = () => people.quality.universeId;
const OTHER = () => people.outsider.universeId;

const stored = (entity: EntityDef, id: number) => server.store.get(entity.collection, id);
const idOf = (entity: EntityDef, record: Row) => record[entity.idField] as number;
const snapshot = async (entity: EntityDef, id: number) => JSON.stringify((await stored(entity, id)) ?? null);
const companyId = async (name: string) => (await server.store.find('companies', (company) => company.name === name))[0].companyId as number;

/** A seed record matching `where` (the demo seed is deterministic; the test says which kind of record it needs). */
async function seedRecord(entity: EntityDef, where: (record: Row) => boolean): Promise<Row> {
  const found = (await server.store.all(entity.collection)).find(where);
  if (!found) throw new Error(`the demo seed has no such ${entity.name}`);
  return found;
}

/** Ids a search should answer this person: the records of their universe their company sees. */
const expectedIds = async (entity: EntityDef, person: Person) =>
  (await server.store.all(entity.collection))
    .filter((record) => companySees(entity, record, person))
    .map((record) => idOf(entity, record))
    .sort((a, b) => a - b);

const answeredIds = async (client: Client, entity: EntityDef) => {
  const reply = await client.get(`${entity.api}/`);
  expect(reply.status, reply.text).toBe(200);
  return (reply.body as Row[]).map((record) => idOf(entity, record)).sort((a, b) => a - b);
};

/** GET, PUT, DELETE, workflow PATCH and tag PATCH of a record the caller must not reach: all 404, the record unchanged. */
async function assertUnreachable(client: Client, entity: EntityDef, id: number) {
  const before = await snapshot(entity, id);
  const record = (await stored(entity, id))!;
  const one = `${entity.api}/${id}`;
  const replies = {
    get: (await client.get(one)).status,
    put: (await client.put(one, { ...record, version: record.version })).status,
    delete: (await client.delete(one)).status,
    ...(entity.machine ? { action: (await client.patch(`${one}/START`, { version: record.version })).status } : {}),
    ...(entity.tags ? { tags: (await client.patch(`/back/bo/tags/${entity.name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_${id}`, [])).status } : {}),
  };
  expect(Object.values(replies).every((status) => status === 404), `${entity.name} #${id}: ${JSON.stringify(replies)}`).toBe(true);
  expect(await snapshot(entity, id)).toBe(before);
}

beforeAll(async () => {
  server = await startServer();
  people = await demoPeople(server.store);
  await server.store.update('contacts', people.sales.contactId, (contact: Row) => ({ ...contact, account: { ...(contact.account as Row), profiles: ['MANAGER'] } }));
  clients = Object.fromEntries(await Promise.all(WHO.map(async (who) => [who, await loginAs(server, ACCOUNTS[who])]))) as Record<Who, Client>;
});
afterAll(() => server?.close());

describe('universes are airtight', () => {
  it('searches and lookups answer only records of the caller’s universe, both ways', async () => {
    for (const who of ['outsider', 'quality', 'manager', 'admin'] as const) {
      for (const entity of quality) {
        const ids = await answeredIds(clients[who], entity);
        const lookup = (await clients[who].get(`${entity.api}/lookup`)).body.map((option: { value: number }) => option.value);
        const universes = new Set(await Promise.all([...ids, ...lookup].map(async (id) => (await stored(entity, id))!.universeId)));
        expect([...universes], `${who} ${entity.name}`).toEqual(ids.length ? [people[who].universeId] : []);
      }
    }
  });

  it('a lookup by id of the other universe’s record, company or contact answers nothing', async () => {
    const capa = quality.find((entity) => entity.name === 'capa')!;
    const mainCapa = idOf(capa, await seedRecord(capa, (record) => record.universeId === MAIN()));
    const otherCapa = idOf(capa, await seedRecord(capa, (record) => record.universeId === OTHER()));
    const { outsider, quality: brand } = clients;
    expect((await outsider.get('/back/bo/capas/lookup', { id: mainCapa })).body).toEqual([]);
    expect((await brand.get('/back/bo/capas/lookup', { id: otherCapa })).body).toEqual([]);
    expect((await brand.get('/back/bo/capas/lookup', { id: mainCapa })).body).toHaveLength(1);
    for (const source of ['allcompanies', 'decisionmakers']) {
      expect((await outsider.get(`/back/bo/networkcombo/${source}`, { id: people.quality.companyId })).body).toEqual([]);
      expect((await brand.get(`/back/bo/networkcombo/${source}`, { id: people.outsider.companyId })).body).toEqual([]);
    }
    expect((await outsider.get('/back/bo/networkcombo/contacts', { id: people.quality.contactId })).body).toEqual([]);
    expect((await brand.get('/back/bo/networkcombo/contacts', { id: people.outsider.contactId })).body).toEqual([]);
    const outsiderNetwork = (await outsider.get('/back/bo/networkcombo/allcompanies')).body.map((option: { label: string }) => option.label);
    expect(outsiderNetwork.sort()).toEqual(['Harbor Apparel Ltd', 'Northwind Goods']);
  });

  it('tags of the other universe are neither offered nor shown', async () => {
    const labels = async (client: Client) => (await client.get('/back/bo/tags/CAPA,NON_COMPLIANCE/options')).body.map((option: { label: string }) => option.label);
    expect(await labels(clients.outsider)).toEqual(['Priority']);
    expect(await labels(clients.quality)).not.toContain('Priority');
    expect(await labels(clients.admin)).not.toContain('Priority');
    const priority = (await server.store.find('tags', (tag) => tag.localizedName === 'Priority'))[0].tagId;
    const nc = quality.find((entity) => entity.name === 'nonCompliance')!;
    const tagged = await seedRecord(nc, (record) => record.universeId === OTHER() && (record.tags as number[]).includes(priority as number));
    expect((await clients.outsider.get(`/back/bo/tags/NON_COMPLIANCE_${idOf(nc, tagged)}`)).body.map((tag: Row) => tag.localizedName)).toEqual(['Priority']);
  });

  it('records of the other universe are not found, and writes to them change nothing, both ways', async () => {
    for (const entity of quality) {
      // A record the brand or the inspection company sees (fee sheets are the inspection company's).
      const seenInMain = (record: Row) => record.universeId === MAIN() && (companySees(entity, record, people.quality) || companySees(entity, record, people.manager));
      await assertUnreachable(clients.outsider, entity, idOf(entity, await seedRecord(entity, seenInMain)));
      const other = idOf(entity, await seedRecord(entity, (record) => record.universeId === OTHER()));
      await assertUnreachable(clients.quality, entity, other);
      await assertUnreachable(clients.admin, entity, other);
    }
  });

  it('ids of the other universe cannot be written into records (400, nothing created)', async () => {
    const count = async () => (await server.store.all('capas')).length;
    const before = await count();
    const lumiereTag = (await server.store.find('tags', (tag) => tag.localizedName === 'Customer complaint'))[0].tagId;
    const capa = { title: 'Cross-universe attempt', capaType: 'CONTAINMENT', startDate: today() };
    const site = await clients.outsider.post('/back/bo/capas', { ...capa, site: await companyId('Shenzhen Textile Co') });
    expect([site.status, site.body.errors]).toEqual([400, [{ path: '/site', message: 'unknown or unavailable value' }]]);
    const tag = await clients.outsider.post('/back/bo/capas', { ...capa, tags: [lumiereTag] });
    expect([tag.status, tag.body.errors]).toEqual([400, [{ path: '/tags/0', message: 'unknown or disabled tag' }]]);
    const target = await clients.admin.post('/back/bo/capas', { ...capa, target: people.outsider.companyId });
    expect([target.status, target.body.errors]).toEqual([400, [{ path: '/target', message: 'unknown or unavailable value' }]]);
    expect(await count()).toBe(before);
  });

  it('saved filters stay with their owners, in their universe', async () => {
    const created = await clients.quality.post('/back/bo/userfilter/capa', { name: 'Brand open CAPA', filter: { statuses: ['NEW'] }, shared: true });
    expect(created.status, created.text).toBe(201);
    const filter = created.body as Row;
    const before = JSON.stringify(await server.store.get('userFilters', filter.userFilterId as number));
    const names = async (who: Who) => (await clients[who].get('/back/bo/userfilter/capa')).body.map((row: Row) => row.name);
    expect(await names('buyer')).toContain('Brand open CAPA');
    expect(await names('outsider')).not.toContain('Brand open CAPA');
    expect(await names('manager')).not.toContain('Brand open CAPA');
    expect((await clients.outsider.put('/back/bo/userfilter/capa', { ...filter, name: 'Taken over' })).status).toBe(404);
    expect((await clients.outsider.put('/back/bo/userfilter/capa/default', { userFilterId: filter.userFilterId })).status).toBe(404);
    expect((await clients.outsider.delete(`/back/bo/userfilter/${filter.userFilterId}`)).status).toBe(404);
    expect(JSON.stringify(await server.store.get('userFilters', filter.userFilterId as number))).toBe(before);
  });

  it('contacts and companies of the other universe cannot be administered', async () => {
    const contactBefore = JSON.stringify(await server.store.get('contacts', people.quality.contactId));
    expect((await clients.outsider.get(`/back/bo/contacts/admin/${people.quality.contactId}`)).status).toBe(404);
    expect((await clients.outsider.delete(`/back/bo/contacts/admin/${people.quality.contactId}`)).status).toBe(404);
    expect((await clients.outsider.get('/back/bo/contacts/admin/', { companyId: people.quality.companyId })).status).toBe(403);
    expect((await clients.admin.get(`/back/bo/contacts/admin/${people.outsider.contactId}`)).status).toBe(404);
    expect((await clients.admin.delete(`/back/bo/companies/${people.outsider.companyId}`)).status).toBe(404);
    expect((await clients.admin.patch(`/back/bo/companies/${people.outsider.companyId}/toggleVisibility`)).status).toBe(404);
    expect((await clients.admin.get('/back/login/impersonate', { username: ACCOUNTS.outsider })).status).toBe(404);
    expect((await server.store.get('companies', people.outsider.companyId))!.archived).toBeFalsy();
    expect(JSON.stringify(await server.store.get('contacts', people.quality.contactId))).toBe(contactBefore);
  });
});

describe('a company sees its own records and those where it plays a role', () => {
  it('a search answers exactly the records naming the company in an x-visibility field', async () => {
    for (const who of ['manager', 'quality', 'sales'] as const) {
      for (const entity of quality) {
        const expected = await expectedIds(entity, people[who]);
        expect(await answeredIds(clients[who], entity), `${who} ${entity.name}`).toEqual(expected);
      }
    }
    // The seed gives each of them a part of the records, not all, not none.
    const capa = quality.find((entity) => entity.name === 'capa')!;
    const all = (await server.store.all('capas')).filter((record) => record.universeId === MAIN()).length;
    for (const who of ['manager', 'sales'] as const) {
      const count = (await expectedIds(capa, people[who])).length;
      expect(count, who).toBeGreaterThan(0);
      expect(count, who).toBeLessThan(all);
    }
  });

  it('the supplier sees the CAPA of its site, not one whose site, target and creator are other companies', async () => {
    const capa = quality.find((entity) => entity.name === 'capa')!;
    const shenzhen = people.sales.companyId;
    const ownSite = await seedRecord(capa, (record) => record.universeId === MAIN() && record.site === shenzhen);
    const elsewhere = await seedRecord(capa, (record) => record.universeId === MAIN() && ![record.site, record.target, record.companyCreator].includes(shenzhen));
    expect((await clients.sales.get(`/back/bo/capas/${idOf(capa, ownSite)}`)).status).toBe(200);
    await assertUnreachable(clients.sales, capa, idOf(capa, elsewhere));
    expect((await clients.quality.get(`/back/bo/capas/${idOf(capa, elsewhere)}`)).status).toBe(200);
  });

  it('the inspection company does not reach what the brand created for a factory, nor the brand’s cost lines', async () => {
    const atlas = people.manager.companyId;
    const lumiere = people.quality.companyId;
    const cases: [string, (record: Row) => boolean][] = [
      ['capa', (record) => record.companyCreator === lumiere],
      ['nonCompliance', (record) => record.companyCreator === lumiere],
      ['structuralCost', (record) => record.companyId === lumiere],
    ];
    for (const [name, where] of cases) {
      const entity = quality.find((def) => def.name === name)!;
      const record = await seedRecord(entity, (row) => row.universeId === MAIN() && where(row) && !companySees(entity, row, people.manager));
      expect((await clients.quality.get(`${entity.api}/${idOf(entity, record)}`)).status).toBe(200);
      await assertUnreachable(clients.manager, entity, idOf(entity, record));
    }
    const atlasCost = quality.find((def) => def.name === 'structuralCost')!;
    await assertUnreachable(clients.quality, atlasCost, idOf(atlasCost, await seedRecord(atlasCost, (record) => record.companyId === atlas)));
  });

  it('an account without the MANAGER flag gets 403 even on records naming its company', async () => {
    const capa = quality.find((entity) => entity.name === 'capa')!;
    const forBrand = await seedRecord(capa, (record) => record.target === people.buyer.companyId);
    expect((await clients.buyer.get(`/back/bo/capas/${idOf(capa, forBrand)}`)).status).toBe(403);
    expect((await clients.buyer.get('/back/bo/capas/')).status).toBe(403);
    expect((await clients.inspector.get(`/back/bo/tags/CAPA_${idOf(capa, forBrand)}`)).status).toBe(403);
  });
});

describe('SUPER_ADMIN', () => {
  it('sees every record of its universe and none of the other', async () => {
    for (const entity of quality) {
      const universe = (await server.store.all(entity.collection)).filter((record) => record.universeId === MAIN()).map((record) => idOf(entity, record)).sort((a, b) => a - b);
      expect(await answeredIds(clients.admin, entity), entity.name).toEqual(universe);
    }
    const events = (await clients.admin.get('/back/bo/admin/loginEvent/')).body as Row[];
    expect(events.some((event) => event.universeId === MAIN())).toBe(true);
    expect(events.filter((event) => event.universeId === OTHER())).toEqual([]);
    expect((await server.store.all('loginEvents')).some((event) => event.universeId === OTHER())).toBe(true);
  });
});
