import type { JsonSchema } from '../../engine/schema/resolve';
import { HttpError } from '../errors';
import type { EntityDef, SearchDef } from '../schemas';
import { and, type Condition, type Scalar } from '../store/query';
import type { Row } from '../store/types';
import { fieldErrors } from '../validation';

/**
 * Search calls: query parameters read per the entity's search form (repeated names are
 * arrays, types coerced by ajv), then each x-filter of the form applied to the records.
 */
interface Filter {
  op: 'eq' | 'in' | 'anyEq' | 'gte' | 'lte' | 'keywords';
  field?: string;
  fields?: string[];
}

const OPS = new Set(['eq', 'in', 'anyEq', 'gte', 'lte', 'keywords']);

/** Fails at start on a search form whose filters the server cannot apply. */
export function assertSearchForm(search: SearchDef): void {
  for (const [name, prop] of Object.entries((search.schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const filter = prop['x-filter'] as Filter | undefined;
    if (!filter) continue;
    const fieldsOk = ['anyEq', 'keywords'].includes(filter.op) ? Array.isArray(filter.fields) : typeof filter.field === 'string';
    if (!OPS.has(filter.op) || !fieldsOk) throw new Error(`Search form ${search.name}: bad x-filter on ${name}`);
  }
}

/** The query as the search form's values (400 with field errors when it does not fit). */
export function searchCriteria(search: SearchDef | undefined, query: Record<string, string[]>): Row {
  // Built as own properties: a parameter named __proto__ must stay a (refused) criterion, not set the object's prototype.
  const data: Row = Object.fromEntries(
    Object.entries(query)
      .map(([name, values]) => [name, values.filter((value) => value !== '')] as const)
      .filter(([, kept]) => kept.length)
      .map(([name, kept]) => [name, kept.length === 1 ? kept[0] : kept]),
  );
  if (!search) return {};
  if (!search.validate(data)) throw new HttpError(400, 'ValidationException', 'error.badQuery', {}, fieldErrors(search.validate.errors));
  return data;
}

/**
 * A date bound as a condition on a stored value: month fields compare on the month, and a
 * date-time stays inside a `lte` day (`…T10:00` is on or before that day).
 */
function dateBound(entity: EntityDef, field: string, bound: string, op: 'gte' | 'lte'): Condition {
  const monthly = entity.schema.properties?.[field]?.format === 'yearMonth';
  const prefix = bound.slice(0, monthly ? 7 : 10);
  // Every string that starts with the prefix sorts below prefix + U+FFFF (in code-point order, as PostgreSQL's "C" collation).
  return op === 'gte' ? { op: 'gte', field, value: prefix } : { op: 'lt', field, value: `${prefix}\uffff` };
}

function conditionOf(entity: EntityDef, filter: Filter, value: unknown): Condition {
  switch (filter.op) {
    case 'eq':
      return { op: 'eq', field: filter.field!, value: value as Scalar };
    case 'in':
      return { op: 'in', field: filter.field!, values: value as Scalar[] };
    case 'anyEq':
      return { op: 'anyEq', fields: filter.fields!, value: value as Scalar };
    case 'gte':
    case 'lte':
      return dateBound(entity, filter.field!, String(value), filter.op);
    case 'keywords':
      return { op: 'keywords', fields: filter.fields!, value: String(value) };
  }
}

/** The toolbar's date window of a search form (docs/schemas.md): its bounds, named alike on every form. */
const WINDOW_FIELDS = ['fromDate', 'toDate'];
/** How many matches a search's date window leaves out (docs/schemas.md "Date window"). */
export const OUTSIDE_WINDOW_HEADER = 'X-Outside-Window';

/** The criteria split into the date window and the rest; undefined when no bound is given. */
export function splitWindow<T extends Row>(criteria: T): { window: Partial<T>; rest: Partial<T> } | undefined {
  if (!WINDOW_FIELDS.some((name) => criteria[name] !== undefined)) return undefined;
  const part = (inWindow: boolean) => Object.fromEntries(Object.entries(criteria).filter(([name]) => WINDOW_FIELDS.includes(name) === inWindow)) as Partial<T>;
  return { window: part(true), rest: part(false) };
}

/** The header's value: the count, or `<cap>+` when counting stopped at the cap. */
export const outsideWindowValue = (count: number, cap: number) => (count > cap ? `${cap}+` : String(count));

/** The store condition of every given criterion of the search form. */
export function searchCondition(entity: EntityDef, criteria: Row): Condition {
  const properties = (entity.search?.schema.properties ?? {}) as Record<string, JsonSchema>;
  return and(
    ...Object.entries(criteria).map(([name, value]) => {
      const filter = (Object.hasOwn(properties, name) ? properties[name]['x-filter'] : undefined) as Filter | undefined;
      return filter && conditionOf(entity, filter, value);
    }),
  );
}
