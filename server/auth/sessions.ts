import { createHash, randomBytes } from 'node:crypto';
import type { Store, Stored, WriteOps } from '../store/types';

/**
 * Sessions live in the store (several server instances can share them). The cookie holds
 * a random id; the store keeps only its SHA-256, so a copy of the data file opens no session.
 */
export const SESSIONS = 'sessions';
export const SESSION_HOURS = 12;

export interface Session {
  sessionKey: string;
  contactId: number;
  /** Set while the session impersonates `contactId`: the real user. */
  impersonatorId?: number;
  createdAt: string;
  expiresAt: string;
  [key: string]: unknown;
}

export const sessionKeyOf = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');

/**
 * Opens a session (a fresh id each time: login and impersonation rotate it), drops the expired
 * ones and the session it replaces in the same write, and runs `also` in that write too.
 * Returns the cookie value.
 */
export async function openSession(
  store: Store,
  contactId: number,
  options: { impersonatorId?: number; replaces?: string; also?: (tx: WriteOps) => void } = {},
  now = new Date(),
): Promise<string> {
  const sessionId = randomBytes(32).toString('base64url');
  await store.transaction((tx) => {
    for (const expired of tx.find<Session>(SESSIONS, (s) => s.expiresAt <= now.toISOString())) tx.remove(SESSIONS, expired.sessionKey);
    if (options.replaces && tx.get(SESSIONS, options.replaces)) tx.remove(SESSIONS, options.replaces);
    tx.insert(SESSIONS, 'sessionKey', {
      sessionKey: sessionKeyOf(sessionId),
      contactId,
      ...(options.impersonatorId ? { impersonatorId: options.impersonatorId } : {}),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_HOURS * 3600_000).toISOString(),
    });
    options.also?.(tx);
  });
  return sessionId;
}

/** Ends every session of a contact (after a password reset or change, archive). */
export function closeSessionsOf(tx: WriteOps, contactId: number, except?: string): void {
  for (const session of tx.find<Session>(SESSIONS, (s) => s.contactId === contactId || s.impersonatorId === contactId)) {
    if (session.sessionKey !== except) tx.remove(SESSIONS, session.sessionKey);
  }
}

export function findSession(store: Store, sessionId: string, now = new Date()): Stored<Session> | undefined {
  const session = store.get<Session>(SESSIONS, sessionKeyOf(sessionId));
  return session && session.expiresAt > now.toISOString() ? session : undefined;
}

export function closeSession(store: Store, sessionKey: string): Promise<boolean> {
  return store.remove(SESSIONS, sessionKey);
}
