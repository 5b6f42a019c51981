import { describe, expect, it } from 'vitest';
import { bucketOf, isoDayOf, isoWeekOf, runAggregate, type AggregateQuery } from '../../server/store/aggregate';
import type { Row } from '../../server/store/types';

/** The embedded store's aggregates (`runAggregate`) on hand-computed cases; PostgreSQL is held to them by the property test. */
const aggregate = (records: Row[], query: Omit<AggregateQuery, 'collection'>) => runAggregate(records, query);

describe('date buckets', () => {
  it.each([
    ['2020-12-31', '2020-W53'], // a Thursday: week 53 of 2020
    ['2021-01-03', '2020-W53'], // a Sunday of January still in 2020's last week
    ['2021-01-04', '2021-W01'],
    ['2019-12-30', '2020-W01'], // a Monday of December already in 2020's first week
    ['2024-12-30', '2025-W01'],
    ['2010-01-03', '2009-W53'],
    ['2026-01-01', '2026-W01'], // 2026 starts on a Thursday
    ['2026-11-28', '2026-W48'],
    ['2026-12-31', '2026-W53'],
    ['2027-01-03', '2026-W53'],
    ['2027-01-04', '2027-W01'],
    ['2024-02-29', '2024-W09'],
  ])('the ISO week of %s is %s', (day, week) => expect(isoWeekOf(day)).toBe(week));

  it('writes every bucket of a day', () => {
    expect(['day', 'week', 'month', 'quarter', 'year'].map((bucket) => bucketOf('2026-11-28', bucket as 'day'))).toEqual(['2026-11-28', '2026-W48', '2026-11', '2026-Q4', '2026']);
    expect(['2026-01-01', '2026-03-31', '2026-04-01', '2026-06-30', '2026-07-01', '2026-09-30', '2026-10-01'].map((day) => bucketOf(day, 'quarter'))).toEqual([
      '2026-Q1', '2026-Q1', '2026-Q2', '2026-Q2', '2026-Q3', '2026-Q3', '2026-Q4',
    ]);
  });

  it('reads the calendar day a date or datetime is written with, and nothing else', () => {
    expect(isoDayOf('2026-11-28')).toBe('2026-11-28');
    // As written: no time zone conversion (the server writes its datetimes in UTC).
    expect(isoDayOf('2026-11-28T23:30:00.000Z')).toBe('2026-11-28');
    expect(isoDayOf('2026-11-28T23:30:00-05:00')).toBe('2026-11-28');
    expect(isoDayOf('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2023-02-29', '2100-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '0000-01-01', '2024-1-5', '2024-02', '2026-11-28 10:00', 'soon', 20260101, null, undefined, ['2026-11-28']]) {
      expect(isoDayOf(bad), JSON.stringify(bad)).toBeUndefined();
    }
    expect(isoDayOf('2000-02-29')).toBe('2000-02-29');
  });
});

describe('runAggregate', () => {
  const services: Row[] = [
    { id: 1, supplier: 'A', date: '2026-01-15', pieces: 10, result: 'ACCEPTED' },
    { id: 2, supplier: 'A', date: '2026-02-01T08:00:00Z', pieces: 20, result: 'REFUSED' },
    { id: 3, supplier: 'B', date: '2026-02-20', pieces: null, result: 'ACCEPTED' },
    { id: 4, supplier: 'B', date: '2026-04-02', result: 'ACCEPTED' },
    { id: 5, date: 'not a date', pieces: 5 },
    { id: 6, supplier: 'A', date: '2025-12-31', pieces: '7', result: 'NA' },
  ];

  it('counts the rows of each group, ordered by the keys, a missing key last', () => {
    expect(aggregate(services, { groupBy: [{ field: 'supplier' }], measures: { services: { fn: 'count' } } })).toEqual([
      { supplier: 'A', services: 3 },
      { supplier: 'B', services: 2 },
      { supplier: null, services: 1 },
    ]);
  });

  it('sums, averages, takes the least and greatest of numbers, ignoring missing, null and non-numbers; avg of nothing is null', () => {
    expect(
      aggregate(services, {
        groupBy: [{ field: 'supplier' }],
        measures: { sum: { fn: 'sum', field: 'pieces' }, avg: { fn: 'avg', field: 'pieces' }, min: { fn: 'min', field: 'pieces' }, max: { fn: 'max', field: 'pieces' }, rows: { fn: 'count' } },
      }),
    ).toEqual([
      // '7' is a string: not counted.
      { supplier: 'A', sum: 30, avg: 15, min: 10, max: 20, rows: 3 },
      { supplier: 'B', sum: null, avg: null, min: null, max: null, rows: 2 },
      { supplier: null, sum: 5, avg: 5, min: 5, max: 5, rows: 1 },
    ]);
  });

  it('groups by month and quarter buckets; a value that is no date is the null bucket', () => {
    expect(aggregate(services, { groupBy: [{ field: 'date', bucket: 'month', as: 'month' }], measures: { n: { fn: 'count' } } })).toEqual([
      { month: '2025-12', n: 1 },
      { month: '2026-01', n: 1 },
      { month: '2026-02', n: 2 },
      { month: '2026-04', n: 1 },
      { month: null, n: 1 },
    ]);
    expect(aggregate(services, { groupBy: [{ field: 'date', bucket: 'quarter', as: 'quarter' }, { field: 'result' }], measures: { n: { fn: 'count' } } })).toEqual([
      { quarter: '2025-Q4', result: 'NA', n: 1 },
      { quarter: '2026-Q1', result: 'ACCEPTED', n: 2 },
      { quarter: '2026-Q1', result: 'REFUSED', n: 1 },
      { quarter: '2026-Q2', result: 'ACCEPTED', n: 1 },
      { quarter: null, result: null, n: 1 },
    ]);
  });

  it('groups by named date ranges (seasons), ordered as listed; a date in none is the null group', () => {
    const ranges = [
      { key: 'FW25', from: '2025-09-01', to: '2026-01-31' },
      { key: 'SS26', from: '2026-02-01', to: '2026-02-28' },
      { key: 'SS26-late', from: '2026-02-15', to: '2026-08-31' }, // overlaps: the first range holding a date wins
    ];
    expect(aggregate(services, { groupBy: [{ field: 'date', ranges, as: 'season' }], measures: { n: { fn: 'count' } } })).toEqual([
      { season: 'FW25', n: 2 },
      { season: 'SS26', n: 2 },
      { season: 'SS26-late', n: 1 },
      { season: null, n: 1 },
    ]);
    expect(() => aggregate(services, { groupBy: [{ field: 'date', ranges: [{ key: 'x', from: '2026-02', to: '2026-03-01' }] }], measures: {} })).toThrow(TypeError);
  });

  it('without groupings answers one row, even when nothing matches: count 0, sum and avg null', () => {
    const measures = { n: { fn: 'count' as const }, sum: { fn: 'sum' as const, field: 'pieces' }, avg: { fn: 'avg' as const, field: 'pieces' }, suppliers: { fn: 'countDistinct' as const, field: 'supplier' } };
    expect(aggregate(services, { measures })).toEqual([{ n: 6, sum: 35, avg: 35 / 3, suppliers: 2 }]);
    expect(aggregate(services, { where: { op: 'eq', field: 'supplier', value: 'Z' }, measures })).toEqual([{ n: 0, sum: null, avg: null, suppliers: 0 }]);
    // With groupings, a group without records does not appear.
    expect(aggregate(services, { where: { op: 'eq', field: 'supplier', value: 'Z' }, groupBy: [{ field: 'supplier' }], measures })).toEqual([]);
  });

  it('filters with where, orders by a measure then the keys, and limits', () => {
    const query = { where: { op: 'exists' as const, field: 'result', value: true }, groupBy: [{ field: 'result' }], measures: { n: { fn: 'count' as const } } };
    expect(aggregate(services, { ...query, orderBy: [{ by: 'n', desc: true }] })).toEqual([
      { result: 'ACCEPTED', n: 3 },
      { result: 'NA', n: 1 },
      { result: 'REFUSED', n: 1 },
    ]);
    expect(aggregate(services, { ...query, orderBy: [{ by: 'n', desc: true }], limit: 2 })).toEqual([
      { result: 'ACCEPTED', n: 3 },
      { result: 'NA', n: 1 },
    ]);
    expect(aggregate(services, { ...query, orderBy: [{ by: 'result', desc: true }] }).map((row) => row.result)).toEqual(['REFUSED', 'NA', 'ACCEPTED']);
  });

  it('puts a record in the group of each distinct item of an array field, once; an empty array is the null group', () => {
    const tagged: Row[] = [{ tags: ['x', 'y', 'x'] }, { tags: ['y', null] }, { tags: [] }, { tags: 'x' }, { tags: { a: 1 } }, { tags: [2, '2', true] }];
    expect(aggregate(tagged, { groupBy: [{ field: 'tags' }], measures: { n: { fn: 'count' } } })).toEqual([
      // Numbers, then strings, then booleans, then null.
      { tags: 2, n: 1 },
      { tags: '2', n: 1 },
      { tags: 'x', n: 2 },
      { tags: 'y', n: 2 },
      { tags: true, n: 1 },
      { tags: null, n: 2 },
    ]);
  });

  it('groups by dotted paths and counts distinct values of one type apart', () => {
    const rows: Row[] = [{ o: { k: 'a' }, v: 1 }, { o: { k: 'a' }, v: '1' }, { o: { k: 'b' }, v: 1 }, { o: 'flat', v: [1] }];
    expect(aggregate(rows, { groupBy: [{ field: 'o.k' }], measures: { distinct: { fn: 'countDistinct', field: 'v' } } })).toEqual([
      { 'o.k': 'a', distinct: 2 },
      { 'o.k': 'b', distinct: 1 },
      { 'o.k': null, distinct: 0 },
    ]);
  });

  it('feeds a filtered measure only the records of its group matching its condition', () => {
    const rows: Row[] = [
      { supplier: 1, result: 'ACCEPTED', pieces: 10, step: 'TERMINATED' },
      { supplier: 1, result: 'REFUSED', pieces: 5, step: 'TERMINATED' },
      { supplier: 1, pieces: 2, step: 'CONFIRMED' },
      { supplier: 2, result: 'ACCEPTED', step: 'CONFIRMED' },
    ];
    const notConfirmed = { op: 'not' as const, condition: { op: 'eq' as const, field: 'step', value: 'CONFIRMED' } };
    expect(
      aggregate(rows, {
        groupBy: [{ field: 'supplier' }],
        measures: {
          services: { fn: 'count' },
          accepted: { fn: 'count', where: { op: 'eq', field: 'result', value: 'ACCEPTED' } },
          refused: { fn: 'count', where: { op: 'eq', field: 'result', value: 'REFUSED' } },
          // Not on a missing field: true, as `not` of a false condition.
          unjudged: { fn: 'count', where: { op: 'not', condition: { op: 'exists', field: 'result', value: true } } },
          terminatedPieces: { fn: 'sum', field: 'pieces', where: notConfirmed },
          meanPieces: { fn: 'avg', field: 'pieces', where: notConfirmed },
          mostPieces: { fn: 'max', field: 'pieces', where: { op: 'lt', field: 'pieces', value: 10 } },
          results: { fn: 'countDistinct', field: 'result', where: notConfirmed },
        },
      }),
    ).toEqual([
      { supplier: 1, services: 3, accepted: 1, refused: 1, unjudged: 1, terminatedPieces: 15, meanPieces: 7.5, mostPieces: 5, results: 2 },
      // No record of the group matches: a count is 0, a sum, an average, a maximum null.
      { supplier: 2, services: 1, accepted: 1, refused: 0, unjudged: 0, terminatedPieces: null, meanPieces: null, mostPieces: null, results: 0 },
    ]);
    // Ordered by a filtered measure.
    expect(aggregate(rows, { groupBy: [{ field: 'supplier' }], measures: { terminated: { fn: 'count', where: { op: 'eq', field: 'step', value: 'TERMINATED' } } }, orderBy: [{ by: 'terminated' }] })).toEqual([
      { supplier: 2, terminated: 0 },
      { supplier: 1, terminated: 2 },
    ]);
  });

  it('refuses a filtered measure whose condition has an unknown operator, at any depth', () => {
    expect(() => aggregate([], { measures: { n: { fn: 'count', where: { op: 'like' } as never } } })).toThrow(TypeError);
    expect(() => aggregate([], { measures: { n: { fn: 'sum', field: 'q', where: { op: 'and', all: [{ op: 'eq', field: 'a', value: 1 }, { op: 'not', condition: { op: 'near' } as never }] } } } })).toThrow(/Measure n: unknown condition/);
    expect(() => aggregate([], { measures: { n: { fn: 'count', where: { op: 'or', any: 'x' } as never } } })).toThrow(TypeError);
  });

  it('refuses repeated names, unknown measures, orders by an unknown name, array steps and bad limits', () => {
    const measures = { n: { fn: 'count' as const } };
    expect(() => aggregate([], { groupBy: [{ field: 'n' }], measures })).toThrow(/distinct/);
    expect(() => aggregate([], { measures: { x: { fn: 'median' as 'sum', field: 'a' } } })).toThrow(/Unknown measure/);
    expect(() => aggregate([], { measures, orderBy: [{ by: 'nope' }] })).toThrow(/order by/);
    expect(() => aggregate([], { groupBy: [{ field: 'lines[].x' }], measures })).toThrow(/group by/);
    expect(() => aggregate([], { groupBy: [{ field: 'd', bucket: 'decade' as 'day' }], measures })).toThrow(/bucket/);
    expect(() => aggregate([], { groupBy: [{ field: 'd', bucket: 'day', ranges: [] } as never], measures })).toThrow(/not both/);
    expect(() => aggregate([], { groupBy: [{ field: 'd', ranges: [{ key: 'a', from: '2026-01-01', to: '2026-02-01' }, { key: 'a', from: '2026-03-01', to: '2026-04-01' }] }], measures })).toThrow(/distinct/);
    expect(() => aggregate([], { measures, limit: -1 })).toThrow(RangeError);
  });
});
