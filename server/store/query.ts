/**
 * Declarative reads (docs/store.md): what a route asks the store for, never how. Both adapters
 * answer the same queries — lowdb in memory with its indexes (`matcher` below), PostgreSQL
 * compiled to SQL — so a route never scans a collection with a JS predicate.
 *
 * The operators are the search forms' `x-filter` operators plus `and`, `or`, `not` (visibility
 * scopes are ors of company fields) and `exists`.
 */
import { keywordsOf, normalize } from '../text';
import type { Row } from './types';

export type Scalar = string | number | boolean | null;

/** Fields are top-level properties or dotted paths into nested objects (`report.clientDecision`); keywords take top-level fields only. */
export type Condition =
  /** The field equals the value (`null`: the field is missing or null). An array field matches when it holds the value. */
  | { op: 'eq'; field: string; value: Scalar }
  /** The field (or, for an array field, one of its items) is one of the values; an empty list matches everything. */
  | { op: 'in'; field: string; values: Scalar[] }
  /** One of the fields equals the value. */
  | { op: 'anyEq'; fields: string[]; value: Scalar }
  /** Ordered comparison of a present, non-null value (strings compare as strings: ISO dates and months). */
  | { op: 'gte' | 'lte' | 'gt' | 'lt'; field: string; value: string | number }
  /** Every word of `value` appears, accent- and case-insensitively, in one of the fields. */
  | { op: 'keywords'; fields: string[]; value: string }
  /** The field is present and not null (`false`: missing or null). */
  | { op: 'exists'; field: string; value: boolean }
  | { op: 'and'; all: Condition[] }
  | { op: 'or'; any: Condition[] }
  | { op: 'not'; condition: Condition };

export interface Order {
  field: string;
  desc?: boolean;
}

export interface Query {
  collection: string;
  where?: Condition;
  /** Missing and null values sort last, whatever the direction. */
  orderBy?: Order[];
  limit?: number;
  offset?: number;
  /**
   * The top-level fields each record is returned with (a projection: the others, such as a search
   * text, stay in the store); a field the record lacks stays missing. `lines[].f` keeps of the
   * array `lines` its object items, each with only its fields named so (docs/store.md
   * "Projections"). Default: all.
   */
  select?: readonly string[];
}

/** What `count` takes (types.ts Reader): a query without an offset (nor a projection: it returns a number). */
export type CountQuery = Omit<Query, 'offset' | 'select'>;

const isObject = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A projection's plan: top-level fields kept whole, and array fields whose items keep some fields (`lines[].f`). */
export function projectionPlan(fields: readonly string[]): { whole: string[]; items: Map<string, string[]> } {
  const whole: string[] = [];
  const items = new Map<string, string[]>();
  for (const field of fields) {
    const at = field.indexOf('[].');
    if (at < 0) {
      if (!whole.includes(field)) whole.push(field);
      continue;
    }
    const [array, item] = [field.slice(0, at), field.slice(at + 3)];
    if (!items.has(array)) items.set(array, []);
    if (!items.get(array)!.includes(item)) items.get(array)!.push(item);
  }
  // A field asked whole is kept whole.
  for (const field of whole) items.delete(field);
  return { whole, items };
}

const pick = (record: Row, fields: readonly string[]): Row => {
  const out: Row = {};
  for (const field of fields) if (Object.hasOwn(record, field)) out[field] = record[field];
  return out;
};

/** A record with only the `fields` it has (a frozen copy; without `fields`, the record itself); see `Query.select`. */
export function project<T extends Row>(record: T, fields: readonly string[] | undefined): T {
  if (!fields) return record;
  const { whole, items } = projectionPlan(fields);
  const out = pick(record, whole);
  for (const [array, kept] of items) {
    const value = Object.hasOwn(record, array) ? record[array] : undefined;
    if (Array.isArray(value)) out[array] = Object.freeze(value.filter(isObject).map((item) => Object.freeze(pick(item, kept))));
  }
  return Object.freeze(out) as T;
}

export const and = (...all: (Condition | undefined | false)[]): Condition => {
  const kept = all.filter((item): item is Condition => !!item);
  return kept.length === 1 ? kept[0] : { op: 'and', all: kept };
};
export const or = (...any: Condition[]): Condition => (any.length === 1 ? any[0] : { op: 'or', any });
export const eq = (field: string, value: Scalar): Condition => ({ op: 'eq', field, value });

const isNil = (value: unknown) => value === undefined || value === null;

/**
 * A field's value: a top-level property, or a path through nested objects written with dots
 * (`report.clientDecision`). A step through a missing value or a non-object gives undefined. A
 * step written `lines[]` goes through every item of an array: the value is then the array of
 * what each item holds (`lines[].defectId`), which `eq` matches when one of them is the value.
 */
export function fieldReader(field: string): (record: Row) => unknown {
  if (!field.includes('.') && !field.endsWith('[]')) return (record) => record[field];
  const steps = field.split('.');
  const read = (value: unknown, index: number): unknown => {
    if (index === steps.length) return value;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const step = steps[index];
    if (!step.endsWith('[]')) return read((value as Row)[step], index + 1);
    const items = (value as Row)[step.slice(0, -2)];
    if (!Array.isArray(items)) return undefined;
    return items.flatMap((item) => {
      const inner = index + 1 === steps.length ? item : read(item, index + 1);
      return inner === undefined ? [] : Array.isArray(inner) ? inner : [inner];
    });
  };
  return (record) => read(record, 0);
}

function equals(actual: unknown, wanted: Scalar): boolean {
  if (wanted === null) return isNil(actual);
  return Array.isArray(actual) ? actual.includes(wanted) : actual === wanted;
}

function compare(actual: unknown, op: 'gte' | 'lte' | 'gt' | 'lt', bound: string | number): boolean {
  if (isNil(actual) || typeof actual !== typeof bound) return false;
  const a = actual as string | number;
  switch (op) {
    case 'gte':
      return a >= bound;
    case 'lte':
      return a <= bound;
    case 'gt':
      return a > bound;
    case 'lt':
      return a < bound;
  }
}

/** Every operator of `Condition`, and only those (the compiler checks both ways). */
const CONDITION_OPS: Record<Condition['op'], true> = { eq: true, in: true, anyEq: true, gte: true, lte: true, gt: true, lt: true, keywords: true, exists: true, and: true, or: true, not: true };

/** Throws on a condition of an unknown operator, at any depth (`what`: whose condition, for the message). */
export function checkCondition(condition: Condition, what: string): void {
  if (!condition || typeof condition !== 'object' || !Object.hasOwn(CONDITION_OPS, condition.op)) throw new TypeError(`${what}: unknown condition ${JSON.stringify(condition)}`);
  const parts = condition.op === 'and' ? condition.all : condition.op === 'or' ? condition.any : condition.op === 'not' ? [condition.condition] : [];
  if (!Array.isArray(parts)) throw new TypeError(`${what}: ${condition.op} needs a list of conditions`);
  for (const part of parts) checkCondition(part, what);
}

/** The condition as a predicate over records: how the embedded store answers a query. */
export function matcher(condition: Condition | undefined): (record: Row) => boolean {
  if (!condition) return () => true;
  switch (condition.op) {
    case 'eq': {
      const read = fieldReader(condition.field);
      return (record) => equals(read(record), condition.value);
    }
    case 'in': {
      if (!condition.values.length) return () => true;
      const wanted = new Set<unknown>(condition.values);
      const read = fieldReader(condition.field);
      return (record) => {
        const actual = read(record);
        return Array.isArray(actual) ? actual.some((item) => wanted.has(item)) : wanted.has(actual ?? null);
      };
    }
    case 'anyEq': {
      const reads = condition.fields.map(fieldReader);
      return (record) => reads.some((read) => equals(read(record), condition.value));
    }
    case 'gte':
    case 'lte':
    case 'gt':
    case 'lt': {
      const read = fieldReader(condition.field);
      return (record) => compare(read(record), condition.op, condition.value);
    }
    case 'keywords': {
      if (condition.fields.some((field) => field.includes('.'))) throw new TypeError(`Keywords search top-level fields only: ${condition.fields.join(', ')}`);
      const words = keywordsOf(condition.value);
      if (!words.length) return () => true;
      return (record) => {
        const texts = condition.fields.map((field) => normalize(record[field]));
        return words.every((word) => texts.some((text) => text.includes(word)));
      };
    }
    case 'exists': {
      const read = fieldReader(condition.field);
      return (record) => isNil(read(record)) !== condition.value;
    }
    case 'and': {
      const parts = condition.all.map(matcher);
      return (record) => parts.every((part) => part(record));
    }
    case 'or': {
      const parts = condition.any.map(matcher);
      return (record) => parts.some((part) => part(record));
    }
    case 'not': {
      const inner = matcher(condition.condition);
      return (record) => !inner(record);
    }
  }
}

/** Sorts like PostgreSQL's `ORDER BY … NULLS LAST`, ties kept in their order. */
export function comparator(orderBy: Order[] | undefined): ((a: Row, b: Row) => number) | undefined {
  if (!orderBy?.length) return undefined;
  const keys = orderBy.map(({ field, desc }) => ({ read: fieldReader(field), desc }));
  return (a, b) => {
    for (const { read, desc } of keys) {
      const [x, y] = [read(a), read(b)];
      if (isNil(x) || isNil(y)) {
        if (isNil(x) !== isNil(y)) return isNil(x) ? 1 : -1;
        continue;
      }
      if (x === y) continue;
      const order = (x as string | number) < (y as string | number) ? -1 : 1;
      return desc ? -order : order;
    }
    return 0;
  };
}

/** A query answered over records in memory: filter, sort, then offset and limit, then the projection. */
export function runQuery<T extends Row>(records: Iterable<T>, query: Omit<Query, 'collection'>): T[] {
  const matches = matcher(query.where);
  const found: T[] = [];
  for (const record of records) if (matches(record)) found.push(record);
  const order = comparator(query.orderBy);
  if (order) found.sort(order);
  const start = query.offset ?? 0;
  const page = query.limit === undefined ? found.slice(start) : found.slice(start, start + query.limit);
  return query.select ? page.map((record) => project(record, query.select)) : page;
}
