import type { MiddlewareHandler } from 'hono';
import { logServer } from '../audit';
import { clientIp } from '../clientIp';
import { forbidden } from '../errors';
import { COLLECTIONS, type Company, type Contact } from '../identity';
import type { AppEnv, Caller } from '../context';
import type { Reader } from '../store/types';
import { tokenBySecret } from './apiTokenStore';
import { findSession } from './sessions';
import { readSessionCookie } from './sessionCookie';
import { permissionFlags } from './roles';
import { memoByKey } from '../memo';

/** The flags of a profile list (its profiles joined by newlines), one read-only set per list: every request builds its caller. */
const flagSetOf = memoByKey((profiles: string): ReadonlySet<string> => new Set(permissionFlags(profiles.split('\n'))));

/** The acting contact as a caller; undefined when it cannot act (no account or no profile, archived, gone). */
export async function callerFor(
  db: Reader,
  contactId: number,
  access: Pick<Caller, 'via' | 'sessionKey'> & Partial<Pick<Caller, 'canWrite' | 'impersonator'>>,
): Promise<Caller | undefined> {
  const contact = await db.get<Contact>(COLLECTIONS.contacts, contactId);
  const company = contact && (await db.get<Company>(COLLECTIONS.companies, contact.companyId));
  if (!contact?.account?.profiles.length || contact.archived || !company || company.archived) return undefined;
  const roles = flagSetOf(contact.account.profiles.join('\n'));
  return { contact, company, universeId: contact.universeId, roles, canWrite: true, ...access };
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Puts the caller on the context: an `Authorization: Bearer` API token (refused with 403
 * when unknown, expired or used from another address), or the signed session cookie
 * (→ stored session → contact, and the impersonator when the session impersonates).
 */
export function loadCaller(secret: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db } = c.get('services');
    const bearer = BEARER.exec(c.req.header('Authorization') ?? '')?.[1];
    if (bearer) {
      const token = await tokenBySecret(db, bearer);
      const ip = clientIp(c);
      const refusal = !token ? 'unknown' : token.expirationDate < new Date().toISOString().slice(0, 10) ? 'expired' : token.ipAddress !== ip ? 'wrong address' : '';
      const caller = token && !refusal ? await callerFor(db, token.contactId, { via: 'token', sessionKey: String(token.apiTokenId), canWrite: token.canWrite }) : undefined;
      if (!caller) {
        await logServer(db, { level: 'WARN', application: 'API_TOKEN', message: `API token refused (${refusal || 'inactive contact'}) from ${ip}${token ? `: token #${token.apiTokenId}` : ''}` });
        throw forbidden('error.badToken');
      }
      c.set('caller', caller);
      return next();
    }
    const sessionId = readSessionCookie(c, secret);
    const session = sessionId ? await findSession(db, sessionId) : undefined;
    if (session) {
      const impersonator = session.impersonatorId ? await callerFor(db, session.impersonatorId, { via: 'session', sessionKey: session.sessionKey }) : undefined;
      // An impersonation whose real user lost the right (or the account) ends with the session.
      const valid = !session.impersonatorId || impersonator?.roles.has('IMPERSONATE');
      const caller = valid ? await callerFor(db, session.contactId, { via: 'session', sessionKey: session.sessionKey, impersonator: impersonator?.contact }) : undefined;
      if (caller) c.set('caller', caller);
    }
    await next();
  };
}
