import { createHash, randomBytes } from 'node:crypto';
import { logServer } from '../audit';
import { fullName, type Contact } from '../identity';
import { renderMail } from '../mailTemplates';
import { appLink, type AppContext } from '../context';
import { and, eq } from '../store/query';
import type { Reader, Stored, Writer } from '../store/types';

/**
 * Single-use, expiring links that let a user choose a password: "forgotten password" resets
 * (60 minutes) and welcome invitations (7 days). The store keeps only the token's SHA-256.
 */
export const PASSWORD_TOKENS = 'passwordTokens';
export type LinkKind = 'reset' | 'welcome';
export const LINK_MINUTES: Record<LinkKind, number> = { reset: 60, welcome: 7 * 24 * 60 };

export interface PasswordToken {
  tokenHash: string;
  contactId: number;
  kind: LinkKind;
  /** The requester's address (for the audit; the rate limit counts passwordRequests). */
  ip: string;
  createdAt: string;
  expiresAt: string;
  usedAt?: string;
  [key: string]: unknown;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores a new token for the contact (earlier unused ones of the same kind stop working). */
export async function issuePasswordToken(tx: Writer, contactId: number, kind: LinkKind, ip: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // `usedAt` is absent or an ISO date (never an empty string): unused is "missing or null".
  const unused = await tx.query<PasswordToken>({ collection: PASSWORD_TOKENS, where: and(eq('contactId', contactId), eq('kind', kind), eq('usedAt', null)) });
  for (const old of unused) {
    await tx.update<PasswordToken>(PASSWORD_TOKENS, old.tokenHash, (current) => ({ ...current, usedAt: now.toISOString() }));
  }
  await tx.insert(PASSWORD_TOKENS, 'tokenHash', {
    tokenHash: hashOf(token),
    contactId,
    kind,
    ip,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + LINK_MINUTES[kind] * 60_000).toISOString(),
  });
  return token;
}

/** The stored token when it can still be used (not expired, not used), else undefined. */
export async function usableToken(db: Reader, token: string, now = new Date()): Promise<Stored<PasswordToken> | undefined> {
  const stored = await db.get<PasswordToken>(PASSWORD_TOKENS, hashOf(token));
  return stored && !stored.usedAt && stored.expiresAt > now.toISOString() ? stored : undefined;
}

export async function markTokenUsed(tx: Writer, stored: Stored<PasswordToken>, now = new Date()): Promise<void> {
  await tx.update<PasswordToken>(PASSWORD_TOKENS, stored.tokenHash, (current) => ({ ...current, usedAt: now.toISOString() }));
}

/** `{APP_URL}/auth/passwordReset?token=…` */
export function passwordLink(c: AppContext, token: string): string {
  return appLink(c.get('services'), `/auth/passwordReset?token=${encodeURIComponent(token)}`);
}

/** E-mails the link in the contact's language; a mail failure is logged, never shown to the requester. */
export async function sendPasswordLink(c: AppContext, contact: Stored<Contact>, kind: LinkKind, token: string): Promise<void> {
  const { mailer, db } = c.get('services');
  const params = { name: fullName(contact), link: passwordLink(c, token), hours: Math.round(LINK_MINUTES[kind] / 60) };
  const lang = contact.language;
  try {
    await mailer.send({ to: contact.email!, ...(await renderMail({ kind: `mail.${kind}`, lang, params, link: params.link })) });
  } catch (error) {
    await logServer(db, { level: 'ERROR', application: 'MAIL', contact, message: `Could not send the ${kind} e-mail to ${contact.email}: ${(error as Error).message}` });
  }
}
