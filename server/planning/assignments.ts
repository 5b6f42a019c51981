import type { AssignedContributor, DayRole } from '../../machines/assignment';
import { isSegregated } from '../auth/profile';
import { isCompanyManager } from '../auth/roles';
import { isSuperAdmin, type Caller } from '../context';
import { forbidden } from '../errors';
import { COLLECTIONS, fullName, type Company, type Contact } from '../identity';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
import type { ServiceParties } from '../services/access';

/**
 * The assignment of a service (schemas/entities/assignment.json, one record per service) and
 * who may be put on it (spec §3 Contributor attendee, §6.4 assignment visibility):
 * - the provider's own contacts;
 * - with the include-universe option (a universe that is not segregated), the contacts of the
 *   universe's other service providers (`userUniverseContributor`);
 * - with 'Show representatives' (the provider's company default reportDisplayAttendeesListEnabled),
 *   the contacts of the service's parties, as read-only representatives.
 */
export const ASSIGNMENTS = 'assignments';

export interface AssignmentRecord extends Row {
  assignmentId: number;
  serviceId: number;
  universeId?: number;
  serviceProvider?: number;
  startDate: string;
  endDate: string;
  contactIds: number[];
  assignments: { contactId: number; fullName?: string; acronym?: string; pictureFileId?: number; typePlannings: DayRole[] }[];
}

export type AssignmentService = Stored<Row & ServiceParties & { startDate: string; endDate?: string; contributors?: number[] }>;

/** The stored assignment of a service, if any (other features read it: team planning, notifications). */
export async function assignmentOfService(db: Reader, serviceId: number): Promise<Stored<AssignmentRecord> | undefined> {
  const [found] = await db.query<AssignmentRecord>({ collection: ASSIGNMENTS, where: eq('serviceId', serviceId), limit: 1 });
  return found;
}

export const acronymOf = (contact: Pick<Contact, 'firstName' | 'lastName'>) => `${contact.firstName?.[0] ?? ''}${contact.lastName?.[0] ?? ''}`.toUpperCase();

/** The planning calls' route role: a service provider's company, or a super admin (403 otherwise). */
export function requireProviderCompany(caller: Caller): void {
  if (!caller.company.roles.includes('SERVICE_PROVIDER') && !isSuperAdmin(caller)) throw forbidden('error.assignment.providerOnly');
}

/** Assignment is the provider's job (spec §6.4): its company, or a super admin; 403 otherwise. */
export function requireProvider(service: ServiceParties, caller: Caller): void {
  if (service.serviceProvider !== caller.company.companyId && !isSuperAdmin(caller)) throw forbidden('error.assignment.providerOnly');
}

/** A manager of the caller's company (or a super admin): the half of the right that needs no service. */
const assignsForCompany = (caller: Caller) => isSuperAdmin(caller) || isCompanyManager(caller.roles, caller.contact.account?.profiles);

/**
 * Who assigns (spec §6.4, DESIGN rule 11): the provider's managers, a super admin aside. The
 * provider's contributors (inspectors) see their team but do not change it.
 */
export const mayAssign = (service: ServiceParties, caller: Caller) => (service.serviceProvider === caller.company.companyId ? assignsForCompany(caller) : isSuperAdmin(caller));

/** 403 before anything is read unless the caller is a manager (or a super admin); `mayAssign` then checks the service. */
export function requireAssignerRole(caller: Caller): void {
  if (!assignsForCompany(caller)) throw forbidden('error.assignment.managersOnly');
}

/** 403 unless the caller may assign on this service. */
export function requireAssigner(service: ServiceParties, caller: Caller): void {
  if (!mayAssign(service, caller)) throw forbidden(service.serviceProvider === caller.company.companyId ? 'error.assignment.managersOnly' : 'error.assignment.providerOnly');
}

/** A cancelled or terminated service keeps its assignment as it was. */
export const assignmentReadOnly = (service: ServiceParties) => service.serviceStep === 'CANCELLED' || service.serviceStep === 'TERMINATED';

/** What the popup may offer for this service: the two options of spec §6.4. */
export async function assignmentOptions(db: Reader, service: ServiceParties) {
  const provider = await db.get<Company>(COLLECTIONS.companies, service.serviceProvider ?? 0);
  return {
    includeContributorUniverse: service.universeId !== undefined && !(await isSegregated(db, service.universeId)),
    includeRepresentative: provider?.reportDisplayAttendeesListEnabled === true,
  };
}
export type AssignmentOptions = Awaited<ReturnType<typeof assignmentOptions>>;

export type CandidateKind = 'own' | 'universe' | 'representative';

const partiesOf = (service: ServiceParties) =>
  [service.client, service.supplier, service.factory, service.agent].filter((id): id is number => typeof id === 'number' && id !== service.serviceProvider);

/** Companies whose contacts may be assigned, by kind, as the options allow. */
export async function candidateCompanies(db: Reader, service: ServiceParties, wanted: AssignmentOptions): Promise<Map<number, CandidateKind>> {
  const kinds = new Map<number, CandidateKind>();
  if (wanted.includeRepresentative) for (const id of partiesOf(service)) kinds.set(id, 'representative');
  if (wanted.includeContributorUniverse) {
    const providers = await db.query<Company>({
      collection: COLLECTIONS.companies,
      where: and(eq('universeId', service.universeId ?? 0), eq('roles', 'SERVICE_PROVIDER')),
      orderBy: [{ field: 'companyId' }],
    });
    for (const company of providers) if (!kinds.has(company.companyId)) kinds.set(company.companyId, 'universe');
  }
  if (service.serviceProvider !== undefined) kinds.set(service.serviceProvider, 'own');
  return kinds;
}

/** The contacts (not archived) of these companies, by name. */
export async function contactsOf(db: Reader, companyIds: number[], extra?: Condition): Promise<Stored<Contact>[]> {
  if (!companyIds.length) return [];
  return db.query<Contact>({
    collection: COLLECTIONS.contacts,
    where: and({ op: 'in', field: 'companyId', values: companyIds }, { op: 'not', condition: eq('archived', true) }, extra),
    orderBy: [{ field: 'lastName' }, { field: 'firstName' }, { field: 'contactId' }],
  });
}

/** A stored assignment as the machine's contributors, representatives marked. */
export async function contributorsOf(db: Reader, service: ServiceParties, record: AssignmentRecord | undefined): Promise<AssignedContributor[]> {
  if (!record) return [];
  const ids = record.assignments.map((one) => one.contactId);
  const contacts = new Map((await db.query<Contact>({ collection: COLLECTIONS.contacts, where: { op: 'in', field: 'contactId', values: ids } })).map((one) => [one.contactId, one]));
  const parties = new Set(partiesOf(service));
  return record.assignments.map((one) => {
    const contact = contacts.get(one.contactId);
    return {
      ...one,
      fullName: contact ? fullName(contact) : one.fullName,
      acronym: contact ? acronymOf(contact) : one.acronym,
      pictureFileId: contact?.pictureFileId ?? one.pictureFileId,
      representative: contact !== undefined && contact.companyId !== service.serviceProvider && parties.has(contact.companyId),
    };
  });
}
