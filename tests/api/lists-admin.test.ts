import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_EVENTS, SERVER_LOGS } from '../../server/audit';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { startWithLogins, type Client, type TestServer } from './helpers';

/**
 * The administration lists of the profiles (spec §7.8): tags/admin, companyServiceBudget,
 * checkpoints, brands and sectors. Each refusal (missing role → 403, another company or universe
 * → 404) writes nothing.
 */
type Who = 'admin' | 'manager' | 'inspector' | 'quality' | 'buyer' | 'outsider';
let server: TestServer;
let clients: Record<Who, Client>;
let watch: WriteWatch;
const AUDIT = new Set([LOGIN_EVENTS, SERVER_LOGS]);
const company = async (name: string) => (await server.store.find('companies', (row) => row.name === name))[0];

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(['admin', 'manager', 'inspector', 'quality', 'buyer', 'outsider'] as const));
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

/** The call answers `status` and writes nothing (audit trails aside). */
async function refused(client: Client, method: string, url: string, status: number, json?: unknown): Promise<void> {
  const before = await watch.mark();
  const reply = await client.request(method, url, { json });
  expect(reply.status, `${method} ${url}: ${reply.text.slice(0, 200)}`).toBe(status);
  expect((await watch.writtenSince(before)).filter((collection) => !AUDIT.has(collection)), `${method} ${url} wrote`).toEqual([]);
}

/** A second record with the same value of `field`: 422 'code already in use' naming the field, nothing written. */
async function duplicate(client: Client, method: string, url: string, json: unknown, field: string): Promise<void> {
  const before = await watch.mark();
  const reply = await client.request(method, url, { json });
  expect(reply.status, reply.text).toBe(422);
  expect(reply.body.message).toMatch(/code already in use/i);
  expect(reply.body.errors).toEqual([expect.objectContaining({ path: `/${field}` })]);
  expect((await watch.writtenSince(before)).filter((collection) => !AUDIT.has(collection))).toEqual([]);
}

/** A record of `collection` owned by Como Seta (a company none of the demo accounts belongs to). */
async function comoRecord(collection: string, idField: string, record: Record<string, unknown>): Promise<number> {
  const como = await company('Como Seta S.r.l.');
  const stored = await server.store.insert(collection, idField, { ...record, companyId: como.companyId, universeId: como.universeId });
  return stored[idField] as number;
}

describe('tags/admin', () => {
  it("lists, creates, changes and deletes the caller's company's tags, with their colour", async () => {
    const lumiere = await company('Maison Lumière');
    const list = await clients.buyer.get('/back/bo/tags/admin/');
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((tag: { companyId: number }) => tag.companyId === lumiere.companyId)).toBe(true);
    const created = await clients.buyer.post('/back/bo/tags/admin', { localizedName: 'Packaging issue', color: '#e64980', privacy: 'VISIBLE', sources: ['CAPA'] });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ companyId: lumiere.companyId, color: '#e64980', disabled: false });
    // Offered at once by the tag pickers of its source.
    expect((await clients.quality.get('/back/bo/tags/CAPA/options')).body.map((option: { label: string }) => option.label)).toContain('Packaging issue');
    const id = created.body.tagId;
    const changed = await clients.quality.put(`/back/bo/tags/admin/${id}`, { ...created.body, color: '#12b886' });
    expect(changed.status, changed.text).toBe(200);
    await refused(clients.quality, 'PUT', `/back/bo/tags/admin/${id}`, 400, { ...changed.body, color: 'green' });
    // Another company's, another universe's: out of reach.
    await refused(clients.manager, 'PUT', `/back/bo/tags/admin/${id}`, 404, { ...changed.body, localizedName: 'Mine' });
    await refused(clients.manager, 'DELETE', `/back/bo/tags/admin/${id}`, 404);
    await refused(clients.outsider, 'GET', `/back/bo/tags/admin/${id}`, 404);
    // Names are unique in the company, compared trimmed and case-insensitively; another company may use one.
    await duplicate(clients.buyer, 'POST', '/back/bo/tags/admin', { localizedName: '  packaging ISSUE ', color: '#e64980', privacy: 'VISIBLE', sources: ['CAPA'] }, 'localizedName');
    expect((await clients.manager.post('/back/bo/tags/admin', { localizedName: 'Packaging issue', color: '#228be6', privacy: 'SECRET', sources: ['CAPA'] })).status).toBe(201);
    expect((await clients.quality.delete(`/back/bo/tags/admin/${id}`)).body).toBe(true);
  });

  it("is a section any member of the company opens (spec §6.1): a local manager sees it, reads and adds his company's tags, not another company's", async () => {
    const { screens, closedRoutes } = (await clients.buyer.get('/back/schemas')).body as { screens: { route: string }[]; closedRoutes: string[] };
    expect(screens.map((screen) => screen.route)).toContain('/profileCompany/:companyId/tags');
    expect(closedRoutes).not.toContain('/profileCompany/:companyId/tags');
    const lumiere = await company('Maison Lumière');
    const added = await clients.buyer.post('/back/bo/tags/admin', { localizedName: 'Stitching to check', color: '#fab005', privacy: 'VISIBLE', sources: ['SERVICE'] });
    expect(added.status, added.text).toBe(201);
    expect(added.body.companyId).toBe(lumiere.companyId);
    const listed = (await clients.buyer.get('/back/bo/tags/admin/')).body as { tagId: number }[];
    expect(listed.map((tag) => tag.tagId)).toContain(added.body.tagId);
    expect((await clients.buyer.get(`/back/bo/tags/admin/${added.body.tagId}`)).status).toBe(200);
    const other = await comoRecord('tags', 'tagId', { localizedName: 'Como only', color: '#228be6', privacy: 'VISIBLE', sources: ['SERVICE'], disabled: false });
    await refused(clients.buyer, 'GET', `/back/bo/tags/admin/${other}`, 404);
    await refused(clients.buyer, 'PUT', `/back/bo/tags/admin/${other}`, 404, { localizedName: 'Mine now', color: '#228be6', privacy: 'VISIBLE', sources: ['SERVICE'], version: 1 });
    await refused(clients.buyer, 'DELETE', `/back/bo/tags/admin/${other}`, 404);
    expect(((await clients.buyer.get('/back/bo/tags/admin/')).body as { tagId: number }[]).map((tag) => tag.tagId)).not.toContain(other);
  });

  it('refuses to delete a tag records carry (archive instead: it leaves the pickers, records keep its name)', async () => {
    const { universeId } = await company('Maison Lumière');
    const capa = (await server.store.find('capas', (row) => row.universeId === universeId && Array.isArray(row.tags) && row.tags.length > 0))[0];
    const tagId = (capa.tags as number[])[0];
    const tag = (await server.store.get('tags', tagId))!;
    const owner = (await server.store.get('companies', tag.companyId as number))!;
    const client = owner.name === 'Maison Lumière' ? clients.quality : clients.manager;
    const warned = await client.request('DELETE', `/back/bo/tags/admin/${tagId}`);
    expect(warned.status).toBe(422);
    expect(warned.body).toMatchObject({ level: 'WARN' });
    expect((await server.store.get('tags', tagId))).toBeDefined();
    await refused(client, 'DELETE', `/back/bo/tags/admin/${tagId}`, 422);
    const archived = await client.put(`/back/bo/tags/admin/${tagId}`, { ...tag, disabled: true });
    expect(archived.status, archived.text).toBe(200);
    const source = (tag.sources as string[])[0];
    expect((await client.get(`/back/bo/tags/${source}/options`)).body.map((option: { value: number }) => option.value)).not.toContain(tagId);
    expect((await client.get(`/back/bo/tags/${source}/options`, { id: tagId })).body).toEqual([expect.objectContaining({ value: tagId, label: tag.localizedName })]);
    expect((await client.get('/back/bo/tags/admin/', { archived: 'true' })).body.map((row: { tagId: number }) => row.tagId)).toContain(tagId);
  });
});

describe('companyServiceBudget/admin', () => {
  it("is the provider's managers' (MANAGER): a contributor is refused, another company's budget is out of reach", async () => {
    const api = '/back/bo/companyServiceBudget/admin';
    const atlas = await company('Atlas Inspection');
    const created = await clients.manager.post(api, { code: '2027-INSP', year: 2027, department: 'INSP', amount: 250000.5, currency: 'EUR', manDays: 800 });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ companyId: atlas.companyId, amount: 250000.5 });
    await refused(clients.inspector, 'GET', `${api}/`, 403);
    await refused(clients.inspector, 'POST', api, 403, { code: '2027-X', year: 2027, department: 'INSP', amount: 1, currency: 'EUR' });
    await refused(clients.manager, 'POST', api, 400, { code: '2027-Y', year: 2017, department: 'INSP', amount: 1, currency: 'EUR' });
    const comos = await comoRecord('companyServiceBudgets', 'companyServiceBudgetId', { code: '2026-COMO', year: 2026, department: 'INSP', amount: 10, currency: 'EUR' });
    await refused(clients.manager, 'GET', `${api}/${comos}`, 404);
    await refused(clients.manager, 'PUT', `${api}/${comos}`, 404, { code: '2026-COMO', year: 2026, department: 'INSP', amount: 20, currency: 'EUR', version: 1 });
    await refused(clients.manager, 'DELETE', `${api}/${comos}`, 404);
    expect((await clients.manager.get(`${api}/`)).body.map((row: { code: string }) => row.code)).not.toContain('2026-COMO');
    await duplicate(clients.manager, 'POST', api, { code: '2027-insp', year: 2028, department: 'LAB', amount: 1, currency: 'EUR' }, 'code');
    expect((await clients.manager.delete(`${api}/${created.body.companyServiceBudgetId}`)).body).toBe(true);
  });
});

describe('checkpoints/admin', () => {
  it("is written by the universe's administrators only and stays in its universe", async () => {
    const api = '/back/bo/checkpoints/admin';
    const body = { code: 'CP-ZIP', names: { en: 'Zip pull test', fr: 'Test de traction de la fermeture', it: 'Prova di trazione della zip' }, department: 'INSP', mandatory: true };
    const created = await clients.admin.post(api, body);
    expect(created.status, created.text).toBe(201);
    expect(created.body.names.fr).toBe('Test de traction de la fermeture');
    await refused(clients.manager, 'POST', api, 403, { ...body, code: 'CP-ZIP2' });
    await duplicate(clients.admin, 'POST', api, { ...body, code: 'cp-zip' }, 'code');
    // The universe's list is read by its companies.
    expect((await clients.manager.get(`${api}/`)).body.map((row: { code: string }) => row.code)).toContain('CP-ZIP');
    await refused(clients.quality, 'PUT', `${api}/${created.body.checkpointId}`, 403, { ...created.body, mandatory: false });
    await refused(clients.quality, 'DELETE', `${api}/${created.body.checkpointId}`, 403);
    // Without the right to write the list at all (no UNIVERSE_ADMIN), 403 comes first, like route roles; with it, another universe's record is 404 (below).
    await refused(clients.outsider, 'DELETE', `${api}/${created.body.checkpointId}`, 403);
    await refused(clients.outsider, 'GET', `${api}/${created.body.checkpointId}`, 404);
    const northwind = await company('Northwind Goods');
    const theirs = (await server.store.find('checkpoints', (row) => row.universeId === northwind.universeId))[0];
    await refused(clients.admin, 'GET', `${api}/${theirs.checkpointId}`, 404);
    await refused(clients.admin, 'DELETE', `${api}/${theirs.checkpointId}`, 404);
    expect((await clients.admin.get(`${api}/`)).body.every((row: { universeId: number }) => row.universeId !== northwind.universeId)).toBe(true);
  });
});

describe('brands and sectors', () => {
  it('creates at POST /create?companyId= (the caller’s company; another one is out of reach), changes, lists and deletes', async () => {
    const lumiere = await company('Maison Lumière');
    const atlas = await company('Atlas Inspection');
    const created = await clients.quality.post(`/back/bo/brands/create?companyId=${lumiere.companyId}`, { code: 'ML-HOME', name: 'Lumière Maison', color: '#fa5252' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ companyId: lumiere.companyId, archived: false });
    await refused(clients.quality, 'POST', `/back/bo/brands/create?companyId=${atlas.companyId}`, 404, { code: 'ML-X', name: 'X' });
    await refused(clients.buyer, 'POST', `/back/bo/brands/create?companyId=${lumiere.companyId}`, 403, { code: 'ML-Y', name: 'Y' });
    await duplicate(clients.quality, 'POST', `/back/bo/brands/create?companyId=${lumiere.companyId}`, { code: 'ml-home', name: 'Twice' }, 'code');
    // Another company's code is no duplicate.
    expect((await clients.outsider.post('/back/bo/brands/create', { code: 'ML-HOME', name: 'Northwind Home' })).status).toBe(201);
    await refused(clients.outsider, 'PUT', `/back/bo/brands/${created.body.brandId}`, 404, { ...created.body, name: 'Taken' });
    const renamed = await clients.quality.put(`/back/bo/brands/${created.body.brandId}`, { ...created.body, name: 'Lumière Home' });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await clients.quality.get('/back/bo/brands/')).body.map((brand: { name: string }) => brand.name)).toContain('Lumière Home');
    expect((await clients.quality.delete(`/back/bo/brands/${created.body.brandId}`)).body).toBe(true);
  });

  it("keeps each company's sectors apart: a provider and a brand each have theirs", async () => {
    const sector = await clients.manager.post('/back/bo/sectors/create', { code: 'LUX', names: { en: 'Luxury goods', fr: 'Produits de luxe' } });
    expect(sector.status, sector.text).toBe(201);
    const id = sector.body.sectorId;
    await refused(clients.quality, 'GET', `/back/bo/sectors/${id}`, 404);
    await refused(clients.quality, 'PUT', `/back/bo/sectors/${id}`, 404, { ...sector.body, code: 'LUX2' });
    await refused(clients.quality, 'DELETE', `/back/bo/sectors/${id}`, 404);
    await refused(clients.outsider, 'GET', `/back/bo/sectors/${id}`, 404);
    await refused(clients.manager, 'POST', '/back/bo/sectors/create', 400, { code: 'NONAME', names: { fr: 'Sans anglais' } });
    const codes = (await clients.quality.get('/back/bo/sectors/')).body.map((row: { code: string }) => row.code);
    expect(codes).toEqual(expect.arrayContaining(['APPAREL', 'FOOTWEAR', 'LEATHER_GOODS', 'ACCESSORIES']));
    expect(codes).not.toContain('LUX');
    await duplicate(clients.manager, 'POST', '/back/bo/sectors/create', { code: ' lux ', names: { en: 'Again' } }, 'code');
    expect((await clients.manager.delete(`/back/bo/sectors/${id}`)).body).toBe(true);
  });

  it("refuses to delete a sector services name (spec §8 'may be in use, archive instead', a warning); archived, it leaves the list", async () => {
    const apparel = (await clients.quality.get('/back/bo/sectors/')).body.find((row: { code: string }) => row.code === 'APPAREL');
    await refused(clients.quality, 'DELETE', `/back/bo/sectors/${apparel.sectorId}`, 422);
    const warned = await clients.quality.delete(`/back/bo/sectors/${apparel.sectorId}`);
    expect(warned.body).toMatchObject({ level: 'WARN', message: expect.stringMatching(/archive/i) });
    expect((await clients.quality.put(`/back/bo/sectors/${apparel.sectorId}`, { ...apparel, archived: true })).status).toBe(200);
    expect((await clients.quality.get('/back/bo/sectors/')).body.map((row: { code: string }) => row.code)).not.toContain('APPAREL');
    expect((await clients.quality.get(`/back/bo/sectors/${apparel.sectorId}`)).body).toMatchObject({ code: 'APPAREL', archived: true });
  });
});
