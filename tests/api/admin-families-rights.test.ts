import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Row } from '../../server/store/types';
import { ACCOUNTS, type Client, type Reply, type TestServer } from './helpers';
import { network, type Network } from './service-fixtures';

/**
 * The families' lists (spec §7.8): laboratory tests and their families (global: everybody reads,
 * EDIT_GLOBAL_DATA writes), products and defects and their families (the universe's, written by its
 * administrators; a company with LOCAL_ADMIN or ADMIN adds its own with CUSTOM_PRODUCT /
 * CUSTOM_DEFECT). Every refusal — a duplicate code (422), a missing flag (403), another company's
 * record (404), another universe's (404), a delete of a record in use (422, archive instead) —
 * writes nothing.
 *
 * A profile named `FLAGS:A,B` stands for exactly the flags A, B (tests/api/exactFlags.ts).
 */
vi.mock('../../server/auth/roles', async (original) => (await import('./exactFlags')).withExactFlags(await original()));

type Who = 'admin' | 'quality' | 'outsider' | 'manager';
let server: TestServer;
let clients: Record<Who, Client>;
let net: Network;

beforeAll(async () => {
  vi.resetModules();
  const { startWithLogins } = await import('./helpers');
  ({ server, clients } = await startWithLogins(['admin', 'quality', 'outsider', 'manager'] as const));
  net = await network(server.store);
});
afterAll(() => server?.close());

async function holdFlags(who: Who, flags: string[]): Promise<void> {
  await server.store.update<Row>('contacts', net.contacts[ACCOUNTS[who]], (contact) => ({ ...contact, account: { ...(contact.account as Row), profiles: [`FLAGS:${flags.join(',')}`] } }));
}

/** The call is refused with `status`, and the collection is exactly as before. */
async function refused(collection: string, call: () => Promise<Reply>, status: number): Promise<Reply> {
  const before = await server.store.all(collection);
  const reply = await call();
  expect(reply.status, reply.text).toBe(status);
  expect(await server.store.all(collection)).toEqual(before);
  return reply;
}

const one = async (collection: string, where: (row: Row) => boolean): Promise<Row> => (await server.store.find(collection, where))[0];

interface UniverseList {
  name: string;
  api: string;
  collection: string;
  idField: string;
  flag: string;
  /** A valid body in the main universe (its family, when an item). */
  body: () => Promise<Row>;
  /** A code of the main universe's seed. */
  seededCode: string;
}

const familyIn = async (collection: string, idField: string, code: string, universeId: number) =>
  (await one(collection, (row) => row.code === code && row.universeId === universeId && row.companyId === undefined))[idField] as number;

const LISTS: UniverseList[] = [
  { name: 'productFamily', api: '/back/bo/products/admin/families', collection: 'productFamilies', idField: 'productFamilyId', flag: 'CUSTOM_PRODUCT', body: async () => ({ names: { en: 'Swimwear' } }), seededCode: 'RTW' },
  {
    name: 'product',
    api: '/back/bo/products/admin',
    collection: 'products',
    idField: 'productId',
    flag: 'CUSTOM_PRODUCT',
    body: async () => ({ productFamilyId: await familyIn('productFamilies', 'productFamilyId', 'RTW', net.universeId), names: { en: 'Skirt', fr: 'Jupe', it: 'Gonna' } }),
    seededCode: 'DRESS',
  },
  { name: 'defectFamily', api: '/back/bo/defects/admin/families', collection: 'defectFamilies', idField: 'defectFamilyId', flag: 'CUSTOM_DEFECT', body: async () => ({ names: { en: 'Odour' } }), seededCode: 'APP' },
  {
    name: 'defect',
    api: '/back/bo/defects/admin',
    collection: 'defects',
    idField: 'defectId',
    flag: 'CUSTOM_DEFECT',
    body: async () => ({ defectFamilyId: await familyIn('defectFamilies', 'defectFamilyId', 'APP', net.universeId), names: { en: 'Glue mark' }, category: 'APPEARANCE' }),
    seededCode: 'APP-01',
  },
];

describe.each(LISTS)('$name: the universe’s list, a company’s own beside it', (list) => {
  let code = 0;
  const fresh = () => `${list.name.slice(0, 3).toUpperCase()}-T${(code += 1)}`;

  it('the universe admin writes the universe’s records; a duplicate code (trimmed, any case) is refused 422, nothing written', async () => {
    await holdFlags('admin', ['SUPER_ADMIN', 'UNIVERSE_ADMIN']);
    const created = await clients.admin.post(list.api, { ...(await list.body()), code: fresh() });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ universeId: net.universeId, archived: false });
    expect(created.body.companyId).toBeUndefined();
    const duplicate = await refused(list.collection, () => list.body().then((body) => clients.admin.post(list.api, { ...body, code: ` ${list.seededCode.toLowerCase()} ` })), 422);
    expect(duplicate.body).toMatchObject({ exception: 'BusinessException', errors: [{ path: '/code', message: 'Code already in use' }] });
    // Changing a record to a code in use: refused too.
    await refused(list.collection, () => clients.admin.put(`${list.api}/${created.body[list.idField]}`, { ...created.body, code: list.seededCode }), 422);
  });

  it("a company's LOCAL_ADMIN adds its own only with the list's CUSTOM flag: 403 without it; never changes the universe's records", async () => {
    await holdFlags('quality', ['LOCAL_ADMIN']);
    await refused(list.collection, async () => clients.quality.post(list.api, { ...(await list.body()), code: fresh() }), 403);
    await holdFlags('quality', ['LOCAL_ADMIN', list.flag]);
    const own = await clients.quality.post(list.api, { ...(await list.body()), code: fresh() });
    expect(own.status, own.text).toBe(201);
    expect(own.body.companyId).toBe(net.lumiere);
    // It reads its own and the universe's records, and writes its own only.
    const listed = await clients.quality.get(`${list.api}/`);
    expect(listed.status).toBe(200);
    expect(listed.body.every((row: Row) => row.companyId === undefined || row.companyId === net.lumiere)).toBe(true);
    expect(listed.body.some((row: Row) => row.code === list.seededCode)).toBe(true);
    const universe = await one(list.collection, (row) => row.code === list.seededCode && row.universeId === net.universeId);
    await refused(list.collection, () => clients.quality.put(`${list.api}/${universe[list.idField]}`, { ...universe, names: { en: 'Renamed' } }), 403);
    await refused(list.collection, () => clients.quality.delete(`${list.api}/${universe[list.idField]}`), 403);
    // Without LOCAL_ADMIN (nor ADMIN), the flag alone does not open the list.
    await holdFlags('quality', [list.flag, 'MANAGER']);
    await refused(list.collection, async () => clients.quality.post(list.api, { ...(await list.body()), code: fresh() }), 403);
  });

  it('another company’s own record is not found (404), in its list nor by id; nothing written', async () => {
    const body = await list.body();
    const { [list.idField]: atlasId } = await server.store.insert(list.collection, list.idField, { ...body, code: fresh(), universeId: net.universeId, companyId: net.atlas, archived: false });
    await holdFlags('quality', ['LOCAL_ADMIN', list.flag]);
    expect((await clients.quality.get(`${list.api}/${atlasId}`)).status).toBe(404);
    expect((await clients.quality.get(`${list.api}/`)).body.map((row: Row) => row[list.idField])).not.toContain(atlasId);
    await refused(list.collection, () => clients.quality.put(`${list.api}/${atlasId}`, { ...body, code: 'X-1', version: 1 }), 404);
    await refused(list.collection, () => clients.quality.delete(`${list.api}/${atlasId}`), 404);
    // Nor may a company name another as the owner of a new record.
    await refused(list.collection, async () => clients.quality.post(list.api, { ...(await list.body()), code: fresh(), companyId: net.atlas }), 404);
  });

  it('another universe’s records are not found (404), whatever the caller’s flags; nothing written', async () => {
    await holdFlags('outsider', ['LOCAL_ADMIN', 'UNIVERSE_ADMIN', list.flag]);
    const record = await one(list.collection, (row) => row.code === list.seededCode && row.universeId === net.universeId);
    const url = `${list.api}/${record[list.idField]}`;
    expect((await clients.outsider.get(url)).status).toBe(404);
    expect((await clients.outsider.get(`${list.api}/`)).body.every((row: Row) => row.universeId !== net.universeId)).toBe(true);
    await refused(list.collection, () => clients.outsider.put(url, { ...record, names: { en: 'Elsewhere' } }), 404);
    await refused(list.collection, () => clients.outsider.delete(url), 404);
    await refused(list.collection, async () => clients.outsider.post(list.api, { ...(await list.body()), code: fresh(), companyId: net.lumiere }), 404);
  });
});

describe('delete of a record in use: refused with the warning, archived instead', () => {
  it('a defect family with defects, a defect named by a report: 422 WARN, nothing removed; archived they leave the lookups, still read by id', async () => {
    await holdFlags('admin', ['SUPER_ADMIN', 'UNIVERSE_ADMIN']);
    const family = await one('defectFamilies', (row) => row.code === 'WRK' && row.universeId === net.universeId && row.companyId === undefined);
    const familyUrl = `/back/bo/defects/admin/families/${family.defectFamilyId}`;
    const inUse = await refused('defectFamilies', () => clients.admin.delete(familyUrl), 422);
    expect(inUse.body).toMatchObject({ level: 'WARN', message: 'This item may be in use: archive it instead' });

    const named = new Set((await server.store.all('reports')).flatMap((report) => ((report.defects as Row[] | undefined) ?? []).map((line) => line.defectId)));
    const used = await one('defects', (row) => named.has(row.defectId) && row.universeId === net.universeId);
    await refused('defects', () => clients.admin.delete(`/back/bo/defects/admin/${used.defectId}`), 422);
    const archived = await clients.admin.put(`/back/bo/defects/admin/${used.defectId}`, { ...used, archived: true });
    expect(archived.status, archived.text).toBe(200);
    expect((await clients.admin.get('/back/bo/defects/admin/lookup')).body.map((option: Row) => option.value)).not.toContain(used.defectId);
    expect((await clients.admin.get('/back/bo/defects/admin/lookup', { id: String(used.defectId) })).body).toEqual([{ value: used.defectId, label: (used.names as Row).en }]);

    // A defect nothing names is deleted.
    const spare = await clients.admin.post('/back/bo/defects/admin', { defectFamilyId: family.defectFamilyId, code: 'WRK-77', names: { en: 'Spare' }, category: 'WORKMANSHIP' });
    expect((await clients.admin.delete(`/back/bo/defects/admin/${spare.body.defectId}`)).body).toBe(true);
    expect(await server.store.get('defects', spare.body.defectId)).toBeUndefined();
  });
});

describe('laboratory tests and their families: the platform’s, shared by every universe', () => {
  const FAMILIES = '/back/bo/laboratoryTests/admin/families';
  const TESTS = '/back/bo/laboratoryTests/admin';

  it('everybody logged in reads them, of any universe, with names in their language', async () => {
    for (const who of ['quality', 'outsider', 'manager'] as const) await holdFlags(who, ['MANAGER']);
    for (const who of ['quality', 'outsider', 'manager'] as const) {
      const tests = await clients[who].get(`${TESTS}/`);
      expect(tests.status, tests.text).toBe(200);
      expect(tests.body.map((row: Row) => row.code)).toEqual(expect.arrayContaining(['COL-WASH', 'CHE-AZO']));
      const families = await clients[who].get(`${FAMILIES}/lookup`);
      expect(families.body.map((option: Row) => option.label)).toContain('Colour fastness');
    }
  });

  it('only EDIT_GLOBAL_DATA writes them (403 otherwise), codes unique across all (422), a family in use is archived, not deleted; nothing written on a refusal', async () => {
    const colour = await one('laboratoryTestFamilies', (row) => row.code === 'COL');
    const body = { laboratoryTestFamilyId: colour.laboratoryTestFamilyId, code: 'COL-DRY', names: { en: 'Colour fastness to dry cleaning' }, method: 'ISO 105-D01' };
    await holdFlags('quality', ['MANAGER', 'LOCAL_ADMIN', 'ADMIN', 'UNIVERSE_ADMIN']);
    await refused('laboratoryTests', () => clients.quality.post(TESTS, body), 403);
    const wash = await one('laboratoryTests', (row) => row.code === 'COL-WASH');
    await refused('laboratoryTests', () => clients.quality.put(`${TESTS}/${wash.laboratoryTestId}`, { ...wash, method: 'changed' }), 403);
    await refused('laboratoryTests', () => clients.quality.delete(`${TESTS}/${wash.laboratoryTestId}`), 403);

    await holdFlags('outsider', ['EDIT_GLOBAL_DATA']);
    const created = await clients.outsider.post(TESTS, body);
    expect(created.status, created.text).toBe(201);
    const duplicate = await refused('laboratoryTests', () => clients.outsider.post(TESTS, { ...body, code: 'col-wash' }), 422);
    expect(duplicate.body.errors).toEqual([{ path: '/code', message: 'Code already in use' }]);
    // Another universe's caller changes the shared list too: it is everybody's.
    await holdFlags('admin', ['SUPER_ADMIN', 'EDIT_GLOBAL_DATA']);
    expect((await clients.admin.put(`${TESTS}/${created.body.laboratoryTestId}`, { ...created.body, method: 'ISO 105-D01:2010' })).status).toBe(200);
    const inUse = await refused('laboratoryTestFamilies', () => clients.admin.delete(`${FAMILIES}/${colour.laboratoryTestFamilyId}`), 422);
    expect(inUse.body.level).toBe('WARN');
  });
});
