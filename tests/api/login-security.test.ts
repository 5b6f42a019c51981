import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpNow } from '../../server/auth/totp';
import type { Contact } from '../../server/identity';
import { MAX_LOGIN_FAILURES_PER_IP } from '../../server/auth/rateLimit';
import { ACCOUNTS, Client, loginAs, startServer, type TestServer } from './helpers';

/** Session rotation and expiry, two-factor login, rate limiting, lock audit, security headers. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const contactOf = async (email: string) => (await server.store.find<Contact>('contacts', (contact) => contact.email === email))[0];
const profileStatus = (client: Client) => client.get('/back/auth/profile').then((reply) => reply.status);

async function setAccount(email: string, change: Partial<NonNullable<Contact['account']>>) {
  await server.store.update<Contact>('contacts', (await contactOf(email)).contactId, (contact) => ({ ...contact, account: { ...contact.account!, ...change } }));
}

describe('sessions', () => {
  it('rotates the session on a new login: the cookie held before no longer opens anything', async () => {
    const client = await loginAs(server, ACCOUNTS.manager);
    const before = new Map(client.cookies);
    expect((await client.login(ACCOUNTS.manager)).status).toBe(200);
    expect([...client.cookies.values()]).not.toEqual([...before.values()]);
    const stale = new Client(server.url);
    for (const [name, value] of before) stale.cookies.set(name, value);
    expect(await profileStatus(stale)).toBe(403);
    expect(await profileStatus(client)).toBe(200);
  });

  it('ends the session on the server at logout (a copied cookie is dead too)', async () => {
    const client = await loginAs(server, ACCOUNTS.manager);
    const copy = new Client(server.url);
    for (const [name, value] of client.cookies) copy.cookies.set(name, value);
    expect((await client.request('POST', '/back/logout')).status).toBe(200);
    expect(await profileStatus(copy)).toBe(403);
  });

  it('expires a session after its lifetime', async () => {
    const client = await loginAs(server, ACCOUNTS.inspector);
    const contactId = (await contactOf(ACCOUNTS.inspector)).contactId;
    await server.store.transaction(async (tx) => {
      for (const session of (await tx.query({ collection: 'sessions' })).filter((s) => s.contactId === contactId)) {
        await tx.update('sessions', session.sessionKey as string, (current) => ({ ...current, expiresAt: new Date(Date.now() - 1000).toISOString() }));
      }
    });
    expect(await profileStatus(client)).toBe(403);
  });

  it('refuses an unknown bearer token with 403 rather than treating it as anonymous', async () => {
    const reply = await new Client(server.url).request('GET', '/back/bo/capas/', { headers: { Authorization: 'Bearer qcf_not-a-token' } });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('API token refused');
  });
});

describe('two-factor login', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('asks for the code after the right password, refuses a wrong code, accepts the current one', async () => {
    await setAccount(ACCOUNTS.quality, { twoFactorSecret: secret });
    const client = new Client(server.url);
    const noCode = await client.login(ACCOUNTS.quality);
    expect(noCode.status).toBe(401);
    expect(noCode.body.twoFactorRequired).toBe(true);
    expect(client.cookies.size).toBe(0);

    const wrongCode = await client.request('POST', '/back/login', { form: { username: ACCOUNTS.quality, password: 'Demo-Pass-2026!', code: '000000' === (await totpNow(secret)) ? '111111' : '000000' } });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body.twoFactorRequired).toBe(true);

    const wrongPassword = await client.request('POST', '/back/login', { form: { username: ACCOUNTS.quality, password: 'nope', code: await totpNow(secret) } });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.twoFactorRequired).toBeUndefined();

    const ok = await client.request('POST', '/back/login', { form: { username: ACCOUNTS.quality, password: 'Demo-Pass-2026!', code: await totpNow(secret) } });
    expect(ok.status).toBe(200);
    expect(ok.body.twoFactorEnabled).toBe(true);
    expect(JSON.stringify(ok.body)).not.toContain(secret);
    await setAccount(ACCOUNTS.quality, { twoFactorSecret: undefined });
  });
});

describe('lockout audit', () => {
  it('records LOCKED with the address and writes a security log', async () => {
    const client = new Client(server.url);
    for (let i = 0; i < 5; i++) await client.login(ACCOUNTS.buyer, 'wrong-password');
    const events = await server.store.find('loginEvents', (event) => event.email === ACCOUNTS.buyer);
    expect(events.map((event) => event.loginEventType)).toEqual(['FAILURE', 'FAILURE', 'FAILURE', 'FAILURE', 'LOCKED']);
    const buyer = await contactOf(ACCOUNTS.buyer);
    expect(events.every((event) => event.ip === '127.0.0.1' && event.contactId === buyer.contactId)).toBe(true);
    const logs = await server.store.find('serverLogs', (log) => log.application === 'SECURITY' && String(log.message).includes(ACCOUNTS.buyer));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ level: 'WARN', contactId: (await contactOf(ACCOUNTS.buyer)).contactId });
  });
});

describe('security headers', () => {
  it('sends a content security policy and anti-framing headers on the API and the SPA', async () => {
    for (const path of ['/back/version/', '/']) {
      const reply = await new Client(server.url).get(path);
      const csp = reply.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });
});

describe('login rate limit', () => {
  it(`answers 429 after ${MAX_LOGIN_FAILURES_PER_IP} failed attempts from one address, even with the right password`, async () => {
    const own = await startServer();
    try {
      const client = new Client(own.url);
      for (let i = 0; i < MAX_LOGIN_FAILURES_PER_IP; i++) {
        expect((await client.login(`nobody${i}@nowhere.test`, 'x')).status).toBe(401);
      }
      const limited = await client.login(ACCOUNTS.manager);
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ exception: 'TooManyRequestsException', message: 'Too many attempts: wait a few minutes and try again' });
      expect(client.cookies.size).toBe(0);
    } finally {
      await own.close();
    }
  });
});
