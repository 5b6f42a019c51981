/**
 * Aggregate reads (docs/store.md "Aggregates"): a query's matches grouped by fields or date
 * buckets, with counts, sums, averages, minima and maxima per group. Both adapters answer them —
 * PostgreSQL with one `GROUP BY` statement (postgres/aggregateSql.ts), the embedded store in
 * memory (`runAggregate` below) — and give the same groups and numbers (a property test).
 */
import { checkCondition, fieldReader, matcher, type Condition, type Scalar } from './query';
import type { Row } from './types';

/** Date buckets of an ISO date or datetime: '2026-11-28', '2026-W48', '2026-11', '2026-Q4', '2026'. */
export const DATE_BUCKETS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];

/** A named date range (a season): from and to are ISO dates, both included. */
export interface DateRange {
  key: string;
  from: string;
  to: string;
}

/**
 * One grouping: a field's value (a record with an array holds a group per distinct item), or the
 * bucket of its ISO date (`bucket`), or the first of `ranges` holding its date. `as` names the
 * group key in the answer (default: the field).
 */
export type Grouping = { field: string; as?: string } & ({ bucket?: DateBucket; ranges?: never } | { ranges: DateRange[]; bucket?: never });

/**
 * A measure of a group's records, or, with `where`, of those of them matching it (a filtered
 * measure: a count of none is 0, any other measure of none null), so that one aggregate gives
 * several splits of the same groups (docs/store.md "Aggregates").
 */
export type Measure = ({ fn: 'count' } | { fn: 'sum' | 'avg' | 'min' | 'max' | 'countDistinct'; field: string }) & { where?: Condition };

export interface AggregateOrder {
  /** A group's or a measure's name. */
  by: string;
  desc?: boolean;
}

export interface AggregateQuery {
  collection: string;
  where?: Condition;
  groupBy?: Grouping[];
  /** Name → measure; names are distinct from the groups' names. */
  measures: Record<string, Measure>;
  /** Before the group keys, which always order the rest; nulls last whatever the direction. */
  orderBy?: AggregateOrder[];
  limit?: number;
}

/** One group: its keys by their names, then its measures by theirs. */
export type AggregateRow = Record<string, Scalar>;

/** The name of a grouping in the answer. */
export const groupName = (grouping: Grouping) => grouping.as ?? grouping.field;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:T|$)/;

/**
 * The calendar day an ISO date or datetime is written with (its first ten characters, no time
 * zone conversion: the server writes datetimes in UTC), or undefined when it is not one.
 */
export function isoDayOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const parts = ISO_DAY.exec(value);
  if (!parts) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return value.slice(0, 10);
}

const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysInMonth = (year: number, month: number) => (month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);
const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** The ISO 8601 week of a day 'YYYY-MM-DD': 'YYYY-Www', the year being the one of the week's Thursday. */
export function isoWeekOf(day: string): string {
  const date = new Date(0);
  date.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  date.setUTCDate(date.getUTCDate() - weekday + 3); // the Thursday of its week
  const thursdayYear = date.getUTCFullYear();
  const january1 = new Date(0);
  january1.setUTCFullYear(thursdayYear, 0, 1);
  // Week 1 holds the year's first Thursday: the Thursday of week n is day 7(n − 1) … 7n − 1 of its year.
  const week = Math.floor(Math.round((date.getTime() - january1.getTime()) / 86_400_000) / 7) + 1;
  return `${pad(thursdayYear, 4)}-W${pad(week, 2)}`;
}

/** The bucket of a valid ISO day. */
export function bucketOf(day: string, bucket: DateBucket): string {
  switch (bucket) {
    case 'day':
      return day;
    case 'week':
      return isoWeekOf(day);
    case 'month':
      return day.slice(0, 7);
    case 'quarter':
      return `${day.slice(0, 4)}-Q${Math.ceil(Number(day.slice(5, 7)) / 3)}`;
    case 'year':
      return day.slice(0, 4);
  }
}

const isGroupable = (value: unknown): value is string | number | boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
/** -0 is stored as 0 (JSON): it groups and answers as 0. */
const plain = (value: Scalar): Scalar => (value === 0 ? 0 : value);

/** Throws on a query no adapter can answer: unknown or repeated names, bad buckets, ranges or limit. */
export function checkAggregate(query: AggregateQuery): void {
  const names = new Set<string>();
  const name = (value: string) => {
    if (!value || names.has(value)) throw new TypeError(`Aggregate names must be distinct and not empty: ${JSON.stringify(value)}`);
    names.add(value);
  };
  for (const grouping of query.groupBy ?? []) {
    if (!grouping.field || grouping.field.includes('[]')) throw new TypeError(`Cannot group by ${JSON.stringify(grouping.field)}: a field or a dotted path`);
    if (grouping.bucket !== undefined && grouping.ranges !== undefined) throw new TypeError(`Group ${groupName(grouping)} by a bucket or by ranges, not both`);
    if (grouping.bucket !== undefined && !DATE_BUCKETS.includes(grouping.bucket)) throw new TypeError(`Unknown date bucket ${JSON.stringify(grouping.bucket)}`);
    for (const range of grouping.ranges ?? []) {
      if (typeof range.key !== 'string' || !isoDayOf(range.from) || !isoDayOf(range.to) || range.from.length !== 10 || range.to.length !== 10) {
        throw new TypeError(`A date range needs a key and ISO dates from and to: ${JSON.stringify(range)}`);
      }
    }
    if (new Set(grouping.ranges?.map((range) => range.key)).size !== (grouping.ranges?.length ?? 0)) throw new TypeError('The keys of date ranges must be distinct');
    name(groupName(grouping));
  }
  for (const [key, measure] of Object.entries(query.measures)) {
    if (!['count', 'sum', 'avg', 'min', 'max', 'countDistinct'].includes(measure.fn)) throw new TypeError(`Unknown measure ${JSON.stringify(measure.fn)}`);
    if (measure.fn !== 'count' && (!measure.field || measure.field.includes('[]'))) throw new TypeError(`Measure ${key} needs a field or a dotted path`);
    if (measure.where !== undefined) checkCondition(measure.where, `Measure ${key}`);
    name(key);
  }
  for (const { by } of query.orderBy ?? []) if (!names.has(by)) throw new TypeError(`Cannot order by ${JSON.stringify(by)}: not a group nor a measure`);
  if (query.limit !== undefined && !(Number.isSafeInteger(query.limit) && query.limit >= 0)) throw new RangeError(`Aggregate limit must be a non-negative integer, not ${query.limit}`);
}

/**
 * The group keys a record holds for a grouping: a string, number or boolean value; each distinct
 * such item of an array; the bucket or range of a valid ISO date. None of these: one null key.
 */
export function groupKeysOf(grouping: Grouping): (record: Row) => Scalar[] {
  const read = fieldReader(grouping.field);
  const { bucket, ranges } = grouping;
  if (ranges) {
    return (record) => {
      const day = isoDayOf(read(record));
      return [(day && ranges.find((range) => range.from <= day && day <= range.to)?.key) ?? null];
    };
  }
  if (bucket) {
    return (record) => {
      const day = isoDayOf(read(record));
      return [day ? bucketOf(day, bucket) : null];
    };
  }
  return (record) => {
    const value = read(record);
    if (isGroupable(value)) return [plain(value)];
    if (!Array.isArray(value)) return [null];
    const items = [...new Set(value.filter(isGroupable).map(plain))];
    return items.length ? items : [null];
  };
}

/** Keys of one type order before the next: numbers, strings, booleans; null last. */
const TYPE_RANK: Record<string, number> = { number: 0, string: 1, boolean: 2 };
const rankOf = (value: Scalar) => (value === null ? 3 : TYPE_RANK[typeof value]);

/** Orders values of a column: by type, then value (`desc` reverses the values, not the types); null last. */
function compareValues(a: Scalar, b: Scalar, desc: boolean | undefined): number {
  const rank = rankOf(a) - rankOf(b);
  if (rank || a === null || a === b) return rank;
  const order = (a as string | number) < (b as string | number) ? -1 : 1;
  return desc ? -order : order;
}

/** What a measure keeps while reading a group's records. */
interface Accumulator {
  add(record: Row): void;
  result(): Scalar;
}

/** The measure's accumulator; with `where`, fed only the records matching it. */
function accumulator(measure: Measure): () => Accumulator {
  const make = unfiltered(measure);
  if (!measure.where) return make;
  const matches = matcher(measure.where);
  return () => {
    const inner = make();
    return { add: (record) => void (matches(record) && inner.add(record)), result: inner.result };
  };
}

function unfiltered(measure: Measure): () => Accumulator {
  if (measure.fn === 'count') {
    return () => {
      let count = 0;
      return { add: () => void count++, result: () => count };
    };
  }
  const read = fieldReader(measure.field);
  if (measure.fn === 'countDistinct') {
    return () => {
      const seen = new Set<unknown>();
      return {
        add: (record) => {
          const value = read(record);
          if (isGroupable(value)) seen.add(value);
        },
        result: () => seen.size,
      };
    };
  }
  const fn = measure.fn;
  return () => {
    let [count, sum, min, max] = [0, 0, Infinity, -Infinity];
    return {
      add: (record) => {
        const value = read(record);
        if (typeof value !== 'number') return;
        count++;
        sum += value;
        if (value < min) min = value;
        if (value > max) max = value;
      },
      result: () => (count === 0 ? null : plain(fn === 'sum' ? sum : fn === 'avg' ? sum / count : fn === 'min' ? min : max)),
    };
  };
}

/**
 * An aggregate answered over records in memory: the matches of `where` (or every record given,
 * when the caller has already filtered them: `filtered`), grouped, measured, ordered, limited.
 */
export function runAggregate(records: Iterable<Row>, query: Omit<AggregateQuery, 'collection'>, filtered = false): AggregateRow[] {
  checkAggregate({ collection: '', ...query });
  const groupings = query.groupBy ?? [];
  const keysOf = groupings.map(groupKeysOf);
  const measures = Object.entries(query.measures).map(([name, measure]) => [name, accumulator(measure)] as const);
  const matches = filtered ? () => true : matcher(query.where);
  type Group = { keys: Scalar[]; measures: Accumulator[] };
  const groups: Group[] = [];
  // One map per grouping level, keyed by the key itself (1 and '1' apart, as Map keys are).
  const root = new Map<Scalar, unknown>();
  const groupOf = (keys: Scalar[]): Group => {
    let level = root;
    for (let index = 0; index < keys.length - 1; index++) {
      let next = level.get(keys[index]) as Map<Scalar, unknown> | undefined;
      if (!next) level.set(keys[index], (next = new Map()));
      level = next;
    }
    const last = keys.length ? keys[keys.length - 1] : null;
    let group = level.get(last) as Group | undefined;
    if (!group) {
      level.set(last, (group = { keys, measures: measures.map(([, make]) => make()) }));
      groups.push(group);
    }
    return group;
  };
  // Without groupings, one group even when nothing matches (SQL's aggregate of no rows).
  if (!groupings.length) groupOf([]);
  for (const record of records) {
    if (!matches(record)) continue;
    const keys = keysOf.map((keysOfRecord) => keysOfRecord(record));
    // Every combination of the record's keys (several when an array holds several items).
    const combinations = keys.every((each) => each.length === 1) ? [keys.map((each) => each[0])] : keys.reduce<Scalar[][]>((done, each) => done.flatMap((combination) => each.map((key) => [...combination, key])), [[]]);
    for (const combination of combinations) for (const each of groupOf(combination).measures) each.add(record);
  }
  const rows = groups.map(({ keys, measures: values }) => {
    const row: AggregateRow = {};
    groupings.forEach((grouping, index) => (row[groupName(grouping)] = keys[index]));
    measures.forEach(([name], index) => (row[name] = values[index].result()));
    return { keys, row };
  });
  const rangeIndex = groupings.map((grouping) => (grouping.ranges ? new Map(grouping.ranges.map((range, index) => [range.key, index])) : undefined));
  // A range orders by its place in the list, the other keys by value.
  const sortable = (index: number, value: Scalar): Scalar => (value !== null && rangeIndex[index] ? rangeIndex[index].get(value as string)! : value);
  const explicit = (query.orderBy ?? []).map(({ by, desc }) => ({ index: groupings.findIndex((grouping) => groupName(grouping) === by), by, desc }));
  rows.sort((a, b) => {
    for (const { index, by, desc } of explicit) {
      const order = index >= 0 ? compareValues(sortable(index, a.keys[index]), sortable(index, b.keys[index]), desc) : compareValues(a.row[by], b.row[by], desc);
      if (order) return order;
    }
    for (let index = 0; index < groupings.length; index++) {
      const order = compareValues(sortable(index, a.keys[index]), sortable(index, b.keys[index]), false);
      if (order) return order;
    }
    return 0;
  });
  const answer = rows.map(({ row }) => row);
  return query.limit === undefined ? answer : answer.slice(0, query.limit);
}
