import { describe, expect, it } from 'vitest';
import { and, eq, matcher, or, runQuery, type Condition } from '../../server/store/query';

/** The in-memory meaning of a store query (server/store/query.ts); PostgreSQL must answer the same. */
const records = [
  { id: 1, name: 'Éclair Café', tags: [1, 2], date: '2026-03-01', amount: 10, company: 7 },
  { id: 2, name: 'cafe noir', tags: [], date: '2026-03-15', amount: 2.5, company: 8 },
  { id: 3, name: 'Linen', tags: [3], date: null, company: 7 },
  { id: 4, name: null, date: '2026-04-01', amount: 10, supplier: 7 },
];
const ids = (condition?: Condition) => records.filter(matcher(condition)).map((record) => record.id);

describe('conditions', () => {
  it('eq: equal scalars, an array holding the value, null for missing or null', () => {
    expect(ids(eq('company', 7))).toEqual([1, 3]);
    expect(ids(eq('tags', 2))).toEqual([1]);
    expect(ids(eq('date', null))).toEqual([3]);
    expect(ids(eq('amount', null))).toEqual([3]);
  });

  it('in: one of the values (any item of an array field); an empty list matches all', () => {
    expect(ids({ op: 'in', field: 'company', values: [8, 9] })).toEqual([2]);
    expect(ids({ op: 'in', field: 'tags', values: [3, 2] })).toEqual([1, 3]);
    expect(ids({ op: 'in', field: 'company', values: [] })).toEqual([1, 2, 3, 4]);
    expect(ids({ op: 'in', field: 'company', values: [null] })).toEqual([4]);
  });

  it('anyEq: one of the fields equals', () => {
    expect(ids({ op: 'anyEq', fields: ['company', 'supplier'], value: 7 })).toEqual([1, 3, 4]);
  });

  it('ordered comparisons: present values of the bound’s type only', () => {
    expect(ids({ op: 'gte', field: 'date', value: '2026-03-15' })).toEqual([2, 4]);
    expect(ids({ op: 'lt', field: 'date', value: '2026-03-15' })).toEqual([1]);
    expect(ids({ op: 'lte', field: 'amount', value: 10 })).toEqual([1, 2, 4]);
    expect(ids({ op: 'gt', field: 'amount', value: 2.5 })).toEqual([1, 4]);
    expect(ids({ op: 'gte', field: 'amount', value: '0' })).toEqual([]);
  });

  it('keywords: every word in one of the fields, accents and case ignored', () => {
    expect(ids({ op: 'keywords', fields: ['name'], value: 'CAFE' })).toEqual([1, 2]);
    expect(ids({ op: 'keywords', fields: ['name'], value: 'café éclair' })).toEqual([1]);
    expect(ids({ op: 'keywords', fields: ['name'], value: '  ' })).toEqual([1, 2, 3, 4]);
  });

  it('exists, and, or, not', () => {
    expect(ids({ op: 'exists', field: 'amount', value: true })).toEqual([1, 2, 4]);
    expect(ids({ op: 'exists', field: 'date', value: false })).toEqual([3]);
    expect(ids(and(eq('company', 7), { op: 'exists', field: 'date', value: true }))).toEqual([1]);
    expect(ids(or(eq('company', 8), eq('supplier', 7)))).toEqual([2, 4]);
    expect(ids({ op: 'not', condition: eq('company', 7) })).toEqual([2, 4]);
    expect(ids(and())).toEqual([1, 2, 3, 4]);
  });
});

describe('runQuery', () => {
  it('sorts with missing values last in both directions, then applies offset and limit', () => {
    expect(runQuery(records, { orderBy: [{ field: 'date' }] }).map((r) => r.id)).toEqual([1, 2, 4, 3]);
    expect(runQuery(records, { orderBy: [{ field: 'date', desc: true }] }).map((r) => r.id)).toEqual([4, 2, 1, 3]);
    expect(runQuery(records, { orderBy: [{ field: 'amount', desc: true }, { field: 'id' }] }).map((r) => r.id)).toEqual([1, 4, 2, 3]);
    expect(runQuery(records, { orderBy: [{ field: 'id', desc: true }], offset: 1, limit: 2 }).map((r) => r.id)).toEqual([3, 2]);
    expect(runQuery(records, { where: eq('company', 7), limit: 0 })).toEqual([]);
  });
});
