import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_EVENTS } from '../../server/audit';
import { PASSWORD_REQUESTS } from '../../server/auth/passwordRoutes';
import { PASSWORD_TOKENS, issuePasswordToken, type PasswordToken } from '../../server/auth/passwordLinks';
import { COLLECTIONS, type Contact } from '../../server/identity';
import { ACCOUNTS, Client, DEMO_PASSWORD, loginAs, startServer, type TestServer, storedContactByEmail } from './helpers';
import { linkToken, mailCount, sentMails, waitForMails } from './outbox';

/** docs/identity.md "Passwords (anonymous)": forgotten password, link check, reset. */
let server: TestServer;
let anonymous: Client;
const NEW_PASSWORD = 'Lantern-Orbit-4815';

beforeAll(async () => {
  server = await startServer();
  anonymous = new Client(server.url);
});
afterAll(() => server?.close());

/** Each test starts with a fresh per-address request count (all requests come from 127.0.0.1). */
beforeEach(async () => {
  await server.store.transaction(async (tx) => {
    for (const request of await tx.query({ collection: PASSWORD_REQUESTS })) await tx.remove(PASSWORD_REQUESTS, request.passwordRequestId as number);
  });
});

const contactOf = async (email: string) => (await storedContactByEmail(server.store, email))!;
const mailsTo = async (email: string) => (await sentMails(server.outbox!)).filter((mail) => mail.to === email);

/** Asks for a reset link and returns the token read from the e-mail. */
async function requestLink(email: string): Promise<string> {
  const before = await mailCount(server);
  const reply = await anonymous.post('/back/password/forgotten', { email });
  expect(reply.status).toBe(200);
  const mails = await waitForMails(server.outbox!, before + 1);
  const mail = mails.at(-1)!;
  expect(mail.to).toBe(email);
  return linkToken(mail).token;
}

const reset = (token: string | undefined, password: string, confirmation = password) => anonymous.post('/back/password/reset', { token, password, confirmation });

describe('forgotten password → e-mail → reset', () => {
  it('e-mails a single-use link that sets a new password', async () => {
    const reply = await anonymous.post('/back/password/forgotten', { email: ACCOUNTS.buyer.toUpperCase(), locale: 'en' });
    expect(reply).toMatchObject({ status: 200, body: true });
    const [mail] = await waitForMails(server.outbox!, 1);
    expect(mail.to).toBe(ACCOUNTS.buyer);
    expect(mail.subject).toBe('QCFlow: choose a new password');
    expect(mail.text).toContain('Hello Hugo Martin');
    const { link, token } = linkToken(mail);
    expect(link.startsWith(`${server.url}/auth/passwordReset?token=`)).toBe(true);
    // Only the token's hash is stored.
    expect(JSON.stringify(await server.store.all(PASSWORD_TOKENS))).not.toContain(token);

    const check = await anonymous.get('/back/password/token', { token });
    expect(check).toMatchObject({ status: 200, body: { email: ACCOUNTS.buyer, firstName: 'Hugo', lastName: 'Martin', kind: 'reset' } });

    expect(await reset(token, NEW_PASSWORD)).toMatchObject({ status: 200, body: true });
    expect((await new Client(server.url).login(ACCOUNTS.buyer, NEW_PASSWORD)).status).toBe(200);
    expect((await new Client(server.url).login(ACCOUNTS.buyer, DEMO_PASSWORD)).status).toBe(401);
    expect((await contactOf(ACCOUNTS.buyer)).account?.passwordChangedAt).toBeTruthy();
    const renew = await server.store.find(LOGIN_EVENTS, (event) => event.loginEventType === 'RENEW' && event.email === ACCOUNTS.buyer);
    expect(renew).toHaveLength(1);

    // The link is used up.
    for (const again of [await anonymous.get('/back/password/token', { token }), await reset(token, 'Another-Orbit-5926')]) {
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ exception: 'ExpiredTokenException', message: 'link expired, request again' });
    }
    expect((await new Client(server.url).login(ACCOUNTS.buyer, NEW_PASSWORD)).status).toBe(200);
  });

  it('closes every session of the contact and clears its lock', async () => {
    const session = await loginAs(server, ACCOUNTS.sales);
    expect((await session.get('/back/auth/profile')).status).toBe(200);
    await server.store.update<Contact>(COLLECTIONS.contacts, (await contactOf(ACCOUNTS.sales)).contactId, (current) => ({
      ...current,
      account: { ...current.account!, failedLogins: 0, lockedUntil: new Date(Date.now() + 600_000).toISOString() },
    }));
    expect((await new Client(server.url).login(ACCOUNTS.sales)).status).toBe(401);

    const token = await requestLink(ACCOUNTS.sales);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    expect((await session.get('/back/auth/profile')).status).toBe(403);
    expect((await contactOf(ACCOUNTS.sales)).account?.lockedUntil).toBeUndefined();
    expect((await new Client(server.url).login(ACCOUNTS.sales, NEW_PASSWORD)).status).toBe(200);
  });

  it('lets an invited user choose a first password with a welcome link', async () => {
    const { contactId: _id, version: _version, ...colleague } = await contactOf(ACCOUNTS.inspector);
    const invited = await server.store.transaction((tx) =>
      tx.insert(COLLECTIONS.contacts, 'contactId', {
        ...colleague,
        firstName: 'Lina',
        lastName: 'Okafor',
        email: 'lina.okafor@inspect.test',
        account: { profiles: ['CONTRIBUTOR'], failedLogins: 0 },
      }),
    );
    const token = await server.store.transaction((tx) => issuePasswordToken(tx, invited.contactId as number, 'welcome', '127.0.0.1'));
    expect((await new Client(server.url).login('lina.okafor@inspect.test', NEW_PASSWORD)).status).toBe(401);
    expect((await anonymous.get('/back/password/token', { token })).body).toMatchObject({ firstName: 'Lina', kind: 'welcome' });
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    expect((await new Client(server.url).login('lina.okafor@inspect.test', NEW_PASSWORD)).status).toBe(200);
  });
});

describe('forgotten password refusals', () => {
  it('answers 200 true for an unknown or archived e-mail, stores nothing for it and sends nothing', async () => {
    const tokensBefore = (await server.store.all(PASSWORD_TOKENS)).length;
    const mailsBefore = await mailCount(server);
    const archived = await contactOf(ACCOUNTS.outsider);
    await server.store.update<Contact>(COLLECTIONS.contacts, archived.contactId, (current) => ({ ...current, archived: true }));
    for (const email of ['nobody@nowhere.test', ACCOUNTS.outsider]) {
      expect(await anonymous.post('/back/password/forgotten', { email })).toMatchObject({ status: 200, body: true });
    }
    expect(await server.store.all(PASSWORD_TOKENS)).toHaveLength(tokensBefore);
    // A known e-mail afterwards is the only new mail.
    await requestLink(ACCOUNTS.inspector);
    const mails = await sentMails(server.outbox!);
    expect(mails.slice(mailsBefore).map((mail) => mail.to)).toEqual([ACCOUNTS.inspector]);
    await server.store.update<Contact>(COLLECTIONS.contacts, archived.contactId, (current) => ({ ...current, archived: false }));
  });

  it('refuses a malformed e-mail or body with 400', async () => {
    const malformed = await anonymous.post('/back/password/forgotten', { email: 'not-an-email' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ exception: 'ValidationException', errors: [{ path: '/email', message: 'invalid format' }] });
    for (const body of [{}, { email: 42 }, { email: ACCOUNTS.buyer, admin: true }, { email: ACCOUNTS.buyer, locale: 'de' }]) {
      const reply = await anonymous.post('/back/password/forgotten', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.exception).toBe('ValidationException');
    }
    expect((await anonymous.request('POST', '/back/password/forgotten', { raw: '{oops' })).status).toBe(400);
  });

  it('answers 429 after 5 requests from one address in 15 minutes, unknown e-mails included', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await anonymous.post('/back/password/forgotten', { email: `nobody${i}@nowhere.test` })).status).toBe(200);
    }
    const mailsBefore = (await mailsTo(ACCOUNTS.quality)).length;
    const refused = await anonymous.post('/back/password/forgotten', { email: ACCOUNTS.quality });
    expect(refused.status).toBe(429);
    expect(refused.body.exception).toBe('TooManyRequestsException');
    // Requests older than the window no longer count.
    await server.store.transaction(async (tx) => {
      for (const request of await tx.query({ collection: PASSWORD_REQUESTS })) await tx.update(PASSWORD_REQUESTS, request.passwordRequestId as number, (current) => ({ ...current, createdAt: new Date(Date.now() - 16 * 60_000).toISOString() }));
    });
    await requestLink(ACCOUNTS.quality);
    expect((await mailsTo(ACCOUNTS.quality)).length).toBe(mailsBefore + 1);
  });
});

describe('link refusals', () => {
  it("answers NoTokenException 'no token provided' without a token", async () => {
    for (const reply of [await anonymous.get('/back/password/token'), await anonymous.get('/back/password/token', { token: '' }), await reset(undefined, NEW_PASSWORD)]) {
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ exception: 'NoTokenException', message: 'no token provided' });
    }
  });

  it('answers ExpiredTokenException for an unknown or expired link', async () => {
    const unknown = await anonymous.get('/back/password/token', { token: 'made-up-token' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ exception: 'ExpiredTokenException', message: 'link expired, request again' });

    const token = await requestLink(ACCOUNTS.manager);
    expect((await anonymous.get('/back/password/token', { token })).status).toBe(200);
    const { contactId } = await contactOf(ACCOUNTS.manager);
    await server.store.transaction(async (tx) => {
      for (const stored of (await tx.query<PasswordToken>({ collection: PASSWORD_TOKENS })).filter((t) => t.contactId === contactId && !t.usedAt)) {
        await tx.update<PasswordToken>(PASSWORD_TOKENS, stored.tokenHash, (current) => ({ ...current, expiresAt: new Date(Date.now() - 1000).toISOString() }));
      }
    });
    for (const reply of [await anonymous.get('/back/password/token', { token }), await reset(token, NEW_PASSWORD)]) {
      expect(reply.status).toBe(400);
      expect(reply.body.exception).toBe('ExpiredTokenException');
    }
    expect((await new Client(server.url).login(ACCOUNTS.manager)).status).toBe(200);
  });

  it('a newer link replaces the older one', async () => {
    const first = await requestLink(ACCOUNTS.admin);
    const second = await requestLink(ACCOUNTS.admin);
    expect((await anonymous.get('/back/password/token', { token: first })).body.exception).toBe('ExpiredTokenException');
    expect((await anonymous.get('/back/password/token', { token: second })).status).toBe(200);
  });
});

describe('new password rules on reset', () => {
  let token: string;
  beforeAll(async () => {
    token = await requestLink(ACCOUNTS.quality); // Claire Dubois
  });

  const fieldErrors = async (password: string, confirmation = password) => {
    const reply = await reset(token, password, confirmation);
    expect(reply.status).toBe(400);
    expect(reply.body.exception).toBe('ValidationException');
    return reply.body.errors;
  };

  it('refuses a short, weak or name-holding password and a mismatched confirmation, keeping the link', async () => {
    expect(await fieldErrors('short1!')).toEqual([{ path: '/password', message: 'password too short (at least 8 characters)' }]);
    expect(await fieldErrors('password1')).toEqual([{ path: '/password', message: 'choose a stronger password' }]);
    expect(await fieldErrors('Claire-Dubois-99')).toEqual([{ path: '/password', message: 'must not contain your name' }]);
    expect(await fieldErrors('xx-DÚBOIS-x7!q')).toEqual([{ path: '/password', message: 'must not contain your name' }]);
    expect(await fieldErrors(NEW_PASSWORD, `${NEW_PASSWORD}x`)).toEqual([{ path: '/confirmation', message: 'new passwords do not match' }]);
    expect(await fieldErrors('password1', 'password2')).toEqual([
      { path: '/password', message: 'choose a stronger password' },
      { path: '/confirmation', message: 'new passwords do not match' },
    ]);
    expect((await reset(token, 'x'.repeat(300))).status).toBe(400);
    expect((await anonymous.post('/back/password/reset', { token, password: NEW_PASSWORD, confirmation: NEW_PASSWORD, extra: 1 })).status).toBe(400);
    // Nothing changed: the old password still works and the link is still usable.
    expect((await new Client(server.url).login(ACCOUNTS.quality)).status).toBe(200);
    expect((await anonymous.get('/back/password/token', { token })).status).toBe(200);
  });

  it('localizes the field messages', async () => {
    const french = new Client(server.url, { language: 'fr' });
    const reply = await french.post('/back/password/reset', { token, password: 'password1', confirmation: 'password1' });
    expect(reply.body.errors).toEqual([{ path: '/password', message: 'choisissez un mot de passe plus robuste' }]);
  });

  it('accepts a long lower-case phrase (15+ characters count as good)', async () => {
    expect(await reset(token, 'sunny garden path')).toMatchObject({ status: 200, body: true });
    expect((await new Client(server.url).login(ACCOUNTS.quality, 'sunny garden path')).status).toBe(200);
  });
});
