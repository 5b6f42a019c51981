import type { ServiceSide } from '../../machines/service';
import type { Caller } from '../context';
import { companyById } from '../identity';
import { keywordsOf } from '../text';
import { TAGS, tagVisible, type Tag } from '../tags';
import type { ReadOps, Row, Stored } from '../store/types';
import { SERVICES, canSeeService, type ServiceRow } from './access';

/**
 * The service search filters (docs/services.md "Search"), built once per query into a plain
 * predicate: it runs on every stored service (100,000 in the benchmark), so it allocates
 * nothing per record, compares ISO date strings as strings, reads the server-kept
 * `searchText` for keywords and checks visibility last, on the few records left.
 */
export { serviceSearchText } from './searchText';

export interface ServiceCriteria {
  fromDate?: string;
  toDate?: string;
  keywords?: string;
  types?: string[];
  serviceSteps?: string[];
  assessmentMethod?: string[];
  client?: number;
  thirdParty?: number;
  serviceProvider?: number;
  sector?: string;
  season?: string;
  countries?: string[];
  contributors?: number[];
  tags?: number[];
  waitingClientDecision?: boolean;
  serviceToComplete?: boolean;
  pendingStatus?: boolean;
}

type Test = (service: ServiceRow) => boolean;

const setOf = <T>(values: T[] | undefined): Set<T> | undefined => (values && values.length ? new Set(values) : undefined);

function anyIn(values: unknown, wanted: Set<unknown>): boolean {
  if (!Array.isArray(values)) return false;
  for (const value of values) if (wanted.has(value)) return true;
  return false;
}

/** The end of a service's date range: its end date, else its start date. */
export const lastDay = (service: Row): string => (service.endDate as string | undefined) || (service.startDate as string);

/** The country a service takes place in: its address, else the factory's, else the supplier's. */
function countryOf(store: ReadOps, service: ServiceRow): unknown {
  const address = service.address as { country?: string } | undefined;
  return address?.country || companyById(store, service.factory)?.country || companyById(store, service.supplier)?.country;
}

/** One test per given criterion, cheapest and most selective first. */
function tests(store: ReadOps, caller: Caller, criteria: ServiceCriteria, today: string): Test[] {
  const out: Test[] = [];
  const { fromDate, toDate } = criteria;
  if (toDate) out.push((s) => (s.startDate as string) <= toDate);
  if (fromDate) out.push((s) => lastDay(s) >= fromDate);
  const steps = setOf(criteria.serviceSteps);
  if (steps) out.push((s) => steps.has(s.serviceStep as string));
  const types = setOf(criteria.types);
  if (types) out.push((s) => types.has(s.type as string));
  const methods = setOf(criteria.assessmentMethod);
  if (methods) out.push((s) => methods.has(s.assessmentMethod as string));
  const { client, serviceProvider, thirdParty, sector, season } = criteria;
  if (client !== undefined) out.push((s) => s.client === client);
  if (serviceProvider !== undefined) out.push((s) => s.serviceProvider === serviceProvider);
  if (thirdParty !== undefined) out.push((s) => s.supplier === thirdParty || s.factory === thirdParty || s.agent === thirdParty);
  if (sector) out.push((s) => s.sector === sector);
  if (season) out.push((s) => s.season === season);
  if (criteria.waitingClientDecision) out.push((s) => s.serviceStep === 'TERMINATED' && (s.report as Row | undefined)?.clientDecision === 'PENDING');
  if (criteria.serviceToComplete) out.push((s) => s.serviceStep === 'CONFIRMED' && lastDay(s) < today);
  if (criteria.pendingStatus) out.push((s) => s.serviceStatus === 'PENDING');
  const contributors = setOf(criteria.contributors);
  if (contributors) out.push((s) => anyIn(s.contributors, contributors));
  if (criteria.tags?.length) {
    // A tag hidden from the caller matches nothing: filtering on it must not reveal where it is.
    const tags = new Set(criteria.tags.filter((id) => {
      const tag = store.get<Tag>(TAGS, id);
      return !!tag && tagVisible(tag, caller);
    }));
    out.push((s) => anyIn(s.tags, tags));
  }
  const words = criteria.keywords ? keywordsOf(criteria.keywords) : [];
  if (words.length) out.push((s) => words.every((word) => (s.searchText as string | undefined)?.includes(word) === true));
  const countries = setOf(criteria.countries);
  if (countries) out.push((s) => countries.has(countryOf(store, s) as string));
  return out;
}

/** Newest start date first; the highest id breaks ties so the order is stable. */
const byStartDesc = (a: ServiceRow, b: ServiceRow) =>
  a.startDate === b.startDate ? Number(b.serviceId) - Number(a.serviceId) : (a.startDate as string) < (b.startDate as string) ? 1 : -1;

/**
 * The `limit` newest of the matches without sorting them all (a broad query matches tens of
 * thousands): count the matches per start date, find the oldest date the page reaches, and
 * sort only the matches from that date on.
 */
function newest(matches: ServiceRow[], limit: number): ServiceRow[] {
  if (matches.length <= limit) return matches.sort(byStartDesc);
  const perDate = new Map<string, number>();
  for (const service of matches) perDate.set(service.startDate as string, (perDate.get(service.startDate as string) ?? 0) + 1);
  const dates = [...perDate.keys()].sort().reverse();
  let threshold = dates[dates.length - 1];
  let reached = 0;
  for (const date of dates) {
    reached += perDate.get(date)!;
    if (reached >= limit) {
      threshold = date;
      break;
    }
  }
  return matches.filter((service) => (service.startDate as string) >= threshold).sort(byStartDesc).slice(0, limit);
}

/**
 * The services of the caller's universe it may see and that pass every criterion: the
 * `limit` newest (by start date) and how many matched in all.
 */
export function findServices(store: ReadOps, caller: Caller, criteria: ServiceCriteria, today: string, limit: number): { page: ServiceRow[]; total: number } {
  const checks = tests(store, caller, criteria, today);
  const universeId = caller.universeId;
  const found: ServiceRow[] = [];
  for (const service of store.all<Row>(SERVICES) as ServiceRow[]) {
    if (service.universeId !== universeId || typeof service.startDate !== 'string') continue;
    let ok = true;
    for (let i = 0; ok && i < checks.length; i++) ok = checks[i](service);
    if (ok && canSeeService(service, caller)) found.push(service);
  }
  return { page: newest(found, limit), total: found.length };
}

export type TaskLevel = 'HIGH' | 'MID' | 'LOW';

/**
 * HIGH: a date proposal or a cancel request waits for the caller's side (the provider answers
 * cancel requests); MID: to complete, or waiting for the client's decision; LOW otherwise.
 */
export function taskLevel(service: Stored<Row>, side: ServiceSide | null, today: string): TaskLevel {
  const pending = service.pendingDateBy as ServiceSide | null | undefined;
  if (side && pending && pending !== side) return 'HIGH';
  if (side === 'SERVICE_PROVIDER' && service.cancelRequestDate) return 'HIGH';
  if (service.serviceStep === 'CONFIRMED' && lastDay(service) < today) return 'MID';
  if (service.serviceStep === 'TERMINATED' && (service.report as Row | undefined)?.clientDecision === 'PENDING') return 'MID';
  return 'LOW';
}
