import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_EVENTS, SERVER_LOGS } from '../../server/audit';
import { startWithLogins, today, type Client, type Reply, type TestServer } from './helpers';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';

/**
 * Every list a client sends is bounded (schemas' maxItems, the JSON reader's own ceiling, repeated
 * query parameters): a list over its bound is refused with 400 within a second, before the server
 * looks up any of its items (150,000 tag ids took 27.5 s to refuse on PostgreSQL), and nothing is written.
 */
let server: TestServer;
let quality: Client;
let watch: WriteWatch;
let capa: { capaId: number; version: number };
const AUDIT = new Set([LOGIN_EVENTS, SERVER_LOGS]);
const QUICK_MS = 1_000;

beforeAll(async () => {
  ({ server, clients: { quality } } = await startWithLogins(['quality']));
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
  const created = await quality.post('/back/bo/capas', { title: 'Tagged CAPA', capaType: 'CORRECTIVE_ACTION', startDate: today() });
  expect(created.status, created.text).toBe(201);
  capa = created.body;
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

const ids = (count: number, from = 1) => Array.from({ length: count }, (_, index) => from + index);

/** 400 'too many values' at `path`, answered within QUICK_MS; nothing but the audit written. */
async function refusedQuickly(call: () => Promise<Reply>, path: string) {
  const before = await watch.mark();
  const started = performance.now();
  const reply = await call();
  const took = performance.now() - started;
  expect(reply.status, reply.text.slice(0, 300)).toBe(400);
  expect(reply.body).toMatchObject({ exception: 'ValidationException', errors: expect.arrayContaining([{ path, message: 'too many values' }]) });
  expect(reply.body.errors.length).toBeLessThanOrEqual(100);
  expect(took).toBeLessThan(QUICK_MS);
  expect((await watch.writtenSince(before)).filter((collection) => !AUDIT.has(collection))).toEqual([]);
}

describe('lists in a body', () => {
  it('150,000 tag ids on PATCH /back/bo/tags/CAPA_<id>: 400 within a second', async () => {
    await refusedQuickly(() => quality.patch(`/back/bo/tags/CAPA_${capa.capaId}`, ids(150_000)), '');
  });

  it("a record's tags over its schema's maxItems (201 of 200): on the tag route and in the record itself", async () => {
    await refusedQuickly(() => quality.patch(`/back/bo/tags/CAPA_${capa.capaId}`, ids(201)), '');
    const current = (await quality.get(`/back/bo/capas/${capa.capaId}`)).body;
    await refusedQuickly(() => quality.put(`/back/bo/capas/${capa.capaId}`, { ...current, tags: ids(201) }), '/tags');
  });

  it('a long list on a hand-written route (the ranked service list: 6,000 then 201 items) and nested in a record', async () => {
    await refusedQuickly(() => quality.post('/back/bo/services/priority', ids(6_000).map((serviceId, index) => ({ service: { serviceId }, priority: index + 1 }))), '');
    await refusedQuickly(() => quality.post('/back/bo/services/priority', ids(201).map((serviceId, index) => ({ service: { serviceId }, priority: index + 1 }))), '');
    await refusedQuickly(() => quality.post('/back/bo/capas', { title: 'Many tags', capaType: 'CORRECTIVE_ACTION', startDate: today(), tags: ids(150_000) }), '/tags');
  });
});

describe('repeated query parameters', () => {
  it("a search criterion repeated over its schema's maxItems", async () => {
    const steps = Array<string>(51).fill('CONFIRMED');
    await refusedQuickly(() => quality.get('/back/bo/services', { serviceSteps: steps }), '/serviceSteps');
    expect((await quality.get('/back/bo/services', { serviceSteps: steps.slice(0, 50) })).status).toBe(200);
  });

  it('a hand-written route reading a repeated parameter (tag labels by id), and any parameter past 500 values', async () => {
    await refusedQuickly(() => quality.get('/back/bo/tags/CAPA/options', { id: ids(201) }), '/id');
    await refusedQuickly(() => quality.get('/back/bo/capas', { whatever: ids(501) }), '/whatever');
  });
});
