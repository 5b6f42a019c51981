import { COLLECTIONS, fullName, type Company, type Contact } from '../identity';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Stored } from '../store/types';
import { SERVICES } from '../services/access';
import { ASSIGNMENTS, acronymOf, assignmentOfService, candidateCompanies, contactsOf, type AssignmentOptions, type AssignmentRecord, type AssignmentService } from './assignments';
import type { Attendee, BusyDay } from '../../domain/planning';
import { distanceKm, durationMinutes, pointOf, type Point } from './geo';

/**
 * GET /back/bo/pln/planning/attendees (spec §3 Contributor attendee): who may be put on the
 * service, with what helps choose: already busy those days, distance and travel time (a
 * straight-line estimate, server/planning/geo.ts) from home and from the last place worked.
 * The answer's shape is domain/planning.ts `Attendee`.
 */

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

/** Per contact, the days from `from` to `to` it is on another service (any role but NOT_ON_FIELD), by date. */
async function busyDaysOf(db: Reader, service: AssignmentService, ids: number[], from: string, to: string): Promise<Map<number, BusyDay[]>> {
  const busy = new Map<number, BusyDay[]>();
  if (!ids.length || to < from) return busy;
  const overlapping = await db.query<AssignmentRecord>({
    collection: ASSIGNMENTS,
    where: and(
      eq('universeId', service.universeId ?? 0),
      { op: 'lte', field: 'startDate', value: to },
      { op: 'gte', field: 'endDate', value: from },
      { op: 'in', field: 'contactIds', values: ids },
      { op: 'not', condition: eq('serviceId', service.serviceId as number) },
    ),
  });
  const services = overlapping.length ? await db.query<AssignmentService>({ collection: SERVICES, where: { op: 'in', field: 'serviceId', values: overlapping.map((one) => one.serviceId) } }) : [];
  const numbers = new Map(services.map((one) => [one.serviceId as number, one.number as string | undefined]));
  for (const record of overlapping) {
    for (const one of record.assignments) {
      const days = one.typePlannings.filter((role) => role.date >= from && role.date <= to && role.typePlanning !== 'NOT_ON_FIELD');
      if (!days.length) continue;
      const list = busy.get(one.contactId) ?? [];
      list.push(...days.map((role) => ({ date: role.date, serviceId: record.serviceId, number: numbers.get(record.serviceId) })));
      busy.set(one.contactId, list);
    }
  }
  for (const list of busy.values()) list.sort((a, b) => a.date.localeCompare(b.date) || a.serviceId - b.serviceId);
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

/**
 * Who may be assigned, busy days checked from the service's start to `endDate` (the date the
 * popup is editing), else to the saved end date.
 */
export async function attendeesOf(db: Reader, service: AssignmentService, wanted: AssignmentOptions, endDate?: string): Promise<Attendee[]> {
  const kinds = await candidateCompanies(db, service, wanted);
  const contacts = await contactsOf(db, [...kinds.keys()]);
  const record = await assignmentOfService(db, service.serviceId as number);
  const until = endDate ?? record?.endDate ?? service.endDate ?? service.startDate;
  const busy = await busyDaysOf(db, service, contacts.map((one) => one.contactId), service.startDate, until);
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
  known: { busy: Map<number, BusyDay[]>; leaders: Set<number>; target: Point | undefined },
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
    busyDays: known.busy.get(contact.contactId) ?? [],
    lastPlace: last ? placeLabel(last) : undefined,
    distanceFromLastPlace: fromLast.km,
    durationFromLastPlace: fromLast.minutes,
    distanceFromHome: home.km,
    durationFromHome: home.minutes,
  };
}
