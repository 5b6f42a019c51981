import { Hono } from 'hono';
import { deleteCookie, setSignedCookie } from 'hono/cookie';
import { authenticationFailed, badRequest } from '../errors';
import { COLLECTIONS, contactByEmail, type Account, type Contact } from '../identity';
import { SESSION_COOKIE } from '../security';
import { requireCaller, type AppEnv } from '../context';
import type { Store, Stored } from '../store/types';
import { decoyHash, verifyPassword } from './password';
import { SESSION_HOURS, closeSession, openSession } from './sessions';
import { callerFor } from './caller';
import { profileOf } from './profile';

const MAX_FAILURES = 5;
const LOCK_MINUTES = 15;
const LOGIN_EVENTS = 'loginEvents';

type LoginEventType = 'FAILURE' | 'LOCKED' | 'SUCCESS';

/** Records the attempt and, for a known account, its failure count and lock, in one write. */
async function recordAttempt(store: Store, email: string, contact: Stored<Contact> | undefined, type: LoginEventType, account?: Account) {
  await store.transaction((tx) => {
    if (contact && account) tx.update<Contact>(COLLECTIONS.contacts, contact.contactId, (current) => ({ ...current, account }));
    tx.insert(LOGIN_EVENTS, 'loginEventId', { type, email, contactId: contact?.contactId ?? null, date: new Date().toISOString() });
  });
}

/** The account after one more failure: 5 in a row lock it for 15 minutes. */
function afterFailure(account: Account, now: Date): { account: Account; type: LoginEventType } {
  const lockExpired = account.lockedUntil !== undefined && account.lockedUntil <= now.toISOString();
  const failures = (lockExpired ? 0 : account.failedLogins ?? 0) + 1;
  if (failures < MAX_FAILURES) return { account: { ...account, failedLogins: failures, lockedUntil: undefined }, type: 'FAILURE' };
  return { account: { ...account, failedLogins: 0, lockedUntil: new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString() }, type: 'LOCKED' };
}

export function authRoutes(sessionSecret: string) {
  const app = new Hono<AppEnv>();

  /** Form post (username = e-mail, password, optional code). A locked account fails the same way as a wrong password. */
  app.post('/back/login', async (c) => {
    const { store, prod } = c.get('services');
    const form = await c.req.parseBody().catch(() => {
      throw badRequest('error.badForm');
    });
    const username = typeof form.username === 'string' ? form.username : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const contact = contactByEmail(store, username);
    const account = contact?.account;
    const now = new Date();
    if (!contact || !account) {
      await verifyPassword(password, await decoyHash());
      await recordAttempt(store, username.slice(0, 200), undefined, 'FAILURE');
      throw authenticationFailed();
    }
    if (account.lockedUntil && account.lockedUntil > now.toISOString()) {
      await recordAttempt(store, username, contact, 'LOCKED');
      throw authenticationFailed();
    }
    if (!(await verifyPassword(password, account.passwordHash))) {
      const failure = afterFailure(account, now);
      await recordAttempt(store, username, contact, failure.type, failure.account);
      throw authenticationFailed();
    }
    await recordAttempt(store, username, contact, 'SUCCESS', { ...account, failedLogins: 0, lockedUntil: undefined });
    const sessionId = await openSession(store, contact.contactId, now);
    await setSignedCookie(c, SESSION_COOKIE, sessionId, sessionSecret, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: new URL(c.req.url).protocol === 'https:' || c.req.header('X-Forwarded-Proto') === 'https',
      maxAge: SESSION_HOURS * 3600,
    });
    const caller = callerFor(store, contact.contactId, '');
    return c.json(caller ? profileOf(caller, prod) : {});
  });

  app.post('/back/logout', async (c) => {
    const caller = c.get('caller');
    if (caller) await closeSession(c.get('services').store, caller.sessionKey);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json(true);
  });

  app.get('/back/auth/profile', (c) => c.json(profileOf(requireCaller(c), c.get('services').prod)));

  return app;
}
