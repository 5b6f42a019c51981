import { createHash, randomBytes } from 'node:crypto';
import type { Store, Stored } from '../store/types';

/**
 * Sessions live in the store (several server instances can share them). The cookie holds
 * a random id; the store keeps only its SHA-256, so a copy of the data file opens no session.
 */
export const SESSIONS = 'sessions';
export const SESSION_HOURS = 12;

export interface Session {
  sessionKey: string;
  contactId: number;
  createdAt: string;
  expiresAt: string;
  [key: string]: unknown;
}

export const sessionKeyOf = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');

/** Opens a session and drops the expired ones in the same write. Returns the cookie value. */
export async function openSession(store: Store, contactId: number, now = new Date()): Promise<string> {
  const sessionId = randomBytes(32).toString('base64url');
  await store.transaction((tx) => {
    for (const expired of tx.find<Session>(SESSIONS, (s) => s.expiresAt <= now.toISOString())) tx.remove(SESSIONS, expired.sessionKey);
    tx.insert(SESSIONS, 'sessionKey', {
      sessionKey: sessionKeyOf(sessionId),
      contactId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_HOURS * 3600_000).toISOString(),
    });
  });
  return sessionId;
}

export function findSession(store: Store, sessionId: string, now = new Date()): Stored<Session> | undefined {
  const session = store.get<Session>(SESSIONS, sessionKeyOf(sessionId));
  return session && session.expiresAt > now.toISOString() ? session : undefined;
}

export function closeSession(store: Store, sessionKey: string): Promise<boolean> {
  return store.remove(SESSIONS, sessionKey);
}
