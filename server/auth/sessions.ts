import { createHash, randomBytes } from 'node:crypto';
import { memoByKey } from '../memo';
import { eq, or } from '../store/query';
import type { AsyncStore, Reader, Stored, Writer } from '../store/types';

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

/** Remembered: every request of a session hashes its id. */
export const sessionKeyOf = memoByKey((sessionId: string) => createHash('sha256').update(sessionId).digest('hex'));

/**
 * Opens a session (a fresh id each time: login and impersonation rotate it), drops the expired
 * ones and the session it replaces in the same write, and runs `also` in that write too.
 * Returns the cookie value.
 */
export async function openSession(
  db: AsyncStore,
  contactId: number,
  options: { impersonatorId?: number; replaces?: string; also?: (tx: Writer) => Promise<void> } = {},
  now = new Date(),
): Promise<string> {
  const sessionId = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const expired = await tx.query<Session>({ collection: SESSIONS, where: { op: 'lte', field: 'expiresAt', value: now.toISOString() } });
    for (const session of expired) await tx.remove(SESSIONS, session.sessionKey);
    if (options.replaces && (await tx.get(SESSIONS, options.replaces))) await tx.remove(SESSIONS, options.replaces);
    await tx.insert(SESSIONS, 'sessionKey', {
      sessionKey: sessionKeyOf(sessionId),
      contactId,
      ...(options.impersonatorId ? { impersonatorId: options.impersonatorId } : {}),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_HOURS * 3600_000).toISOString(),
    });
    await options.also?.(tx);
  });
  return sessionId;
}

/** Ends every session of a contact (after a password reset or change, archive). */
export async function closeSessionsOf(tx: Writer, contactId: number, except?: string): Promise<void> {
  for (const session of await tx.query<Session>({ collection: SESSIONS, where: or(eq('contactId', contactId), eq('impersonatorId', contactId)) })) {
    if (session.sessionKey !== except) await tx.remove(SESSIONS, session.sessionKey);
  }
}

export async function findSession(db: Reader, sessionId: string, now = new Date()): Promise<Stored<Session> | undefined> {
  const session = await db.get<Session>(SESSIONS, sessionKeyOf(sessionId));
  return session && session.expiresAt > now.toISOString() ? session : undefined;
}

export function closeSession(db: AsyncStore, sessionKey: string): Promise<boolean> {
  return db.transaction((tx) => tx.remove(SESSIONS, sessionKey));
}
