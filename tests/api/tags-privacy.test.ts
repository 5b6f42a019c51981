import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, loginAs, startServer, today, type Client, type TestServer } from './helpers';

/**
 * Tag privacy (server/tags.ts): SECRET tags are seen and assigned only by their company;
 * SHARED tags are seen and assigned by every company of the universe; VISIBLE tags are seen
 * by every company of the universe and assigned only by their company. Tags hidden from a
 * caller stay on the record when they rewrite its list, and naming one is refused like an
 * unknown tag. Demo tags: Maison Lumière (quality) and Atlas Inspection (manager) own some
 * of each privacy; Shenzhen Textile Co (sales) owns none.
 */
let server: TestServer;
let manager: Client;
let quality: Client;
let sales: Client;
let tag: Record<string, number>;
const name = new Map<number, string>();

const NOT_ASSIGNABLE = 'only the company that owns this tag can assign it';
const UNKNOWN = 'unknown or disabled tag';

beforeAll(async () => {
  server = await startServer();
  [manager, quality, sales] = await Promise.all([loginAs(server, ACCOUNTS.manager), loginAs(server, ACCOUNTS.quality), loginAs(server, ACCOUNTS.sales)]);
  tag = Object.fromEntries((await server.store.all('tags')).map((row) => [row.localizedName as string, row.tagId as number]));
  for (const [label, id] of Object.entries(tag)) name.set(id, label);
});
afterAll(() => server?.close());

/** `{label: assignable}` of a tag picker's options. */
async function options(client: Client, sources: string, query: Record<string, string> = {}) {
  const reply = await client.get(`/back/bo/tags/${sources}/options`, query);
  expect(reply.status, reply.text).toBe(200);
  return Object.fromEntries(reply.body.map((option: { label: string; assignable: boolean }) => [option.label, option.assignable]));
}

const names = (ids: number[]) => ids.map((id) => name.get(id));
const tagsOf = async (client: Client, capaId: number) => (await client.get(`/back/bo/tags/CAPA_${capaId}`)).body.map((row: { localizedName: string }) => row.localizedName);
const storedTags = async (capaId: number) => names((await server.store.get('capas', capaId))!.tags as number[]);

/** A CAPA of the inspection company for the brand (both see it), with these tags. */
async function capaForBrand(tags: number[] = []) {
  const reply = await manager.post('/back/bo/capas', { title: 'Privacy CAPA', capaType: 'CONTAINMENT', startDate: today(), target: (await server.store.find('companies', (c) => c.name === 'Maison Lumière'))[0].companyId, tags });
  expect(reply.status, reply.text).toBe(201);
  return reply.body as { capaId: number; version: number };
}

describe('tag options per privacy', () => {
  it('the picker offers the brand only what it may assign: its own tags of every privacy and the others’ SHARED ones', async () => {
    expect(await options(quality, 'CAPA')).toEqual({
      'Customer complaint': true, // own SHARED
      'Recurring defect': true, // own VISIBLE
      'Chemical compliance': true,
      'Spring-Summer 2026': true,
      'Supplier on watch': true, // own SECRET
      // Atlas's VISIBLE 'Re-inspection needed' and 'Quick win' are seen, not assignable: not offered.
      // Atlas's SECRET 'Internal follow-up' and the other universe's 'Priority' do not exist here.
    });
  });

  it('search filters (searchOnly) offer every tag the caller sees, saying which it may assign', async () => {
    expect(await options(quality, 'CAPA', { searchOnly: 'true' })).toEqual({
      'Customer complaint': true,
      'Recurring defect': true,
      'Chemical compliance': true,
      'Spring-Summer 2026': true,
      'Supplier on watch': true,
      'Re-inspection needed': false, // Atlas VISIBLE
      'Quick win': false,
    });
  });

  it('labels of given ids (a record’s tags) come for every tag the caller sees, never for a hidden one', async () => {
    const reply = await quality.request('GET', '/back/bo/tags/CAPA/options', { query: { id: [tag['Quick win'], tag['Internal follow-up'], tag['Customer complaint']] } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.map((option: { label: string; assignable: boolean }) => [option.label, option.assignable])).toEqual([
      ['Customer complaint', true],
      ['Quick win', false],
    ]);
    expect((await quality.get('/back/bo/tags/CAPA/options', { id: 'x' })).status).toBe(400);
  });

  it('the inspection company is offered another company’s SHARED tag and its own, never another’s VISIBLE or SECRET one', async () => {
    expect(await options(manager, 'CAPA')).toEqual({
      'Customer complaint': true, // Lumière SHARED
      'Re-inspection needed': true,
      'Quick win': true,
      'Internal follow-up': true, // own SECRET
    });
    expect(Object.keys(await options(manager, 'CAPA', { privateOnly: 'true' })).sort()).toEqual(['Internal follow-up', 'Quick win', 'Re-inspection needed']);
  });

  it('a company owning no tag is offered only the SHARED ones and sees no SECRET one', async () => {
    expect(Object.keys(await options(sales, 'NON_COMPLIANCE')).sort()).toEqual(['Customer complaint', 'Workmanship']);
    const seen = await options(sales, 'NON_COMPLIANCE', { searchOnly: 'true' });
    expect(seen).toMatchObject({ 'Recurring defect': false, 'Lab test': false, 'Colour fastness': false });
    expect(seen).not.toHaveProperty('Supplier on watch');
    expect(seen).not.toHaveProperty('Legacy 2023'); // disabled
  });
});

describe('assigning tags', () => {
  it('by tag replacement: own tags and others’ SHARED tags are accepted', async () => {
    const capa = await capaForBrand();
    const reply = await manager.patch(`/back/bo/tags/CAPA_${capa.capaId}`, [tag['Customer complaint'], tag['Quick win'], tag['Internal follow-up']]);
    expect(reply.status, reply.text).toBe(200);
    expect(await storedTags(capa.capaId)).toEqual(['Customer complaint', 'Quick win', 'Internal follow-up']);
  });

  it('by tag replacement: another company’s VISIBLE tag is refused with its reason, a SECRET or other-universe one as unknown; nothing written', async () => {
    const capa = await capaForBrand();
    const refusals: [string, string][] = [
      ['Recurring defect', NOT_ASSIGNABLE],
      ['Supplier on watch', UNKNOWN],
      ['Priority', UNKNOWN],
    ];
    for (const [label, message] of refusals) {
      const reply = await manager.patch(`/back/bo/tags/CAPA_${capa.capaId}`, [tag['Quick win'], tag[label]]);
      expect([reply.status, reply.body.errors], label).toEqual([400, [{ path: '/1', message }]]);
    }
    expect((await server.store.get('capas', capa.capaId))!.version).toBe(1);
    expect(await storedTags(capa.capaId)).toEqual([]);
  });

  it('by create and replace of the record: the same rules, errors on the tag field', async () => {
    const count = (await server.store.all('capas')).length;
    const created = await manager.post('/back/bo/capas', { title: 'Borrowed tag', capaType: 'CONTAINMENT', startDate: today(), tags: [tag['Quick win'], tag['Recurring defect']] });
    expect([created.status, created.body.errors]).toEqual([400, [{ path: '/tags/1', message: NOT_ASSIGNABLE }]]);
    expect((await server.store.all('capas')).length).toBe(count);

    const shared = await manager.post('/back/bo/nonCompliances', { title: 'Loose threads', issueLevel: 'MINOR', tags: [tag['Workmanship'], tag['Customer complaint']] });
    expect(shared.status, shared.text).toBe(201);
    expect(names(shared.body.tags)).toEqual(['Workmanship', 'Customer complaint']);

    const capa = await capaForBrand();
    const current = (await quality.get(`/back/bo/capas/${capa.capaId}`)).body;
    const put = await quality.put(`/back/bo/capas/${capa.capaId}`, { ...current, tags: [tag['Recurring defect'], tag['Quick win']] });
    expect([put.status, put.body.errors]).toEqual([400, [{ path: '/tags/1', message: NOT_ASSIGNABLE }]]);
    const secret = await quality.put(`/back/bo/capas/${capa.capaId}`, { ...current, tags: [tag['Internal follow-up']] });
    expect([secret.status, secret.body.errors]).toEqual([400, [{ path: '/tags/0', message: UNKNOWN }]]);
    expect((await server.store.get('capas', capa.capaId))!.version).toBe(1);
  });

  it('the message follows the caller’s language', async () => {
    const capa = await capaForBrand();
    await server.store.update('contacts', (await server.store.find('contacts', (c) => c.email === ACCOUNTS.manager))[0].contactId as number, (c) => ({ ...c, language: 'fr' }));
    try {
      const reply = await manager.patch(`/back/bo/tags/CAPA_${capa.capaId}`, [tag['Recurring defect']]);
      expect(reply.body.errors).toEqual([{ path: '/0', message: "seule l'entreprise propriétaire de ce tag peut l'attribuer" }]);
    } finally {
      await server.store.update('contacts', (await server.store.find('contacts', (c) => c.email === ACCOUNTS.manager))[0].contactId as number, (c) => ({ ...c, language: 'en' }));
    }
  });
});

describe('tags already on a record', () => {
  it('a VISIBLE tag of another company already there may stay or be taken off; hidden tags stay untouched and cannot be probed', async () => {
    const capa = await capaForBrand([tag['Quick win'], tag['Internal follow-up']]);
    const ref = `/back/bo/tags/CAPA_${capa.capaId}`;
    expect(await tagsOf(quality, capa.capaId)).toEqual(['Quick win']);

    // The brand keeps Atlas's VISIBLE tag it cannot assign, adds its own VISIBLE and SECRET ones.
    const kept = await quality.patch(ref, [tag['Quick win'], tag['Recurring defect'], tag['Supplier on watch']]);
    expect(kept.status, kept.text).toBe(200);
    expect(await storedTags(capa.capaId)).toEqual(['Quick win', 'Recurring defect', 'Supplier on watch', 'Internal follow-up']);
    expect(await tagsOf(manager, capa.capaId)).toEqual(['Quick win', 'Recurring defect', 'Internal follow-up']);

    // Atlas takes off the brand's VISIBLE tag; the brand's SECRET one, hidden from Atlas, stays.
    const removed = await manager.patch(ref, [tag['Internal follow-up']]);
    expect(removed.status, removed.text).toBe(200);
    expect(await storedTags(capa.capaId)).toEqual(['Internal follow-up', 'Supplier on watch']);

    // Naming a hidden tag gets the same answer whether the record carries it or not.
    const version = (await server.store.get('capas', capa.capaId))!.version;
    const carried = await manager.patch(ref, [tag['Internal follow-up'], tag['Supplier on watch']]);
    expect([carried.status, carried.body.errors]).toEqual([400, [{ path: '/1', message: UNKNOWN }]]);
    const other = await capaForBrand();
    const absent = await manager.patch(`/back/bo/tags/CAPA_${other.capaId}`, [tag['Internal follow-up'], tag['Supplier on watch']]);
    expect([absent.status, absent.body.errors]).toEqual([400, [{ path: '/1', message: UNKNOWN }]]);
    expect((await server.store.get('capas', capa.capaId))!.version).toBe(version);

    // Atlas adds the brand's SHARED tag.
    expect((await manager.patch(ref, [tag['Internal follow-up'], tag['Customer complaint']])).status).toBe(200);
    expect(await storedTags(capa.capaId)).toEqual(['Internal follow-up', 'Customer complaint', 'Supplier on watch']);

    // A full rewrite by the brand leaves Atlas's SECRET tag alone.
    const current = (await quality.get(`/back/bo/capas/${capa.capaId}`)).body;
    expect(names(current.tags)).toEqual(['Customer complaint', 'Supplier on watch']);
    const put = await quality.put(`/back/bo/capas/${capa.capaId}`, { ...current, tags: [] });
    expect(put.status, put.text).toBe(200);
    expect(put.body.tags).toEqual([]);
    expect(await storedTags(capa.capaId)).toEqual(['Internal follow-up']);
  });

  it('records read or searched never show a tag hidden from the caller', async () => {
    const secretOf = { quality: tag['Internal follow-up'], manager: tag['Supplier on watch'] };
    for (const [who, client] of [['quality', quality], ['manager', manager]] as const) {
      const carried = (await server.store.all('capas')).filter((capa) => (capa.tags as number[]).includes(secretOf[who]));
      expect(carried.length, `the seed has CAPA with the tag hidden from ${who}`).toBeGreaterThan(0);
      const list = (await client.get('/back/bo/capas/')).body as { capaId: number; tags: number[] }[];
      expect(list.filter((capa) => capa.tags.includes(secretOf[who]))).toEqual([]);
      const seen = carried.find((capa) => list.some((row) => row.capaId === capa.capaId));
      if (seen) expect((await client.get(`/back/bo/capas/${seen.capaId}`)).body.tags).not.toContain(secretOf[who]);
    }
  });
});
