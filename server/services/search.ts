import type { ServiceSearch } from '../../generated/types/serviceSearch';
import type { TaskType } from '../../machines/task';
import type { Caller } from '../context';
import { COLLECTIONS, type Company } from '../identity';
import { scopeSees } from '../resources/ownership';
import type { Registry } from '../schemas';
import { TAGS, tagVisible, type Tag } from '../tags';
import { and, eq, or, type Condition, type Order, type Scalar } from '../store/query';
import type { Reader, Row } from '../store/types';
import { SERVICES, serviceScope, type ServiceRow } from './access';

/** The tasks' collection (server/tasks/lifecycle.ts; named here too: the lifecycle reads this module). */
const TASKS = 'tasks';

/**
 * The service search (docs/services.md "Search"): its criteria, the caller's visibility scope and
 * the order (newest start first) as one store query. The embedded store answers it from the
 * services' ordered index (`x-indexes` of schemas/entities/service.json), PostgreSQL in SQL.
 */
export { serviceSearchText } from './searchText';

/** The query of GET /back/bo/services/, typed from its search schema (schemas/search/service.json). */
export type ServiceCriteria = ServiceSearch;

/** Newest first; the highest id breaks ties (the services' ordered index). */
export const NEWEST_FIRST: Order[] = [
  { field: 'startDate', desc: true },
  { field: 'serviceId', desc: true },
];

/** Matches nothing (an `or` of no condition). */
const NOTHING: Condition = { op: 'or', any: [] };
const oneOf = (field: string, values: readonly Scalar[]): Condition => (values.length ? { op: 'in', field, values: [...values] } : NOTHING);
const given = <T>(values: readonly T[] | undefined): values is readonly T[] => !!values && values.length > 0;

/** The end of a service's date range: its end date, else its start date. */
export const lastDay = (service: Row): string => (service.endDate as string | undefined) || (service.startDate as string);

/** `lastDay` compared with a day, as a condition: an empty end date counts as none. */
const noEndDate: Condition = { op: 'not', condition: { op: 'gt', field: 'endDate', value: '' } };
export function lastDayIs(op: 'gte' | 'lt', day: string): Condition {
  return or(and({ op: 'gt', field: 'endDate', value: '' }, { op, field: 'endDate', value: day }), and(noEndDate, { op, field: 'startDate', value: day }));
}

/** The services whose country (their address's, else the factory's, else the supplier's) is one of `countries`. */
export async function inCountries(db: Reader, countries: string[]): Promise<Condition> {
  const ids = async (where: Condition) => (await db.query<Company>({ collection: COLLECTIONS.companies, where })).map((company) => company.companyId);
  const inThem = await ids({ op: 'in', field: 'country', values: countries });
  const withCountry = await ids({ op: 'gt', field: 'country', value: '' });
  return or(
    { op: 'in', field: 'address.country', values: countries },
    and({ op: 'not', condition: { op: 'gt', field: 'address.country', value: '' } }, or(oneOf('factory', inThem), and({ op: 'not', condition: oneOf('factory', withCountry) }, oneOf('supplier', inThem)))),
  );
}

/** The seasons of these ids the caller sees (its universe's, and its own company's among the custom ones). */
export async function visibleSeasons(db: Reader, registry: Registry, caller: Caller, ids: readonly number[]): Promise<Row[]> {
  const entity = registry.entities.get('season')!;
  const found = await Promise.all(ids.map((id) => db.get<Row>(entity.collection, id)));
  return found.filter((season): season is NonNullable<typeof season> => !!season && scopeSees(entity, season, caller));
}

/** The services of one of these seasons (a service holds its season's code); a season the caller may not see matches nothing. */
export async function inSeasons(db: Reader, registry: Registry, caller: Caller, ids: readonly number[]): Promise<Condition> {
  return oneOf('season', (await visibleSeasons(db, registry, caller, ids)).map((season) => season.code as string));
}

/** The services of a brand's company as client; a brand of another universe (or none) matches nothing, as an unknown id. */
export async function ofBrand(db: Reader, caller: Caller, brandId: number): Promise<Condition> {
  const brand = await db.get<Row>('brands', brandId);
  return brand && brand.universeId === caller.universeId && typeof brand.companyId === 'number' ? eq('client', brand.companyId) : NOTHING;
}

/** The services with one of these tags; a tag hidden from the caller matches nothing: filtering on it must not reveal where it is. */
export async function withTags(db: Reader, caller: Caller, tagIds: readonly number[]): Promise<Condition> {
  const tags = await Promise.all(tagIds.map((id) => db.get<Tag>(TAGS, id)));
  return oneOf('tags', tags.filter((tag) => !!tag && tagVisible(tag, caller)).map((tag) => tag!.tagId as number));
}

/** The services of the caller's universe with an open task of this type. */
async function withOpenTask(db: Reader, caller: Caller, type: TaskType): Promise<Condition> {
  const where = and(eq('universeId', caller.universeId), eq('type', type), eq('status', 'OPEN'));
  const tasks = await db.query({ collection: TASKS, where });
  return oneOf('serviceId', [...new Set(tasks.map((task) => task.serviceId as number))]);
}

/** One condition per given criterion except the date window. */
async function criteriaConditions(db: Reader, registry: Registry, caller: Caller, criteria: ServiceCriteria): Promise<Condition[]> {
  const out: Condition[] = [];
  const list = (field: string, values: readonly Scalar[] | undefined) => given(values) && out.push(oneOf(field, values));
  list('serviceStep', criteria.serviceSteps);
  list('type', criteria.types);
  list('assessmentMethod', criteria.assessmentMethod);
  const { client, serviceProvider, thirdParty, sector, season } = criteria;
  if (client !== undefined) out.push(eq('client', client));
  if (serviceProvider !== undefined) out.push(eq('serviceProvider', serviceProvider));
  if (thirdParty !== undefined) out.push({ op: 'anyEq', fields: ['supplier', 'factory', 'agent'], value: thirdParty });
  if (sector) out.push(eq('sector', sector));
  if (season) out.push(eq('season', season));
  // The KPIs' own criteria (docs/kpis.md): their click-through opens exactly the services a figure counts.
  list('supplier', criteria.supplierIds);
  // A service keeps its order lines' product types (`productTypes`): one of them is enough.
  list('productTypes', criteria.productTypeIds);
  if (given(criteria.seasonIds)) out.push(await inSeasons(db, registry, caller, criteria.seasonIds));
  if (criteria.brand !== undefined) out.push(await ofBrand(db, caller, criteria.brand));
  if (criteria.division !== undefined) out.push(eq('thirdPartyDepartment', criteria.division));
  // The flags are the services with such an open task (machines/task.ts), whoever's it is.
  if (criteria.waitingClientDecision) out.push(await withOpenTask(db, caller, 'WAITING_DECISION'));
  if (criteria.serviceToComplete) out.push(await withOpenTask(db, caller, 'SERVICE_TO_COMPLETE'));
  if (criteria.pendingStatus) out.push(eq('serviceStatus', 'PENDING'));
  list('contributors', criteria.contributors);
  if (given(criteria.tags)) out.push(await withTags(db, caller, criteria.tags));
  if (criteria.keywords) out.push({ op: 'keywords', fields: ['searchText'], value: criteria.keywords });
  if (given(criteria.countries)) out.push(await inCountries(db, criteria.countries));
  return out;
}

/**
 * The date window `[fromDate, toDate]` as a condition: the services overlapping it, or with
 * `startedInPeriod` those starting in it (as the KPIs count them).
 */
export function windowCondition({ fromDate, toDate, startedInPeriod }: Pick<ServiceCriteria, 'fromDate' | 'toDate' | 'startedInPeriod'>): Condition {
  const from: Condition | undefined = fromDate ? (startedInPeriod ? { op: 'gte', field: 'startDate', value: fromDate } : lastDayIs('gte', fromDate)) : undefined;
  return and(toDate ? { op: 'lte', field: 'startDate', value: toDate } : undefined, from);
}

/** Indexed services (a start date) the caller may see. */
export const visibleIndexed = (caller: Caller): Condition[] => [{ op: 'gte', field: 'startDate', value: '' }, serviceScope(caller)];

/**
 * The services of the caller's universe it may see and that pass every criterion, newest
 * first (by start date), at most `limit`; `hitLimit` when more matched. `select`: the fields
 * read (store query projection; default: whole records).
 */
export async function findServices(db: Reader, registry: Registry, caller: Caller, criteria: ServiceCriteria, limit: number, select?: readonly string[]): Promise<{ page: ServiceRow[]; hitLimit: boolean }> {
  const where = and(...visibleIndexed(caller), windowCondition(criteria), ...(await criteriaConditions(db, registry, caller, criteria)));
  const found = await db.query<ServiceRow>({ collection: SERVICES, where, orderBy: NEWEST_FIRST, limit: limit + 1, select });
  return { page: found.slice(0, limit), hitLimit: found.length > limit };
}

/**
 * How many services the date window leaves out: those passing every other criterion, seen by
 * the caller, outside `[fromDate, toDate]`. Counting stops past `cap` (the answer is then
 * `cap + 1`), so a wide-open default window costs a few hundred rows, not the whole store.
 */
export async function countOutsideWindow(db: Reader, registry: Registry, caller: Caller, criteria: ServiceCriteria, cap: number): Promise<number> {
  const where = and(...visibleIndexed(caller), { op: 'not', condition: windowCondition(criteria) }, ...(await criteriaConditions(db, registry, caller, criteria)));
  return db.count({ collection: SERVICES, where, orderBy: NEWEST_FIRST, limit: cap + 1 });
}
