import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_EVENTS, SERVER_LOGS } from '../../server/audit';
import { Client, startWithLogins, today, type Reply, type TestServer } from './helpers';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';

/**
 * Text no store can keep (U+0000, a UTF-16 surrogate without its pair) is refused with 400 naming
 * where it is, in a JSON body, a form, a query or a path, on both stores alike: PostgreSQL cannot
 * store it (it answered 500), and the embedded store must not keep what PostgreSQL would refuse.
 * Nothing is written. A well-formed pair (an emoji) is ordinary text and is kept.
 */
let server: TestServer;
let quality: Client;
let watch: WriteWatch;
const AUDIT = new Set([LOGIN_EVENTS, SERVER_LOGS]);
const MESSAGE = 'holds a character that cannot be stored (NUL or an unpaired surrogate)';

beforeAll(async () => {
  ({ server, clients: { quality } } = await startWithLogins(['quality']));
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

const capaBody = (changes: Record<string, unknown> = {}) => ({ title: 'Retrain operators on seam allowance', capaType: 'CORRECTIVE_ACTION', startDate: today(), ...changes });

/** 400 ValidationException naming exactly `paths`, each with the message; nothing but the audit written. */
async function refused(call: () => Promise<Reply>, paths: string[]) {
  const before = await watch.mark();
  const reply = await call();
  expect(reply.status, reply.text).toBe(400);
  expect(reply.body).toMatchObject({ level: 'ERROR', exception: 'ValidationException' });
  expect(reply.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([...paths].sort());
  for (const error of reply.body.errors) expect(error.message).toBe(MESSAGE);
  expect((await watch.writtenSince(before)).filter((collection) => !AUDIT.has(collection))).toEqual([]);
}

describe('in a JSON body', () => {
  it('a lone surrogate in a CAPA title (POST /back/bo/capas {"title":"a\\ud800b"})', async () => {
    await refused(() => quality.post('/back/bo/capas', capaBody({ title: 'a\ud800b' })), ['/title']);
  });

  it('NUL and a lone low surrogate in two fields, and NUL in an object key, each named', async () => {
    await refused(() => quality.post('/back/bo/capas', capaBody({ title: 'a\u0000b', description: '\udc00 trailing' })), ['/title', '/description']);
    await refused(() => quality.post('/back/bo/capas', capaBody({ 'odd\u0000key': 1 })), ['/odd\u0000key']);
  });

  it('on an update too, and on a hand-written route (a saved filter)', async () => {
    const created = await quality.post('/back/bo/capas', capaBody());
    expect(created.status, created.text).toBe(201);
    await refused(() => quality.put(`/back/bo/capas/${created.body.capaId}`, { ...created.body, title: 'end\u0000' }), ['/title']);
    await refused(() => quality.post('/back/bo/userfilter/capa', { name: 'mine\ud83d', filter: { statuses: ['NEW'] } }), ['/name']);
  });

  it('a well-formed surrogate pair (an emoji) is ordinary text: stored and read back', async () => {
    const created = await quality.post('/back/bo/capas', capaBody({ title: 'Seam check 😀 done' }));
    expect(created.status, created.text).toBe(201);
    expect((await quality.get(`/back/bo/capas/${created.body.capaId}`)).body.title).toBe('Seam check 😀 done');
  });
});

describe('in the query and the path', () => {
  it('NUL in a query value (GET /back/bo/services?keywords=%00) or in a parameter name', async () => {
    await refused(() => quality.get('/back/bo/services', { keywords: '\u0000' }), ['/keywords']);
    await refused(() => quality.get('/back/bo/services', { keywords: 'shirt', 'x\u0000': '1' }), ['/x\u0000']);
    await refused(() => quality.patch('/back/bo/tags/CAPA_1', [], { version: '1\u0000' }), ['/version']);
  });

  it('NUL in a path segment', async () => {
    await refused(() => quality.get('/back/bo/capas/%00'), ['/path/2']);
    await refused(() => quality.delete('/back/bo/capas/1%00'), ['/path/2']);
  });

  it('bytes that are not UTF-8 (an encoded surrogate) are not text a route sees: never a 5xx', async () => {
    const reply = await quality.get('/back/bo/services?keywords=%ED%A0%80');
    expect(reply.status).toBeLessThan(500);
  });
});

describe('in a form', () => {
  it('NUL in the login e-mail', async () => {
    await refused(() => new Client(server.url).login('quality@brand.test\u0000'), ['/username']);
  });
});
