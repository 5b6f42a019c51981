import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client, DEMO_PASSWORD, loginAs, startServer, type TestServer } from './helpers';

/** Login, session cookie, profile, lockout, logout, CSRF rule and security headers. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('login', () => {
  it('sets an httpOnly SameSite=Lax session cookie and answers the profile', async () => {
    const client = new Client(server.url);
    const reply = await client.login(ACCOUNTS.quality);
    expect(reply.status).toBe(200);
    const cookie = reply.headers.getSetCookie()[0];
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(reply.body.userFullName).toBe('Claire Dubois');
  });

  it('gives each login a new session', async () => {
    const first = new Client(server.url);
    await first.login(ACCOUNTS.quality);
    const second = new Client(server.url);
    await second.login(ACCOUNTS.quality);
    expect([...first.cookies.values()][0]).not.toBe([...second.cookies.values()][0]);
  });

  it('answers 401 "Authentication failed" in the contract error format, for a wrong password or an unknown user', async () => {
    for (const [user, password] of [[ACCOUNTS.quality, 'wrong-password'], ['nobody@nowhere.test', DEMO_PASSWORD]]) {
      const client = new Client(server.url);
      const reply = await client.login(user, password);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ level: 'ERROR', exception: 'AuthenticationException', message: 'Authentication failed', errors: [] });
      expect(client.cookies.size).toBe(0);
    }
  });

  it('localizes the failure from Accept-Language when nobody is logged in', async () => {
    expect((await new Client(server.url, { language: 'it-IT,it;q=0.9' }).login(ACCOUNTS.quality, 'nope')).body.message).toBe('Autenticazione non riuscita');
    expect((await new Client(server.url, { language: 'de-DE, fr;q=0.8' }).login(ACCOUNTS.quality, 'nope')).body.message).toBe("Échec de l'authentification");
  });

  it('answers 400, not a crash, for a broken form body', async () => {
    const reply = await new Client(server.url).request('POST', '/back/login', {
      raw: '--zz\r\nbroken',
      headers: { 'Content-Type': 'multipart/form-data; boundary=zz' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('The request body is not a valid form');
  });

  it('locks the account after 5 failures (still a plain 401, even with the right password)', async () => {
    const client = new Client(server.url);
    for (let i = 0; i < 5; i++) expect((await client.login(ACCOUNTS.sales, 'bad-password')).status).toBe(401);
    const locked = await client.login(ACCOUNTS.sales);
    expect(locked.status).toBe(401);
    expect(locked.body.message).toBe('Authentication failed');
    const events = (await server.store.all('loginEvents')).filter((event) => event.email === ACCOUNTS.sales).map((event) => event.loginEventType);
    expect(events).toEqual(['FAILURE', 'FAILURE', 'FAILURE', 'FAILURE', 'LOCKED', 'LOCKED']);
  });

  it('keeps no password hash or account data in any answer', async () => {
    const client = await loginAs(server, ACCOUNTS.manager);
    const texts = await Promise.all(['/back/auth/profile', '/back/schemas', '/back/bo/networkcombo/contacts'].map(async (path) => (await client.get(path)).text));
    for (const text of texts) {
      expect(text).not.toContain('scrypt$');
      expect(text).not.toContain('passwordHash');
    }
  });
});

describe('profile and session', () => {
  it('answers the spec profile shape', async () => {
    const client = await loginAs(server, ACCOUNTS.manager);
    const { body, status } = await client.get('/back/auth/profile');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      serviceCompanyRoles: ['SERVICE_PROVIDER'],
      contact: { firstName: 'Nadia', lastName: 'Haddad', email: ACCOUNTS.manager, language: 'en', position: 'Inspection manager' },
      limits: { SERVICE_HARD_LIMIT: 1000 },
      universeId: 1,
      companyName: 'Atlas Inspection',
      userFullName: 'Nadia Haddad',
      userPosition: 'Inspection manager',
      prod: false,
    });
    expect(body.contact.contactId).toBe(body.contactId);
    expect(body.companyId).toBeTypeOf('number');
    expect(body.customServiceType).toBeTypeOf('string');
    expect(body.roles).toEqual(expect.arrayContaining(['SPA_USER', 'MANAGER', 'CREATE_SERVICE', 'SEARCH_SERVICE', 'SERVICE_WORKFLOW', 'COMPANY_ADMIN']));
    expect(body.roles).not.toContain('SUPER_ADMIN');
  });

  it('maps each demo profile to its permission flags', async () => {
    const rolesOf = async (email: string) => (await (await loginAs(server, email)).get('/back/auth/profile')).body.roles as string[];
    const admin = await rolesOf(ACCOUNTS.admin);
    expect(admin).toEqual(expect.arrayContaining(['SPA_USER', 'SUPER_ADMIN', 'ADMIN', 'IMPERSONATE', 'MANAGER', 'UNIVERSE_ADMIN', 'COMPANY_ADMIN', 'CREATE_SERVICE', 'SEARCH_SERVICE']));
    const buyer = await rolesOf(ACCOUNTS.buyer);
    expect(buyer).toEqual(expect.arrayContaining(['SPA_USER', 'SEARCH_SERVICE', 'CREATE_SERVICE']));
    expect(buyer).not.toContain('MANAGER');
    expect(await rolesOf(ACCOUNTS.inspector)).toEqual(['SPA_USER', 'CONTRIBUTOR', 'SEARCH_SERVICE']);
  });

  it('answers 403 for the profile, schemas and any /back/bo call without a session', async () => {
    const anonymous = new Client(server.url);
    expect((await anonymous.get('/back/auth/profile')).status).toBe(403);
    expect((await anonymous.get('/back/schemas')).status).toBe(403);
    expect((await anonymous.get('/back/bo/menu/')).status).toBe(403);
    expect((await anonymous.get('/back/bo/no/such/thing')).status).toBe(403);
    expect((await anonymous.get('/back/alerts/poll')).status).toBe(403);
  });

  it('refuses a forged session cookie', async () => {
    const client = new Client(server.url);
    client.cookies.set('qcflow_session', 'forged.value');
    expect((await client.get('/back/auth/profile')).status).toBe(403);
  });

  it('logout ends the session on the server, not only in the browser', async () => {
    const client = await loginAs(server, ACCOUNTS.quality);
    const saved = new Map(client.cookies);
    expect((await client.request('POST', '/back/logout')).status).toBe(200);
    expect(client.cookies.size).toBe(0);
    expect((await client.get('/back/auth/profile')).status).toBe(403);
    const replay = new Client(server.url);
    for (const [name, value] of saved) replay.cookies.set(name, value);
    expect((await replay.get('/back/auth/profile')).status).toBe(403);
  });
});

describe('CSRF and headers', () => {
  it('refuses a cookie-authenticated write without X-Requested-With (403), accepts it with', async () => {
    const client = await loginAs(server, ACCOUNTS.manager, { xhr: false });
    const body = { title: 'CSRF probe', capaType: 'CONTAINMENT', startDate: '2025-01-10' };
    const refused = await client.post('/back/bo/capas', body);
    expect(refused.status).toBe(403);
    expect(refused.body.exception).toBe('AccessDeniedException');
    expect((await client.request('POST', '/back/bo/capas', { json: body, headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status).toBe(201);
    expect((await client.get('/back/bo/capas/')).status).toBe(200);
  });

  it('refuses a write whose Origin is another site, including the login form', async () => {
    const evil = { Origin: 'https://evil.example' };
    const login = await new Client(server.url).request('POST', '/back/login', { form: { username: ACCOUNTS.manager, password: DEMO_PASSWORD }, headers: evil });
    expect(login.status).toBe(403);
    const sameSite = await new Client(server.url).request('POST', '/back/login', { form: { username: ACCOUNTS.manager, password: DEMO_PASSWORD }, headers: { Origin: server.url } });
    expect(sameSite.status).toBe(200);
    const client = await loginAs(server, ACCOUNTS.manager);
    const write = await client.request('POST', '/back/bo/capas', { json: { title: 'x', capaType: 'CONTAINMENT', startDate: '2025-01-10' }, headers: evil });
    expect(write.status).toBe(403);
  });

  it('sends secure headers and answers unknown API paths with a JSON 404', async () => {
    const client = await loginAs(server, ACCOUNTS.manager);
    const reply = await client.get('/back/bo/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ level: 'ERROR', exception: 'NotFoundException', message: 'Not found' });
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(reply.headers.get('strict-transport-security')).toBeTruthy();
  });

  it('serves the version without login', async () => {
    const reply = await new Client(server.url).get('/back/version/');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ version: '0.1.0' });
  });
});
