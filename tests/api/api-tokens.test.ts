import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Contact } from '../../server/identity';
import { ACCOUNTS, Client, loginAs, shiftDay, startServer, today, type TestServer } from './helpers';

/** API token administration and Bearer authentication end to end (docs/identity.md "API tokens"). */
let server: TestServer;
let admin: Client;
let botId: number;

const BASE = '/back/bo/apiTokens/admin';
const contactOf = async (email: string) => (await server.store.find<Contact>('contacts', (contact) => contact.email === email))[0];
const adminCompany = async () => (await server.store.find<Company>('companies', (company) => company.name === 'QCFlow Admin'))[0].companyId;
const tokenBody = (extra: Record<string, unknown> = {}) => ({ name: 'Nightly export', contactId: botId, ipAddress: '127.0.0.1', expirationDate: today(), ...extra });
/** A client that sends no cookie and no X-Requested-With, only the token. */
const bearer = (token: string) => {
  const client = new Client(server.url, { xhr: false });
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: (path: string) => client.request('GET', path, { headers }),
    post: (path: string, json: unknown) => client.request('POST', path, { headers, json }),
  };
};
const capa = () => ({ title: 'Created by the ERP link', capaType: 'CORRECTIVE_ACTION', startDate: today() });

beforeAll(async () => {
  server = await startServer();
  admin = await loginAs(server, ACCOUNTS.admin);
  // The tokens act as a manager of the admin's company (the capas API needs MANAGER).
  const bot = await admin.post('/back/bo/contacts/admin', { firstName: 'Integration', lastName: 'Robot', email: 'robot@qcflow.test', language: 'en', companyId: await adminCompany(), profiles: ['MANAGER'] });
  botId = bot.body.contactId;
});
afterAll(() => server?.close());

describe('token administration', () => {
  it('is for ADMIN only (403 otherwise)', async () => {
    const manager = await loginAs(server, ACCOUNTS.manager);
    expect((await manager.get(`${BASE}/`)).status).toBe(403);
    expect((await manager.post(BASE, tokenBody({ contactId: (await contactOf(ACCOUNTS.manager)).contactId }))).status).toBe(403);
    expect((await manager.delete(`${BASE}/1`)).status).toBe(403);
  });

  it('creates a token whose secret is answered once and stored only as its SHA-256', async () => {
    const reply = await admin.post(BASE, tokenBody());
    expect(reply.status).toBe(201);
    expect(reply.body.token).toMatch(/^qcf_[A-Za-z0-9_-]{40,}$/);
    expect(reply.body).toMatchObject({ name: 'Nightly export', canWrite: false, contactId: botId, ipAddress: '127.0.0.1', expirationDate: today(), creationDate: today(), companyId: await adminCompany(), createdBy: (await contactOf(ACCOUNTS.admin)).contactId, universeId: 1 });
    expect(reply.body.secretHash).toBeUndefined();
    const stored = (await server.store.get('apiTokens', reply.body.apiTokenId))!;
    expect(stored.secretHash).toBe(createHash('sha256').update(reply.body.token).digest('hex'));
    expect(JSON.stringify(await server.store.all('apiTokens'))).not.toContain(reply.body.token);

    const list = await admin.get(`${BASE}/`);
    expect(list.status).toBe(200);
    const listed = list.body.find((token: { apiTokenId: number }) => token.apiTokenId === reply.body.apiTokenId);
    expect(listed).toMatchObject({ name: 'Nightly export', canWrite: false });
    expect(list.text).not.toContain('secretHash');
    expect(list.text).not.toContain(reply.body.token);
  });

  it('validates the body: schema (400), expiration today or later (400), a contact of the company who can log in (422)', async () => {
    const before = (await server.store.all('apiTokens')).length;
    const past = await admin.post(BASE, tokenBody({ expirationDate: shiftDay(today(), -1) }));
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([{ path: '/expirationDate', message: 'must be today or later' }]);
    const bad = await admin.post(BASE, { name: ' ', contactId: 'me', ipAddress: '300.1.1.1', expirationDate: '2030-02-31', secretHash: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['/contactId', '/expirationDate', '/ipAddress', '/name']);
    const noLogin = await admin.post('/back/bo/contacts/admin', { firstName: 'Front', lastName: 'Desk', language: 'en', companyId: await adminCompany() });
    for (const contactId of [(await contactOf(ACCOUNTS.manager)).contactId, (await contactOf(ACCOUNTS.outsider)).contactId, noLogin.body.contactId, 999999]) {
      const reply = await admin.post(BASE, tokenBody({ contactId }));
      expect(reply.status, String(contactId)).toBe(422);
      expect(reply.body.message).toBe('The token must act as a contact of your company who can log in');
    }
    expect((await server.store.all('apiTokens')).length).toBe(before);
  });

  it('lists and revokes only the tokens of the caller’s company', async () => {
    const foreign = await server.store.insert('apiTokens', 'apiTokenId', { universeId: 2, companyId: (await contactOf(ACCOUNTS.outsider)).companyId, name: 'Theirs', canWrite: false, contactId: (await contactOf(ACCOUNTS.outsider)).contactId, ipAddress: '127.0.0.1', creationDate: today(), expirationDate: today(), secretHash: 'f'.repeat(64), createdBy: 1 });
    expect((await admin.get(`${BASE}/`)).body.some((token: { name: string }) => token.name === 'Theirs')).toBe(false);
    expect((await admin.delete(`${BASE}/${foreign.apiTokenId}`)).status).toBe(404);
    expect(await server.store.get('apiTokens', foreign.apiTokenId as number)).toBeDefined();
  });
});

describe('Bearer authentication', () => {
  it('a read-only token reads (200) but every write is refused (403 read-only)', async () => {
    const { token } = (await admin.post(BASE, tokenBody())).body;
    const robot = bearer(token);
    const profile = await robot.get('/back/auth/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ contactId: botId, userFullName: 'Integration Robot' });
    expect((await robot.get('/back/bo/capas/')).status).toBe(200);
    const write = await robot.post('/back/bo/capas', capa());
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('This API token is read-only');
    expect(await server.store.find('capas', (row) => row.creator === botId)).toHaveLength(0);
  });

  it('a canWrite token writes as its contact, without CSRF header', async () => {
    const { token } = (await admin.post(BASE, tokenBody({ canWrite: true }))).body;
    const created = await bearer(token).post('/back/bo/capas', capa());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ creator: botId, companyCreator: await adminCompany(), status: 'NEW' });
  });

  it('refuses a token used from another address, and logs it', async () => {
    const { token, apiTokenId } = (await admin.post(BASE, tokenBody({ ipAddress: '10.9.8.7', canWrite: true }))).body;
    const reply = await bearer(token).get('/back/bo/capas/');
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('API token refused');
    const logs = await server.store.find('serverLogs', (log) => log.application === 'API_TOKEN' && log.level === 'WARN' && String(log.message).includes(`token #${apiTokenId}`));
    expect(logs.map((log) => log.message)).toEqual([`API token refused (wrong address) from 127.0.0.1: token #${apiTokenId}`]);
  });

  it('refuses an expired token (after its expiration date)', async () => {
    const { token, apiTokenId } = (await admin.post(BASE, tokenBody())).body;
    expect((await bearer(token).get('/back/auth/profile')).status).toBe(200);
    await server.store.update('apiTokens', apiTokenId, (current) => ({ ...current, expirationDate: shiftDay(today(), -1) }));
    expect((await bearer(token).get('/back/auth/profile')).status).toBe(403);
  });

  it('refuses an unknown token and a revoked one', async () => {
    expect((await bearer('qcf_unknown-secret').get('/back/auth/profile')).status).toBe(403);
    const { token, apiTokenId } = (await admin.post(BASE, tokenBody())).body;
    expect((await bearer(token).get('/back/auth/profile')).status).toBe(200);
    const revoked = await admin.delete(`${BASE}/${apiTokenId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toBe(true);
    expect((await bearer(token).get('/back/auth/profile')).status).toBe(403);
    expect((await admin.get(`${BASE}/`)).body.some((row: { apiTokenId: number }) => row.apiTokenId === apiTokenId)).toBe(false);
    expect((await admin.delete(`${BASE}/${apiTokenId}`)).status).toBe(404);
  });

  it('cannot impersonate, even read-write', async () => {
    const { token } = (await admin.post(BASE, tokenBody({ canWrite: true, contactId: (await contactOf(ACCOUNTS.admin)).contactId }))).body;
    const robot = new Client(server.url, { xhr: false });
    const reply = await robot.request('GET', '/back/login/impersonate', { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' }, query: { username: ACCOUNTS.quality } });
    expect(reply.status).toBe(403);
    expect(robot.cookies.size).toBe(0);
  });

  it('stops working once its contact is archived', async () => {
    const worker = await admin.post('/back/bo/contacts/admin', { firstName: 'Batch', lastName: 'Job', email: 'batch@qcflow.test', language: 'en', companyId: await adminCompany(), profiles: ['MANAGER'] });
    const { token } = (await admin.post(BASE, tokenBody({ contactId: worker.body.contactId }))).body;
    expect((await bearer(token).get('/back/auth/profile')).status).toBe(200);
    expect((await admin.delete(`/back/bo/contacts/admin/${worker.body.contactId}`)).status).toBe(200);
    expect((await bearer(token).get('/back/auth/profile')).status).toBe(403);
  });
});
