import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServiceRow } from '../../server/services/access';
import { buildIndex, candidates, serviceIndex, updateIndex, type IndexQuery, type ServiceIndex } from '../../server/services/searchIndex';
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

/** The ids of the candidates of a query, in order. */
const idsOf = (index: ServiceIndex, query: IndexQuery = {}) => [...candidates(index, query)].map((row) => row.serviceId);
const idsWith = (index: ServiceIndex, word: string, query: IndexQuery = {}) => idsOf(index, { ...query, word });
/** The index as one list: its blocks one after the other, whatever their cuts. */
const flat = (index: ServiceIndex) => ({
  ids: index.blocks.flatMap((block) => [...block.ids]),
  starts: index.blocks.flatMap((block) => block.starts),
  rows: index.blocks.flatMap((block) => block.rows),
  texts: index.blocks.flatMap((block) => block.rows.map((_, i) => block.text.slice(block.offsets[i], block.offsets[i + 1]))),
});

describe('service search index', () => {
  it('orders services by start date, newest first, then by id; leaves out those without a start date', async () => {
    const index = serviceIndex(await storeWith(SERVICES));
    expect(flat(index).ids).toEqual([4, 3, 2, 1]);
    expect(idsOf(index)).toEqual([4, 3, 2, 1]);
    expect(index.maxSpanDays).toBe(20);
  });

  it('bounds a date range: rows starting by the end date, and rows that may last until the start date', async () => {
    const index = serviceIndex(await storeWith(SERVICES));
    expect(idsOf(index, { toDate: '2026-12-31' })).toEqual([4, 3, 2, 1]);
    expect(idsOf(index, { toDate: '2026-05-31' })).toEqual([3, 2, 1]);
    expect(idsOf(index, { toDate: '2026-05-10' })).toEqual([3, 2, 1]);
    expect(idsOf(index, { toDate: '2026-05-09' })).toEqual([1]);
    expect(idsOf(index, { toDate: '2026-01-01' })).toEqual([]);
    // Service 2 (10 to 30 May) still runs on 25 May: services up to it stay in reach; service 1 does not.
    expect(idsOf(index, { fromDate: '2026-05-25' })).toEqual([4, 3, 2]);
    // 20 days of the longest span before 1 March reach 9 February: service 1 stays.
    expect(idsOf(index, { fromDate: '2026-03-01' })).toEqual([4, 3, 2, 1]);
    expect(idsOf(index, { fromDate: '2026-03-22' })).toEqual([4, 3, 2]);
    expect(idsOf(index, { fromDate: '2026-03-22', toDate: '2026-05-09' })).toEqual([]);
    expect(idsOf(index, { fromDate: 'not a date' })).toEqual([4, 3, 2, 1]);
  });

  it('finds the services holding a word, in order, within a date range', async () => {
    const index = serviceIndex(await storeWith(SERVICES));
    expect(idsWith(index, 'CARDIGAN')).toEqual([3, 1]);
    expect(idsWith(index, 'CARDIGAN', { fromDate: '2026-05-01' })).toEqual([3]);
    expect(idsWith(index, 'CARDIGAN', { toDate: '2026-04-01' })).toEqual([1]);
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
    expect(idsOf(after)).toEqual([1, 4, 6, 2]);
    expect(idsWith(after, 'CARDIGAN')).toEqual([1]);
    expect(after.maxSpanDays).toBe(92);
    expect(after).toEqual(buildIndex(store.all('services') as ServiceRow[]));
    expect(idsOf(before)).toEqual([4, 3, 2, 1]);
  });

  it('an update of random writes gives the same index as a rebuild, across blocks of 4 rows (300 rounds)', () => {
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
    let index = buildIndex([...records.values()], 4);
    let nextId = 41;
    for (let round = 0; round < 300; round++) {
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
      const rebuilt = buildIndex([...records.values()], 4);
      expect(flat(index)).toEqual(flat(rebuilt));
      expect(index.maxSpanDays).toBeGreaterThanOrEqual(rebuilt.maxSpanDays);
      // Blocks stay between 1 and twice the block size: none empty, none left to grow.
      for (const block of index.blocks) expect(block.rows.length).toBeGreaterThan(0);
      for (const block of index.blocks) expect(block.rows.length).toBeLessThanOrEqual(8);
      expect(idsWith(index, 'CARDIGAN')).toEqual(idsWith(rebuilt, 'CARDIGAN'));
      expect(idsOf(index, { fromDate: '2026-02-01', toDate: '2026-03-15' })).toEqual(idsOf(rebuilt, { fromDate: '2026-02-01', toDate: '2026-03-15' }));
    }
  });
});
