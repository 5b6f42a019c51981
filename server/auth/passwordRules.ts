import { loadPasswordChecker, type PasswordProblem } from '../../engine/password/strength';
import { recordLoginEvent } from '../audit';
import { validationError, type FieldError } from '../errors';
import { COLLECTIONS, type Contact } from '../identity';
import type { Stored, Writer } from '../store/types';
import { closeSessionsOf } from './sessions';

/** Field message of each broken rule (one per field: the SPA shows the first). */
const PROBLEM_KEYS: Record<PasswordProblem, string> = {
  tooShort: 'password.tooShort',
  containsName: 'password.containsName',
  tooWeak: 'password.tooWeak',
};

/**
 * Spec §5.2 rules for a new password (reset, welcome, change): the shared checker of
 * engine/password/strength.ts, then the confirmation. Field errors on `/password` and
 * `/confirmation`.
 */
export async function newPasswordErrors(password: unknown, confirmation: unknown, contact: Pick<Contact, 'firstName' | 'lastName'>): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (typeof password !== 'string' || !password) errors.push({ path: '/password', key: 'validation.required' });
  else {
    const check = await loadPasswordChecker();
    const [problem] = check(password, [contact.firstName, contact.lastName]).problems;
    if (problem) errors.push({ path: '/password', key: PROBLEM_KEYS[problem] });
  }
  if (confirmation !== password) errors.push({ path: '/confirmation', key: 'password.mismatch' });
  return errors;
}

/** The new password when it follows the rules; else 400 ValidationException with the field errors. */
export async function assertNewPassword(password: unknown, confirmation: unknown, contact: Pick<Contact, 'firstName' | 'lastName'>): Promise<string> {
  const errors = await newPasswordErrors(password, confirmation, contact);
  if (errors.length) throw validationError(errors);
  return password as string;
}

/**
 * Stores a new password (already hashed: scrypt is slow, hash before the write): clears the
 * lock, closes the contact's sessions but `keepSession`, records a RENEW login event.
 */
export async function renewPassword(tx: Writer, contact: Stored<Contact>, passwordHash: string, ip: string, keepSession?: string, now = new Date()): Promise<void> {
  await tx.update<Contact>(COLLECTIONS.contacts, contact.contactId, (current) => ({
    ...current,
    account: { ...current.account!, passwordHash, passwordChangedAt: now.toISOString(), failedLogins: 0, lockedUntil: undefined },
  }));
  await closeSessionsOf(tx, contact.contactId, keepSession);
  await recordLoginEvent(tx, { type: 'RENEW', ip, email: contact.email ?? '', contact }, now);
}
