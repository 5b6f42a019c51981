import type { MiddlewareHandler } from 'hono';
import { getSignedCookie } from 'hono/cookie';
import { COLLECTIONS, type Company, type Contact } from '../identity';
import { SESSION_COOKIE } from '../security';
import type { AppEnv, Caller } from '../context';
import type { ReadOps } from '../store/types';
import { findSession } from './sessions';
import { permissionFlags } from './roles';

export function callerFor(store: ReadOps, contactId: number, sessionKey: string): Caller | undefined {
  const contact = store.get<Contact>(COLLECTIONS.contacts, contactId);
  const company = contact && store.get<Company>(COLLECTIONS.companies, contact.companyId);
  if (!contact?.account || !company) return undefined;
  return { contact, company, universeId: contact.universeId, roles: new Set(permissionFlags(contact.account.profile)), sessionKey };
}

/** Puts the logged-in caller (signed session cookie → stored session → contact) on the context. */
export function loadCaller(secret: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sessionId = await getSignedCookie(c, secret, SESSION_COOKIE);
    if (sessionId) {
      const { store } = c.get('services');
      const session = findSession(store, sessionId);
      const caller = session && callerFor(store, session.contactId, session.sessionKey);
      if (caller) c.set('caller', caller);
    }
    await next();
  };
}
