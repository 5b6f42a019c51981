import { serviceDays } from '../../machines/assignment';
import { COLLECTIONS, fullName, type Company, type Contact } from '../identity';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Stored } from '../store/types';
import { SERVICES } from '../services/access';
import { ASSIGNMENTS, acronymOf, assignmentOfService, candidateCompanies, contactsOf, type AssignmentOptions, type AssignmentRecord, type AssignmentService } from './assignments';
import { distanceKm, durationMinutes, pointOf, type Point } from './geo';

/**
 * GET /back/bo/pln/planning/attendees (spec §3 Contributor attendee): who may be put on the
 * service, with what helps choose: already busy those days, distance and travel time (a
 * straight-line estimate, server/planning/geo.ts) from home and from the last place worked.
 */
export interface Attendee {
  TECH_ID: number;
  contactId: number;
  name: string;
  acronym: string;
  email?: string;
  pictureFileId?: number;
  companyId: number;
  userUniverseContributor: boolean;
  representative: boolean;
  leader: boolean;
  unavailable: boolean;
  lastPlace?: string;
  distanceFromLastPlace?: number;
  durationFromLastPlace?: number;
  distanceFromHome?: number;
  durationFromHome?: number;
}

const placeCompanyOf = (service: { factory?: number; supplier?: number; agent?: number }) => service.factory ?? service.supplier ?? service.agent;

async function placeOf(db: Reader, service: { factory?: number; supplier?: number; agent?: number }): Promise<Stored<Company> | undefined> {
  const id = placeCompanyOf(service);
  return id === undefined ? undefined : db.get<Company>(COLLECTIONS.companies, id);
}

const placeLabel = (company: Company) => [company.name, company.city].filter(Boolean).join(', ');

function measured(from: Point | undefined, to: Point | undefined) {
  if (!from || !to) return {};
  const km = distanceKm(from, to);
  return { km, minutes: durationMinutes(km) };
}

/** Contacts busy on another service's day among `days` (any role but NOT_ON_FIELD). */
async function busyContacts(db: Reader, service: AssignmentService, ids: number[], days: string[]): Promise<Set<number>> {
  if (!ids.length || !days.length) return new Set();
  const overlapping = await db.query<AssignmentRecord>({
    collection: ASSIGNMENTS,
    where: and(
      eq('universeId', service.universeId ?? 0),
      { op: 'lte', field: 'startDate', value: days.at(-1)! },
      { op: 'gte', field: 'endDate', value: days[0] },
      { op: 'in', field: 'contactIds', values: ids },
      { op: 'not', condition: eq('serviceId', service.serviceId as number) },
    ),
  });
  const wanted = new Set(days);
  const busy = new Set<number>();
  for (const record of overlapping) {
    for (const one of record.assignments) {
      if (one.typePlannings.some((role) => wanted.has(role.date) && role.typePlanning !== 'NOT_ON_FIELD')) busy.add(one.contactId);
    }
  }
  return busy;
}

/** The place of the contact's latest assignment that started before this service. */
async function lastPlaceOf(db: Reader, service: AssignmentService, contactId: number): Promise<Stored<Company> | undefined> {
  const where: Condition = and(eq('universeId', service.universeId ?? 0), eq('contactIds', contactId), { op: 'lt', field: 'startDate', value: service.startDate });
  const [last] = await db.query<AssignmentRecord>({ collection: ASSIGNMENTS, where, orderBy: [{ field: 'startDate', desc: true }, { field: 'assignmentId', desc: true }], limit: 1 });
  if (!last) return undefined;
  const previous = await db.get<AssignmentService>(SERVICES, last.serviceId);
  return previous ? placeOf(db, previous) : undefined;
}

export async function attendeesOf(db: Reader, service: AssignmentService, wanted: AssignmentOptions): Promise<Attendee[]> {
  const kinds = await candidateCompanies(db, service, wanted);
  const contacts = await contactsOf(db, [...kinds.keys()]);
  const record = await assignmentOfService(db, service.serviceId as number);
  const days = serviceDays(service.startDate, record?.endDate ?? service.endDate ?? service.startDate);
  const busy = await busyContacts(db, service, contacts.map((one) => one.contactId), days);
  const leaders = new Set(record?.assignments.filter((one) => one.typePlannings.some((role) => role.typePlanning === 'FIELD_LEADER')).map((one) => one.contactId));
  const place = await placeOf(db, service);
  const target = pointOf(place, 'latitude', 'longitude');
  const attendees: Attendee[] = [];
  for (const contact of contacts) attendees.push(await attendee(db, service, contact, kinds.get(contact.companyId)!, { busy, leaders, target }));
  // Own contributors first, then the universe's, then representatives.
  const rank = (one: Attendee) => (one.representative ? 2 : one.userUniverseContributor ? 1 : 0);
  return attendees.sort((a, b) => rank(a) - rank(b));
}

async function attendee(
  db: Reader,
  service: AssignmentService,
  contact: Stored<Contact>,
  kind: string,
  known: { busy: Set<number>; leaders: Set<number>; target: Point | undefined },
): Promise<Attendee> {
  const home = measured(pointOf(contact, 'homeLatitude', 'homeLongitude'), known.target);
  const last = kind === 'representative' ? undefined : await lastPlaceOf(db, service, contact.contactId);
  const fromLast = measured(pointOf(last, 'latitude', 'longitude'), known.target);
  return {
    TECH_ID: contact.contactId,
    contactId: contact.contactId,
    name: fullName(contact),
    acronym: acronymOf(contact),
    email: contact.email,
    pictureFileId: contact.pictureFileId,
    companyId: contact.companyId,
    userUniverseContributor: kind === 'universe',
    representative: kind === 'representative',
    leader: known.leaders.has(contact.contactId),
    unavailable: known.busy.has(contact.contactId),
    lastPlace: last ? placeLabel(last) : undefined,
    distanceFromLastPlace: fromLast.km,
    durationFromLastPlace: fromLast.minutes,
    distanceFromHome: home.km,
    durationFromHome: home.minutes,
  };
}
