import type { Caller } from './context';
import type { Contact } from './identity';
import type { AsyncStore, Stored, Writer } from './store/types';

/**
 * The audit trail: login events (spec: FAILURE, IMPERSONATE, LOCKED, RENEW, SUCCESS) and
 * server logs (level, application, company, contact, message). Both are plain collections
 * read through the read-only entities loginEvent and serverLog (admin monitors).
 */
export const LOGIN_EVENTS = 'loginEvents';
export const SERVER_LOGS = 'serverLogs';

export type LoginEventType = 'FAILURE' | 'IMPERSONATE' | 'LOCKED' | 'RENEW' | 'SUCCESS';
export type LogLevel = 'FATAL' | 'ERROR' | 'WARN' | 'INFO';
/** Which part of the server wrote the log (enum serverLogApplication). */
export type LogApplication = 'SERVER' | 'AUTH' | 'SECURITY' | 'MAIL' | 'API_TOKEN';

export interface LoginEventInput {
  type: LoginEventType;
  ip: string;
  email: string;
  contact?: Pick<Contact, 'contactId' | 'companyId' | 'universeId'>;
  impersonator?: Pick<Contact, 'contactId'>;
}

export async function recordLoginEvent(tx: Writer, event: LoginEventInput, now = new Date()): Promise<void> {
  await tx.insert(LOGIN_EVENTS, 'loginEventId', {
    loginEventType: event.type,
    date: now.toISOString(),
    ip: event.ip,
    email: event.email.slice(0, 200),
    contactId: event.contact?.contactId ?? null,
    companyId: event.contact?.companyId ?? null,
    // An unknown e-mail belongs to no universe: only platform admins see it (visibility.ts).
    universeId: event.contact?.universeId ?? null,
    ...(event.impersonator ? { impersonatorId: event.impersonator.contactId } : {}),
  });
}

export interface ServerLogInput {
  level: LogLevel;
  application: LogApplication;
  message: string;
  /** Who the log is about: the caller, or a contact (a locked account, an invited user). */
  caller?: Caller;
  contact?: Stored<Contact>;
}

export async function serverLogEntry(tx: Writer, entry: ServerLogInput, now = new Date()): Promise<void> {
  const contact = entry.caller?.contact ?? entry.contact;
  await tx.insert(SERVER_LOGS, 'serverLogId', {
    date: now.toISOString(),
    level: entry.level,
    application: entry.application,
    message: entry.message.slice(0, 2000),
    contactId: contact?.contactId ?? null,
    companyId: contact?.companyId ?? null,
    universeId: contact?.universeId ?? null,
    ...(entry.caller?.impersonator ? { impersonatorId: entry.caller.impersonator.contactId } : {}),
  });
}

/** A log in its own write; a failing log write is reported on the console, never thrown. */
export async function logServer(db: AsyncStore, entry: ServerLogInput): Promise<void> {
  try {
    await db.transaction((tx) => serverLogEntry(tx, entry));
  } catch (error) {
    console.error('[qcflow] could not write server log:', error, entry.message);
  }
}
