import { COLLECTIONS, ORDER_TAKER_ROLES, companyById, fullName, type Company, type Contact } from './identity';
import type { Caller } from './context';
import { and, eq, type Condition } from './store/query';
import type { Reader, Row, Stored } from './store/types';

/**
 * The company/contact lists behind `/back/bo/networkcombo/<source>` (spec §7.9). The same
 * definitions answer the lookup calls and check ids written into records: an id a user
 * could not pick from the list is refused.
 */
export interface NetworkSource {
  collection: string;
  idField: string;
  label: (row: Stored<Row>, db: Reader) => Promise<string>;
  /** The rows the source offers (besides universe and archive rules); none: every row. */
  accepts?: Condition;
}

const companySource = (accepts?: Condition): NetworkSource => ({
  collection: COLLECTIONS.companies,
  idField: 'companyId',
  label: async (row) => String(row.name),
  accepts,
});

/** Companies holding one of the roles (`in` on the array field `roles`: one item among them). */
const withRole = (roles: string[]): Condition => ({
  op: 'in',
  field: 'roles',
  values: roles,
});

export const NETWORK_COMBO_PATH = '/back/bo/networkcombo/';

export const networkSources: Record<string, NetworkSource> = {
  contacts: {
    collection: COLLECTIONS.contacts,
    idField: 'contactId',
    label: async (row, db) => {
      const contact = row as Stored<Contact>;
      const company = await db.get<Company>(COLLECTIONS.companies, contact.companyId);
      return company ? `${fullName(contact)} (${company.name})` : fullName(contact);
    },
  },
  allcompanies: companySource(),
  decisionmakers: companySource(withRole(['DECISION_MAKER'])),
  ordertakers: companySource(withRole(ORDER_TAKER_ROLES)),
  serviceproviders: companySource(withRole(['SERVICE_PROVIDER'])),
};

/** The source of this name, only among the sources above (a name like `constructor` is not one). */
export const networkSource = (name: string): NetworkSource | undefined => (Object.hasOwn(networkSources, name) ? networkSources[name] : undefined);

/** `/networkcombo/countries`: the distinct countries of the universe's active companies (value = the country name). */
export async function networkCountries(db: Reader, caller: Caller): Promise<string[]> {
  const companies = await networkRows(db, networkSources.allcompanies, caller);
  return [...new Set(companies.map((company) => company.country).filter((country): country is string => typeof country === 'string' && country !== ''))];
}

const notArchived: Condition = { op: 'not', condition: eq('archived', true) };

/** Archived companies and contacts (and the contacts of an archived company) are no longer offered. */
async function activeCondition(db: Reader, source: NetworkSource): Promise<Condition> {
  if (source.collection !== COLLECTIONS.contacts) return notArchived;
  const archived = await db.query<Company>({
    collection: COLLECTIONS.companies,
    where: eq('archived', true),
  });
  // `in` of an empty list matches everything: only exclude when there are archived companies.
  const ofArchived: Condition | undefined = archived.length
    ? {
        op: 'in',
        field: 'companyId',
        values: archived.map((company) => company.companyId),
      }
    : undefined;
  return and(notArchived, ofArchived && { op: 'not', condition: ofArchived });
}

/**
 * The rows of a source the caller may pick: same universe, accepted by the source, active.
 * `withArchived` also gives archived ones (the label of a value already on a record); `also`
 * narrows further (the contacts of some companies).
 */
export async function networkRows(db: Reader, source: NetworkSource, caller: Caller, withArchived = false, also?: Condition): Promise<Stored<Row>[]> {
  const active = withArchived ? undefined : await activeCondition(db, source);
  return db.query({
    collection: source.collection,
    where: and(eq('universeId', caller.universeId), source.accepts, active, also),
  });
}

export async function networkAccepts(db: Reader, source: NetworkSource, caller: Caller, id: unknown): Promise<boolean> {
  if (typeof id !== 'number') return false;
  const found = await db.count({
    collection: source.collection,
    where: and(eq(source.idField, id), eq('universeId', caller.universeId), source.accepts, notArchived),
  });
  if (!found) return false;
  if (source.collection !== COLLECTIONS.contacts) return true;
  const contact = await db.get<Contact>(source.collection, id);
  return !(await companyById(db, contact?.companyId))?.archived;
}
