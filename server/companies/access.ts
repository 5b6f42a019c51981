import { lookupAt, lookupRecords } from '../lookups/answer';
import { notFound } from '../errors';
import { COLLECTIONS, companyById, type Company, type Contact } from '../identity';
import type { Caller } from '../context';
import { eq } from '../store/query';
import type { Registry } from '../schemas';
import type { Reader, Row, Stored } from '../store/types';

/**
 * Which companies a caller may list (docs/companies.md): a UNIVERSE_ADMIN or a MANAGER sees every
 * company of the universe (archived ones too, on request); anyone else their own company and those
 * the network lookup `/back/bo/networkcombo/allcompanies` offers them (the network decides).
 */
export const NETWORK_COMPANIES = '/back/bo/networkcombo/allcompanies';

export const seesUniverse = (caller: Caller) => caller.roles.has('UNIVERSE_ADMIN') || caller.roles.has('MANAGER');

/** The ids a caller who does not see the whole universe may list. */
export async function networkCompanyIds(db: Reader, registry: Registry, caller: Caller): Promise<number[]> {
  const source = lookupAt(registry, NETWORK_COMPANIES);
  const offered = source ? await lookupRecords({ db, registry, caller, language: caller.contact.language }, source, { q: '', params: {} }) : [];
  return [...new Set([caller.company.companyId, ...offered.map((company) => company.companyId as number)])];
}

/** A company of the caller's universe the caller may see, else "not found". */
export async function visibleCompany(db: Reader, registry: Registry, caller: Caller, id: number): Promise<Stored<Company>> {
  const company = await companyById(db, id);
  if (!company || company.universeId !== caller.universeId) throw notFound();
  if (!seesUniverse(caller) && !(await networkCompanyIds(db, registry, caller)).includes(id)) throw notFound();
  return company;
}

/** A company of the caller's universe (any, for the universe's administrators), else "not found". */
export async function universeCompany(db: Reader, caller: Caller, id: unknown): Promise<Stored<Company>> {
  const company = await companyById(db, id);
  if (!company || company.universeId !== caller.universeId) throw notFound();
  return company;
}


/** The contact fields anyone who sees the company reads (never the account). */
const PUBLIC_CONTACT = ['contactId', 'companyId', 'universeId', 'firstName', 'lastName', 'email', 'position', 'phone', 'language', 'archived', 'pictureFileId', 'version'] as const;

export const publicContact = (contact: Stored<Contact>): Row =>
  Object.fromEntries(PUBLIC_CONTACT.map((field) => [field, field === 'archived' ? !!contact.archived : contact[field]]).filter(([, value]) => value !== undefined));

/**
 * Spec §6.4: contacts are created quickly only for managed companies (those the caller administers:
 * identityAccess.ts) and shared companies: an active company of the universe none of whose contacts
 * signs in, so nobody of its own keeps its contacts and the network does.
 */
export async function isSharedCompany(db: Reader, caller: Caller, companyId: unknown): Promise<boolean> {
  const company = await companyById(db, companyId);
  if (!company || company.universeId !== caller.universeId || company.archived) return false;
  const contacts = await db.query<Contact>({ collection: COLLECTIONS.contacts, where: eq('companyId', company.companyId) });
  return !contacts.some((contact) => contact.account?.profiles.length);
}
