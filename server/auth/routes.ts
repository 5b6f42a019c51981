import { Hono } from 'hono';
import { LOGIN_EVENTS, recordLoginEvent, serverLogEntry, type LoginEventType } from '../audit';
import { clientIp } from '../clientIp';
import { authenticationFailed, twoFactorRequired } from '../errors';
import { readForm } from '../json-body';
import { COLLECTIONS, companyById, contactByEmail, type Account, type Contact } from '../identity';
import { requireCaller, type AppEnv } from '../context';
import { eq } from '../store/query';
import type { AsyncStore, Stored } from '../store/types';
import { decoyHash, verifyPassword } from './password';
import { closeSession, openSession } from './sessions';
import { callerFor } from './caller';
import { profileOf } from './profile';
import { MAX_LOGIN_FAILURES_PER_IP, assertUnderLimit } from './rateLimit';
import { clearSessionCookie, setSessionCookie } from './sessionCookie';
import { totpValid } from './totp';

export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;

/** Records a refused attempt and, for a known account, its failure count and lock, in one write. */
async function recordFailure(db: AsyncStore, ip: string, email: string, contact?: Stored<Contact>, type: LoginEventType = 'FAILURE', account?: Account) {
  await db.transaction(async (tx) => {
    if (contact && account) await tx.update<Contact>(COLLECTIONS.contacts, contact.contactId, (current) => ({ ...current, account }));
    await recordLoginEvent(tx, { type, ip, email, contact });
    if (type === 'LOCKED' && account?.lockedUntil) {
      await serverLogEntry(tx, { level: 'WARN', application: 'SECURITY', contact, message: `Account ${email} locked until ${account.lockedUntil} after ${MAX_FAILURES} failed logins (from ${ip})` });
    }
  });
}

/** The account after one more failure: 5 in a row lock it for 15 minutes. */
function afterFailure(account: Account, now: Date): { account: Account; type: LoginEventType } {
  const lockExpired = account.lockedUntil !== undefined && account.lockedUntil <= now.toISOString();
  const failures = (lockExpired ? 0 : account.failedLogins ?? 0) + 1;
  if (failures < MAX_FAILURES) return { account: { ...account, failedLogins: failures, lockedUntil: undefined }, type: 'FAILURE' };
  return { account: { ...account, failedLogins: 0, lockedUntil: new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString() }, type: 'LOCKED' };
}

export const isLocked = (account: Account | undefined, now = new Date()) => !!account?.lockedUntil && account.lockedUntil > now.toISOString();

/**
 * A wrong credential given by a logged-in user (current password, two-factor code) counts
 * like a failed login: a FAILURE event (LOCKED at the fifth) and one more failure on the account.
 */
export async function recordCredentialFailure(db: AsyncStore, ip: string, contactId: number, now = new Date()): Promise<void> {
  const contact = await db.get<Contact>(COLLECTIONS.contacts, contactId);
  if (!contact?.account) return;
  const failure = afterFailure(contact.account, now);
  await recordFailure(db, ip, contact.email ?? String(contactId), contact, failure.type, failure.account);
}

/** The login's per-address limit (429), for every call that checks a credential. */
export function assertCredentialAttemptsAllowed(db: AsyncStore, ip: string): Promise<void> {
  return assertUnderLimit(db, { collection: LOGIN_EVENTS, ip, max: MAX_LOGIN_FAILURES_PER_IP, counts: { op: 'not', condition: eq('loginEventType', 'SUCCESS') } });
}

export function authRoutes(sessionSecret: string) {
  const app = new Hono<AppEnv>();

  /**
   * Form post (username = e-mail, password, optional code). Unknown e-mail, wrong password,
   * archived or locked account all fail alike; an account with two-factor login asks for the
   * code once the password is right, and a wrong code counts as a failure.
   */
  app.post('/back/login', async (c) => {
    const { db, prod } = c.get('services');
    const ip = clientIp(c);
    await assertCredentialAttemptsAllowed(db, ip);
    const form = await readForm(c);
    const field = (name: string) => form[name] ?? '';
    const [username, password, code] = [field('username').slice(0, 200), field('password'), field('code').trim()];
    const contact = await contactByEmail(db, username);
    // Archived contacts, contacts of archived companies and accounts without a profile cannot log in.
    const company = contact && (await companyById(db, contact.companyId));
    const account = contact?.archived || !company || company.archived || !contact?.account?.profiles.length ? undefined : contact.account;
    const now = new Date();
    if (!contact || !account?.passwordHash) {
      await verifyPassword(password, await decoyHash());
      await recordFailure(db, ip, username, contact);
      throw authenticationFailed();
    }
    if (isLocked(account, now)) {
      await recordFailure(db, ip, username, contact, 'LOCKED');
      throw authenticationFailed();
    }
    if (!(await verifyPassword(password, account.passwordHash))) {
      const failure = afterFailure(account, now);
      await recordFailure(db, ip, username, contact, failure.type, failure.account);
      throw authenticationFailed();
    }
    if (account.twoFactorSecret) {
      if (!code) throw twoFactorRequired('error.twoFactorRequired');
      if (!(await totpValid(account.twoFactorSecret, code))) {
        const failure = afterFailure(account, now);
        await recordFailure(db, ip, username, contact, failure.type, failure.account);
        throw twoFactorRequired('error.twoFactorInvalid');
      }
    }
    const previous = c.get('caller');
    const sessionId = await openSession(db, contact.contactId, {
      replaces: previous?.via === 'session' ? previous.sessionKey : undefined,
      also: async (tx) => {
        await tx.update<Contact>(COLLECTIONS.contacts, contact.contactId, (current) => ({ ...current, account: { ...current.account!, failedLogins: 0, lockedUntil: undefined } }));
        await recordLoginEvent(tx, { type: 'SUCCESS', ip, email: username, contact });
      },
    }, now);
    await setSessionCookie(c, sessionId, sessionSecret);
    const caller = await callerFor(db, contact.contactId, { via: 'session', sessionKey: '' });
    return c.json(caller ? await profileOf(caller, db, prod) : {});
  });

  app.post('/back/logout', async (c) => {
    const caller = c.get('caller');
    if (caller?.via === 'session') await closeSession(c.get('services').db, caller.sessionKey);
    clearSessionCookie(c);
    return c.json(true);
  });

  app.get('/back/auth/profile', async (c) => c.json(await profileOf(requireCaller(c), c.get('services').db, c.get('services').prod)));
  // The SPA's first question: signed in or not, answered without an error, so an anonymous visit logs none.
  app.get('/back/auth/session', async (c) => {
    const caller = c.get('caller');
    return c.json({ profile: caller ? await profileOf(caller, c.get('services').db, c.get('services').prod) : null });
  });

  return app;
}
