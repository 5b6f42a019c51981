import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LowdbStore } from '../../server/store/lowdb';
import type { Stored } from '../../server/store/types';

/** `store.derived`: a value kept per snapshot of a collection, updated from what was written since. */
let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'qcflow-derived-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

const titles = (records: Stored[]): string[] => records.map((record) => String(record.title)).sort();

describe('store derived values', () => {
  it('builds once, then updates from the ids written since, in one call for several writes', async () => {
    const store = await LowdbStore.open(join(dir, 'db.json'));
    await store.insert('capas', 'capaId', { title: 'A' });
    const build = vi.fn(titles);
    const update = vi.fn((previous: string[], changes: [string, Stored | null][]) => [...previous, ...changes.map(([id, record]) => `${id}:${record?.title ?? 'gone'}`)]);
    const read = () => store.derived('capas', 'titles', build, update);

    expect(read()).toEqual(['A']);
    expect(read()).toEqual(['A']);
    expect(build).toHaveBeenCalledTimes(1);

    await store.insert('contacts', 'contactId', { lastName: 'Another collection' });
    expect(read()).toEqual(['A']);
    expect(update).not.toHaveBeenCalled();

    await store.insert('capas', 'capaId', { title: 'B' });
    await store.remove('capas', 1);
    expect(read()).toEqual(['A', '2:B', '1:gone']);
    expect(update).toHaveBeenCalledTimes(1);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('without an update, a write means a rebuild; inside a transaction the draft’s own records are read', async () => {
    const store = await LowdbStore.open(join(dir, 'db.json'));
    await store.insert('capas', 'capaId', { title: 'A' });
    const build = vi.fn(titles);
    expect(store.derived('capas', 'titles', build)).toEqual(['A']);
    await store.insert('capas', 'capaId', { title: 'B' });
    expect(store.derived('capas', 'titles', build)).toEqual(['A', 'B']);
    await store.transaction((tx) => {
      tx.insert('capas', 'capaId', { title: 'C' });
      expect(tx.derived('capas', 'titles', build)).toEqual(['A', 'B', 'C']);
    });
    expect(build).toHaveBeenCalledTimes(3);
  });
});
