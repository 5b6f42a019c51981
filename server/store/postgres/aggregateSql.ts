/**
 * An `AggregateQuery` (aggregate.ts) compiled to one `GROUP BY` statement over a collection table,
 * answering what `runAggregate` answers in memory (docs/store.md "Aggregates"):
 * - the matching rows' group keys and measure inputs are read first (a fenced subquery), so that
 *   what groups them (a sort or a hash) handles these few values, not the whole records;
 * - a field of a declared type (indexes.ts) is read from its key column, the typed key (`keyOf`)
 *   computed when the record is written, which an index may hold (the KPIs' scan is then
 *   index-only: docs/store.md "Indexes"); any other field on its JSON value, an array giving one row per distinct item
 *   (a `LEFT JOIN LATERAL unnest` the planner counts as one row per record), which the JSONB
 *   equality and the order below treat as JS does;
 * - a date bucket is computed from the text of the date (its first ten characters, checked to be
 *   a calendar day): no time zone, no cast that could fail on a bad value; when the other groupings
 *   are typed keys and no measure counts distinct values, after a first grouping by the date's first
 *   11 characters, the measures of those groups combined (`byDayPrefix`, `combined`);
 * - a filtered measure's condition (`where` of a measure) is compiled as a query's where, each of
 *   its conjuncts into a boolean of the matching rows (`f<j>`, in the fenced subquery: over the key
 *   columns, so the scan stays index-only; one per distinct conjunct of all the measures), which
 *   `FILTER (WHERE f<j> AND …)` applies to the measure;
 * - minima and maxima are on the number keys (float8: the JS numbers themselves), sums in double precision (as JS adds: the values
 *   came from JS numbers), then read as JS numbers; an average is its sum and count, divided by
 *   the adapter as the embedded store divides.
 */
import { checkAggregate, groupName, type AggregateQuery, type AggregateRow, type DateBucket, type Grouping, type Measure } from '../aggregate';
import type { Condition, Scalar } from '../query';
import { compileCondition, fieldRef, Params, textIn, typeOf, type IndexedFields, type Statement } from './sql';

const SCALAR_TYPES = `('string', 'number', 'boolean')`;
/** The characters of a text that decide its calendar day (`isoDayOf`): the day's ten, then a 'T' or nothing. */
const DAY_PREFIX = 11;
/** A date or datetime on days 1 to 28 (most of them: no calendar needed), then one on days 29 to 31. */
const EARLY_DAY = `'^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])(T|$)'`;
const LATE_DAY = `'^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)(T|$)'`;

/**
 * The calendar day 'YYYY-MM-DD' a string field's `text` starts with (`isoDayOf` of aggregate.ts),
 * else NULL. A non-string's text never matches (a number has no '-' after its fourth digit). Nested
 * CASEs, not AND: PostgreSQL may evaluate the operands of AND in any order, and the casts need
 * the pattern matched first.
 */
export function isoDayOf(text: string): string {
  const year = `left(${text}, 4)::integer`;
  const leap = `(${year} % 4 = 0 AND (${year} % 100 <> 0 OR ${year} % 400 = 0))`;
  const days = `CASE substr(${text}, 6, 2) WHEN '02' THEN CASE WHEN ${leap} THEN 29 ELSE 28 END WHEN '04' THEN 30 WHEN '06' THEN 30 WHEN '09' THEN 30 WHEN '11' THEN 30 ELSE 31 END`;
  const day = `left(${text}, 10)`;
  return `(CASE WHEN left(${text}, 4) = '0000' THEN NULL WHEN ${text} ~ ${EARLY_DAY} THEN ${day} WHEN ${text} ~ ${LATE_DAY} THEN CASE WHEN substr(${text}, 9, 2)::integer <= ${days} THEN ${day} END END)`;
}

/** A day's bucket, as `bucketOf` of aggregate.ts writes it (NULL stays NULL). */
export function bucketOf(day: string, bucket: DateBucket): string {
  switch (bucket) {
    case 'day':
      return day;
    case 'week':
      return `to_char(${day}::date, 'IYYY-"W"IW')`;
    case 'month':
      return `left(${day}, 7)`;
    case 'quarter':
      return `to_char(${day}::date, 'YYYY-"Q"Q')`;
    case 'year':
      return `left(${day}, 4)`;
  }
}

/** How a group column is read back: as it comes, as a number, or as the key of the range at a position. */
type GroupKind = 'json' | 'number' | 'text' | 'boolean' | string[];

interface GroupColumn {
  select: string;
  kind: GroupKind;
  /** The ORDER BY terms of this column, given a direction. */
  order(direction: string): string[];
}

/** JSON values of one column order by type (numbers, strings, booleans), then value; null last. */
function jsonOrder(value: string, direction: string): string[] {
  const rank = `CASE jsonb_typeof(${value}) WHEN 'number' THEN 0 WHEN 'string' THEN 1 WHEN 'boolean' THEN 2 ELSE 3 END`;
  const typed = (type: string, cast: string) => `(CASE WHEN jsonb_typeof(${value}) = '${type}' THEN ${cast} END)`;
  return [rank, `${typed('number', `(${value})::numeric`)} ${direction}`, `${typed('string', `(${value} #>> '{}')`)} COLLATE "C" ${direction}`, `${typed('boolean', `(${value})::boolean`)} ${direction}`];
}

/**
 * A grouping's column. `read` is what the matching rows give (the key itself, or the JSON value of
 * a field of no declared type); an array's items are then unnested into `laterals` (joins on the
 * matched rows), and `select` is the key over them.
 */
function groupColumn(params: Params, grouping: Grouping, index: number, laterals: string[], byDayPrefix: boolean): GroupColumn & { read: string; outer?: string } {
  const ref = fieldRef(grouping.field);
  const alias = `g${index}`;
  const keyAsRead = (select: string, kind: GroupKind) => ({ read: select, select: `matched.${alias}`, kind, order: (direction: string) => [`${alias} ${direction}`] });
  if (grouping.ranges || grouping.bucket) {
    // A date's group: of its text, or (`byDayPrefix`) of its first 11 characters the rows were grouped by first.
    const text = textIn(params.indexed, grouping.field);
    const day = isoDayOf(byDayPrefix ? `pre.${alias}` : text);
    let key: string;
    let kind: GroupKind = 'text';
    if (grouping.ranges) {
      const cases = grouping.ranges.map((range, at) => `WHEN ${day} COLLATE "C" BETWEEN ${params.add(range.from)}::text AND ${params.add(range.to)}::text THEN ${at + 1}`);
      // Its place in the list (1, 2…) is the group, read back as the range's key, and orders it (a season after the one before).
      key = cases.length ? `(CASE ${cases.join(' ')} END)` : 'NULL::integer';
      kind = grouping.ranges.map((range) => range.key);
    } else key = `${bucketOf(day, grouping.bucket!)} COLLATE "C"`;
    return byDayPrefix ? { ...keyAsRead(`left(${text}, ${DAY_PREFIX})`, kind), outer: key } : keyAsRead(key, kind);
  }
  const type = params.typeOf(grouping.field);
  if (type) return keyAsRead(params.key(grouping.field, type), type === 'string' ? 'text' : type);
  // The value as it is; an array's distinct scalar items joined to its row. A LEFT JOIN on the
  // value being an array: the planner then expects a row per matched row, as most values are
  // scalars, not the ten it guesses for any unnest (which made it sort where it should hash).
  const value = `matched.${alias}`;
  const kind = `jsonb_typeof(${value})`;
  const items = `(SELECT array_agg(DISTINCT item) FROM jsonb_array_elements(${value}) AS item WHERE jsonb_typeof(item) IN ${SCALAR_TYPES})`;
  laterals.push(`LEFT JOIN LATERAL unnest(CASE WHEN ${kind} = 'array' THEN ${items} END) AS u${index}(value) ON ${kind} = 'array'`);
  return {
    read: ref.json,
    select: `(CASE WHEN ${kind} = 'array' THEN u${index}.value WHEN ${kind} IN ${SCALAR_TYPES} THEN ${value} END)`,
    kind: 'json',
    order: (direction) => jsonOrder(alias, direction),
  };
}

/**
 * The booleans the filtered measures read, one column `f<j>` of the matching rows per distinct
 * conjunct of their conditions: measures sharing a part of their condition (the KPIs' "the caller
 * reads the report", in most of their measures) have it computed once per row.
 */
class Filters {
  readonly columns: string[] = [];
  private readonly aliases = new Map<string, string>();

  constructor(private readonly params: Params) {}

  /** `FILTER (WHERE …)` over the columns of the condition's conjuncts ('' for none, as `and` of nothing is true). */
  of(condition: Condition | undefined): string {
    if (!condition) return '';
    const aliases = conjuncts(condition).map((part) => this.column(part));
    return aliases.length ? ` FILTER (WHERE ${aliases.join(' AND ')})` : '';
  }

  private column(condition: Condition): string {
    const key = JSON.stringify(condition);
    let alias = this.aliases.get(key);
    if (!alias) {
      alias = `f${this.aliases.size}`;
      // Compiled as a query's where, outside any `not`: NULL (a comparison on a missing key, sql.ts `onKey`) leaves
      // the row out of the FILTER as false would, and as `matcher` says false; AND of the conjuncts likewise.
      this.columns.push(`${compileCondition(this.params, condition)} AS ${alias}`);
      this.aliases.set(key, alias);
    }
    return alias;
  }
}

/** The parts of an `and` (nested ones flattened), or the condition itself. */
const conjuncts = (condition: Condition): Condition[] => (condition.op === 'and' ? condition.all.flatMap(conjuncts) : [condition]);

/**
 * A measure: the value it reads from each matching row (`input`, none for a count), its columns
 * over the group (`m<i>`, and `m<i>_count` for an average; a filtered one's `FILTER (WHERE …)` of
 * `filters`) and the expression that orders by it.
 */
function measureColumns(params: Params, filters: Filters, measure: Measure, index: number): { input?: string; selects: string[]; order: string } {
  const [alias, value] = [`m${index}`, `v${index}`];
  const only = filters.of(measure.where);
  const columns = (input: string | undefined, selects: string[], order = alias) => ({ input, selects, order });
  if (measure.fn === 'count') return columns(undefined, [`count(*)${only} AS ${alias}`]);
  if (measure.fn === 'countDistinct') {
    const type = params.typeOf(measure.field);
    const ref = fieldRef(measure.field);
    const input = type ? params.key(measure.field, type) : `(CASE WHEN ${typeOf(ref)} IN ${SCALAR_TYPES} THEN ${ref.json} END)`;
    return columns(input, [`count(DISTINCT ${value})${only} AS ${alias}`]);
  }
  const key = params.key(measure.field, 'number');
  if (measure.fn === 'min' || measure.fn === 'max') return columns(key, [`${measure.fn}(${value})${only} AS ${alias}`]);
  // Sums in double precision, as JS adds: a numeric sum per group cost a third of the overview's CPU.
  const input = `(${key})::float8`;
  if (measure.fn === 'sum') return columns(input, [`sum(${value})${only} AS ${alias}`]);
  return columns(input, [`sum(${value})${only} AS ${alias}`, `count(${value})${only} AS ${alias}_count`], `(sum(${value})${only} / nullif(count(${value})${only}, 0))`);
}

export interface AggregateStatement extends Statement {
  /** Turns the statement's rows into the answer's. */
  read(rows: Row[]): AggregateRow[];
}

type Row = Record<string, unknown>;

/** `table`: the quoted table name of the query's collection. */
export function aggregateStatement(table: string, query: AggregateQuery, indexed?: IndexedFields): AggregateStatement {
  checkAggregate(query);
  const params = new Params(indexed);
  const groupings = query.groupBy ?? [];
  const laterals: string[] = [];
  // Rows grouped by a date's bucket or range are grouped first by the date's first 11 characters, and those few
  // keys then checked as days and bucketed (a pattern per key, not per row: the heatmap's 464,134 rows). Every
  // other grouping must be a typed key and every measure one a group of groups gives again: not a count of distinct values.
  const byDayPrefix =
    groupings.some((grouping) => grouping.bucket || grouping.ranges) &&
    groupings.every((grouping) => grouping.bucket || grouping.ranges || params.typeOf(grouping.field)) &&
    Object.values(query.measures).every((measure) => measure.fn !== 'countDistinct');
  const groups = groupings.map((grouping, index) => groupColumn(params, grouping, index, laterals, byDayPrefix));
  const filters = new Filters(params);
  const measures = Object.entries(query.measures).map(([name, measure], index) => ({ name, measure, ...measureColumns(params, filters, measure, index) }));
  const where = query.where ? compileCondition(params, query.where) : 'true';
  // The matching rows' keys and measure inputs first, behind a fence (OFFSET 0): the joins, the
  // sort or hash of the groups then work on these few values, not on the records they are read from.
  const inputs = [
    ...groups.map((group, index) => `${group.read} AS g${index}`),
    ...measures.flatMap((each, index) => (each.input ? [`${each.input} AS v${index}`] : [])),
    ...filters.columns,
  ];
  const matched = `SELECT ${inputs.length ? inputs.join(', ') : '1'} FROM ${table} WHERE ${where} OFFSET 0`;
  // Then the arrays' items, joined to the rows of fields of no declared type.
  const unnested = [
    ...groups.map((group, index) => `${group.select} AS g${index}`),
    ...measures.flatMap((each, index) => (each.input ? [`matched.v${index} AS v${index}`] : [])),
    ...filters.columns.map((_, index) => `matched.f${index} AS f${index}`),
  ];
  const keyed = laterals.length ? `(SELECT ${unnested.join(', ')} FROM (${matched}) AS matched ${laterals.join(' ')})` : `(${matched})`;
  const selects = [...groups.map((_, index) => `g${index}`), ...measures.flatMap((each) => each.selects)];
  let text = `SELECT ${selects.join(', ')} FROM ${keyed} AS keyed`;
  if (groups.length) text += ` GROUP BY ${groups.map((_, index) => `g${index}`).join(', ')}`;
  if (byDayPrefix) {
    // The groups of groups: the day keys bucketed, the measures combined (GROUP BY by position: `pre` has columns of the same names).
    const outer = [...groups.map((group, index) => `${group.outer ?? `pre.g${index}`} AS g${index}`), ...measures.flatMap(({ measure }, index) => combined(measure, `m${index}`))];
    text = `SELECT ${outer.join(', ')} FROM (${text}) AS pre GROUP BY ${groups.map((_, index) => index + 1).join(', ')}`;
    measures.forEach((each, index) => each.measure.fn === 'avg' && (each.order = `(sum(pre.m${index}) / nullif(sum(pre.m${index}_count), 0))`));
  }
  const direction = (desc: boolean | undefined) => (desc ? 'DESC NULLS LAST' : 'ASC NULLS LAST');
  const orders = (query.orderBy ?? []).flatMap(({ by, desc }) => {
    const index = groupings.findIndex((grouping) => groupName(grouping) === by);
    if (index >= 0) return groups[index].order(direction(desc));
    return [`${measures.find((each) => each.name === by)!.order} ${direction(desc)}`];
  });
  orders.push(...groups.flatMap((group) => group.order(direction(false))));
  if (orders.length) text += ` ORDER BY ${orders.join(', ')}`;
  if (query.limit !== undefined) text += ` LIMIT ${params.add(query.limit)}`;
  const read = (rows: Row[]): AggregateRow[] =>
    rows.map((row) => {
      const answer: AggregateRow = {};
      groupings.forEach((grouping, index) => (answer[groupName(grouping)] = keyValue(row[`g${index}`], groups[index].kind)));
      measures.forEach(({ name, measure }, index) => (answer[name] = measureValue(row, `m${index}`, measure)));
      return answer;
    });
  return { text, values: params.values, read };
}

/** A measure over groups of groups (`byDayPrefix`): the counts and sums added, the minima and maxima of theirs, an average's sum and count added. */
function combined(measure: Measure, alias: string): string[] {
  const fn = measure.fn === 'min' || measure.fn === 'max' ? measure.fn : 'sum';
  return [`${fn}(pre.${alias}) AS ${alias}`, ...(measure.fn === 'avg' ? [`sum(pre.${alias}_count) AS ${alias}_count`] : [])];
}

/** A group key as the embedded store gives it: numbers as JS numbers, JSON values parsed, missing as null. */
function keyValue(value: unknown, kind: GroupKind): Scalar {
  if (value === null || value === undefined) return null;
  if (Array.isArray(kind)) return kind[(value as number) - 1];
  return kind === 'number' ? Number(value) : (value as Scalar);
}

/** `bigint` counts (and `numeric` values) arrive as text: JS numbers, as the embedded store computes them. */
function measureValue(row: Row, alias: string, measure: Measure): Scalar {
  const value = row[alias];
  if (value === null || value === undefined) return null;
  if (measure.fn !== 'avg') return Number(value);
  return Number(value) / Number(row[`${alias}_count`]);
}
