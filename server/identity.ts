import type { Reader, Stored } from './store/types';
import type { Language } from './i18n';

/**
 * Universe → companies → contacts; a contact may hold an account. The shapes match
 * schemas/entities/{universe,company,contact}.json; this module only reads them.
 */
export interface Universe {
  universeId: number;
  name: string;
  [key: string]: unknown;
}

export interface Company {
  companyId: number;
  universeId: number;
  name: string;
  roles: string[];
  country?: string;
  city?: string;
  /** Spec §6.4: no notification e-mail to the company's contacts (alerts stay). */
  notificationsDisabled?: boolean;
  [key: string]: unknown;
}

/**
 * A user account (server-only, never sent to a browser). `profiles` are the account profiles of
 * spec §6.3 (several may be held; permission flags are their union, server/auth/roles.ts).
 * No `passwordHash` yet: invited (welcome e-mail) but the password is not set.
 * `twoFactorSecret` is set once two-factor login is confirmed; `twoFactorPending` during setup.
 */
export interface Account {
  profiles: string[];
  passwordHash?: string;
  failedLogins: number;
  lockedUntil?: string;
  /** The service wizard the user gets (spec §6.4). */
  customServiceType?: 'FULL' | 'QUICK' | 'BOTH';
  twoFactorSecret?: string;
  twoFactorPending?: string;
  passwordChangedAt?: string;
}

export interface Contact {
  contactId: number;
  universeId: number;
  companyId: number;
  firstName: string;
  lastName: string;
  email?: string;
  position?: string;
  language: Language;
  phone?: string;
  /** Archived contacts stay on old records but cannot log in. */
  archived?: boolean;
  allowNotification?: boolean;
  /** The profile picture: a CONTACT file entry (server/files/). */
  pictureFileId?: number;
  account?: Account;
  [key: string]: unknown;
}

export const COLLECTIONS = { universes: 'universes', companies: 'companies', contacts: 'contacts' } as const;

export function fullName(contact: Pick<Contact, 'firstName' | 'lastName'>): string {
  return `${contact.firstName} ${contact.lastName}`;
}

export async function companyById(db: Reader, id: unknown): Promise<Stored<Company> | undefined> {
  return typeof id === 'number' ? db.get<Company>(COLLECTIONS.companies, id) : undefined;
}

export async function contactById(db: Reader, id: unknown): Promise<Stored<Contact> | undefined> {
  return typeof id === 'number' ? db.get<Contact>(COLLECTIONS.contacts, id) : undefined;
}

export async function contactByEmail(db: Reader, email: string): Promise<Stored<Contact> | undefined> {
  const wanted = email.trim().toLowerCase();
  if (!wanted) return undefined;
  // Case-insensitive equality is no condition: `keywords` (accent- and case-insensitive
  // containment) bounds the candidates, the exact comparison then picks among them.
  const candidates = await db.query<Contact>({ collection: COLLECTIONS.contacts, where: { op: 'keywords', fields: ['email'], value: wanted } });
  return candidates.find((contact) => contact.email?.toLowerCase() === wanted);
}

/** Company roles that act as order taker (spec §6.4: agent, supplier and factory count as order taker). */
export const ORDER_TAKER_ROLES = ['ORDER_TAKER', 'AGENT', 'SUPPLIER', 'FACTORY'];
