import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, loginAs, startServer, type Client, type TestServer } from './helpers';

/** Saved filters: own and shared lists, duplicate refusal, update/rename, delete, one default per type. */
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
    const created = await quality.post(`${base}/capaSearch`, body);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ ...body, type: 'capaSearch', shared: false, version: 1 });
    expect(created.body.userFilterId).toBeTypeOf('number');
    const again = await quality.post(`${base}/capaSearch`, { name: ' Open CAPA ', filter: { statuses: ['NEW', 'IN_PROGRESS'] } });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ level: 'WARN', exception: 'DuplicateFilterException', message: 'An identical filter already exists' });
    expect((await quality.post(`${base}/capaSearch`, { name: 'Open CAPA', filter: { statuses: ['NEW'] } })).status).toBe(201);
    expect((await quality.post(`${base}/otherScreen`, body)).status).toBe(201);
  });

  it('validates the body', async () => {
    const blank = await quality.post(`${base}/capaSearch`, { name: '  ', filter: {} });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toContainEqual({ path: '/name', message: 'required' });
    expect((await quality.post(`${base}/capaSearch`, { name: 'x' })).status).toBe(400);
    expect((await quality.post(`${base}/capaSearch`, { name: 'x', filter: {}, owner: 3 })).status).toBe(400);
  });

  it('lists own filters of the type plus those shared in the company', async () => {
    await quality.post(`${base}/ncSearch`, { name: 'Private', filter: { levels: ['MAJOR'] } });
    await quality.post(`${base}/ncSearch`, { name: 'Team view', filter: { levels: ['CRITICAL'] }, shared: true });
    expect(namesOf((await quality.get(`${base}/ncSearch`)).body)).toEqual(['Private', 'Team view']);
    expect(namesOf((await buyer.get(`${base}/ncSearch`)).body)).toEqual(['Team view']);
    expect((await manager.get(`${base}/ncSearch`)).body).toEqual([]);
    expect(namesOf((await quality.get(`${base}/capaSearch`)).body)).not.toContain('Private');
  });

  it('updates or renames an own filter with its version; others cannot', async () => {
    const created = (await quality.post(`${base}/qaSearch`, { name: 'Drafts', filter: { statuses: ['DRAFT'] } })).body;
    const renamed = await quality.put(`${base}/qaSearch`, { ...created, name: 'My drafts' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'My drafts', version: 2, userFilterId: created.userFilterId, type: 'qaSearch' });
    expect((await quality.put(`${base}/qaSearch`, { ...created, name: 'Stale' })).status).toBe(409);
    expect((await buyer.put(`${base}/qaSearch`, { ...renamed.body, name: 'Hijack' })).status).toBe(404);
    expect((await quality.put(`${base}/qaSearch`, { name: 'No id', filter: {}, version: 1 })).status).toBe(400);
  });

  it('keeps one default per contact and type, toggled on and off', async () => {
    const type = 'matrixSearch';
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
    const type = 'scSearch';
    const filter = (await quality.post(`${base}/${type}`, { name: 'Costs', filter: {}, shared: true })).body;
    await buyer.put(`${base}/${type}/default`, { userFilterId: filter.userFilterId });
    expect((await buyer.delete(`${base}/${filter.userFilterId}`)).status).toBe(404);
    const deleted = await quality.delete(`${base}/${filter.userFilterId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe(true);
    expect((await quality.get(`${base}/${type}`)).body).toEqual([]);
    expect((await buyer.get(`${base}/${type}/default`)).body).toEqual({ userFilterId: null });
  });
});
