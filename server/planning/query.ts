import type { Caller } from '../context';
import { currentMonth } from '../dates';
import { validationError } from '../errors';
import { COLLECTIONS, type Company } from '../identity';
import { searchCriteria } from '../resources/search';
import type { Registry } from '../schemas';
import { SERVICES, serviceScope, type ServiceRow } from '../services/access';
import { inCountries } from '../services/search';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';

/**
 * The assignments of a period that the caller may see (spec §2 team planning, §7.7 planning
 * export), as declarative store queries: the period's assignments of the caller's universe
 * (the assignments' start-date index), then their services within the caller's service scope
 * (`serviceScope`: a provider sees its own services, a party the confirmed ones it plays a role
 * in). An assignment counts only when its service is seen. The query is the search form
 * schemas/search/planning.json (400 with field errors when it does not fit).
 */
export const ASSIGNMENTS = 'assignments';
/** A period longer than this is refused (spec: an export covers at most a year). */
export const MAX_PERIOD_DAYS = 366;

export interface PlanningCriteria {
  month?: string;
  startDate?: string;
  endDate?: string;
  companies?: number[];
  serviceProvidersHk?: number[];
  countries?: string[];
  contributors?: number[];
  decisionMaker?: number;
  sector?: string;
  season?: string;
}

export interface DayRole {
  date: string;
  typePlanning: string;
}
export interface AssignmentRow extends Row {
  assignmentId: number;
  serviceId: number;
  serviceProvider?: number;
  startDate: string;
  endDate: string;
  contactIds?: number[];
  assignments: { contactId: number; fullName?: string; acronym?: string; typePlannings: DayRole[] }[];
}

export interface Period {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
export const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Every day of the period, in order. */
export function daysOf({ from, to }: Period): string[] {
  const days: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) days.push(dayOf(n));
  return days;
}

/** The month's first and last days. */
export function monthPeriod(month: string): Period {
  const [year, m] = month.split('-').map(Number);
  return { from: `${month}-01`, to: dayOf(Date.UTC(year, m, 0) / DAY_MS) };
}

/** The query's criteria (400 when they do not fit the form). */
export function planningCriteria(registry: Registry, query: Record<string, string[]>): PlanningCriteria {
  return searchCriteria(registry.entities.get('assignment')?.search, query) as PlanningCriteria;
}

/**
 * The period: startDate–endDate when given (both, at most a year), else the month, else the
 * current month. The form already refuses an end before the start.
 */
export function periodOf(criteria: PlanningCriteria, now = new Date()): Period {
  const { startDate, endDate } = criteria;
  if (startDate || endDate) {
    if (!startDate) throw validationError([{ path: '/startDate', key: 'validation.required' }], 'planning.period.incomplete');
    if (!endDate) throw validationError([{ path: '/endDate', key: 'validation.required' }], 'planning.period.incomplete');
    if (dayNumber(endDate) - dayNumber(startDate) + 1 > MAX_PERIOD_DAYS) throw validationError([{ path: '/endDate', key: 'planning.period.tooLongField' }], 'planning.period.tooLong');
    return { from: startDate, to: endDate };
  }
  return monthPeriod(criteria.month ?? currentMonth(now));
}

const given = <T>(values: readonly T[] | undefined): values is readonly T[] => !!values && values.length > 0;

/** The provider companies asked for, under either name (team planning: companies; the export: serviceProvidersHk). */
const providersOf = (criteria: PlanningCriteria) => [...(criteria.companies ?? []), ...(criteria.serviceProvidersHk ?? [])];

export interface PlanningSet {
  assignments: Stored<AssignmentRow>[];
  services: Map<number, ServiceRow>;
}

/** The period's assignments the caller sees, with their services, filtered by the criteria. */
export async function visibleAssignments(db: Reader, caller: Caller, period: Period, criteria: PlanningCriteria = {}): Promise<PlanningSet> {
  const providers = providersOf(criteria);
  const assignmentWhere = and(
    eq('universeId', caller.universeId),
    { op: 'lte', field: 'startDate', value: period.to },
    { op: 'gte', field: 'endDate', value: period.from },
    given(providers) ? { op: 'in', field: 'serviceProvider', values: providers } : undefined,
    given(criteria.contributors) ? { op: 'in', field: 'contactIds', values: [...criteria.contributors] } : undefined,
  );
  const found = await db.query<AssignmentRow>({
    collection: ASSIGNMENTS,
    where: assignmentWhere,
    orderBy: [{ field: 'startDate' }, { field: 'assignmentId' }],
  });
  // An empty `in` matches everything: no assignment, no service.
  if (!found.length) return { assignments: [], services: new Map() };
  const serviceWhere: Condition = and(
    serviceScope(caller),
    { op: 'in', field: 'serviceId', values: [...new Set(found.map((row) => row.serviceId))] },
    criteria.decisionMaker !== undefined ? eq('client', criteria.decisionMaker) : undefined,
    criteria.sector ? eq('sector', criteria.sector) : undefined,
    criteria.season ? eq('season', criteria.season) : undefined,
    given(criteria.countries) ? await inCountries(db, [...criteria.countries]) : undefined,
  );
  const services = new Map((await db.query<ServiceRow>({ collection: SERVICES, where: serviceWhere })).map((service) => [service.serviceId as number, service]));
  return { assignments: found.filter((row) => services.has(row.serviceId)), services };
}

/** The companies of these ids, by id. */
export async function companiesById(db: Reader, ids: Iterable<unknown>): Promise<Map<number, Stored<Company>>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return new Map();
  const found = await db.query<Company>({ collection: COLLECTIONS.companies, where: { op: 'in', field: 'companyId', values: wanted } });
  return new Map(found.map((company) => [company.companyId, company]));
}

/** Where a service takes place, as the service search counts it: its address, else its factory's, else its supplier's. */
export function placeOf(service: ServiceRow, companies: Map<number, Stored<Company>>): { country?: string; city?: string } {
  const address = service.address as { country?: string; city?: string } | undefined;
  if (address?.country) return { country: address.country, city: address.city };
  const site = companies.get(service.factory as number) ?? companies.get(service.supplier as number);
  return site?.country ? { country: site.country, city: site.city } : {};
}

/** One contributor's working day on one service (a role other than "not on field"), inside the period. */
export interface PlanningEntry {
  date: string;
  contactId: number;
  fullName: string;
  acronym: string;
  typePlanning: string;
  serviceId: number;
  serviceProvider?: number;
}

/** The entries of the set: per assignment, per contributor (those asked for, when some are), per day in the period. */
export function entriesOf(set: PlanningSet, period: Period, contributors?: readonly number[]): PlanningEntry[] {
  const only = given(contributors) ? new Set(contributors) : undefined;
  const entries: PlanningEntry[] = [];
  for (const assignment of set.assignments) {
    for (const person of assignment.assignments ?? []) {
      if (only && !only.has(person.contactId)) continue;
      for (const day of person.typePlannings ?? []) {
        if (day.typePlanning === 'NOT_ON_FIELD' || day.date < period.from || day.date > period.to) continue;
        entries.push({
          date: day.date,
          contactId: person.contactId,
          fullName: person.fullName ?? '',
          acronym: person.acronym ?? '',
          typePlanning: day.typePlanning,
          serviceId: assignment.serviceId,
          serviceProvider: assignment.serviceProvider,
        });
      }
    }
  }
  return entries.sort((a, b) => a.fullName.localeCompare(b.fullName) || a.contactId - b.contactId || a.date.localeCompare(b.date) || a.serviceId - b.serviceId);
}
