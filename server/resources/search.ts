import type { JsonSchema } from '../../engine/schema/resolve';
import { HttpError } from '../errors';
import { keywordsOf, normalize } from '../text';
import type { EntityDef, SearchDef } from '../schemas';
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

function compareDate(entity: EntityDef, field: string, recordValue: unknown, bound: string, op: 'gte' | 'lte'): boolean {
  if (typeof recordValue !== 'string' || !recordValue) return false;
  const monthly = entity.schema.properties?.[field]?.format === 'yearMonth' || /^\d{4}-\d{2}$/.test(recordValue);
  const length = monthly ? 7 : 10;
  const [left, right] = [recordValue.slice(0, length), bound.slice(0, length)];
  return op === 'gte' ? left >= right : left <= right;
}

function passes(entity: EntityDef, filter: Filter, value: unknown, record: Row): boolean {
  switch (filter.op) {
    case 'eq':
      return record[filter.field!] === value;
    case 'in': {
      const wanted = value as unknown[];
      const actual = record[filter.field!];
      return wanted.length === 0 || (Array.isArray(actual) ? actual.some((item) => wanted.includes(item)) : wanted.includes(actual));
    }
    case 'anyEq':
      return filter.fields!.some((field) => record[field] === value);
    case 'gte':
    case 'lte':
      return compareDate(entity, filter.field!, record[filter.field!], String(value), filter.op);
    case 'keywords': {
      const texts = filter.fields!.map((field) => normalize(record[field]));
      return keywordsOf(String(value)).every((word) => texts.some((text) => text.includes(word)));
    }
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

/** A predicate applying every given criterion of the search form. */
export function searchMatcher(entity: EntityDef, criteria: Row): (record: Row) => boolean {
  const properties = (entity.search?.schema.properties ?? {}) as Record<string, JsonSchema>;
  const active = Object.entries(criteria)
    .map(([name, value]) => ({ filter: (Object.hasOwn(properties, name) ? properties[name]['x-filter'] : undefined) as Filter | undefined, value }))
    .filter((entry): entry is { filter: Filter; value: unknown } => !!entry.filter);
  return (record) => active.every(({ filter, value }) => passes(entity, filter, value, record));
}
