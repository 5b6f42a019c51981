/**
 * A `Query` compiled to parameterized SQL over a collection table (see migrations.ts), giving the
 * answers `runQuery` gives in memory. Values and field names always travel as parameters.
 *
 * Under a `not`, every compiled condition is true or false, never NULL, so `not` negates exactly
(elsewhere a comparison may be NULL where false is meant: see `onKey`). Equality is
 * jsonb containment (`data @> {"f": v}` for a value, `{"f": [v]}` for an array holding it), which
 * the GIN index on `data` answers; keywords are matched on the normalized copy of the record
 * (`norm`, `search`) written by the store, since SQL cannot reproduce `normalize` (text.ts).
 */
import { createHash } from 'node:crypto';
import { escapeIdentifier, escapeLiteral } from 'pg';
import { keywordsOf } from '../../text';
import { projectionPlan, type Condition, type Order, type Query, type Scalar } from '../query';

export interface Statement {
  text: string;
  values: unknown[];
}

/** The parameters of one statement: `add` returns the placeholder of a value. */
export class Params {
  readonly values: unknown[] = [];
  /** Inside an odd number of `not`s: a comparison must then be false, not NULL, on a missing key. */
  negated = false;

  constructor(readonly indexed: IndexedFields | undefined) {}

  /** The declared type of an indexed field. */
  typeOf(field: string): KeyType | undefined {
    return this.indexed?.types.get(field);
  }

  /** A field's key of `type`: its key column when the field is of that declared type (indexes.ts), else `keyOf`. */
  key(field: string, type: KeyType): string {
    return keyIn(this.indexed, field, type);
  }

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const TRUE = 'true';
const FALSE = 'false';
const all = (parts: string[]) => (parts.length ? `(${parts.join(' AND ')})` : TRUE);
const any = (parts: string[]) => (parts.length ? `(${parts.join(' OR ')})` : FALSE);

/** A field's JSON value and its text: `data -> 'f'`, or `data #> ARRAY['a','b']` for a dotted path. */
export interface FieldRef {
  json: string;
  text: string;
}

/**
 * Field names are written into the SQL as escaped literals, not parameters: an index on an
 * expression (`x-indexes`, indexes.ts) serves only a query holding the very same expression.
 */
export function fieldRef(field: string): FieldRef {
  if (!field.includes('.')) return { json: `(data -> ${escapeLiteral(field)})`, text: `(data ->> ${escapeLiteral(field)})` };
  const path = `ARRAY[${field.split('.').map(escapeLiteral).join(', ')}]`;
  return { json: `(data #> ${path})`, text: `(data #>> ${path})` };
}

/** The JSON type of a field, NULL when the field is missing. */
export const typeOf = (ref: FieldRef) => `jsonb_typeof(${ref.json})`;

/** Missing or null (`isNil` of query.ts). */
const isNil = (ref: FieldRef) => `coalesce(${typeOf(ref)}, 'null') = 'null'`;

export type KeyType = 'number' | 'string' | 'boolean';

/**
 * A field's value as an SQL key of one JSON type (NULL for the other types and missing values):
 * numbers as float8 (a JS number exactly, and twice as fast to compare and group as numeric), strings in code point order (`COLLATE "C"`, whatever the database's
 * collation). A field of a declared type has its key in a stored generated column computed by this
 * very expression (`keyColumn`, indexes.ts), which comparisons, orders, groups and indexes read.
 */
export function keyOf(field: string, type: KeyType): string {
  const ref = fieldRef(field);
  const value = type === 'number' ? `${ref.text}::float8` : type === 'boolean' ? `${ref.json}::boolean` : ref.text;
  const key = `(CASE WHEN ${typeOf(ref)} = '${type}' THEN ${value} END)`;
  return type === 'string' ? `${key} COLLATE "C"` : key;
}

/**
 * The name of the stored generated column holding a field's key of its declared type (indexes.ts
 * adds it): the field and the type, readable in a plan; a long path is cut and told apart by a
 * hash (63 bytes is PostgreSQL's identifier limit).
 */
export function keyColumnName(field: string, type: KeyType): string {
  const name = `${field}:${type}`;
  if (Buffer.byteLength(name) <= 63) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${field.slice(0, 40)}~${hash}:${type}`;
}

/** `keyColumnName`, quoted. */
export const keyColumn = (field: string, type: KeyType) => escapeIdentifier(keyColumnName(field, type));

/** A field's key of `type`: its key column when `indexed` gives it one (a field of that declared type), else `keyOf`. */
export function keyIn(indexed: IndexedFields | undefined, field: string, type: KeyType): string {
  return indexed?.columns && indexed.types.get(field) === type ? keyColumn(field, type) : keyOf(field, type);
}

/** A field's text, as `isoDayOf` of aggregateSql.ts reads a date: its key column when it is a declared string, else `->>`. */
export const textIn = (indexed: IndexedFields | undefined, field: string): string => (indexed?.columns && indexed.types.get(field) === 'string' ? keyColumn(field, 'string') : fieldRef(field).text);

/** `{"a": {"b": value}}` for the field `a.b`, `{"a": [{"b": value}]}` for `a[].b`: what `data @>` tests (an array holds a shape when one item does). */
const shapeOf = (field: string, value: unknown): unknown =>
  field.split('.').reduceRight<unknown>((inner, step) => (step.endsWith('[]') ? { [step.slice(0, -2)]: [inner] } : { [step]: inner }), value);

/** Up to this many shapes, one `data @>` each (the GIN index answers an OR of them); past it, one `@> ANY`. */
const MAX_OR_SHAPES = 16;

const SQL_TYPES = { number: 'float8', string: 'text', boolean: 'boolean' } as const;

/**
 * One of `fields` equals one of `values`, or is an array holding it. A field of a declared type
 * (its values are of that type: the schema validates them) is compared on its key, which its
 * index serves; values of another type cannot match it. Other fields are tested by containment.
 */
function equalsAny(params: Params, fields: string[], values: Exclude<Scalar, null>[]): string {
  if (!fields.length || !values.length) return FALSE;
  const parts: string[] = [];
  const shapes: string[] = [];
  for (const field of fields) {
    const type = params.typeOf(field);
    if (!type) {
      for (const value of values) shapes.push(JSON.stringify(shapeOf(field, value)), JSON.stringify(shapeOf(field, [value])));
      continue;
    }
    const typed = values.filter((value) => typeof value === type && !Number.isNaN(value));
    if (!typed.length) continue;
    const key = params.key(field, type);
    const wanted = typed.length === 1 ? `${params.add(type === 'number' ? String(typed[0]) : typed[0])}::${SQL_TYPES[type]}` : `ANY(${params.add(typed.map((value) => (type === 'number' ? String(value) : value)))}::${SQL_TYPES[type]}[])`;
    parts.push(onKey(params, key, `${key} = ${wanted}`));
  }
  if (shapes.length > MAX_OR_SHAPES) parts.push(`data @> ANY(${params.add(shapes)}::jsonb[])`);
  else parts.push(...shapes.map((shape) => `data @> ${params.add(shape)}::jsonb`));
  return any(parts);
}

const OPERATORS = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;

/**
 * A comparison on a key, NULL when the key is (a missing value, or one of another type). Under
 * no `not`, NULL filters the row out as false would: `and` and `or` alone never turn it into
 * true, so the bare comparison is exact there, and the cheapest (the key is read once). Under a
 * `not`, `key IS NOT NULL AND …` makes it false. Either form is what a btree on the key serves.
 */
const onKey = (params: Params, key: string, comparison: string) => (params.negated ? `(${key} IS NOT NULL AND ${comparison})` : `(${comparison})`);

/**
 * Ordered comparison of a present value of the bound's type: numbers numerically, strings by
 * code point, on the field's typed key (`onKey`).
 */
function compare(params: Params, field: string, op: keyof typeof OPERATORS, bound: unknown): string {
  if (typeof bound === 'number') {
    if (Number.isNaN(bound)) return FALSE; // every comparison with NaN is false in JS
    const key = params.key(field, 'number');
    return onKey(params, key, `${key} ${OPERATORS[op]} ${params.add(String(bound))}::float8`);
  }
  if (typeof bound === 'string') {
    const key = params.key(field, 'string');
    return onKey(params, key, `${key} ${OPERATORS[op]} ${params.add(bound)}::text`);
  }
  throw new TypeError(`Unsupported bound for ${op} on ${field}: ${JSON.stringify(bound)}`);
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The normalized text of a field, as its keyword index (indexes.ts) holds it. */
export const normOf = (field: string) => `(norm ->> ${escapeLiteral(field)})`;

/**
 * Every word appears in the normalized text of one of the fields. A declared keyword field
 * (`keywords` of `x-indexes`) alone is matched on its own trigram index, whose statistics let
 * the planner weigh the match. Otherwise `search` (all the fields' normalized text) is tested
 * first: it is implied by the exact test and has the trigram index.
 */
function keywords(params: Params, fields: string[], value: string): string {
  if (fields.some((field) => field.includes('.'))) throw new TypeError(`Keywords search top-level fields only: ${fields.join(', ')}`);
  const words = keywordsOf(value);
  if (!words.length) return TRUE;
  const [only] = fields;
  const indexed = fields.length === 1 && params.indexed?.keywords.has(only);
  return all(
    words.map((word) => {
      const pattern = params.add(`%${escapeLike(word)}%`);
      if (indexed) return onKey(params, normOf(only), `${normOf(only)} LIKE ${pattern}`);
      return `(search LIKE ${pattern} AND ${any(fields.map((field) => `coalesce(${normOf(field)}, '') LIKE ${pattern}`))})`;
    }),
  );
}

export function compileCondition(params: Params, condition: Condition): string {
  switch (condition.op) {
    case 'eq':
      return condition.value === null ? isNil(fieldRef(condition.field)) : equalsAny(params, [condition.field], [condition.value]);
    case 'in': {
      if (!condition.values.length) return TRUE;
      const present = condition.values.filter((value): value is Exclude<Scalar, null> => value !== null);
      const parts = [equalsAny(params, [condition.field], present)];
      // null in the list: a missing or null field, or an array holding null.
      if (present.length < condition.values.length) {
        parts.push(isNil(fieldRef(condition.field)), `data @> ${params.add(JSON.stringify(shapeOf(condition.field, [null])))}::jsonb`);
      }
      return any(parts.filter((part) => part !== FALSE));
    }
    case 'anyEq':
      return condition.value === null
        ? any(condition.fields.map((field) => isNil(fieldRef(field))))
        : equalsAny(params, condition.fields, [condition.value]);
    case 'gte':
    case 'lte':
    case 'gt':
    case 'lt':
      return compare(params, condition.field, condition.op, condition.value);
    case 'keywords':
      return keywords(params, condition.fields, condition.value);
    case 'exists': {
      const nil = isNil(fieldRef(condition.field));
      return condition.value ? `NOT ${nil}` : nil;
    }
    case 'and':
      return all(condition.all.map((part) => compileCondition(params, part)));
    case 'or':
      return any(condition.any.map((part) => compileCondition(params, part)));
    case 'not': {
      params.negated = !params.negated;
      const inner = compileCondition(params, condition.condition);
      params.negated = !params.negated;
      return `NOT ${inner}`;
    }
  }
}

/**
 * `ORDER BY` keys: per field, its numbers, then its strings (byte order of UTF-8, i.e. code
 * points), then its booleans, each NULLS LAST, so missing and null values come last whatever the
 * direction; then `position`, the order runQuery keeps among equals. A field of a known type
 * (`types`: the schema's, for the fields of `x-indexes`) has only its type's key, which is what
 * its expression index holds.
 */
function orderKeys(orderBy: Order[] | undefined, params: Params): string {
  const keys = (orderBy ?? []).flatMap(({ field, desc }) => {
    const direction = desc ? 'DESC NULLS LAST' : 'ASC NULLS LAST';
    const known = params.typeOf(field);
    return (known ? [known] : (['number', 'string', 'boolean'] as const)).map((type) => `${params.key(field, type)} ${direction}`);
  });
  return [...keys, 'position'].join(', ');
}

/** The declared type of some fields of a collection (every value of such a field is of that type, or missing or null). */
export type FieldTypes = ReadonlyMap<string, KeyType>;

/** What a collection's declared indexes (indexes.ts) give its queries. */
export interface IndexedFields {
  types: FieldTypes;
  /** Every field of `types` has its key column (`keyColumn`), which its conditions, orders and groups then read instead of the record. */
  columns?: boolean;
  /** The keyword fields of its `x-indexes`, each with its own trigram index. */
  keywords: ReadonlySet<string>;
}

function count(name: 'limit' | 'offset', value: number | undefined): number | undefined {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) throw new RangeError(`Query ${name} must be a non-negative integer, not ${value}`);
  return value;
}

/** `SELECT <what>` of the query's matches in its order, after its offset, at most its limit. */
function select(what: string, table: string, query: Omit<Query, 'collection'>, indexed: IndexedFields | undefined): Statement {
  const params = new Params(indexed);
  const where = query.where ? compileCondition(params, query.where) : TRUE;
  let text = `SELECT ${what} FROM ${table} WHERE ${where} ORDER BY ${orderKeys(query.orderBy, params)}`;
  const limit = count('limit', query.limit);
  const offset = count('offset', query.offset);
  if (limit !== undefined) text += ` LIMIT ${params.add(limit)}`;
  if (offset) text += ` OFFSET ${params.add(offset)}`;
  return { text, values: params.values };
}

/** A function takes at most 100 arguments: `jsonb_build_object` at most 50 fields. */
const FIELDS_PER_OBJECT = 50;

/**
 * An object with only the `fields` of `json` it has: `jsonb_build_object` of them all (50 per
 * object, joined with `||`), then those `json` lacks removed, which keeps each asked field, null
 * or not.
 */
function picked(json: string, fields: readonly string[]): string {
  const names = fields.map((field) => escapeLiteral(field));
  if (!names.length) return `'{}'::jsonb`;
  const objects: string[] = [];
  for (let start = 0; start < names.length; start += FIELDS_PER_OBJECT) {
    objects.push(`jsonb_build_object(${names.slice(start, start + FIELDS_PER_OBJECT).map((name) => `${name}, ${json} -> ${name}`).join(', ')})`);
  }
  const missing = `array_remove(ARRAY[${names.map((name) => `CASE WHEN ${json} ? ${name} THEN NULL ELSE ${name} END`).join(', ')}]::text[], NULL)`;
  return `((${objects.join(' || ')}) - ${missing})`;
}

/**
 * The record projected as query.ts `project` does, built as JSON by PostgreSQL: the other fields
 * (a search text, lines) never leave the database. An array field projected item by item is
 * rebuilt from its object items in order; it is left out when it is not an array.
 */
function projection(fields: readonly string[]): string {
  const { whole, items } = projectionPlan(fields);
  if (!items.size) return picked('data', whole);
  const arrays = [...items].map(([array, kept]) => {
    const name = escapeLiteral(array);
    const rebuilt = `(SELECT coalesce(jsonb_agg(${picked('item', kept)} ORDER BY at), '[]'::jsonb) FROM jsonb_array_elements(data -> ${name}) WITH ORDINALITY AS items(item, at) WHERE jsonb_typeof(item) = 'object')`;
    return `CASE WHEN jsonb_typeof(data -> ${name}) = 'array' THEN jsonb_build_object(${name}, ${rebuilt}) ELSE '{}'::jsonb END`;
  });
  return `(${[picked('data', whole), ...arrays].join(' || ')})`;
}

/** `table`: the quoted table name of the query's collection. */
export const selectStatement = (table: string, query: Query, indexed?: IndexedFields): Statement =>
  select(query.select ? `${projection(query.select)} AS data` : 'data', table, query, indexed);

/** With a limit, counting stops there: only the rows up to it are read, in the order given (the index it walks). */
export function countStatement(table: string, query: Omit<Query, 'collection' | 'offset'>, indexed?: IndexedFields): Statement {
  if (query.limit === undefined) {
    const params = new Params(indexed);
    const where = query.where ? compileCondition(params, query.where) : TRUE;
    return { text: `SELECT count(*)::integer AS count FROM ${table} WHERE ${where}`, values: params.values };
  }
  const capped = select('1', table, query, indexed);
  return { text: `SELECT count(*)::integer AS count FROM (${capped.text}) AS capped`, values: capped.values };
}
