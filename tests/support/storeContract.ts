import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, type AsyncStore, type Row, type Stored } from '../../server/store/types';
import { ID_FIELD, queryArbitrary, recordArbitrary } from './queryArbitraries';

/**
 * The part of the AsyncStore contract (server/store/types.ts) every adapter keeps, run on each:
 * tests/api/store-lowdb.test.ts and tests/api/store-postgres.test.ts (which adds what only a
 * database with concurrent transactions can show). `open` gives an empty store.
 */
export const isDeeplyFrozen = (value: unknown): boolean =>
  value === null || typeof value !== 'object' || (Object.isFrozen(value) && Object.values(value).every(isDeeplyFrozen));

export function storeContract(name: string, open: () => Promise<AsyncStore>): void {
  describe(`${name}: the AsyncStore contract`, () => {
    let store: AsyncStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store?.close());
    const insert = (collection: string, idField: string, record: Row) => store.transaction((tx) => tx.insert(collection, idField, record));

    // First: the other tests leave records behind.
    it('is empty until a collection holds a record (meta does not count)', async () => {
      expect(await store.isEmpty()).toBe(true);
      await store.transaction((tx) => tx.setMeta('sessionSecret', 'x'));
      expect(await store.isEmpty()).toBe(true);
      const { widgetId } = await insert('widgets', 'widgetId', { name: 'one' });
      expect(await store.isEmpty()).toBe(false);
      await store.transaction((tx) => tx.remove('widgets', widgetId as number));
      expect(await store.isEmpty()).toBe(true);
    });

    it('inserts version 1 with an id from the sequence, and hands out frozen copies', async () => {
      const first = await insert('companies', 'companyId', { name: 'Acme', address: { city: 'Lyon' } });
      const second = await insert('companies', 'companyId', { name: 'Bolt' });
      expect(first).toEqual({ companyId: 1, name: 'Acme', address: { city: 'Lyon' }, version: 1 });
      expect(second.companyId).toBe(2);
      expect(isDeeplyFrozen(first)).toBe(true);
      const read = await store.get('companies', 1);
      expect(read).toEqual(first);
      expect(isDeeplyFrozen(read)).toBe(true);
      expect(await store.get('companies', '1')).toEqual(first); // one key space for 1 and "1", as in lowdb
      expect(await store.get('companies', 99)).toBeUndefined();
    });

    it('keeps string ids, and refuses a duplicate id without spoiling the transaction', async () => {
      const result = await store.transaction(async (tx) => {
        await tx.insert('sessions', 'sessionKey', { sessionKey: 'k-1', user: 'a' });
        const refusal = await tx.insert('sessions', 'sessionKey', { sessionKey: 'k-1', user: 'b' }).catch((error: Error) => error.message);
        await tx.insert('sessions', 'sessionKey', { sessionKey: 'k-2', user: 'c' });
        return refusal;
      });
      expect(result).toBe('Duplicate id sessions/k-1');
      expect((await store.get('sessions', 'k-1'))?.user).toBe('a');
      expect((await store.get('sessions', 'k-2'))?.user).toBe('c');
    });

    it('updates: version + 1, a stale expected version conflicts, a missing record is not found', async () => {
      const { contactId } = await insert('contacts', 'contactId', { name: 'Ann', visits: 1 });
      const id = contactId as number;
      const updated = await store.transaction((tx) =>
        tx.update<{ name: string; visits: number }>('contacts', id, (current) => {
          expect(isDeeplyFrozen(current)).toBe(true);
          return { ...current, visits: current.visits + 1 };
        }, 1),
      );
      expect(updated).toMatchObject({ contactId: id, visits: 2, version: 2 });
      expect(isDeeplyFrozen(updated)).toBe(true);
      expect(await store.get('contacts', id)).toEqual(updated);

      const stale = store.transaction((tx) => tx.update('contacts', id, (current) => ({ ...current }), 1));
      await expect(stale).rejects.toBeInstanceOf(ConflictError);
      await expect(stale).rejects.toMatchObject({ collection: 'contacts', id, expected: 1, actual: 2 });
      await expect(store.transaction((tx) => tx.update('contacts', 404, (current) => current))).rejects.toBeInstanceOf(NotFoundError);
      expect((await store.get('contacts', id))?.version).toBe(2);
    });

    it('removes a record once', async () => {
      const { tagId } = await insert('tags', 'tagId', { label: 'urgent' });
      expect(await store.transaction((tx) => tx.remove('tags', tagId as number))).toBe(true);
      expect(await store.transaction((tx) => tx.remove('tags', tagId as number))).toBe(false);
      expect(await store.get('tags', tagId as number)).toBeUndefined();
    });

    it('keeps meta values', async () => {
      expect(await store.getMeta('absent')).toBeUndefined();
      await store.transaction((tx) => tx.setMeta('settings', { mail: { from: 'qc@example.com' }, limits: [1, 2] }));
      const settings = await store.getMeta('settings');
      expect(settings).toEqual({ mail: { from: 'qc@example.com' }, limits: [1, 2] });
      expect(isDeeplyFrozen(settings)).toBe(true);
      await store.transaction(async (tx) => {
        await tx.setMeta('settings', null);
        expect(await tx.getMeta('settings')).toBeNull(); // a transaction sees its own writes
      });
      expect(await store.getMeta('settings')).toBeNull();
      await store.transaction((tx) => tx.setMeta('settings', undefined));
      expect(await store.getMeta('settings')).toBeUndefined();
    });

    it('aggregates: counts, sums and averages per supplier and ISO week, a transaction seeing its own writes', async () => {
      const inspections = [
        { supplier: 'Atlas', day: '2026-12-31', pieces: 10 },
        { supplier: 'Atlas', day: '2027-01-03T22:00:00.000Z', pieces: 30 },
        { supplier: 'Atlas', day: '2027-01-04', pieces: null },
        { supplier: 'Borel', day: '2026-12-28', pieces: 5 },
        { day: 'someday', pieces: 1 },
      ];
      await store.transaction(async (tx) => {
        for (const each of inspections) await tx.insert('inspections', 'inspectionId', each);
      });
      const byWeek = {
        collection: 'inspections',
        where: { op: 'exists' as const, field: 'supplier', value: true },
        groupBy: [{ field: 'supplier' }, { field: 'day', bucket: 'week' as const, as: 'week' }],
        measures: { inspections: { fn: 'count' as const }, pieces: { fn: 'sum' as const, field: 'pieces' }, average: { fn: 'avg' as const, field: 'pieces' } },
      };
      expect(await store.aggregate(byWeek)).toEqual([
        { supplier: 'Atlas', week: '2026-W53', inspections: 2, pieces: 40, average: 20 },
        { supplier: 'Atlas', week: '2027-W01', inspections: 1, pieces: null, average: null },
        { supplier: 'Borel', week: '2026-W53', inspections: 1, pieces: 5, average: 5 },
      ]);
      const busiest = { ...byWeek, groupBy: [{ field: 'supplier' }], orderBy: [{ by: 'pieces', desc: true }], limit: 1 };
      const inside = await store.transaction(async (tx) => {
        await tx.insert('inspections', 'inspectionId', { supplier: 'Borel', day: '2027-01-05', pieces: 100 });
        return tx.aggregate(busiest);
      });
      expect(inside).toEqual([{ supplier: 'Borel', inspections: 2, pieces: 105, average: 52.5 }]);
      expect(await store.aggregate({ collection: 'inspections', measures: { all: { fn: 'count' }, days: { fn: 'countDistinct', field: 'day' } } })).toEqual([{ all: 6, days: 6 }]);
      // Filtered measures: one row per supplier, the splits as counts and sums of the records matching a condition.
      const bigLot = { op: 'gte' as const, field: 'pieces', value: 30 };
      expect(
        await store.aggregate({
          collection: 'inspections',
          groupBy: [{ field: 'supplier' }],
          measures: {
            big: { fn: 'count', where: bigLot },
            bigPieces: { fn: 'sum', field: 'pieces', where: bigLot },
            notBig: { fn: 'count', where: { op: 'not', condition: bigLot } },
          },
        }),
      ).toEqual([
        { supplier: 'Atlas', big: 1, bigPieces: 30, notBig: 2 },
        { supplier: 'Borel', big: 1, bigPieces: 100, notBig: 1 },
        { supplier: null, big: 0, bigPieces: null, notBig: 1 },
      ]);
    });

    it('keeps nothing of a transaction that throws', async () => {
      const { capaId } = await insert('capas', 'capaId', { title: 'kept', universeId: 1 });
      const failing = store.transaction(async (tx) => {
        await tx.insert('capas', 'capaId', { title: 'new' });
        await tx.update('capas', capaId as number, (current) => ({ ...current, title: 'changed' }));
        await tx.setMeta('marker', true);
        expect(await tx.count({ collection: 'capas' })).toBe(2);
        throw new Error('abandoned');
      });
      await expect(failing).rejects.toThrow('abandoned');
      expect(await store.query({ collection: 'capas' })).toEqual([{ capaId, title: 'kept', universeId: 1, version: 1 }]);
      expect(await store.getMeta('marker')).toBeUndefined();
    });

    it('gives 50 concurrent inserts 50 distinct ids', async () => {
      const records = await Promise.all(Array.from({ length: 50 }, (_, index) => insert('loginEvents', 'loginEventId', { index })));
      const ids = records.map((record) => record.loginEventId);
      expect(new Set(ids).size).toBe(50);
      expect(await store.count({ collection: 'loginEvents' })).toBe(50);
      const stored = await store.query({ collection: 'loginEvents', orderBy: [{ field: 'index' }] });
      expect(stored.map((record) => record.loginEventId)).toEqual(ids);
    });

    it('insertMany gives what inserts one by one give: ids from the sequence, version 1, frozen, in order', async () => {
      await insert('parcels', 'parcelId', { label: 'before' });
      const records = Array.from({ length: 2500 }, (_, index) => ({ label: `p${index}`, universeId: 1 + (index % 2) }));
      const stored = await store.transaction((tx) => tx.insertMany('parcels', 'parcelId', records));
      expect(stored.map((record) => record.parcelId)).toEqual(records.map((_, index) => index + 2));
      expect(stored[2499]).toEqual({ parcelId: 2501, label: 'p2499', universeId: 2, version: 1 });
      expect(stored.every(isDeeplyFrozen)).toBe(true);
      expect(await store.get('parcels', 1500)).toEqual(stored[1498]);
      expect(await store.count({ collection: 'parcels', where: { op: 'keywords', fields: ['label'], value: 'P2499' } })).toBe(1);
      expect((await insert('parcels', 'parcelId', { label: 'after' })).parcelId).toBe(2502);
      expect(await store.transaction((tx) => tx.insertMany('parcels', 'parcelId', []))).toEqual([]);
    });

    it('insertMany refuses a duplicate id, stored or given twice, writing nothing of the call; the transaction goes on', async () => {
      await insert('boxes', 'boxId', { boxId: 'b-1', label: 'kept' });
      const refusals = await store.transaction(async (tx) => {
        const many = (records: Row[]) => tx.insertMany('boxes', 'boxId', records).then(() => 'written', (error: Error) => error.message);
        const stored = await many([{ boxId: 'b-2' }, ...Array.from({ length: 1200 }, (_, index) => ({ boxId: `x-${index}` })), { boxId: 'b-1' }]);
        const twice = await many([{ boxId: 'b-3' }, { boxId: 'b-3' }]);
        await tx.insertMany('boxes', 'boxId', [{ boxId: 'b-4' }]);
        return [stored, twice];
      });
      expect(refusals).toEqual(['Duplicate id boxes/b-1', 'Duplicate id boxes/b-3']);
      expect((await store.query({ collection: 'boxes' })).map((record) => record.boxId)).toEqual(['b-1', 'b-4']);
    });

    it('insertMany and inserts one by one leave the same records, ids, order and refusals for random records', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(recordArbitrary, { maxLength: 12 }), fc.array(queryArbitrary('x'), { maxLength: 4 }), async (records, queries) => {
          run++;
          const [each, many] = [`insertEach${run}`, `insertMany${run}`];
          const oneByOne = await store
            .transaction(async (tx) => {
              const stored: Stored[] = [];
              for (const record of records) stored.push(await tx.insert(each, ID_FIELD, record));
              return stored;
            })
            .catch((error: Error) => error.message);
          const together = await store.transaction((tx) => tx.insertMany(many, ID_FIELD, records)).catch((error: Error) => error.message);
          if (typeof oneByOne === 'string') {
            // One by one stops at the first duplicate: the whole call is refused, for the same reason.
            expect(together).toBe(oneByOne.replace(each, many));
            expect(await store.count({ collection: many })).toBe(0);
            return;
          }
          expect(together).toEqual(oneByOne);
          for (const query of [{ collection: 'x' }, ...queries]) {
            const [a, b] = await Promise.all([store.query({ ...query, collection: each }), store.query({ ...query, collection: many })]);
            expect(b, JSON.stringify(query)).toEqual(a);
          }
        }),
        { numRuns: 25 },
      );
    }, 120_000);
  });
}
