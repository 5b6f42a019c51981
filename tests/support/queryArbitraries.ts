/**
 * fast-check arbitraries of records and `Query`s for comparing a store adapter with `runQuery`.
 * Values come from small pools so that conditions often match, values tie and words recur:
 * accents in both Unicode forms, mixed case, LIKE wildcards, ISO dates, numbers that only
 * look alike (0.1 + 0.2, "1"), arrays holding nulls, nested objects, missing fields.
 *
 * Fields: `n` numbers, `s` strings, `b` booleans, `d` ISO dates (each also null or missing);
 * `m` any value; `tags` an array or a string. Only single-typed fields are ordered by: `runQuery`
 * orders values of mixed types inconsistently (JS `<` between a number and a string).
 */
import fc from 'fast-check';
import { DATE_BUCKETS, type AggregateQuery, type Grouping, type Measure } from '../../server/store/aggregate';
import type { Condition, Order, Query, Scalar } from '../../server/store/query';

export const ID_FIELD = 'recordId';
const TOP_FIELDS = ['n', 's', 'b', 'd', 'm', 'tags', 'universeId', 'absent', ID_FIELD];
/** Dotted paths into `o` (an object, or sometimes not) and into `m` when it is `{ nested }`. */
const FIELDS = [...TOP_FIELDS, 'o.k', 'o.d', 'o.deep.x', 'm.nested', 'o.absent'];
const ORDERABLE = ['n', 's', 'b', 'd', 'universeId', 'o.d'];

const WORDS = [
  'été', 'Ete', 'ÉTÉ', 'e\u0301te\u0301', 'café', 'CAFE', 'naïve', 'Naive', 'straße', 'STRASSE', 'Zoë', 'zoe',
  'ñandú', 'a%b', 'x_y', 'back\\slash', '😀', 'Ǆemal', 'dž', 'ab', 'b', 'B', 'Z', '',
];
const DATES = ['2024-01-05', '2024-01-15', '2024-02', '2023-12-31', '2024-1-5'];
const NUMBERS = [0, 1, 2, -1, 1.5, 0.1 + 0.2, 0.3, 1e21, -1e-7, 100, 42];

const word = fc.constantFrom(...WORDS);
/** One to three words, or spaces around them: keyword searches and string values. */
const text = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
const number = fc.oneof(fc.constantFrom(...NUMBERS), fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
const date = fc.constantFrom(...DATES);
const scalar: fc.Arbitrary<Scalar> = fc.oneof(fc.constant(null), fc.boolean(), number, text, date, fc.constantFrom('1', '42'));
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: fc.constant(null) });

export const recordArbitrary = fc.record(
  {
    // Absent: the store's sequence gives the id; the numbers include ones that are not array
    // indexes (negative, 2³²−1) and the strings ones that are ("12"), which lowdb orders apart.
    [ID_FIELD]: fc.oneof(
      fc.integer({ min: 0, max: 60 }),
      fc.constantFrom(-4, 4294967294, 4294967295, 'k1', 'b', '07', '12', 'Zed'),
    ),
    n: nullable(number),
    s: nullable(text),
    b: nullable(fc.boolean()),
    d: nullable(date),
    m: fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.constant({ nested: 'Été' })),
    tags: fc.oneof(fc.array(fc.oneof(text, fc.constant(null)), { maxLength: 3 }), text),
    universeId: fc.integer({ min: 1, max: 3 }),
    o: fc.oneof(
      { weight: 4, arbitrary: fc.record({ k: fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), d: nullable(date), deep: fc.record({ x: scalar }, { requiredKeys: [] }) }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: fc.oneof(scalar, fc.array(scalar, { maxLength: 2 })) },
    ),
    // Lines: an array of objects (and sometimes scalars among them, or not an array), for projections of items.
    lines: fc.oneof(
      { weight: 4, arbitrary: fc.array(fc.oneof({ weight: 4, arbitrary: fc.record({ k: scalar, d: nullable(date) }, { requiredKeys: [] }) }, { weight: 1, arbitrary: scalar }), { maxLength: 3 }) },
      { weight: 1, arbitrary: scalar },
    ),
  },
  { requiredKeys: [] },
);

const field = fc.constantFrom(...FIELDS);
const fields = fc.subarray(FIELDS, { maxLength: 3 });
const topFields = fc.subarray(TOP_FIELDS, { maxLength: 3 });
const bound = fc.oneof(number, date, word, fc.constant(Number.NaN));

const leaf: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({ op: fc.constant('eq' as const), field, value: scalar }),
  fc.record({ op: fc.constant('in' as const), field, values: fc.array(scalar, { maxLength: 4 }) }),
  fc.record({ op: fc.constant('anyEq' as const), fields, value: scalar }),
  fc.record({ op: fc.constantFrom('gte' as const, 'lte' as const, 'gt' as const, 'lt' as const), field, value: bound }),
  fc.record({
    op: fc.constant('keywords' as const),
    fields: topFields,
    value: fc.oneof(text, fc.constantFrom('  ', 'te', 'E', '%', '_', '\\', 'object', 'AF', '1,', 'SS')),
  }),
  fc.record({ op: fc.constant('exists' as const), field, value: fc.boolean() }),
);

export const { condition: conditionArbitrary } = fc.letrec<{ condition: Condition }>((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ op: fc.constant('and' as const), all: fc.array(tie('condition'), { maxLength: 3 }) }),
    fc.record({ op: fc.constant('or' as const), any: fc.array(tie('condition'), { maxLength: 3 }) }),
    fc.record({ op: fc.constant('not' as const), condition: tie('condition') }),
  ),
}));

const order: fc.Arbitrary<Order> = fc.record({ field: fc.constantFrom(...ORDERABLE), desc: fc.boolean() }, { requiredKeys: ['field'] });

/** A projection: top-level fields, some missing from every record, one inherited by every JS object (absent on both stores), items of arrays and of non-arrays. */
export const selectArbitrary = fc.uniqueArray(
  fc.constantFrom(...TOP_FIELDS, 'o', 'version', 'toString', 'lines', 'lines[].k', 'lines[].d', 'lines[].absent', 'tags[].k', 'o[].k'),
  { maxLength: 5 },
);

export const queryArbitrary = (collection: string): fc.Arbitrary<Query> =>
  fc.record(
    {
      collection: fc.constant(collection),
      where: conditionArbitrary,
      orderBy: fc.array(order, { maxLength: 2 }),
      limit: fc.integer({ min: 0, max: 8 }),
      offset: fc.integer({ min: 0, max: 8 }),
      select: selectArbitrary,
    },
    { requiredKeys: ['collection'] },
  );

// ---- aggregates (server/store/aggregate.ts) ----

/** Dates and datetimes around the buckets' edges (ISO weeks across years, leap days), and strings that are not dates. */
const BUCKET_DATES = [
  '2020-12-31', '2021-01-03', '2021-01-04', '2024-12-30', '2024-02-29', '2023-02-29', '2000-02-29', '2100-02-29', '2024-04-30', '2024-04-31', '2026-01-31',
  '2026-03-31', '2026-04-01', '2026-11-28T23:30:00.000Z', '2026-11-28T00:10:00+02:00', '2024-02', '2024-13-01', '2026-11-28 10:00', '0000-01-01',
];
/**
 * Records for aggregates: `q` holds small integers and binary fractions (and strings that look
 * like numbers), whose sums are exact in floating point as in `numeric`, so sums and averages
 * compare exactly; `n` (any double) is measured by min, max and countDistinct only. `t` holds
 * the dates above, `d` those of the queries; `a` short arrays whose items repeat (or a scalar).
 */
export const aggregateRecordArbitrary = fc.record({
  base: recordArbitrary,
  q: fc.option(nullable(fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(0.5, -2.25, 1024.125, '3'))), { nil: undefined }),
  t: fc.option(nullable(fc.oneof(fc.constantFrom(...BUCKET_DATES), date)), { nil: undefined }),
  a: fc.option(fc.oneof(fc.array(fc.constantFrom('x', 'y', 1, '1', true, null), { maxLength: 4 }), fc.constantFrom('x', 1)), { nil: undefined }),
}).map(({ base, q, t, a }) => ({ ...base, ...(q === undefined ? {} : { q }), ...(t === undefined ? {} : { t }), ...(a === undefined ? {} : { a }) }));

/** `t`, the field of edge dates, most often. */
const dateField = fc.oneof({ weight: 3, arbitrary: fc.constant('t') }, { weight: 1, arbitrary: fc.constantFrom('d', 'o.d', 's', 'n', 'absent') });
const GROUP_FIELDS = ['n', 's', 'b', 'd', 't', 'a', 'a', 'm', 'tags', 'universeId', 'absent', ID_FIELD, 'o.k', 'o.d', 'o.deep.x', 'm.nested'];
const RANGES = [
  { key: 'FW20', from: '2020-09-01', to: '2021-01-03' },
  { key: 'SS24', from: '2024-01-01', to: '2024-02-29' },
  { key: 'early', from: '2023-12-31', to: '2024-01-05' },
  { key: 'H2-26', from: '2026-07-01', to: '2026-12-31' },
  { key: 'all', from: '0001-01-01', to: '9999-12-31' },
];

const grouping: fc.Arbitrary<Grouping> = fc.oneof(
  fc.record({ field: fc.constantFrom(...GROUP_FIELDS) }),
  fc.record({ field: dateField, bucket: fc.constantFrom(...DATE_BUCKETS) }),
  fc.record({ field: dateField, ranges: fc.subarray(RANGES) }),
);

const unfilteredMeasure: fc.Arbitrary<Measure> = fc.oneof(
  fc.constant({ fn: 'count' as const }),
  fc.record({ fn: fc.constantFrom('sum' as const, 'avg' as const), field: fc.constantFrom('q', 'absent', 's') }),
  fc.record({ fn: fc.constantFrom('min' as const, 'max' as const), field: fc.constantFrom('q', 'n', 'universeId', 'o.deep.x') }),
  fc.record({ fn: fc.constant('countDistinct' as const), field: fc.constantFrom(...GROUP_FIELDS) }),
);
/** A measure, filtered half the time by a condition of `where`'s kind (none of a group's records may match it). */
const measureArbitrary = (where: fc.Arbitrary<Condition>): fc.Arbitrary<Measure> =>
  fc.tuple(unfilteredMeasure, fc.option(where, { nil: undefined })).map(([measure, condition]) => (condition ? { ...measure, where: condition } : measure));

/** Groupings named g0, g1…, measures m0, m1…; an order by some of them; maybe a limit. */
export const aggregateArbitrary = (collection: string, where: fc.Arbitrary<Condition> = conditionArbitrary): fc.Arbitrary<AggregateQuery> =>
  fc
    .record({
      where: fc.option(where, { nil: undefined }),
      groupBy: fc.array(grouping, { maxLength: 2 }),
      measures: fc.array(measureArbitrary(where), { minLength: 1, maxLength: 3 }),
      orderBy: fc.array(fc.record({ at: fc.nat(4), desc: fc.boolean() }), { maxLength: 2 }),
      limit: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
    })
    .map(({ where: condition, groupBy, measures, orderBy, limit }) => {
      const names = [...groupBy.map((_, index) => `g${index}`), ...measures.map((_, index) => `m${index}`)];
      return {
        collection,
        ...(condition ? { where: condition } : {}),
        groupBy: groupBy.map((each, index) => ({ ...each, as: `g${index}` })),
        measures: Object.fromEntries(measures.map((each, index) => [`m${index}`, each])),
        orderBy: orderBy.map(({ at, desc }) => ({ by: names[at % names.length], desc })),
        ...(limit === undefined ? {} : { limit }),
      };
    });
