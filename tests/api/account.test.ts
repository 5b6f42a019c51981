import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_EVENTS } from '../../server/audit';
import { API_TOKENS, newTokenSecret, secretHashOf } from '../../server/auth/apiTokenStore';
import { SESSIONS, type Session } from '../../server/auth/sessions';
import { totpNow } from '../../server/auth/totp';
import { ACCOUNTS, Client, DEMO_PASSWORD, loginAs, shiftDay, startServer, storedContactByEmail, today, type RequestOptions, type TestServer } from './helpers';

/** docs/identity.md "My account (logged in)": profile, password, notifications, two-factor login. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const USER = '/back/bo/profile/user';
const contactOf = async (email: string) => (await storedContactByEmail(server.store, email))!;

/** A code that is none of the codes valid now (the current step and one either side). */
async function wrongCodeFor(secret: string): Promise<string> {
  const valid = new Set([await totpNow(secret)]);
  let code = 100000;
  while (valid.has(String(code))) code++;
  return String(code);
}

describe('profile', () => {
  it('answers the caller’s own profile, without any account secret', async () => {
    const client = await loginAs(server, ACCOUNTS.quality);
    const reply = await client.get(USER);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['companyName', 'contactId', 'email', 'firstName', 'language', 'lastName', 'position', 'profiles', 'twoFactorEnabled'].concat(reply.body.phone ? ['phone'] : []).sort());
    expect(reply.body).toMatchObject({
      contactId: (await contactOf(ACCOUNTS.quality)).contactId,
      firstName: 'Claire',
      lastName: 'Dubois',
      email: ACCOUNTS.quality,
      language: 'en',
      companyName: 'Maison Lumière',
      profiles: ['MANAGER'],
      twoFactorEnabled: false,
    });
    expect(reply.text).not.toMatch(/passwordHash|scrypt|account/);
  });

  it('is refused without a session', async () => {
    for (const [method, path] of [['GET', USER], ['PUT', USER], ['GET', `${USER}/notificationconfig`], ['GET', `${USER}/twoFactor`]] as const) {
      expect((await new Client(server.url).request(method, path, { json: method === 'PUT' ? {} : undefined })).status).toBe(403);
    }
  });

  it('updates names, position, phone and language; e-mail and profiles stay', async () => {
    const client = await loginAs(server, ACCOUNTS.buyer);
    const reply = await client.put(USER, { firstName: '  Hugo ', lastName: 'Martin-Roy', position: 'Head buyer', phone: '+33 1 23 45 67 89', language: 'fr' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ firstName: 'Hugo', lastName: 'Martin-Roy', position: 'Head buyer', phone: '+33 1 23 45 67 89', language: 'fr', email: ACCOUNTS.buyer, profiles: ['LOCAL_MANAGER'] });
    expect((await client.get(USER)).body).toEqual(reply.body);
    expect((await client.get('/back/auth/profile')).body).toMatchObject({ userFullName: 'Hugo Martin-Roy', contact: { language: 'fr' } });
    // Messages now follow the new language.
    expect((await client.put(USER, { firstName: '', lastName: 'Martin', language: 'fr' })).body.message).not.toBe('Validation error: missing mandatory data');
    // An empty position is removed.
    const cleared = await client.put(USER, { firstName: 'Hugo', lastName: 'Martin', position: '', language: 'en' });
    expect(cleared.body.position).toBeUndefined();
    expect((await contactOf(ACCOUNTS.buyer)).position).toBeUndefined();
  });

  it('refuses blank names, unknown fields, wrong types and languages, leaving the contact unchanged', async () => {
    const client = await loginAs(server, ACCOUNTS.inspector);
    const before = await contactOf(ACCOUNTS.inspector);
    const valid = { firstName: 'Tom', lastName: 'Becker', language: 'en' };
    const cases: [unknown, string, string][] = [
      [{ ...valid, firstName: '   ' }, '/firstName', 'required'],
      [{ lastName: 'Becker', language: 'en' }, '/firstName', 'required'],
      [{ ...valid, email: 'other@inspect.test' }, '/email', 'unknown field'],
      [{ ...valid, profiles: ['SUPER_ADMIN'] }, '/profiles', 'unknown field'],
      [{ ...valid, phone: 612345678 }, '/phone', 'wrong type'],
      [{ ...valid, language: 'de' }, '/language', 'unknown value'],
      [{ ...valid, lastName: 'x'.repeat(101) }, '/lastName', 'too long'],
    ];
    for (const [body, path, message] of cases) {
      const reply = await client.put(USER, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.exception).toBe('ValidationException');
      expect(reply.body.errors).toContainEqual({ path, message });
    }
    expect((await client.put(USER, [valid])).status).toBe(400);
    expect((await client.request('PUT', USER, { raw: 'not json' })).status).toBe(400);
    expect(await contactOf(ACCOUNTS.inspector)).toEqual(before);
  });

  it('refuses a write without the X-Requested-With header (CSRF rule)', async () => {
    const client = await loginAs(server, ACCOUNTS.inspector, { xhr: false });
    expect((await client.put(USER, { firstName: 'Evil', lastName: 'Becker', language: 'en' })).status).toBe(403);
    expect((await contactOf(ACCOUNTS.inspector)).firstName).toBe('Tom');
  });
});

describe('password change', () => {
  const NEW_PASSWORD = 'Harbor-Violet-7312';

  it('checks the current password and the new password rules, in one answer', async () => {
    const client = await loginAs(server, ACCOUNTS.quality);
    const wrong = await client.put(`${USER}/password`, { currentPassword: 'not-my-password', password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ exception: 'ValidationException', errors: [{ path: '/currentPassword', message: 'wrong password' }] });
    const all = await client.put(`${USER}/password`, { currentPassword: 'nope', password: 'Dubois-Claire-1', confirmation: 'other' });
    expect(all.body.errors).toEqual([
      { path: '/currentPassword', message: 'wrong password' },
      { path: '/password', message: 'must not contain your name' },
      { path: '/confirmation', message: 'new passwords do not match' },
    ]);
    for (const body of [{ password: NEW_PASSWORD, confirmation: NEW_PASSWORD }, { currentPassword: DEMO_PASSWORD, password: 12345678, confirmation: 12345678 }, { currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmation: NEW_PASSWORD, extra: true }]) {
      expect((await client.put(`${USER}/password`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await new Client(server.url).login(ACCOUNTS.quality)).status).toBe(200);
  });

  it('sets the new password, keeps this session and closes the others', async () => {
    const client = await loginAs(server, ACCOUNTS.sales);
    const other = await loginAs(server, ACCOUNTS.sales);
    const reply = await client.put(`${USER}/password`, { currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(reply).toMatchObject({ status: 200, body: true });
    expect((await client.get(USER)).status).toBe(200);
    expect((await other.get(USER)).status).toBe(403);
    expect((await new Client(server.url).login(ACCOUNTS.sales, DEMO_PASSWORD)).status).toBe(401);
    expect((await new Client(server.url).login(ACCOUNTS.sales, NEW_PASSWORD)).status).toBe(200);
    expect(await server.store.find(LOGIN_EVENTS, (event) => event.loginEventType === 'RENEW' && event.email === ACCOUNTS.sales)).toHaveLength(1);
  });
});

describe('notification settings', () => {
  it('reads and stores allowNotification and the notification types', async () => {
    const client = await loginAs(server, ACCOUNTS.manager);
    const initial = await client.get(`${USER}/notificationconfig`);
    expect(initial.status).toBe(200);
    expect(Object.keys(initial.body).sort()).toEqual(['allowNotification', 'notificationTypes']);
    const config = { allowNotification: false, notificationTypes: ['REPORT_AVAILABLE', 'SERVICE_CONFIRMED'] };
    expect(await client.put(`${USER}/notificationconfig`, config)).toMatchObject({ status: 200, body: config });
    expect((await client.get(`${USER}/notificationconfig`)).body).toEqual(config);
    expect(await contactOf(ACCOUNTS.manager)).toMatchObject(config);
  });

  it('refuses unknown types, duplicates, missing or unknown fields', async () => {
    const client = await loginAs(server, ACCOUNTS.manager);
    const before = (await client.get(`${USER}/notificationconfig`)).body;
    const cases: [unknown, string][] = [
      [{ allowNotification: true, notificationTypes: ['NOT_A_TYPE'] }, '/notificationTypes/0'],
      [{ allowNotification: true, notificationTypes: ['REPORT_DRAFT', 'REPORT_DRAFT'] }, '/notificationTypes'],
      [{ allowNotification: 'yes', notificationTypes: [] }, '/allowNotification'],
      [{ allowNotification: true }, '/notificationTypes'],
      [{ allowNotification: true, notificationTypes: [], email: 'x@y.test' }, '/email'],
    ];
    for (const [body, path] of cases) {
      const reply = await client.put(`${USER}/notificationconfig`, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect((await client.get(`${USER}/notificationconfig`)).body).toEqual(before);
  });
});

describe('two-factor login', () => {
  const email = ACCOUNTS.outsider;
  let client: Client;
  let secret: string;

  beforeAll(async () => {
    client = await loginAs(server, email);
  });

  it('sets up a pending secret shown once, then confirms it with a code', async () => {
    expect((await client.get(`${USER}/twoFactor`)).body).toEqual({ enabled: false });
    const setup = await client.post(`${USER}/twoFactor/setup`);
    expect(setup.status).toBe(200);
    secret = setup.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.otpauthUrl).toContain(`secret=${secret}`);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    // Pending: not enabled yet, login still without code.
    expect((await client.get(`${USER}/twoFactor`)).body).toEqual({ enabled: false });
    expect((await new Client(server.url).login(email)).status).toBe(200);

    const wrong = await client.post(`${USER}/twoFactor`, { code: await wrongCodeFor(secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ exception: 'ValidationException', errors: [{ path: '/code', message: 'wrong or expired code' }] });
    expect((await client.post(`${USER}/twoFactor`, {})).status).toBe(400);
    expect((await client.post(`${USER}/twoFactor`, { code: 123456 })).status).toBe(400);

    expect(await client.post(`${USER}/twoFactor`, { code: await totpNow(secret) })).toMatchObject({ status: 200, body: { enabled: true } });
    expect((await contactOf(email)).account).toMatchObject({ twoFactorSecret: secret });
    expect((await contactOf(email)).account?.twoFactorPending).toBeUndefined();
  });

  it('never shows the secret again', async () => {
    for (const path of [`${USER}/twoFactor`, USER, '/back/auth/profile']) {
      const reply = await client.get(path);
      expect(reply.status).toBe(200);
      expect(reply.text).not.toContain(secret);
    }
    expect((await client.get(`${USER}/twoFactor`)).body).toEqual({ enabled: true });
    expect((await client.get(USER)).body.twoFactorEnabled).toBe(true);
    const again = await client.post(`${USER}/twoFactor/setup`);
    expect(again.status).toBe(409);
    expect(again.text).not.toContain(secret);
    expect((await client.post(`${USER}/twoFactor`, { code: await totpNow(secret) })).status).toBe(409);
  });

  it('then asks the code at login: none → 401 twoFactorRequired, wrong → 401, right → 200', async () => {
    expect((await client.post('/back/logout')).status).toBe(200);
    expect((await client.get(USER)).status).toBe(403);
    const noCode = await client.login(email);
    expect(noCode.status).toBe(401);
    expect(noCode.body.twoFactorRequired).toBe(true);
    const wrong = await client.request('POST', '/back/login', { form: { username: email, password: DEMO_PASSWORD, code: await wrongCodeFor(secret) } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.twoFactorRequired).toBe(true);
    const right = await client.request('POST', '/back/login', { form: { username: email, password: DEMO_PASSWORD, code: await totpNow(secret) } });
    expect(right.status).toBe(200);
    expect((await client.get(USER)).status).toBe(200);
  });

  it('is disabled only with a valid code', async () => {
    const wrong = await client.post(`${USER}/twoFactor/disable`, { code: await wrongCodeFor(secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: '/code', message: 'wrong or expired code' }]);
    expect((await client.get(`${USER}/twoFactor`)).body).toEqual({ enabled: true });
    expect(await client.post(`${USER}/twoFactor/disable`, { code: await totpNow(secret) })).toMatchObject({ status: 200, body: { enabled: false } });
    expect((await contactOf(email)).account?.twoFactorSecret).toBeUndefined();
    expect((await new Client(server.url).login(email)).status).toBe(200);
    expect((await client.post(`${USER}/twoFactor/disable`, { code: await totpNow(secret) })).status).toBe(409);
  });

  it('refuses a confirmation without a setup in progress', async () => {
    const reply = await client.post(`${USER}/twoFactor`, { code: '123456' });
    expect(reply.status).toBe(409);
  });
});

/** Sends `Authorization: Bearer …` on every request (and no cookie, no X-Requested-With). */
class BearerClient extends Client {
  constructor(base: string, readonly secret: string) {
    super(base, { xhr: false });
  }

  override request<T = any>(method: string, path: string, options: RequestOptions = {}) {
    return super.request<T>(method, path, { ...options, headers: { ...options.headers, Authorization: `Bearer ${this.secret}` } });
  }
}

describe('credentials stay with the real user', () => {
  /** A Bearer token of the given contact, stored directly (the admin token routes are tested elsewhere). */
  async function apiToken(email: string, canWrite: boolean): Promise<Client> {
    const contact = await contactOf(email);
    const secret = newTokenSecret();
    await server.store.insert(API_TOKENS, 'apiTokenId', {
      universeId: contact.universeId,
      companyId: contact.companyId,
      name: 'test token',
      canWrite,
      contactId: contact.contactId,
      ipAddress: '127.0.0.1',
      creationDate: today(),
      expirationDate: shiftDay(today(), 30),
      secretHash: secretHashOf(secret),
      createdBy: contact.contactId,
    });
    return new BearerClient(server.url, secret);
  }

  const credentialCalls: [string, string, unknown][] = [
    ['PUT', `${USER}/password`, { currentPassword: DEMO_PASSWORD, password: 'Harbor-Violet-7312', confirmation: 'Harbor-Violet-7312' }],
    ['POST', `${USER}/twoFactor/setup`, undefined],
    ['POST', `${USER}/twoFactor`, { code: '123456' }],
    ['POST', `${USER}/twoFactor/disable`, { code: '123456' }],
  ];

  it('refuses password and two-factor changes through an API token, even a writing one', async () => {
    const writer = await apiToken(ACCOUNTS.admin, true);
    expect((await writer.get(USER)).body.email).toBe(ACCOUNTS.admin);
    const before = (await contactOf(ACCOUNTS.admin)).account;
    for (const [method, path, json] of credentialCalls) {
      const reply = await writer.request(method, path, { json });
      expect(reply.status, path).toBe(403);
      expect(reply.body.exception).toBe('AccessDeniedException');
    }
    const reader = await apiToken(ACCOUNTS.admin, false);
    expect((await reader.request('PUT', `${USER}/password`, { json: credentialCalls[0][2] })).status).toBe(403);
    expect((await reader.put(USER, { firstName: 'Token', lastName: 'Writer', language: 'en' })).status).toBe(403);
    expect((await contactOf(ACCOUNTS.admin)).account).toEqual(before);
  });

  it('refuses them while impersonating', async () => {
    const client = await loginAs(server, ACCOUNTS.admin);
    const admin = await contactOf(ACCOUNTS.admin);
    const target = await contactOf(ACCOUNTS.inspector);
    // Turn the admin's fresh session into an impersonation of the inspector (the impersonation routes are tested elsewhere).
    const [session] = (await server.store.find<Session>(SESSIONS, (s) => s.contactId === admin.contactId)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    await server.store.update<Session>(SESSIONS, session.sessionKey, (current) => ({ ...current, contactId: target.contactId, impersonatorId: admin.contactId }));
    expect((await client.get('/back/auth/profile')).body).toMatchObject({ impersonating: true, contactId: target.contactId });
    const before = (await contactOf(ACCOUNTS.inspector)).account;
    for (const [method, path, json] of credentialCalls) {
      const reply = await client.request(method, path, { json });
      expect(reply.status, path).toBe(403);
      expect(reply.body.message).toBe('Not allowed while impersonating another user');
    }
    expect((await contactOf(ACCOUNTS.inspector)).account).toEqual(before);
    // Reading is fine.
    expect((await client.get(USER)).body.email).toBe(ACCOUNTS.inspector);
  });
});
