import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/store/postgres/migrations';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { Client, startWithLogins, type TestServer } from './helpers';
import { refusedWithoutWrites } from './refused';

/**
 * /admin/database's calls (server/admin/): the count of every collection, the store's own state
 * (the embedded store's journal and fold, PostgreSQL's migration level), and the consistency check
 * that finds references naming no record, from the configuration's foreign keys. Platform
 * administrators only.
 */
let server: TestServer;
let admin: Client;
let manager: Client;
let quality: Client;
let outsider: Client;
let watch: WriteWatch;

beforeAll(async () => {
  ({ server, clients: { admin, manager, quality, outsider } } = await startWithLogins(['admin', 'manager', 'quality', 'outsider']));
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

const ok = async (path: string) => {
  const reply = await admin.get(path);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
};

describe('GET /back/bo/admin/database', () => {
  it('counts every collection and shows the store’s state: the journal and its fold, or the migration level', async () => {
    const body = await ok('/back/bo/admin/database');
    const counts = Object.fromEntries(body.collections.map((row: { name: string; count: number }) => [row.name, row.count]));
    for (const collection of ['services', 'contacts', 'companies', 'capas']) expect(counts[collection]).toBe((await server.store.all(collection)).length);
    expect(counts.services).toBeGreaterThan(0);
    if (server.databaseUrl) {
      const latest = MIGRATIONS.at(-1)!.version;
      expect(body.store).toMatchObject({ kind: 'postgres', migration: { level: latest, latest, pending: [] } });
    } else {
      expect(body.store.kind).toBe('embedded');
      const { journal } = body.store;
      // The logins above were written to the journal, not yet folded into the data file.
      expect(journal.journalBytes).toBeGreaterThan(0);
      expect(journal.dataFileBytes).toBeGreaterThan(0);
      expect(journal.foldAtBytes).toBeGreaterThan(journal.journalBytes);
      expect(journal).toMatchObject({ folding: false, lastFoldAt: null });
    }
    expect(body.store.collections).toContain('services');
    // The page's table: the same facts as rows.
    const facts = Object.fromEntries(body.facts.map((row: { fact: string; value?: number; state?: string }) => [row.fact, row.value ?? row.state]));
    expect(facts.RECORDS).toBe(body.collections.reduce((sum: number, row: { count: number }) => sum + row.count, 0));
    expect(facts.STORE).toBe(server.databaseUrl ? 'POSTGRES' : 'EMBEDDED');
    if (server.databaseUrl) expect(facts).toMatchObject({ MIGRATIONS: 'UP_TO_DATE', MIGRATION_LEVEL: MIGRATIONS.at(-1)!.version });
    else expect(facts).toMatchObject({ FOLD: 'IDLE', JOURNAL_BYTES: body.store.journal.journalBytes });
  });
});

describe('GET /back/bo/admin/database/consistency', () => {
  it('finds what the demo store names wrongly, then each reference a broken record makes, by collection, field and record', async () => {
    const demo = await ok('/back/bo/admin/database/consistency');
    expect(demo.keys).toBeGreaterThan(20);
    expect(demo.records).toBeGreaterThan(0);
    // The demo seed gives the other universe's services (and an invoice line) sector codes only the brand's universe has: found.
    expect(demo.dangling.map((row: { collection: string; path: string; target: string }) => `${row.collection}.${row.path}→${row.target}`).sort()).toEqual(['invoiceLines.sector→sector', 'services.sector→sector']);
    for (const row of demo.dangling) {
      for (const { id } of row.examples) expect((await server.store.get(row.collection, id))!.universeId).toBe(2);
    }

    // A service naming a client that does not exist, written behind the API's back.
    const [service] = await server.store.find('services', (row) => row.universeId === 1);
    await server.store.update('services', service.serviceId as number, (current) => ({ ...current, client: 987654 }));
    const broken = await ok('/back/bo/admin/database/consistency');
    expect(broken.dangling).toContainEqual({ collection: 'services', path: 'client', target: 'company', field: 'companyId', count: 1, examples: [{ id: service.serviceId, value: 987654 }], exampleIds: String(service.serviceId) });
    expect(broken.dangling).toHaveLength(demo.dangling.length + 1);
    // A CAPA whose list of tags names a missing tag (a path through an array of ids).
    const [capa] = await server.store.find('capas', (row) => row.universeId === 1);
    await server.store.update('capas', capa.capaId as number, (current) => ({ ...current, tags: [424242] }));
    expect((await ok('/back/bo/admin/database/consistency')).dangling).toContainEqual(expect.objectContaining({ collection: 'capas', path: 'tags', count: 1, examples: [{ id: capa.capaId, value: 424242 }] }));
    await server.store.update('capas', capa.capaId as number, (current) => ({ ...current, tags: capa.tags }));
    await server.store.update('services', service.serviceId as number, (current) => ({ ...current, client: service.client }));
    expect((await ok('/back/bo/admin/database/consistency')).dangling).toEqual(demo.dangling);
  });
});

describe('who may', () => {
  it('only the platform’s administrators: anyone else 403, without a session 403, and nothing is written', async () => {
    for (const path of ['/back/bo/admin/database', '/back/bo/admin/database/consistency']) {
      for (const caller of [manager, quality, outsider, new Client(server.url)]) await refusedWithoutWrites(watch, 403, () => caller.get(path));
    }
  });

  it('a SUPER_ADMIN of a company that does not run the platform (a customer’s universe) is refused too', async () => {
    const { companyId } = (await admin.get('/back/auth/profile')).body;
    await server.store.update('companies', companyId, (company) => ({ ...company, platform: false }));
    try {
      for (const path of ['/back/bo/admin/database', '/back/bo/admin/database/consistency']) await refusedWithoutWrites(watch, 403, () => admin.get(path));
    } finally {
      await server.store.update('companies', companyId, (company) => ({ ...company, platform: true }));
    }
    expect((await admin.get('/back/bo/admin/database')).status).toBe(200);
  });
});
