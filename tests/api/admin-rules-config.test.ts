import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, ROOT, copySchemas, loginAs, startServer, type Client, type Reply, type TestServer } from './helpers';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { refusedWithoutWrites } from './refused';

/**
 * The owned lists' rules for lists a config author adds as JSON only (tests/fixtures/owned-lists):
 * a global list (x-scope global: read in every universe, written with EDIT_GLOBAL_DATA), and "in use"
 * found from the configuration alone: an x-lookup of another entity (at the top and inside an array)
 * and an x-usedBy path through an array holding a code. An archived record cannot be newly picked.
 */
let schemasDir: string;
let server: TestServer;
let admin: Client, manager: Client, outsider: Client;
let watch: WriteWatch;
const GADGETS = '/back/bo/gadgets/admin';
const KITS = '/back/bo/kits/admin';
const SEASONS = '/back/bo/seasons/admin';

beforeAll(async () => {
  schemasDir = await copySchemas();
  await cp(join(ROOT, 'tests/fixtures/owned-lists'), schemasDir, { recursive: true });
  server = await startServer({ schemasDir });
  [admin, manager, outsider] = await Promise.all([ACCOUNTS.admin, ACCOUNTS.manager, ACCOUNTS.outsider].map((email) => loginAs(server, email)));
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
  await rm(schemasDir, { recursive: true, force: true });
});

/** The call is refused with `status` and writes nothing but the audit. */
const refused = (status: number, call: () => Promise<Reply>): Promise<Reply> => refusedWithoutWrites(watch, status, call);

const created = async (client: Client, url: string, body: object) => {
  const reply = await client.post(url, body);
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
};

describe('x-scope global', () => {
  it('is written with EDIT_GLOBAL_DATA only (403 before the body), read in every universe, its codes unique across all', async () => {
    const g1 = await created(admin, GADGETS, { code: 'G1' });
    await refused(403, () => manager.post(GADGETS, { code: 'G2' }));
    await refused(403, () => manager.post(GADGETS, { notAField: true }));
    await refused(403, () => outsider.put(`${GADGETS}/${g1.gadgetId}`, { ...g1, code: 'G1B' }));
    await refused(403, () => outsider.delete(`${GADGETS}/${g1.gadgetId}`));
    expect((await outsider.get(`${GADGETS}/${g1.gadgetId}`)).body.code).toBe('G1');
    expect((await outsider.get(`${GADGETS}/lookup`)).body).toEqual([{ value: g1.gadgetId, label: 'G1' }]);
    await refused(422, () => admin.post(GADGETS, { code: ' g1' }));
  });
});

describe('in use, from the configuration', () => {
  it('a season a kit names through its x-lookup is not deleted (422 WARN), nor a gadget named inside a kit’s array', async () => {
    const season = await created(admin, SEASONS, { code: 'SS29', names: { en: 'Spring-summer 2029' }, year: 2029, period: 'SS' });
    const gadget = await created(admin, GADGETS, { code: 'G-PART' });
    const spare = await created(admin, GADGETS, { code: 'G-SPARE' });
    const free = await created(admin, GADGETS, { code: 'G-FREE' });
    await created(manager, KITS, { name: 'Travel kit', seasonId: season.seasonId, parts: [{}, { gadgetId: gadget.gadgetId }], spares: [{ gadgetCode: 'G-SPARE' }] });
    for (const url of [`${SEASONS}/${season.seasonId}`, `${GADGETS}/${gadget.gadgetId}`, `${GADGETS}/${spare.gadgetId}`]) {
      const reply = await refused(422, () => admin.delete(url));
      expect(reply.body).toMatchObject({ level: 'WARN', message: 'This item may be in use: archive it instead' });
    }
    expect((await admin.delete(`${GADGETS}/${free.gadgetId}`)).body).toBe(true);
  });

  it('an archived season cannot be newly picked (400 at the field) but a kit keeps the one it had', async () => {
    const season = await created(admin, SEASONS, { code: 'FW29', names: { en: 'Fall-winter 2029' }, year: 2029, period: 'FW' });
    const kit = await created(manager, KITS, { name: 'Winter kit', seasonId: season.seasonId });
    expect((await admin.put(`${SEASONS}/${season.seasonId}`, { ...season, archived: true })).status).toBe(200);
    const reply = await refused(400, () => manager.post(KITS, { name: 'Late kit', seasonId: season.seasonId }));
    expect(reply.body.errors).toEqual([{ path: '/seasonId', message: 'unknown or unavailable value' }]);
    const kept = await manager.put(`${KITS}/${kit.kitId}`, { ...kit, name: 'Winter kit (2)' });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.seasonId).toBe(season.seasonId);
  });
});
