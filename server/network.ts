import type { Caller } from './context';
import type { Contact } from './identity';
import { lookupAccepts, lookupAt, lookupRecords, type LookupContext } from './lookups/answer';
import type { Registry } from './schemas';
import type { Reader, Stored } from './store/types';

/**
 * The contacts of the caller's network as the lookup `/back/bo/networkcombo/contacts` of
 * lookups.json offers them (the active contacts of the active companies of its network: its
 * company and its ACTIVE partners, docs/network.md): the recipients a service's notification
 * forms may name are exactly those the picker offers.
 */
export const NETWORK_CONTACTS = '/back/bo/networkcombo/contacts';

function contactsLookup(db: Reader, registry: Registry, caller: Caller): { context: LookupContext; source: ReturnType<typeof lookupAt> } {
  return { context: { db, registry, caller, language: caller.contact.language }, source: lookupAt(registry, NETWORK_CONTACTS) };
}

/** The network's contacts, or those of some of its companies. */
export async function networkContacts(db: Reader, registry: Registry, caller: Caller, companyIds?: readonly number[]): Promise<Stored<Contact>[]> {
  const { context, source } = contactsLookup(db, registry, caller);
  if (!source) return [];
  return (await lookupRecords(context, source, { q: '', params: companyIds ? { companyId: [...companyIds] } : {} })) as unknown as Stored<Contact>[];
}

/** Whether the network contacts lookup offers this id to the caller. */
export async function networkContactAccepts(db: Reader, registry: Registry, caller: Caller, id: unknown): Promise<boolean> {
  const { context, source } = contactsLookup(db, registry, caller);
  return !!source && lookupAccepts(context, source, id);
}
