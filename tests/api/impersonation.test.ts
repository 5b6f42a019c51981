import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../server/identity';
import { ACCOUNTS, Client, loginAs, startServer, today, type TestServer } from './helpers';

/** Impersonation (docs/identity.md "Session"): rights, targets, session rotation, audit, the way back. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const contactOf = async (email: string) => (await server.store.find<Contact>('contacts', (contact) => contact.email === email))[0];
const impersonate = (client: Client, username: string) => client.get('/back/login/impersonate', { username });
/** Server logs written after `mark` (the seed has some of its own). */
const lastLogId = async () => Math.max(0, ...(await server.store.all('serverLogs')).map((log) => Number(log.serverLogId)));
const logsSince = (mark: number, match: (message: string) => boolean) =>
  server.store.find('serverLogs', (log) => Number(log.serverLogId) > mark && match(String(log.message)));
const copyOf = (client: Client) => {
  const copy = new Client(server.url);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
};

describe('impersonation', () => {
  it('acts as the target in a new session that keeps the real user, recorded as IMPERSONATE', async () => {
    const admin = await loginAs(server, ACCOUNTS.admin);
    const mark = await lastLogId();
    const before = copyOf(admin);
    const reply = await impersonate(admin, ACCOUNTS.quality);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ userFullName: 'Claire Dubois', companyName: 'Maison Lumière', impersonating: true, impersonatorFullName: 'Alex Morgan' });
    expect(reply.body.roles).not.toContain('IMPERSONATE');
    // Rotated: the session held before is gone, the new cookie acts as the target.
    expect((await before.get('/back/auth/profile')).status).toBe(403);
    expect((await admin.get('/back/auth/profile')).body).toMatchObject({ contactId: (await contactOf(ACCOUNTS.quality)).contactId, impersonating: true });

    const events = await server.store.find('loginEvents', (event) => event.loginEventType === 'IMPERSONATE' && event.ip === '127.0.0.1');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ email: ACCOUNTS.quality, contactId: (await contactOf(ACCOUNTS.quality)).contactId, impersonatorId: (await contactOf(ACCOUNTS.admin)).contactId });
    const started = await logsSince(mark, (message) => message.startsWith('Impersonation started: Alex Morgan'));
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ application: 'SECURITY', contactId: (await contactOf(ACCOUNTS.admin)).contactId });
    expect(started[0].message).toContain('from 127.0.0.1');

    // Writes made meanwhile are logged with both identities.
    const capa = await admin.post('/back/bo/capas', { title: 'Checked while impersonating', capaType: 'CORRECTIVE_ACTION', startDate: today() });
    expect(capa.status).toBe(201);
    expect(capa.body.creator).toBe((await contactOf(ACCOUNTS.quality)).contactId);
    const writes = await logsSince(mark, (message) => message.includes('POST /back/bo/capas'));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ level: 'INFO', application: 'SECURITY', contactId: (await contactOf(ACCOUNTS.quality)).contactId, impersonatorId: (await contactOf(ACCOUNTS.admin)).contactId });
    expect(writes[0].message).toMatch(/^Alex Morgan \(#\d+\) as Claire Dubois \(#\d+\): POST \/back\/bo\/capas → 201$/);

    // No impersonation from inside an impersonation.
    expect((await impersonate(admin, ACCOUNTS.manager)).status).toBe(403);

    // The way back: a new session of the real user.
    const during = copyOf(admin);
    const back = await admin.post('/back/logout/impersonate');
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ userFullName: 'Alex Morgan', impersonating: false });
    expect(back.body.roles).toContain('IMPERSONATE');
    expect((await during.get('/back/auth/profile')).status).toBe(403);
    expect((await admin.get('/back/auth/profile')).body.contactId).toBe((await contactOf(ACCOUNTS.admin)).contactId);
    expect(await logsSince(mark, (message) => message.startsWith('Impersonation ended: Alex Morgan'))).toHaveLength(1);

    const again = await admin.post('/back/logout/impersonate');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ exception: 'NotImpersonatingException', message: 'You are not impersonating anybody' });
  });

  it('is refused without the IMPERSONATE right (403)', async () => {
    const manager = await loginAs(server, ACCOUNTS.manager);
    const reply = await impersonate(manager, ACCOUNTS.inspector);
    expect(reply.status).toBe(403);
    expect((await manager.get('/back/auth/profile')).body.userFullName).toBe('Nadia Haddad');
  });

  it('does not find users of another universe, unknown e-mails or archived contacts (404)', async () => {
    const admin = await loginAs(server, ACCOUNTS.admin);
    expect((await impersonate(admin, ACCOUNTS.outsider)).status).toBe(404);
    expect((await impersonate(admin, 'nobody@nowhere.test')).status).toBe(404);
    expect((await impersonate(admin, '')).status).toBe(404);
    // A contact without an account (a seeded staff member) is not an active account either.
    const staff = (await server.store.find<Contact>('contacts', (contact) => !contact.account && contact.universeId === 1))[0];
    expect((await impersonate(admin, staff.email!)).status).toBe(404);
    const archived = await admin.post('/back/bo/contacts/admin', { firstName: 'Old', lastName: 'Timer', email: 'old.timer@maisonlumiere.example', companyId: (await contactOf(ACCOUNTS.quality)).companyId, language: 'en', profiles: ['MANAGER'] });
    expect(archived.status).toBe(201);
    expect((await admin.delete(`/back/bo/contacts/admin/${archived.body.contactId}`)).status).toBe(200);
    expect((await impersonate(admin, 'old.timer@maisonlumiere.example')).status).toBe(404);
  });

  it('refuses targets who hold IMPERSONATE themselves, and oneself (403)', async () => {
    const admin = await loginAs(server, ACCOUNTS.admin);
    const peer = await admin.post('/back/bo/contacts/admin', { firstName: 'Second', lastName: 'Admin', email: 'second.admin@qcflow.test', companyId: (await contactOf(ACCOUNTS.admin)).companyId, language: 'en', profiles: ['SUPER_ADMIN'] });
    expect(peer.status).toBe(201);
    expect((await impersonate(admin, 'second.admin@qcflow.test')).status).toBe(403);
    expect((await impersonate(admin, ACCOUNTS.admin)).status).toBe(403);
    expect((await admin.get('/back/auth/profile')).body.impersonating).toBe(false);
  });

  it('requires X-Requested-With, since this GET changes the session (403 error.csrf)', async () => {
    const admin = await loginAs(server, ACCOUNTS.admin, { xhr: false });
    const reply = await impersonate(admin, ACCOUNTS.quality);
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('Request refused: it does not come from the application');
    expect((await admin.get('/back/auth/profile')).body.impersonating).toBe(false);
  });

  it('is refused through an API token (403), even a read-write one of an administrator', async () => {
    const admin = await loginAs(server, ACCOUNTS.admin);
    const created = await admin.post('/back/bo/apiTokens/admin', { name: 'Robot', canWrite: true, contactId: (await contactOf(ACCOUNTS.admin)).contactId, ipAddress: '127.0.0.1', expirationDate: today() });
    expect(created.status).toBe(201);
    const robot = new Client(server.url, { xhr: false });
    const headers = { Authorization: `Bearer ${created.body.token}` };
    expect((await robot.request('GET', '/back/auth/profile', { headers })).status).toBe(200);
    const reply = await robot.request('GET', '/back/login/impersonate', { headers, query: { username: ACCOUNTS.quality } });
    expect(reply.status).toBe(403);
    expect(robot.cookies.size).toBe(0);
    expect((await robot.request('POST', '/back/logout/impersonate', { headers })).status).toBe(409);
  });

  it('needs a session: anonymous calls get 403', async () => {
    expect((await impersonate(new Client(server.url), ACCOUNTS.quality)).status).toBe(403);
    expect((await new Client(server.url).post('/back/logout/impersonate')).status).toBe(403);
  });
});
