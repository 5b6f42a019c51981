import { Hono } from 'hono';
import { recordLoginEvent, serverLogEntry } from '../audit';
import { callerFor } from '../auth/caller';
import { profileOf } from '../auth/profile';
import { setSessionCookie } from '../auth/sessionCookie';
import { openSession, sessionKeyOf } from '../auth/sessions';
import { clientIp } from '../clientIp';
import { HttpError, forbidden, notFound } from '../errors';
import { contactByEmail, fullName, type Contact } from '../identity';
import { requireCaller, type AppContext, type AppEnv, type Caller } from '../context';
import type { Stored, Writer } from '../store/types';
import { stateChangingGetCaller } from './stateChangingGet';

const IMPERSONATE = 'IMPERSONATE';

/** Both ends of an impersonation are logged under SECURITY with both identities. */
const pairOf = (real: Stored<Contact>, shown: Stored<Contact>) => `${fullName(real)} (#${real.contactId}) as ${fullName(shown)} (#${shown.contactId})`;

/**
 * Impersonation (spec §2, docs/identity.md "Session"): a user holding IMPERSONATE acts as
 * another user of their universe in a new session that keeps the real user; going back opens
 * a new session of the real user. Both rotate the session id (no fixation across identities).
 */
export function impersonationRoutes(sessionSecret: string) {
  const app = new Hono<AppEnv>();

  /** Opens the session, sets its cookie and answers the profile of who it acts as. */
  async function switchTo(c: AppContext, from: Caller, contactId: number, impersonator: Stored<Contact> | undefined, also: (tx: Writer) => Promise<void>) {
    const { db, prod } = c.get('services');
    const sessionId = await openSession(db, contactId, { impersonatorId: impersonator?.contactId, replaces: from.sessionKey, also });
    await setSessionCookie(c, sessionId, sessionSecret);
    const caller = await callerFor(db, contactId, { via: 'session', sessionKey: sessionKeyOf(sessionId), impersonator });
    if (!caller) throw notFound(); // the account changed meanwhile
    return c.json(await profileOf(caller, db, prod));
  }

  /**
   * A GET that changes state (the spec's path): `X-Requested-With: XMLHttpRequest` is required
   * (403 'error.csrf'), like every write; see stateChangingGet.ts.
   */
  app.get('/back/login/impersonate', async (c) => {
    const caller = stateChangingGetCaller(c);
    const { db } = c.get('services');
    if (caller.via !== 'session' || caller.impersonator || !caller.roles.has(IMPERSONATE)) throw forbidden();
    const wanted = await contactByEmail(db, c.req.query('username') ?? '');
    const target = wanted && wanted.universeId === caller.universeId ? await callerFor(db, wanted.contactId, { via: 'session', sessionKey: '' }) : undefined;
    // Only active accounts (with a profile) can be impersonated; the rest does not exist here.
    if (!target?.contact.account?.profiles.length) throw notFound();
    if (target.roles.has(IMPERSONATE) || target.contact.contactId === caller.contact.contactId) throw forbidden();
    const ip = clientIp(c);
    return switchTo(c, caller, target.contact.contactId, caller.contact, async (tx) => {
      await recordLoginEvent(tx, { type: 'IMPERSONATE', ip, email: target.contact.email ?? '', contact: target.contact, impersonator: caller.contact });
      await serverLogEntry(tx, { level: 'INFO', application: 'SECURITY', contact: caller.contact, message: `Impersonation started: ${pairOf(caller.contact, target.contact)} from ${ip}` });
    });
  });

  app.post('/back/logout/impersonate', async (c) => {
    const caller = requireCaller(c);
    const real = caller.impersonator;
    if (!real) throw new HttpError(409, 'NotImpersonatingException', 'error.notImpersonating');
    return switchTo(c, caller, real.contactId, undefined, (tx) =>
      serverLogEntry(tx, { level: 'INFO', application: 'SECURITY', contact: real, message: `Impersonation ended: ${pairOf(real, caller.contact)}` }),
    );
  });

  return app;
}
