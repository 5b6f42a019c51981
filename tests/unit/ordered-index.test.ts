import fc from 'fast-check';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asyncStore } from '../../server/store/lowdbAsync';
import { LowdbStore } from '../../server/store/lowdb';
import type { IndexDef } from '../../server/store/orderedIndex';
import { runQuery, type Condition, type Query } from '../../server/store/query';
import type { AsyncStore, Row } from '../../server/store/types';
import { aggregateArbitrary, conditionArbitrary, ID_FIELD, recordArbitrary, selectArbitrary } from '../support/queryArbitraries';
import { runAggregate } from '../../server/store/aggregate';

/**
 * The embedded store's planner: a query in the order of a declared index reads the index,
 * narrowed by the lead field's range and the longest keyword, and must answer exactly what a
 * scan (`runQuery`) answers — after any writes, which update the index block by block.
 */
// In memory where the machine has it: 300 stores each sync their journal, and a busy disk is not what this test measures.
const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'qcflow-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ITEMS = 'items';
const BY_DATE: IndexDef = { orderBy: [{ field: 'd', desc: true }, { field: ID_FIELD, desc: true }], keywords: 's' };
const BY_NUMBER: IndexDef = { orderBy: [{ field: 'n' }, { field: ID_FIELD }] };
const INDEXES = new Map([[ITEMS, { ordered: [BY_DATE, BY_NUMBER], fields: {} }]]);

async function open(): Promise<{ db: AsyncStore; close(): Promise<void> }> {
  const store = await LowdbStore.open(join(dir, `${Math.random()}.json`));
  return { db: asyncStore(store, INDEXES), close: () => store.close() };
}

/** Records with distinct integer ids (the index's last order field). */
const recordsArbitrary = fc.uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 60 }).chain((ids) =>
  fc.tuple(...ids.map((id) => recordArbitrary.map((record) => ({ ...record, [ID_FIELD]: id })))),
);

const dateBound = fc.constantFrom('2023-12-31', '2024-01-05', '2024-01-15', '2024-02', '2024-1-5', '');
const numberBound = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.3, 1.5, 100, 1e21));
/** What the planner narrows on: bounds of the lead field, an `eq` on it, keywords on the indexed text. */
const narrowing: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({ op: fc.constantFrom('gte' as const, 'lte' as const, 'gt' as const, 'lt' as const), field: fc.constant('d'), value: dateBound }),
  fc.record({ op: fc.constantFrom('gte' as const, 'lte' as const, 'gt' as const, 'lt' as const), field: fc.constant('n'), value: numberBound }),
  fc.record({ op: fc.constant('eq' as const), field: fc.constantFrom('d', 'n'), value: fc.oneof(dateBound, numberBound) }),
  fc.record({ op: fc.constant('keywords' as const), fields: fc.constant<string[]>(['s']), value: fc.constantFrom('café', 'ETE', 'a%b', 'b', 'zo', 'naïve Z', '😀') }),
);
const whereArbitrary: fc.Arbitrary<Condition> = fc
  .tuple(fc.array(narrowing, { maxLength: 3 }), fc.option(conditionArbitrary, { nil: undefined }))
  .map(([parts, rest]) => ({ op: 'and', all: rest ? [...parts, rest] : parts }));
const queryArbitrary: fc.Arbitrary<Query> = fc.record(
  {
    collection: fc.constant(ITEMS),
    where: whereArbitrary,
    orderBy: fc.constantFrom(BY_DATE.orderBy, BY_NUMBER.orderBy),
    limit: fc.integer({ min: 0, max: 10 }),
    offset: fc.integer({ min: 0, max: 5 }),
    select: selectArbitrary,
  },
  { requiredKeys: ['collection', 'orderBy'] },
);

const ids = (records: readonly Row[]) => records.map((record) => record[ID_FIELD]);

async function expectSameAnswers(db: AsyncStore, queries: Query[]) {
  const all = await db.query({ collection: ITEMS });
  for (const query of queries) {
    const { select, ...whole } = query;
    expect(ids(await db.query(whole)), JSON.stringify(query)).toEqual(ids(runQuery(all, whole)));
    // Read from the index, a projection keeps only the fields asked, as runQuery does.
    if (select) expect(await db.query(query), JSON.stringify(query)).toStrictEqual(runQuery(all, query));
    expect(await db.count({ collection: ITEMS, where: query.where })).toBe(runQuery(all, { where: query.where }).length);
    expect(await db.count({ collection: ITEMS, where: query.where, orderBy: query.orderBy, limit: query.limit })).toBe(runQuery(all, { where: query.where, limit: query.limit }).length);
  }
}

/** Aggregates read the matches of their condition through an index, as `count` does. */
const aggregateQueries = fc.array(aggregateArbitrary(ITEMS, whereArbitrary), { minLength: 1, maxLength: 4 });

describe('the embedded store reads its ordered indexes', () => {
  it('answers queries in an index order exactly as a scan does, before and after writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        recordsArbitrary,
        fc.array(queryArbitrary, { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.option(recordArbitrary, { nil: null })), { maxLength: 12 }),
        aggregateQueries,
        async (records, queries, writes, aggregates) => {
          const { db, close } = await open();
          try {
            await db.transaction(async (tx) => {
              for (const record of records) await tx.insert(ITEMS, ID_FIELD, record);
            });
            await expectSameAnswers(db, queries);
            // Inserts, replacements and removals: the index catches up with the blocks written.
            await db.transaction(async (tx) => {
              for (const [id, record] of writes) {
                const exists = await tx.get(ITEMS, id);
                if (!record) await tx.remove(ITEMS, id);
                else if (exists) await tx.update(ITEMS, id, () => ({ ...record, [ID_FIELD]: id }));
                else await tx.insert(ITEMS, ID_FIELD, { ...record, [ID_FIELD]: id });
              }
              // Inside the transaction too (the draft's reads see its own writes).
              for (const query of queries) expect(await tx.query(query), JSON.stringify(query)).toStrictEqual(runQuery(await tx.query({ collection: ITEMS }), query));
            });
            await expectSameAnswers(db, queries);
            const all = await db.query({ collection: ITEMS });
            for (const aggregate of aggregates) expect(await db.aggregate(aggregate), JSON.stringify(aggregate)).toEqual(runAggregate(all, aggregate));
          } finally {
            await close();
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps its order over many blocks and after writes that cut a block', async () => {
    const { db, close } = await open();
    const day = (i: number) => `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    await db.transaction(async (tx) => {
      for (let i = 0; i < 5000; i++) await tx.insert(ITEMS, ID_FIELD, { [ID_FIELD]: i, d: day(i), s: i % 7 ? 'plain' : `rare ${i}` });
    });
    const query: Query = { collection: ITEMS, where: { op: 'and', all: [{ op: 'lte', field: 'd', value: '2024-06-15' }, { op: 'keywords', fields: ['s'], value: 'rare' }] }, orderBy: BY_DATE.orderBy };
    await expectSameAnswers(db, [query, { ...query, limit: 3, offset: 2 }]);
    // 3,000 rows on one day: the block they land in grows past twice its size and is cut.
    await db.transaction(async (tx) => {
      for (let i = 5000; i < 8000; i++) await tx.insert(ITEMS, ID_FIELD, { [ID_FIELD]: i, d: '2024-03-03', s: i % 2 ? 'rare' : 'plain' });
      for (let i = 0; i < 5000; i += 3) await tx.remove(ITEMS, i);
    });
    await expectSameAnswers(db, [query, { ...query, where: { op: 'eq', field: 'd', value: '2024-03-03' } }]);
    expect(await db.count({ collection: ITEMS, where: { op: 'eq', field: 'd', value: '2024-03-03' } })).toBeGreaterThan(3000);
    await close();
  });
});
