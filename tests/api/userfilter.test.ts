import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, loginAs, startServer, type Client, type TestServer } from './helpers';

/** Saved filters: own and shared lists, duplicate refusal, update/rename, delete, one default per type, bounds. */
let server: TestServer;
let quality: Client;
let buyer: Client;
let manager: Client;
const base = '/back/bo/userfilter';

beforeAll(async () => {
  server = await startServer();
  [quality, buyer, manager] = await Promise.all([loginAs(server, ACCOUNTS.quality), loginAs(server, ACCOUNTS.buyer), loginAs(server, ACCOUNTS.manager)]);
});
afterAll(() => server?.close());

const namesOf = (filters: { name: string }[]) => filters.map((filter) => filter.name);

describe('saved filters', () => {
  it('creates, and refuses an identical one with a localized warning (422 WARN)', async () => {
    const body = { name: 'Open CAPA', filter: { statuses: ['NEW', 'IN_PROGRESS'] } };
    const created = await quality.post(`${base}/capa`, body);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ ...body, type: 'capa', shared: false, version: 1 });
    expect(created.body.userFilterId).toBeTypeOf('number');
    const again = await quality.post(`${base}/capa`, { name: ' Open CAPA ', filter: { statuses: ['NEW', 'IN_PROGRESS'] } });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ level: 'WARN', exception: 'DuplicateFilterException', message: 'An identical filter already exists' });
    expect((await quality.post(`${base}/capa`, { name: 'Open CAPA', filter: { statuses: ['NEW'] } })).status).toBe(201);
    expect((await quality.post(`${base}/loginEvent`, body)).status).toBe(201);
  });

  it('validates the body', async () => {
    const blank = await quality.post(`${base}/capa`, { name: '  ', filter: {} });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toContainEqual({ path: '/name', message: 'required' });
    expect((await quality.post(`${base}/capa`, { name: 'x' })).status).toBe(400);
    expect((await quality.post(`${base}/capa`, { name: 'x', filter: {}, owner: 3 })).status).toBe(400);
  });

  it('lists own filters of the type plus those shared in the company', async () => {
    await quality.post(`${base}/nonCompliance`, { name: 'Private', filter: { levels: ['MAJOR'] } });
    await quality.post(`${base}/nonCompliance`, { name: 'Team view', filter: { levels: ['CRITICAL'] }, shared: true });
    expect(namesOf((await quality.get(`${base}/nonCompliance`)).body)).toEqual(['Private', 'Team view']);
    expect(namesOf((await buyer.get(`${base}/nonCompliance`)).body)).toEqual(['Team view']);
    expect((await manager.get(`${base}/nonCompliance`)).body).toEqual([]);
    expect(namesOf((await quality.get(`${base}/capa`)).body)).not.toContain('Private');
  });

  it('updates or renames an own filter with its version; others cannot', async () => {
    const created = (await quality.post(`${base}/qualityAlert`, { name: 'Drafts', filter: { statuses: ['DRAFT'] } })).body;
    const renamed = await quality.put(`${base}/qualityAlert`, { ...created, name: 'My drafts' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'My drafts', version: 2, userFilterId: created.userFilterId, type: 'qualityAlert' });
    expect((await quality.put(`${base}/qualityAlert`, { ...created, name: 'Stale' })).status).toBe(409);
    expect((await buyer.put(`${base}/qualityAlert`, { ...renamed.body, name: 'Hijack' })).status).toBe(404);
    expect((await manager.put(`${base}/qualityAlert`, { ...renamed.body, name: 'Hijack' })).status).toBe(404);
    expect((await quality.put(`${base}/qualityAlert`, { name: 'No id', filter: {}, version: 1 })).status).toBe(400);
  });

  it('keeps one default per contact and type, toggled on and off', async () => {
    const type = 'matrix8d';
    const first = (await quality.post(`${base}/${type}`, { name: 'First', filter: {} })).body;
    const second = (await quality.post(`${base}/${type}`, { name: 'Second', filter: { statuses: ['RESULT'] }, shared: true })).body;
    expect((await quality.get(`${base}/${type}/default`)).body).toEqual({ userFilterId: null });
    expect((await quality.put(`${base}/${type}/default`, { userFilterId: first.userFilterId })).body).toEqual({ userFilterId: first.userFilterId });
    await quality.put(`${base}/${type}/default`, { userFilterId: second.userFilterId });
    expect((await quality.get(`${base}/${type}/default`)).body).toEqual({ userFilterId: second.userFilterId });
    expect((await buyer.get(`${base}/${type}/default`)).body).toEqual({ userFilterId: null });
    expect((await buyer.put(`${base}/${type}/default`, { userFilterId: first.userFilterId })).status).toBe(404);
    expect((await buyer.put(`${base}/${type}/default`, { userFilterId: second.userFilterId })).status).toBe(200);
    await quality.put(`${base}/${type}/default`, { userFilterId: null });
    expect((await quality.get(`${base}/${type}/default`)).body).toEqual({ userFilterId: null });
    expect((await buyer.get(`${base}/${type}/default`)).body).toEqual({ userFilterId: second.userFilterId });
    expect((await quality.put(`${base}/${type}/default`, { userFilterId: 'x' })).status).toBe(400);
  });

  it('deletes own filters only, clearing defaults that pointed at them', async () => {
    const type = 'structuralCost';
    const filter = (await quality.post(`${base}/${type}`, { name: 'Costs', filter: {}, shared: true })).body;
    await buyer.put(`${base}/${type}/default`, { userFilterId: filter.userFilterId });
    expect((await manager.delete(`${base}/${filter.userFilterId}`)).status).toBe(404);
    expect((await buyer.delete(`${base}/${filter.userFilterId}`)).status).toBe(403);
    const deleted = await quality.delete(`${base}/${filter.userFilterId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe(true);
    expect((await quality.get(`${base}/${type}`)).body).toEqual([]);
    expect((await buyer.get(`${base}/${type}/default`)).body).toEqual({ userFilterId: null });
  });

  it('shares a filter read-only with the company: each answer says whose it is, a colleague copies it', async () => {
    const type = 'apiToken';
    const shared = (await quality.post(`${base}/${type}`, { name: 'Team alerts', filter: { name: 'ci' }, shared: true })).body;
    expect(shared).toMatchObject({ shared: true, mine: true });
    const seen = (await buyer.get(`${base}/${type}`)).body.find((filter: { userFilterId: number }) => filter.userFilterId === shared.userFilterId);
    expect(seen).toMatchObject({ name: 'Team alerts', shared: true, mine: false });
    expect((await quality.get(`${base}/${type}`)).body.find((filter: { userFilterId: number }) => filter.userFilterId === shared.userFilterId).mine).toBe(true);

    // Read-only to the colleague: 403 with a message that says what to do; nothing written.
    const changed = await buyer.put(`${base}/${type}`, { ...seen, name: 'Mine now', shared: false });
    expect(changed.status).toBe(403);
    expect(changed.body.message).toBe('This filter is shared by a colleague: save a copy to change it');
    expect((await buyer.delete(`${base}/${shared.userFilterId}`)).status).toBe(403);
    expect(await server.store.get('userFilters', shared.userFilterId)).toMatchObject({ name: 'Team alerts', shared: true, version: 1 });

    // The copy keeps the name and the criteria, and is the colleague's own.
    const copy = await buyer.post(`${base}/${type}`, { name: seen.name, filter: seen.filter });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Team alerts', filter: { name: 'ci' }, shared: false, mine: true });
    expect((await buyer.put(`${base}/${type}`, { ...copy.body, name: 'My alerts' })).status).toBe(200);
    expect((await buyer.post(`${base}/${type}`, { name: 'My alerts', filter: seen.filter })).status).toBe(422);
    expect(await server.store.find('userFilters', (filter) => filter.mine !== undefined)).toEqual([]);
  });

  it('takes only the search forms of the screens as type (400 otherwise)', async () => {
    for (const type of ['service', 'capa', 'contact']) expect((await quality.get(`${base}/${type}`)).status, type).toBe(200);
    const unknown = await quality.post(`${base}/otherScreen`, { name: 'Anything', filter: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ level: 'ERROR', exception: 'ValidationException', errors: [{ path: '/type', message: 'unknown value' }] });
    expect((await quality.get(`${base}/otherScreen`)).status).toBe(400);
    expect((await quality.get(`${base}/otherScreen/default`)).status).toBe(400);
    expect((await quality.put(`${base}/otherScreen/default`, { userFilterId: null })).status).toBe(400);
    expect(await server.store.find('userFilters', (filter) => filter.type === 'otherScreen')).toEqual([]);
  });

  it('refuses criteria over 16 KB with 413 and a localized message, on create and on update', async () => {
    const big = { keywords: 'x'.repeat(16 * 1024) };
    const created = await quality.post(`${base}/service`, { name: 'Too big', filter: big });
    expect(created.status).toBe(413);
    expect(created.body).toEqual({ level: 'ERROR', exception: 'PayloadTooLargeException', message: 'The saved filter is too large (16 KB at most)', errors: [{ path: '/filter', message: 'too large' }] });
    const small = (await quality.post(`${base}/service`, { name: 'Small', filter: { keywords: 'x'.repeat(16 * 1024 - 20) } })).body;
    expect(small.userFilterId).toBeTypeOf('number');
    const updated = await quality.put(`${base}/service`, { ...small, filter: big });
    expect(updated.status).toBe(413);
    expect(await server.store.get('userFilters', small.userFilterId)).toMatchObject({ version: 1, filter: small.filter });
    const inspector = await loginAs(server, ACCOUNTS.inspector);
    expect((await inspector.put('/back/bo/profile/user', { firstName: 'Tom', lastName: 'Becker', language: 'fr' })).status).toBe(200);
    expect((await inspector.post(`${base}/service`, { name: 'Trop gros', filter: big })).body.message).toBe('Le filtre enregistré est trop volumineux (16 Ko au maximum)');
  });

  it('keeps at most 100 filters per person and screen (422), others and other screens unaffected', async () => {
    const type = 'qualityAlert';
    for (let index = 0; index < 100; index += 1) {
      const reply = await buyer.post(`${base}/${type}`, { name: `Filter ${index}`, filter: { statuses: [String(index)] } });
      expect(reply.status, reply.text).toBe(201);
    }
    const over = await buyer.post(`${base}/${type}`, { name: 'One too many', filter: {} });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ level: 'ERROR', exception: 'BusinessException', message: 'You already have 100 saved filters on this screen: delete one first' });
    expect((await buyer.get(`${base}/${type}`)).body).toHaveLength(100);
    expect((await buyer.post(`${base}/capa`, { name: 'Another screen', filter: {} })).status).toBe(201);
    expect((await manager.post(`${base}/${type}`, { name: 'Another person', filter: {} })).status).toBe(201);
    const first = (await buyer.get(`${base}/${type}`)).body.find((filter: { name: string }) => filter.name === 'Filter 0');
    expect((await buyer.delete(`${base}/${first.userFilterId}`)).status).toBe(200);
    expect((await buyer.post(`${base}/${type}`, { name: 'Room again', filter: {} })).status).toBe(201);
  });
});
