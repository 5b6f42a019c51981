import type { ServiceSearch } from '../../generated/types/serviceSearch';
import type { ServiceSide } from '../../machines/service';
import type { Caller } from '../context';
import { COLLECTIONS, type Company } from '../identity';
import { keywordsOf } from '../text';
import { TAGS, tagVisible, type Tag } from '../tags';
import type { ReadOps, Row, Stored } from '../store/types';
import { canSeeService, type ServiceRow } from './access';
import { candidates, serviceIndex } from './searchIndex';

/**
 * The service search filters (docs/services.md "Search"), built once per query into a plain
 * predicate: it runs on the services the index leaves (up to 100,000 in the benchmark), so it
 * allocates nothing per record, compares ISO date strings as strings, reads the server-kept
 * `searchText` for keywords and checks visibility last, on the few records left.
 */
export { serviceSearchText } from './searchText';

/** The query of GET /back/bo/services/, typed from its search schema (schemas/search/service.json). */
export type ServiceCriteria = ServiceSearch;

type Test = (service: ServiceRow) => boolean;

const setOf = (values: readonly unknown[] | undefined): Set<unknown> | undefined => (values && values.length ? new Set(values) : undefined);

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
  // The search path reads the synchronous store (its indexes), not the async companyById.
  const company = (id: unknown) => (typeof id === 'number' ? store.get<Company>(COLLECTIONS.companies, id) : undefined);
  return address?.country || company(service.factory)?.country || company(service.supplier)?.country;
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

/**
 * The services of the caller's universe it may see and that pass every criterion, newest
 * first (by start date), at most `limit`; `hitLimit` when more matched. The index gives the
 * candidates: by the date range, and holding the longest keyword.
 */
export function findServices(store: ReadOps, caller: Caller, criteria: ServiceCriteria, today: string, limit: number): { page: ServiceRow[]; hitLimit: boolean } {
  const words = criteria.keywords ? keywordsOf(criteria.keywords) : [];
  const word = words.reduce((best, next) => (next.length > best.length ? next : best), '');
  const checks = tests(store, caller, criteria, today);
  const page: ServiceRow[] = [];
  for (const service of candidates(serviceIndex(store), { toDate: criteria.toDate, fromDate: criteria.fromDate, word })) {
    if (service.universeId !== caller.universeId) continue;
    let ok = true;
    for (let i = 0; ok && i < checks.length; i++) ok = checks[i](service);
    if (!ok || !canSeeService(service, caller)) continue;
    if (page.length === limit) return { page, hitLimit: true };
    page.push(service);
  }
  return { page, hitLimit: false };
}

/**
 * How many services the date window leaves out: those passing every other criterion, seen by
 * the caller, outside `[fromDate, toDate]`. Counting stops past `cap` (the answer is then
 * `cap + 1`), so a wide-open default window costs a few hundred rows, not the whole store.
 */
export function countOutsideWindow(store: ReadOps, caller: Caller, criteria: ServiceCriteria, today: string, cap: number): number {
  const { fromDate, toDate, ...rest } = criteria;
  const words = rest.keywords ? keywordsOf(rest.keywords) : [];
  const word = words.reduce((best, next) => (next.length > best.length ? next : best), '');
  const checks = tests(store, caller, rest, today);
  let count = 0;
  for (const service of candidates(serviceIndex(store), { word })) {
    if (service.universeId !== caller.universeId) continue;
    if ((!toDate || (service.startDate as string) <= toDate) && (!fromDate || lastDay(service) >= fromDate)) continue;
    let ok = true;
    for (let i = 0; ok && i < checks.length; i++) ok = checks[i](service);
    if (!ok || !canSeeService(service, caller)) continue;
    if (++count > cap) break;
  }
  return count;
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
