/**
 * A `Query` compiled to parameterized SQL over a collection table (see migrations.ts), giving the
 * answers `runQuery` gives in memory. Values and field names always travel as parameters.
 *
 * Every compiled condition is true or false, never NULL, so `not` negates exactly. Equality is
 * jsonb containment (`data @> {"f": v}` for a value, `{"f": [v]}` for an array holding it), which
 * the GIN index on `data` answers; keywords are matched on the normalized copy of the record
 * (`norm`, `search`) written by the store, since SQL cannot reproduce `normalize` (text.ts).
 */
import { keywordsOf } from '../../text';
import type { Condition, Order, Query, Scalar } from '../query';

export interface Statement {
  text: string;
  values: unknown[];
}

/** The parameters of one statement: `add` returns the placeholder of a value. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const TRUE = 'true';
const FALSE = 'false';
const all = (parts: string[]) => (parts.length ? `(${parts.join(' AND ')})` : TRUE);
const any = (parts: string[]) => (parts.length ? `(${parts.join(' OR ')})` : FALSE);

/** The JSON type of a field, NULL when the field is missing. */
const typeOf = (field: string) => `jsonb_typeof(data -> ${field})`;

/** Missing or null (`isNil` of query.ts). */
const isNil = (field: string) => `coalesce(${typeOf(field)}, 'null') = 'null'`;

/** One of `fields` equals `value`, or is an array holding it. */
function equalsAny(params: Params, fields: string[], values: Exclude<Scalar, null>[]): string {
  if (!fields.length || !values.length) return FALSE;
  const shapes = fields.flatMap((field) => values.flatMap((value) => [{ [field]: value }, { [field]: [value] }]));
  return `data @> ANY(${params.add(shapes.map((shape) => JSON.stringify(shape)))}::jsonb[])`;
}

const OPERATORS = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;

/** Ordered comparison of a present value of the bound's type: numbers numerically, strings by code point. */
function compare(params: Params, field: string, op: keyof typeof OPERATORS, bound: unknown): string {
  if (typeof bound === 'number') {
    if (Number.isNaN(bound)) return FALSE; // every comparison with NaN is false in JS
    const f = params.add(field);
    return `CASE WHEN ${typeOf(f)} = 'number' THEN (data ->> ${f})::numeric ${OPERATORS[op]} ${params.add(String(bound))}::numeric ELSE false END`;
  }
  if (typeof bound === 'string') {
    const f = params.add(field);
    return `CASE WHEN ${typeOf(f)} = 'string' THEN (data ->> ${f}) COLLATE "C" ${OPERATORS[op]} ${params.add(bound)}::text COLLATE "C" ELSE false END`;
  }
  throw new TypeError(`Unsupported bound for ${op} on ${field}: ${JSON.stringify(bound)}`);
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Every word appears in the normalized text of one of the fields. `search` (all the fields'
 * normalized text) is tested first: it is implied by the exact test and has the trigram index.
 */
function keywords(params: Params, fields: string[], value: string): string {
  const words = keywordsOf(value);
  if (!words.length) return TRUE;
  const names = fields.map((field) => params.add(field));
  return all(
    words.map((word) => {
      const pattern = params.add(`%${escapeLike(word)}%`);
      return `(search LIKE ${pattern} AND ${any(names.map((name) => `coalesce(norm ->> ${name}, '') LIKE ${pattern}`))})`;
    }),
  );
}

function compileCondition(params: Params, condition: Condition): string {
  switch (condition.op) {
    case 'eq':
      return condition.value === null ? isNil(params.add(condition.field)) : equalsAny(params, [condition.field], [condition.value]);
    case 'in': {
      if (!condition.values.length) return TRUE;
      const present = condition.values.filter((value): value is Exclude<Scalar, null> => value !== null);
      const parts = [equalsAny(params, [condition.field], present)];
      // null in the list: a missing or null field, or an array holding null.
      if (present.length < condition.values.length) {
        parts.push(isNil(params.add(condition.field)), `data @> ${params.add(JSON.stringify({ [condition.field]: [null] }))}::jsonb`);
      }
      return any(parts.filter((part) => part !== FALSE));
    }
    case 'anyEq':
      return condition.value === null
        ? any(condition.fields.map((field) => isNil(params.add(field))))
        : equalsAny(params, condition.fields, [condition.value]);
    case 'gte':
    case 'lte':
    case 'gt':
    case 'lt':
      return compare(params, condition.field, condition.op, condition.value);
    case 'keywords':
      return keywords(params, condition.fields, condition.value);
    case 'exists': {
      const nil = isNil(params.add(condition.field));
      return condition.value ? `NOT ${nil}` : nil;
    }
    case 'and':
      return all(condition.all.map((part) => compileCondition(params, part)));
    case 'or':
      return any(condition.any.map((part) => compileCondition(params, part)));
    case 'not':
      return `NOT ${compileCondition(params, condition.condition)}`;
  }
}

/**
 * `ORDER BY` keys: per field, its numbers, then its strings (byte order of UTF-8, i.e. code
 * points), then its booleans, each NULLS LAST, so missing and null values come last whatever the
 * direction; then `position`, the order runQuery keeps among equals.
 */
function orderKeys(params: Params, orderBy: Order[] | undefined): string {
  const keys = (orderBy ?? []).flatMap(({ field, desc }) => {
    const f = params.add(field);
    const direction = desc ? 'DESC NULLS LAST' : 'ASC NULLS LAST';
    return [
      `CASE WHEN ${typeOf(f)} = 'number' THEN (data ->> ${f})::numeric END ${direction}`,
      `CASE WHEN ${typeOf(f)} = 'string' THEN (data ->> ${f}) COLLATE "C" END ${direction}`,
      `CASE WHEN ${typeOf(f)} = 'boolean' THEN (data -> ${f})::boolean END ${direction}`,
    ];
  });
  return [...keys, 'position'].join(', ');
}

function count(name: 'limit' | 'offset', value: number | undefined): number | undefined {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) throw new RangeError(`Query ${name} must be a non-negative integer, not ${value}`);
  return value;
}

/** `table`: the quoted table name of the query's collection. */
export function selectStatement(table: string, query: Query): Statement {
  const params = new Params();
  const where = query.where ? compileCondition(params, query.where) : TRUE;
  let text = `SELECT data FROM ${table} WHERE ${where} ORDER BY ${orderKeys(params, query.orderBy)}`;
  const limit = count('limit', query.limit);
  const offset = count('offset', query.offset);
  if (limit !== undefined) text += ` LIMIT ${params.add(limit)}`;
  if (offset) text += ` OFFSET ${params.add(offset)}`;
  return { text, values: params.values };
}

export function countStatement(table: string, query: Pick<Query, 'where'>): Statement {
  const params = new Params();
  const where = query.where ? compileCondition(params, query.where) : TRUE;
  return { text: `SELECT count(*)::integer AS count FROM ${table} WHERE ${where}`, values: params.values };
}
