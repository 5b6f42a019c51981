import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LowdbStore } from '../../server/store/lowdb';

/**
 * The embedded store's group commit (server/store/lowdb.ts `transaction`, journal.ts `append`):
 * transactions still run one at a time, each over the previous one's data, but the journal entries
 * of those made while a disk write is under way go to disk together; each is acknowledged once on
 * disk, readers see it then, and a failed disk write refuses the writes made over it.
 */
let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qcflow-group-'));
  file = join(dir, 'db.json');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** The prototype of node's FileHandle (the journal's writes go through its `write`). */
async function fileHandlePrototype() {
  const handle = await open(join(dir, 'probe'), 'w');
  const prototype = Object.getPrototypeOf(handle);
  await handle.close();
  return prototype;
}

describe('group commit', () => {
  it('50 writes at once take a few disk writes, not 50; each sees the one before; all survive a reopen', async () => {
    const store = await LowdbStore.open(file);
    const write = vi.spyOn(await fileHandlePrototype(), 'write');
    const inserted = await Promise.all(Array.from({ length: 50 }, (_, i) => store.insert('capas', 'capaId', { title: `Capa ${i}` })));
    expect(inserted.map((capa) => capa.capaId)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(write.mock.calls.length).toBeLessThanOrEqual(3);
    expect((await readFile(`${file}.journal`, 'utf8')).trim().split('\n')).toHaveLength(50);
    // No close: as after kill -9.
    expect((await LowdbStore.open(file)).all('capas')).toHaveLength(50);
  });

  it('a write is seen by readers only once it is on disk', async () => {
    const store = await LowdbStore.open(file);
    let release: () => void = () => undefined;
    const prototype = await fileHandlePrototype();
    const realWrite = prototype.write;
    vi.spyOn(prototype, 'write').mockImplementationOnce(async function (this: unknown, ...args: unknown[]) {
      await new Promise<void>((resolve) => (release = resolve));
      return realWrite.apply(this, args);
    });
    const pending = store.insert('capas', 'capaId', { title: 'Not yet on disk' });
    // The transaction has run (the next one starts over its data) but its write waits.
    const next = store.insert('capas', 'capaId', { title: 'Made over it' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.all('capas')).toEqual([]);
    release();
    expect((await pending).capaId).toBe(1);
    expect((await next).capaId).toBe(2);
    expect(store.all('capas').map((capa) => capa.title)).toEqual(['Not yet on disk', 'Made over it']);
  });

  it('a failed disk write refuses its writes and those made over them; the next ones start from the durable data', async () => {
    const store = await LowdbStore.open(file);
    await store.insert('capas', 'capaId', { title: 'Durable' });
    const prototype = await fileHandlePrototype();
    let release: () => void = () => undefined;
    vi.spyOn(prototype, 'write').mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    });
    const failing = store.insert('capas', 'capaId', { title: 'Lost with the disk' });
    const madeOverIt = store.insert('capas', 'capaId', { title: 'Made over the lost one' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(failing).rejects.toThrow('disk full');
    await expect(madeOverIt).rejects.toThrow();
    const after = await store.insert('capas', 'capaId', { title: 'After the failure' });
    expect(after.capaId).toBe(2);
    expect(store.all('capas').map((capa) => capa.title)).toEqual(['Durable', 'After the failure']);
    expect((await LowdbStore.open(file)).all('capas').map((capa) => capa.title)).toEqual(['Durable', 'After the failure']);
  });
});
