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

/** A field's JSON value and its text: `data -> 'f'`, or `data #> '{a,b}'` for a dotted path. */
interface FieldRef {
  json: string;
  text: string;
}

function fieldRef(params: Params, field: string): FieldRef {
  if (!field.includes('.')) {
    const name = params.add(field);
    return { json: `(data -> ${name})`, text: `(data ->> ${name})` };
  }
  const path = params.add(field.split('.'));
  return { json: `(data #> ${path}::text[])`, text: `(data #>> ${path}::text[])` };
}

/** The JSON type of a field, NULL when the field is missing. */
const typeOf = (ref: FieldRef) => `jsonb_typeof(${ref.json})`;

/** Missing or null (`isNil` of query.ts). */
const isNil = (ref: FieldRef) => `coalesce(${typeOf(ref)}, 'null') = 'null'`;

/** `{"a": {"b": value}}` for the field `a.b`: what `data @>` tests. */
const shapeOf = (field: string, value: unknown): unknown => field.split('.').reduceRight<unknown>((inner, step) => ({ [step]: inner }), value);

/** One of `fields` equals `value`, or is an array holding it. */
function equalsAny(params: Params, fields: string[], values: Exclude<Scalar, null>[]): string {
  if (!fields.length || !values.length) return FALSE;
  const shapes = fields.flatMap((field) => values.flatMap((value) => [shapeOf(field, value), shapeOf(field, [value])]));
  return `data @> ANY(${params.add(shapes.map((shape) => JSON.stringify(shape)))}::jsonb[])`;
}

const OPERATORS = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;

/** Ordered comparison of a present value of the bound's type: numbers numerically, strings by code point. */
function compare(params: Params, field: string, op: keyof typeof OPERATORS, bound: unknown): string {
  if (typeof bound === 'number') {
    if (Number.isNaN(bound)) return FALSE; // every comparison with NaN is false in JS
    const f = fieldRef(params, field);
    return `CASE WHEN ${typeOf(f)} = 'number' THEN ${f.text}::numeric ${OPERATORS[op]} ${params.add(String(bound))}::numeric ELSE false END`;
  }
  if (typeof bound === 'string') {
    const f = fieldRef(params, field);
    return `CASE WHEN ${typeOf(f)} = 'string' THEN ${f.text} COLLATE "C" ${OPERATORS[op]} ${params.add(bound)}::text COLLATE "C" ELSE false END`;
  }
  throw new TypeError(`Unsupported bound for ${op} on ${field}: ${JSON.stringify(bound)}`);
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Every word appears in the normalized text of one of the fields. `search` (all the fields'
 * normalized text) is tested first: it is implied by the exact test and has the trigram index.
 */
function keywords(params: Params, fields: string[], value: string): string {
  if (fields.some((field) => field.includes('.'))) throw new TypeError(`Keywords search top-level fields only: ${fields.join(', ')}`);
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
      return condition.value === null ? isNil(fieldRef(params, condition.field)) : equalsAny(params, [condition.field], [condition.value]);
    case 'in': {
      if (!condition.values.length) return TRUE;
      const present = condition.values.filter((value): value is Exclude<Scalar, null> => value !== null);
      const parts = [equalsAny(params, [condition.field], present)];
      // null in the list: a missing or null field, or an array holding null.
      if (present.length < condition.values.length) {
        parts.push(isNil(fieldRef(params, condition.field)), `data @> ${params.add(JSON.stringify(shapeOf(condition.field, [null])))}::jsonb`);
      }
      return any(parts.filter((part) => part !== FALSE));
    }
    case 'anyEq':
      return condition.value === null
        ? any(condition.fields.map((field) => isNil(fieldRef(params, field))))
        : equalsAny(params, condition.fields, [condition.value]);
    case 'gte':
    case 'lte':
    case 'gt':
    case 'lt':
      return compare(params, condition.field, condition.op, condition.value);
    case 'keywords':
      return keywords(params, condition.fields, condition.value);
    case 'exists': {
      const nil = isNil(fieldRef(params, condition.field));
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
    const f = fieldRef(params, field);
    const direction = desc ? 'DESC NULLS LAST' : 'ASC NULLS LAST';
    return [
      `CASE WHEN ${typeOf(f)} = 'number' THEN ${f.text}::numeric END ${direction}`,
      `CASE WHEN ${typeOf(f)} = 'string' THEN ${f.text} COLLATE "C" END ${direction}`,
      `CASE WHEN ${typeOf(f)} = 'boolean' THEN ${f.json}::boolean END ${direction}`,
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
