import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServiceRow } from '../../server/services/access';
import { buildIndex, endOfRangeFrom, firstStartingBy, nextRowWithWord, serviceIndex, updateIndex } from '../../server/services/searchIndex';
import { createRandom } from '../../server/seed/random';
import type { Changes } from '../../server/store/derived';
import { LowdbStore } from '../../server/store/lowdb';

const dir = mkdtempSync(join(tmpdir(), 'qcflow-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function storeWith(services: Record<string, unknown>[]) {
  const store = await LowdbStore.open(join(dir, `${Math.random()}.json`));
  await store.transaction((tx) => services.forEach((service) => tx.insert('services', 'serviceId', service)));
  return store;
}

const SERVICES = [
  { startDate: '2026-03-01', searchText: 'S-000001 CARDIGAN NAVY' },
  { startDate: '2026-05-10', endDate: '2026-05-30', searchText: 'S-000002 SHIRT' },
  { startDate: '2026-05-10', searchText: 'S-000003 CARDIGAN' },
  { startDate: '2026-06-01', searchText: 'S-000004 SCARF' },
  { searchText: 'S-000005 NO START DATE' },
];

/** The ids of the rows found one after the other with nextRowWithWord. */
function idsWith(index: ReturnType<typeof serviceIndex>, word: string, from = 0, to = index.rows.length) {
  const ids: unknown[] = [];
  for (let row = nextRowWithWord(index, word, from, to); row !== -1; row = nextRowWithWord(index, word, row + 1, to)) ids.push(index.rows[row].serviceId);
  return ids;
}

describe('service search index', () => {
  it('orders services by start date, newest first, then by id; leaves out those without a start date', async () => {
    const index = serviceIndex(await storeWith(SERVICES));
    expect(index.rows.map((row) => row.serviceId)).toEqual([4, 3, 2, 1]);
    expect(index.maxSpanDays).toBe(20);
  });

  it('bounds a date range: rows starting by the end date, and rows that may last until the start date', async () => {
    const index = serviceIndex(await storeWith(SERVICES));
    expect(firstStartingBy(index, '2026-12-31')).toBe(0);
    expect(firstStartingBy(index, '2026-05-31')).toBe(1);
    expect(firstStartingBy(index, '2026-05-10')).toBe(1);
    expect(firstStartingBy(index, '2026-05-09')).toBe(3);
    expect(firstStartingBy(index, '2026-01-01')).toBe(4);
    // Service 2 (10 to 30 May) still runs on 25 May: rows up to it stay in reach; service 1 does not.
    expect(endOfRangeFrom(index, '2026-05-25')).toBe(3);
    // 20 days of the longest span before 1 March reach 9 February: service 1 stays.
    expect(endOfRangeFrom(index, '2026-03-01')).toBe(4);
    expect(endOfRangeFrom(index, '2026-03-22')).toBe(3);
    expect(endOfRangeFrom(index, 'not a date')).toBe(4);
  });

  it('finds the rows holding a word, in order, within a row range', async () => {
    const index = serviceIndex(await storeWith(SERVICES));
    expect(idsWith(index, 'CARDIGAN')).toEqual([3, 1]);
    expect(idsWith(index, 'CARDIGAN', 0, 2)).toEqual([3]);
    expect(idsWith(index, 'CARDIGAN', 2)).toEqual([1]);
    expect(idsWith(index, 'S-00000')).toEqual([4, 3, 2, 1]);
    expect(idsWith(index, 'TROUSERS')).toEqual([]);
  });

  it('never matches across two services’ texts', async () => {
    const index = serviceIndex(await storeWith([{ startDate: '2026-02-01', searchText: 'AB' }, { startDate: '2026-01-01', searchText: 'CD' }]));
    expect(idsWith(index, 'B\u0000C')).toEqual([]);
    expect(idsWith(index, 'D')).toEqual([2]);
  });

  it('is rebuilt after a write to the services, and kept while they do not change', async () => {
    const store = await storeWith(SERVICES);
    const before = serviceIndex(store);
    expect(serviceIndex(store)).toBe(before);
    await store.insert('contacts', 'contactId', { lastName: 'Other collection' });
    expect(serviceIndex(store)).toBe(before);
    await store.update('services', 4, (service) => ({ ...service, searchText: 'S-000004 TROUSERS' }));
    const after = serviceIndex(store);
    expect(after).not.toBe(before);
    expect(idsWith(after, 'TROUSERS')).toEqual([4]);
    expect(idsWith(before, 'TROUSERS')).toEqual([]);
  });

  it('inside a transaction, reflects the transaction’s own writes', async () => {
    const store = await storeWith(SERVICES);
    serviceIndex(store);
    await store.transaction((tx) => {
      tx.insert('services', 'serviceId', { startDate: '2026-07-01', searchText: 'S-000006 HAT' });
      expect(idsWith(serviceIndex(tx), 'HAT')).toEqual([6]);
      tx.insert('services', 'serviceId', { startDate: '2026-08-01', searchText: 'S-000007 HAT' });
      expect(idsWith(serviceIndex(tx), 'HAT')).toEqual([7, 6]);
    });
    expect(idsWith(serviceIndex(store), 'HAT')).toEqual([7, 6]);
  });

  it('after a write, the kept index is updated from the services written, and equals a rebuild', async () => {
    const store = await storeWith(SERVICES);
    const before = serviceIndex(store);
    await store.transaction((tx) => {
      tx.update('services', 1, (service) => ({ ...service, startDate: '2026-07-01', searchText: 'S-000001 CARDIGAN MOVED' }));
      tx.remove('services', 3);
      tx.insert('services', 'serviceId', { startDate: '2026-05-10', endDate: '2026-08-10', searchText: 'S-000006 COAT' });
    });
    const after = serviceIndex(store);
    expect(after.rows.map((row) => row.serviceId)).toEqual([1, 4, 6, 2]);
    expect(idsWith(after, 'CARDIGAN')).toEqual([1]);
    expect(after.maxSpanDays).toBe(92);
    expect(after).toEqual(buildIndex(store.all('services') as ServiceRow[]));
    expect(before.rows.map((row) => row.serviceId)).toEqual([4, 3, 2, 1]);
  });

  it('an update of random writes gives the same index as a rebuild (200 rounds)', () => {
    const random = createRandom(42);
    const days = ['2026-01-05', '2026-01-06', '2026-02-01', '2026-03-15', '2026-03-16'];
    const service = (id: number): ServiceRow =>
      ({
        serviceId: id,
        version: 1,
        ...(random.next() < 0.1 ? {} : { startDate: random.pick(days) }),
        ...(random.next() < 0.3 ? { endDate: random.pick(days) } : {}),
        searchText: `S-${id} ${random.pick(['SHIRT', 'COAT', 'CARDIGAN', ''])}`,
      }) as ServiceRow;
    let records = new Map(Array.from({ length: 40 }, (_, i) => [i + 1, service(i + 1)]));
    let index = buildIndex([...records.values()]);
    let nextId = 41;
    for (let round = 0; round < 200; round++) {
      const written = new Map<number, ServiceRow | null>();
      for (let k = 1 + Math.floor(random.next() * 4); k > 0; k--) {
        const roll = random.next();
        const id = roll < 0.3 ? nextId++ : 1 + Math.floor(random.next() * (nextId - 1));
        const record = roll > 0.85 ? null : service(id);
        records = new Map(records);
        if (record) records.set(id, record);
        else records.delete(id);
        written.set(id, record);
      }
      // As the store hands them: each id once, with its record now.
      const changes: Changes = [...written].map(([id, record]) => [String(id), record]);
      index = updateIndex(index, changes);
      const rebuilt = buildIndex([...records.values()]);
      expect({ ...index, maxSpanDays: 0 }).toEqual({ ...rebuilt, maxSpanDays: 0 });
      expect(index.maxSpanDays).toBeGreaterThanOrEqual(rebuilt.maxSpanDays);
    }
  });
});
