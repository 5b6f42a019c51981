import { join } from 'node:path';
import { loadRegistry, type EntityDef } from '../../server/schemas';
import type { Row } from '../../server/store/types';
import { ACCOUNTS, ROOT, type TestStore } from './helpers';

/**
 * The demo accounts as the store knows them (contact, company, universe) and the record
 * visibility rule of the schemas (x-visibility), for the rights and tenancy tests.
 */
export type Who = keyof typeof ACCOUNTS;
export const WHO = Object.keys(ACCOUNTS) as Who[];

export interface Person {
  who: Who;
  contactId: number;
  companyId: number;
  universeId: number;
  superAdmin: boolean;
}

export async function demoPeople(store: TestStore): Promise<Record<Who, Person>> {
  const contacts = await store.all('contacts');
  return Object.fromEntries(
    WHO.map((who) => {
      const contact = contacts.filter((row) => row.email === ACCOUNTS[who])[0];
      if (!contact) throw new Error(`demo account ${who} missing`);
      const superAdmin = (contact.account as { profiles: string[] }).profiles.includes('SUPER_ADMIN');
      return [who, { who, contactId: contact.contactId as number, companyId: contact.companyId as number, universeId: contact.universeId as number, superAdmin }];
    }),
  ) as Record<Who, Person>;
}

export const registryEntities = (): EntityDef[] => [...loadRegistry(join(ROOT, 'schemas')).entities.values()];

/**
 * x-visibility as the spec states it: same universe, and (unless super admin) the company named in one of the fields.
 * An owned list (x-scope, docs/schemas.md "Owned lists"): a global one is seen by all; a company's records by that
 * company; a universe's records by its companies, a company's own records beside them by that company.
 */
export function companySees(entity: EntityDef, record: Row, person: Person): boolean {
  if (entity.scope === 'global') return true;
  if (record.universeId !== person.universeId) return false;
  if (entity.scope === 'company') return person.superAdmin || record.companyId === person.companyId;
  if (entity.scope === 'universe') return person.superAdmin || record.companyId === undefined || record.companyId === null || record.companyId === person.companyId;
  if (person.superAdmin || entity.visibility.length === 0) return true;
  return entity.visibility.some((field) => [record[field]].flat().includes(person.companyId));
}

/** The id of the first record of the entity this person's company sees, if any. */
export async function firstSeen(store: TestStore, entity: EntityDef, person: Person, also: (record: Row) => boolean = () => true): Promise<number | undefined> {
  const found = (await store.all(entity.collection)).find((record) => companySees(entity, record, person) && also(record));
  return found ? (found[entity.idField] as number) : undefined;
}
