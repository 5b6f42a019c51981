import { serverLogEntry } from '../audit';
import { closeSessionsOf } from '../auth/sessions';
import type { Caller } from '../context';
import { businessRule } from '../errors';
import { COLLECTIONS, type Company, type Contact } from '../identity';
import { eq } from '../store/query';
import type { Stored, Writer } from '../store/types';

/** Ends the open sessions of a company's contacts (archived, or their company merged: their rights changed). */
export async function closeCompanySessions(tx: Writer, companyId: number): Promise<void> {
  for (const contact of await tx.query<Contact>({ collection: COLLECTIONS.contacts, where: eq('companyId', companyId) })) await closeSessionsOf(tx, contact.contactId);
}

/**
 * Archives or restores a company, the one rule behind the companies' toggleVisibility and the company
 * profile's PATCH enable: never the caller's own company (spec §5.5, 422); an archived company leaves the
 * lookups and its contacts' sessions end; logged. A company already so is answered as it is.
 */
export async function setCompanyArchived(tx: Writer, caller: Caller, company: Stored<Company>, archived: boolean): Promise<Stored<Company>> {
  if (archived && company.companyId === caller.company.companyId) throw businessRule('error.ownCompanyArchive');
  if (!!company.archived === archived) return company;
  const stored = await tx.update<Company>(COLLECTIONS.companies, company.companyId, (current) => ({ ...current, archived }));
  if (archived) await closeCompanySessions(tx, company.companyId);
  await serverLogEntry(tx, { level: 'INFO', application: 'SECURITY', caller, message: `Company ${company.name} (#${company.companyId}) ${archived ? 'archived' : 'restored'}` });
  return stored;
}
