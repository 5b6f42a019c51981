import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPeople, type Person, type Who } from './demo-people';
import { startWithLogins, type Client, type Reply, type TestServer } from './helpers';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { refusedWithoutWrites } from './refused';

/**
 * References (issue 31, docs/references.md): the generic calls at /back/bo/references written by
 * the brand's managers only (x-writers) and read by its suppliers, their rules (sku unique within
 * the brand, parents, type, delete), the smart-data search, the suppliers without an order and the
 * assigned checkpoints. Each refusal writes nothing.
 */
const API = '/back/bo/references';
const SEARCH = '/back/bo/smartdata/references/';
const ASSIGN = (id: number) => `/back/bo/checkpoints/assignments/references/${id}`;
let server: TestServer;
let watch: WriteWatch;
let people: Record<Who, Person>;
let quality: Client, buyer: Client, sales: Client, manager: Client, outsider: Client, admin: Client;

beforeAll(async () => {
  ({ server, clients: { quality, buyer, sales, manager, outsider, admin } } = await startWithLogins(['quality', 'buyer', 'sales', 'manager', 'outsider', 'admin']));
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
  people = await demoPeople(server.store);
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

const refused = (status: number, call: () => Promise<Reply>) => refusedWithoutWrites(watch, status, call);
const bySku = async (sku: string) => (await server.store.find('references', (row) => row.sku === sku && row.universeId === people.quality.universeId))[0];
const newReference = (sku: string, more: Record<string, unknown> = {}) => ({ name: `Test ${sku}`, sku, referenceType: 'FINISHED_PRODUCT', ...more });
const skus = (reply: Reply) => (reply.body as { sku: string }[]).map((row) => row.sku);

describe('the demo seed', () => {
  it("has the brand's references MLW-2401 … MLW-2499, sub-references naming their products, suppliers from the services", async () => {
    const lumiere = await server.store.find('references', (row) => row.companyId === people.quality.companyId);
    expect(lumiere.filter((row) => /^MLW-\d{4}$/.test(String(row.sku)))).toHaveLength(99);
    const sub = lumiere.find((row) => row.sku === 'MLW-2401-F1')!;
    expect(sub).toMatchObject({ referenceType: 'FABRIC', parentIds: [(await bySku('MLW-2401')).referenceId], subReference: true });
    const services = await server.store.find('services', (row) => row.client === people.quality.companyId && (row.purchaseOrderLines as { referenceObj?: string }[] | undefined)?.some((line) => line.referenceObj === 'MLW-2420') === true);
    const makers = [...new Set(services.flatMap((row) => [row.supplier, row.factory]).filter((id) => typeof id === 'number'))].sort();
    if (makers.length) expect([...((await bySku('MLW-2420')).suppliers as number[])].sort()).toEqual(makers);
  });
});

describe('GET /back/bo/smartdata/references/', () => {
  it("shows the brand its products, newest first, without sub-references unless showAll", async () => {
    const found = await quality.get(SEARCH);
    expect(found.status).toBe(200);
    expect(skus(found)).toContain('MLW-2401');
    expect(skus(found).some((sku) => sku.endsWith('-F1'))).toBe(false);
    const ids = (found.body as { referenceId: number }[]).map((row) => row.referenceId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(found.body[0].searchText).toBeUndefined();
    expect(skus(await quality.get(SEARCH, { showAll: 'true' }))).toContain('MLW-2401-F1');
  });

  it('finds by keywords over name, sku, designation, colour and material', async () => {
    expect(skus(await quality.get(SEARCH, { keywords: 'mlw-2433' }))).toEqual(['MLW-2433']);
    const tote = await quality.get(SEARCH, { keywords: 'full-grain leather' });
    expect(tote.body.length).toBeGreaterThan(0);
    expect((tote.body as { material: string }[]).every((row) => row.material === 'Full-grain leather')).toBe(true);
  });

  it('a supplier sees the references naming it; another universe and a provider see none of them', async () => {
    const shenzhen = people.sales.companyId;
    const seen = (await sales.get(SEARCH, { showAll: 'true' })).body as { suppliers: number[]; companyId: number }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((row) => row.suppliers.includes(shenzhen))).toBe(true);
    expect(((await outsider.get(SEARCH)).body as { companyId: number }[]).every((row) => row.companyId === people.outsider.companyId)).toBe(true);
    expect((await manager.get(SEARCH)).body).toEqual([]);
  });

  it('score 0 with direction ANY (the default) filters nothing; ABOVE keeps at least, BELOW at most', async () => {
    const high = await bySku('MLW-2402');
    const low = await bySku('MLW-2403');
    await server.store.update('references', high.referenceId as number, (row) => ({ ...row, score: 80 }));
    await server.store.update('references', low.referenceId as number, (row) => ({ ...row, score: 20 }));
    const all = skus(await quality.get(SEARCH, { score: 0, scoreDirection: 'ANY' }));
    expect(all).toEqual(expect.arrayContaining(['MLW-2402', 'MLW-2403', 'MLW-2404']));
    expect(skus(await quality.get(SEARCH, { score: 50, scoreDirection: 'ABOVE' }))).toEqual(['MLW-2402']);
    const below = skus(await quality.get(SEARCH, { score: 20, scoreDirection: 'BELOW' }));
    expect(below).toContain('MLW-2403');
    expect(below).not.toContain('MLW-2402');
    expect((await quality.get(SEARCH, { scoreDirection: 'SIDEWAYS' })).status).toBe(400);
  });

  it("filters risks on a manager's override first, else the computed risk", async () => {
    const overridden = await bySku('MLW-2405');
    const computed = await bySku('MLW-2406');
    await server.store.update('references', overridden.referenceId as number, (row) => ({ ...row, risk: 'LOW', riskOverride: 'HIGH' }));
    await server.store.update('references', computed.referenceId as number, (row) => ({ ...row, risk: 'HIGH' }));
    // The seed's references carry the risks of their reports: the HIGH ones are those two and any the reports made HIGH.
    const high = (await server.store.all('references'))
      .filter((row) => row.companyId === overridden.companyId && (row.riskOverride ?? row.risk) === 'HIGH' && !(row.parentIds as number[] | undefined)?.length)
      .map((row) => row.sku as string);
    expect(high).toEqual(expect.arrayContaining(['MLW-2405', 'MLW-2406']));
    expect(skus(await quality.get(SEARCH, { riskTypes: 'HIGH' })).sort()).toEqual(high.sort());
    expect(skus(await quality.get(SEARCH, { riskTypes: 'LOW' }))).not.toContain('MLW-2405');
  });

  it('filters suppliers, seasons, sectors and tags; a tag hidden from the caller matches nothing', async () => {
    const shenzhen = people.sales.companyId;
    expect(((await quality.get(SEARCH, { suppliers: shenzhen })).body as { suppliers: number[] }[]).every((row) => row.suppliers.includes(shenzhen))).toBe(true);
    expect(((await quality.get(SEARCH, { seasons: ['SS26', 'FW26'] })).body as { season: string }[]).every((row) => ['SS26', 'FW26'].includes(row.season))).toBe(true);
    expect(((await quality.get(SEARCH, { sectors: 'FOOTWEAR' })).body as { sector: string }[]).every((row) => row.sector === 'FOOTWEAR')).toBe(true);
    const tagged = (await server.store.find('references', (row) => row.companyId === people.quality.companyId && (row.tags as number[]).length > 0))[0];
    const tagId = (tagged.tags as number[])[0];
    expect(skus(await quality.get(SEARCH, { tags: tagId, showAll: 'true' }))).toContain(tagged.sku);
    const secret = await server.store.insert('tags', 'tagId', { localizedName: 'Brand secret', color: '#000000', privacy: 'SECRET', sources: ['REFERENCE'], disabled: false, companyId: people.quality.companyId, universeId: people.quality.universeId });
    await server.store.update('references', tagged.referenceId as number, (row) => ({ ...row, tags: [...(row.tags as number[]), secret.tagId] }));
    expect((await sales.get(SEARCH, { tags: secret.tagId as number, showAll: 'true' })).body).toEqual([]);
  });
});

describe('the hard limit (spec §9)', () => {
  it('answers at most 500 with X-Hit-Limit: 500', async () => {
    const { universeId, companyId } = people.quality;
    await server.db.transaction(async (tx) => {
      for (let i = 0; i < 420; i++) await tx.insert('references', 'referenceId', { universeId, companyId, sku: `BULK-${i}`, name: `Bulk ${i}`, referenceType: 'FINISHED_PRODUCT', suppliers: [], parentIds: [], subReference: false, tags: [], checkpointIds: [], risk: 'NA', score: 0, searchText: `Bulk ${i} BULK-${i}` });
    });
    const capped = await quality.get(SEARCH, { showAll: 'true' });
    expect(capped.body).toHaveLength(500);
    expect(capped.headers.get('x-hit-limit')).toBe('500');
    const small = await quality.get(SEARCH, { keywords: 'MLW-2401' });
    expect(small.headers.get('x-hit-limit')).toBeNull();
  });
});

describe('POST and PUT /back/bo/references', () => {
  it("creates a brand's reference: 201, the brand stamped, its index kept on the server", async () => {
    const created = await quality.post(`${API}/`, newReference('NEW-001', { color: 'Sage', material: 'Hemp' }));
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ companyId: people.quality.companyId, sku: 'NEW-001', subReference: false, risk: 'NA', score: 0 });
    expect(created.body.searchText).toBeUndefined();
    expect(skus(await quality.get(SEARCH, { keywords: 'sage hemp' }))).toEqual(['NEW-001']);
    const history = await quality.get(`${API}/${created.body.referenceId}/history`);
    expect((history.body as { action: string }[]).map((row) => row.action)).toEqual(['CREATE']);
  });

  it('a sku already used by the brand is refused 422 naming /sku, trimmed and case-insensitively; another brand may use it', async () => {
    const reply = await refused(422, () => quality.post(API, newReference(' mlw-2401 ')));
    expect(reply.body.errors).toEqual([{ path: '/sku', message: 'Code already in use' }]);
    expect((await outsider.post(API, newReference('MLW-2401'))).status).toBe(201);
    const other = await bySku('MLW-2402');
    await refused(422, () => quality.put(`${API}/${other.referenceId}`, { ...newReference('MLW-2403'), version: other.version }));
  });

  it('parents: another reference of the brand; never itself, one of its descendants, nor another brand\'s', async () => {
    const product = await bySku('MLW-2410');
    const fabric = (await quality.post(API, newReference('FAB-010', { referenceType: 'FABRIC', parentIds: [product.referenceId] }))).body;
    expect(fabric).toMatchObject({ parentIds: [product.referenceId], subReference: true });
    const yarn = (await quality.post(API, newReference('YARN-010', { referenceType: 'FABRIC', parentIds: [fabric.referenceId] }))).body;
    const stored = await server.store.get('references', product.referenceId as number);
    const cycle = await refused(422, () => quality.put(`${API}/${product.referenceId}`, { ...stored, parentIds: [yarn.referenceId] }));
    expect(cycle.body.errors).toEqual([{ path: '/parentIds', message: 'A reference cannot be its own parent, even through its parents' }]);
    await refused(422, () => quality.put(`${API}/${product.referenceId}`, { ...stored, parentIds: [product.referenceId] }));
    const northwind = (await server.store.find('references', (row) => row.companyId === people.outsider.companyId))[0];
    // Another universe's reference is not one the brand could pick (400); one the brand sees but does not own is not its own (422).
    await refused(400, () => quality.post(API, newReference('FAB-011', { parentIds: [northwind.referenceId] })));
    const como = (await server.store.find('companies', (row) => row.name === 'Como Seta S.r.l.'))[0].companyId as number;
    const shared = await server.store.insert('references', 'referenceId', { universeId: people.quality.universeId, companyId: como, suppliers: [people.quality.companyId], sku: 'COMO-1', name: 'Como silk', referenceType: 'FABRIC', parentIds: [], subReference: false, tags: [], checkpointIds: [], risk: 'NA', score: 0 });
    const notOwn = await refused(422, () => quality.post(API, newReference('FAB-012', { parentIds: [shared.referenceId] })));
    expect(notOwn.body.errors).toEqual([{ path: '/parentIds/0', message: "A parent must be another of the brand's own references" }]);
  });

  it('spec §5.4: a reference with parents keeps its type (422 naming /referenceType); one without may change it', async () => {
    const sub = await bySku('MLW-2401-F1');
    const reply = await refused(422, () => quality.put(`${API}/${sub.referenceId}`, { ...sub, referenceType: 'LEATHER' }));
    expect(reply.body).toMatchObject({ message: 'The reference type cannot change when parent references exist', errors: [{ path: '/referenceType' }] });
    const product = await bySku('MLW-2411');
    const changed = await quality.put(`${API}/${product.referenceId}`, { ...product, referenceType: 'LEATHER' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.referenceType).toBe('LEATHER');
  });
});

describe('DELETE /back/bo/references/{id}', () => {
  const SPEC_TEXT = 'The server rejected the reference deletion.';

  it('is refused (spec §8) while sub-references name it', async () => {
    const reply = await refused(422, async () => quality.delete(`${API}/${(await bySku('MLW-2401')).referenceId}`));
    expect(reply.body).toMatchObject({ level: 'ERROR', message: SPEC_TEXT });
  });

  it("is refused while a line of the brand's services names it, or an order line has its sku", async () => {
    const served = (await server.store.find('services', (row) => row.client === people.quality.companyId && Array.isArray(row.purchaseOrderLines) && row.purchaseOrderLines.length > 0))[0];
    const code = (served.purchaseOrderLines as { referenceObj: string }[])[0].referenceObj;
    const lone = (await server.store.find('references', (row) => row.sku === code && row.companyId === people.quality.companyId))[0];
    await server.store.update('references', lone.referenceId as number, (row) => ({ ...row, parentIds: [], subReference: false }));
    for (const child of await server.store.find('references', (row) => (row.parentIds as number[]).includes(lone.referenceId as number))) await server.store.remove('references', child.referenceId as number);
    expect((await refused(422, () => quality.delete(`${API}/${lone.referenceId}`))).body.message).toBe(SPEC_TEXT);
    const ordered = (await quality.post(API, newReference('ORD-001'))).body;
    await server.store.insert('orderLines', 'orderLineId', { universeId: people.quality.universeId, companyId: people.quality.companyId, sku: ' ord-001 ', poNumber: 'PO-1', supplier: people.sales.companyId });
    expect((await refused(422, () => quality.delete(`${API}/${ordered.referenceId}`))).body.message).toBe(SPEC_TEXT);
  });

  it('deletes a reference nothing names', async () => {
    const lone = (await quality.post(API, newReference('LONE-001'))).body;
    const reply = await quality.delete(`${API}/${lone.referenceId}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(true);
    expect(await server.store.get('references', lone.referenceId)).toBeUndefined();
  });
});

describe('who reads and who writes', () => {
  it('a supplier reads the references naming it, and writes none of them (403)', async () => {
    const seen = (await server.store.find('references', (row) => (row.suppliers as number[]).includes(people.sales.companyId)))[0];
    expect((await sales.get(`${API}/${seen.referenceId}`)).status).toBe(200);
    await refused(403, () => sales.put(`${API}/${seen.referenceId}`, { ...seen, name: 'Renamed' }));
    await refused(403, () => sales.delete(`${API}/${seen.referenceId}`));
    await refused(403, () => sales.post(API, newReference('SUP-001')));
  });

  it("the brand's local manager reads but does not write; a provider's manager creates none (403)", async () => {
    const product = await bySku('MLW-2412');
    expect((await buyer.get(`${API}/${product.referenceId}`)).status).toBe(200);
    await refused(403, () => buyer.put(`${API}/${product.referenceId}`, { ...product, name: 'Renamed' }));
    await refused(403, () => manager.post(API, newReference('ATL-001')));
  });

  it('another universe, or a company it does not name, gets 404 for a record', async () => {
    const product = await bySku('MLW-2413');
    await refused(404, () => outsider.get(`${API}/${product.referenceId}`));
    await refused(404, () => outsider.put(`${API}/${product.referenceId}`, { ...product, name: 'Renamed' }));
    await refused(404, () => manager.get(`${API}/${product.referenceId}/noOrderOrderTakers`));
    await refused(404, () => outsider.get(ASSIGN(product.referenceId as number)));
  });

  it("a super admin of the universe writes the brand's references", async () => {
    const product = await bySku('MLW-2414');
    const changed = await admin.put(`${API}/${product.referenceId}`, { ...product, theme: 'Admin theme' });
    expect(changed.status, changed.text).toBe(200);
  });
});

describe('GET /back/bo/references/{id}/noOrderOrderTakers', () => {
  it('lists the suppliers with no order line of the reference, by id or by sku', async () => {
    const { companyId, universeId } = people.quality;
    const porto = (await server.store.find('companies', (row) => row.name === 'Porto Malhas Lda'))[0].companyId as number;
    const created = (await quality.post(API, newReference('NOO-001', { suppliers: [people.sales.companyId, porto] }))).body;
    expect(((await quality.get(`${API}/${created.referenceId}/noOrderOrderTakers`)).body as { companyId: number }[]).map((row) => row.companyId).sort()).toEqual([people.sales.companyId, porto].sort());
    await server.store.insert('orderLines', 'orderLineId', { universeId, companyId, sku: 'NOO-001', poNumber: 'PO-2', supplier: people.sales.companyId });
    const answer = await sales.get(`${API}/${created.referenceId}/noOrderOrderTakers`);
    expect(answer.body).toEqual([{ companyId: porto, name: 'Porto Malhas Lda' }]);
  });
});

describe('checkpoint assignments', () => {
  it("assigns the universe's checkpoints; GET answers them in order, the history keeps the change", async () => {
    const product = await bySku('MLW-2415');
    const checkpoints = await server.store.find('checkpoints', (row) => row.universeId === people.quality.universeId);
    const ids = checkpoints.slice(0, 2).map((row) => row.checkpointId as number).reverse();
    const patched = await quality.patch(ASSIGN(product.referenceId as number), { checkpointIds: ids });
    expect(patched.status, patched.text).toBe(200);
    expect((patched.body as { checkpointId: number }[]).map((row) => row.checkpointId)).toEqual(ids);
    expect((await sales.get(ASSIGN(product.referenceId as number))).status).toBe(product.suppliers && (product.suppliers as number[]).includes(people.sales.companyId) ? 200 : 404);
    expect(((await quality.get(ASSIGN(product.referenceId as number))).body as { checkpointId: number }[]).map((row) => row.checkpointId)).toEqual(ids);
    expect((await server.store.get('references', product.referenceId as number))!.checkpointIds).toEqual(ids);
  });

  it("refuses another universe's checkpoint (400 naming it), a bad body, and a reader's change (403)", async () => {
    const product = await bySku('MLW-2416');
    const foreign = (await server.store.find('checkpoints', (row) => row.universeId === people.outsider.universeId))[0];
    const reply = await refused(400, () => quality.patch(ASSIGN(product.referenceId as number), { checkpointIds: [foreign.checkpointId] }));
    expect(reply.body.errors).toEqual([{ path: '/checkpointIds/0', message: "Not one of the brand's checkpoints" }]);
    await refused(400, () => quality.patch(ASSIGN(product.referenceId as number), { checkpointIds: 'all' }));
    await refused(400, () => quality.patch(ASSIGN(product.referenceId as number), { checkpointIds: [], other: 1 }));
    await refused(403, () => buyer.patch(ASSIGN(product.referenceId as number), { checkpointIds: [] }));
  });
});
