import { Low } from 'lowdb';
import { DurableJsonFile } from './durable-file';
import { DataReader, Draft, deepFreeze, emptyData, type StoreData } from './draft';
import type { Id, Row, Store, Stored, WriteOps } from './types';

/**
 * The embedded store: all data in memory, one JSON file on disk. Writes go through one
 * promise queue, so they never interleave, and each is on disk before it resolves.
 */
export class LowdbStore extends DataReader implements Store {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly db: Low<StoreData>) {
    super(db.data);
  }

  static async open(file: string): Promise<LowdbStore> {
    const db = new Low<StoreData>(new DurableJsonFile<StoreData>(file), emptyData());
    await db.read();
    db.data = deepFreeze({ ...emptyData(), ...db.data });
    return new LowdbStore(db);
  }

  transaction<R>(work: (tx: WriteOps) => R | Promise<R>): Promise<R> {
    const run = async () => {
      const draft = new Draft(this.db.data);
      const result = await work(draft);
      const next = draft.result;
      await this.db.adapter.write(next);
      this.db.data = next;
      this.data = next;
      return result;
    };
    const done = this.queue.then(run, run);
    this.queue = done.catch(() => undefined);
    return done;
  }

  insert<T extends Row>(collection: string, idField: string, record: T): Promise<Stored<T & Row>> {
    return this.transaction((tx) => tx.insert(collection, idField, record));
  }

  update<T extends Row>(collection: string, id: Id, change: (current: Stored<T>) => T, expectedVersion?: number): Promise<Stored<T>> {
    return this.transaction((tx) => tx.update(collection, id, change, expectedVersion));
  }

  remove(collection: string, id: Id): Promise<boolean> {
    return this.transaction((tx) => tx.remove(collection, id));
  }

  isEmpty(): boolean {
    return Object.values(this.data.collections).every((rows) => Object.keys(rows).length === 0);
  }

  /** Waits for queued writes; the in-memory data needs no other cleanup. */
  async close(): Promise<void> {
    await this.queue;
  }
}
