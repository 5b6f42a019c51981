import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_EVENTS } from '../../server/audit';
import { MAX_LOGIN_FAILURES_PER_IP } from '../../server/auth/rateLimit';
import { MAX_FAILURES } from '../../server/auth/routes';
import { totpNow } from '../../server/auth/totp';
import { ACCOUNTS, Client, DEMO_PASSWORD, loginAs, startServer, type TestServer } from './helpers';

/**
 * Credentials checked from "My account" count like the login's: a wrong current password or
 * two-factor code adds to the account's lockout and to the per-address rate limit (429).
 */
let server: TestServer;

beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server?.close());

const USER = '/back/bo/profile/user';
/** The refused attempts recorded for this e-mail since `since` (the seed has older ones). */
const refusals = async (email: string, since: string) =>
  (await server.store.find(LOGIN_EVENTS, (event) => event.email === email && event.loginEventType !== 'SUCCESS' && String(event.date) >= since)).map((event) => event.loginEventType);
const NEW_PASSWORD = 'Harbor-Violet-7312';

async function wrongCodeFor(secret: string): Promise<string> {
  const valid = await totpNow(secret);
  return valid === '000000' ? '000001' : '000000';
}

describe('password change', () => {
  it(`locks the account after ${MAX_FAILURES} wrong current passwords, as failed logins do`, async () => {
    const since = new Date().toISOString();
    const client = await loginAs(server, ACCOUNTS.inspector);
    for (let i = 0; i < MAX_FAILURES; i++) {
      const reply = await client.put(`${USER}/password`, { currentPassword: `wrong-${i}`, password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ path: '/currentPassword', message: 'wrong password' }]);
    }
    expect(await refusals(ACCOUNTS.inspector, since)).toEqual(['FAILURE', 'FAILURE', 'FAILURE', 'FAILURE', 'LOCKED']);
    // Locked: the right password opens nothing, neither at login nor for a change.
    expect((await new Client(server.url).login(ACCOUNTS.inspector)).status).toBe(401);
    const right = await client.put(`${USER}/password`, { currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(right.status).toBe(400);
    expect((await new Client(server.url).login(ACCOUNTS.inspector, NEW_PASSWORD)).status).toBe(401);
  });
});

describe('two-factor confirm and disable', () => {
  it(`answer 429 after ${MAX_LOGIN_FAILURES_PER_IP} failed attempts from one address, with the localized message`, async () => {
    const client = await loginAs(server, ACCOUNTS.outsider);
    const setup = await client.post(`${USER}/twoFactor/setup`);
    const secret = setup.body.secret as string;
    for (let i = 0; i < MAX_LOGIN_FAILURES_PER_IP; i++) {
      expect((await client.post(`${USER}/twoFactor`, { code: await wrongCodeFor(secret) })).status).toBe(400);
    }
    const limited = await client.post(`${USER}/twoFactor`, { code: await totpNow(secret) });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ exception: 'TooManyRequestsException', message: 'Too many attempts: wait a few minutes and try again' });
    expect((await server.store.find('contacts', (contact) => contact.email === ACCOUNTS.outsider))[0].account).toMatchObject({ twoFactorPending: secret });
    expect((await client.post(`${USER}/twoFactor/disable`, { code: '123456' })).status).toBe(429);
    // In the user's own language.
    const outsider = (await server.store.find('contacts', (contact) => contact.email === ACCOUNTS.outsider))[0];
    await server.store.update('contacts', outsider.contactId as number, (contact) => ({ ...contact, language: 'fr' }));
    expect((await client.post(`${USER}/twoFactor`, { code: '123456' })).body.message).toBe('Trop de tentatives : patientez quelques minutes puis réessayez');
  });

  it('count a wrong code toward the lockout; disabling is limited too', async () => {
    const since = new Date().toISOString();
    const client = await loginAs(server, ACCOUNTS.outsider);
    const secret = (await client.post(`${USER}/twoFactor/setup`)).body.secret as string;
    expect((await client.post(`${USER}/twoFactor`, { code: await totpNow(secret) })).status).toBe(200);
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await client.post(`${USER}/twoFactor/disable`, { code: await wrongCodeFor(secret) })).status).toBe(400);
    }
    expect(await refusals(ACCOUNTS.outsider, since)).toEqual(['FAILURE', 'FAILURE', 'FAILURE', 'FAILURE', 'LOCKED']);
    const login = await new Client(server.url).request('POST', '/back/login', { form: { username: ACCOUNTS.outsider, password: DEMO_PASSWORD, code: await totpNow(secret) } });
    expect(login.status).toBe(401);
    for (let i = MAX_FAILURES; i < MAX_LOGIN_FAILURES_PER_IP - 1; i++) await client.post(`${USER}/twoFactor/disable`, { code: await wrongCodeFor(secret) });
    expect((await client.post(`${USER}/twoFactor/disable`, { code: await totpNow(secret) })).status).toBe(429);
  });
});
