import { COLLECTIONS, ORDER_TAKER_ROLES, companyById, fullName, type Company, type Contact } from './identity';
import type { Caller } from './context';
import type { ReadOps, Row, Stored } from './store/types';

/**
 * The company/contact lists behind `/back/bo/networkcombo/<source>` (spec §7.9). The same
 * definitions answer the lookup calls and check ids written into records: an id a user
 * could not pick from the list is refused.
 */
export interface NetworkSource {
  collection: string;
  idField: string;
  label: (row: Stored<Row>, store: ReadOps) => string;
  accepts: (row: Stored<Row>) => boolean;
}

const companySource = (accepts: (company: Stored<Company>) => boolean): NetworkSource => ({
  collection: COLLECTIONS.companies,
  idField: 'companyId',
  label: (row) => String(row.name),
  accepts: (row) => accepts(row as Stored<Company>),
});

const hasRole = (company: Stored<Company>, roles: string[]) => company.roles.some((role) => roles.includes(role));

export const NETWORK_COMBO_PATH = '/back/bo/networkcombo/';

export const networkSources: Record<string, NetworkSource> = {
  contacts: {
    collection: COLLECTIONS.contacts,
    idField: 'contactId',
    label: (row, store) => {
      const contact = row as Stored<Contact>;
      const company = store.get<Company>(COLLECTIONS.companies, contact.companyId);
      return company ? `${fullName(contact)} (${company.name})` : fullName(contact);
    },
    accepts: () => true,
  },
  allcompanies: companySource(() => true),
  decisionmakers: companySource((company) => hasRole(company, ['DECISION_MAKER'])),
  ordertakers: companySource((company) => hasRole(company, ORDER_TAKER_ROLES)),
  serviceproviders: companySource((company) => hasRole(company, ['SERVICE_PROVIDER'])),
};

/** The source of this name, only among the sources above (a name like `constructor` is not one). */
export const networkSource = (name: string): NetworkSource | undefined => (Object.hasOwn(networkSources, name) ? networkSources[name] : undefined);

/** `/networkcombo/countries`: the distinct countries of the universe's active companies (value = the country name). */
export function networkCountries(store: ReadOps, caller: Caller): string[] {
  const companies = networkRows(store, networkSources.allcompanies, caller);
  return [...new Set(companies.map((company) => company.country).filter((country): country is string => typeof country === 'string' && country !== ''))];
}

/** Archived companies and contacts (and the contacts of an archived company) are no longer offered. */
function active(store: ReadOps, source: NetworkSource, row: Stored<Row>): boolean {
  if (row.archived) return false;
  return source.collection !== COLLECTIONS.contacts || !companyById(store, row.companyId)?.archived;
}

/**
 * The rows of a source the caller may pick: same universe, accepted by the source, active.
 * `withArchived` also gives archived ones (the label of a value already on a record).
 */
export function networkRows(store: ReadOps, source: NetworkSource, caller: Caller, withArchived = false): Stored<Row>[] {
  return store.find(source.collection, (row) => row.universeId === caller.universeId && source.accepts(row) && (withArchived || active(store, source, row)));
}

export function networkAccepts(store: ReadOps, source: NetworkSource, caller: Caller, id: unknown): boolean {
  if (typeof id !== 'number') return false;
  const row = store.get(source.collection, id);
  return !!row && row.universeId === caller.universeId && source.accepts(row) && active(store, source, row);
}
