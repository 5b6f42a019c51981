import { runQuery, type Query } from './query';
import type { AsyncStore, Id, ReadOps, Reader, Row, Store, Stored, WriteOps, Writer } from './types';

/**
 * The embedded store behind the asynchronous, declarative interface (`AsyncStore`): queries run
 * in memory over one snapshot (`runQuery`), transactions are the lowdb write queue. Routes move
 * to this interface one by one; the PostgreSQL adapter implements the same.
 */
class SnapshotReader implements Reader {
  constructor(protected readonly reads: ReadOps) {}

  async get<T extends Row = Row>(collection: string, id: Id): Promise<Stored<T> | undefined> {
    return this.reads.get<T>(collection, id);
  }

  async query<T extends Row = Row>(query: Query): Promise<Stored<T>[]> {
    return runQuery(this.reads.all<T>(query.collection), query);
  }

  async count(query: Omit<Query, 'orderBy' | 'limit' | 'offset'>): Promise<number> {
    return runQuery(this.reads.all(query.collection), { where: query.where }).length;
  }

  async getMeta<T = unknown>(key: string): Promise<T | undefined> {
    return this.reads.getMeta<T>(key);
  }
}

class DraftWriter extends SnapshotReader implements Writer {
  constructor(private readonly tx: WriteOps) {
    super(tx);
  }

  async insert<T extends Row>(collection: string, idField: string, record: T): Promise<Stored<T & Row>> {
    return this.tx.insert(collection, idField, record);
  }

  async update<T extends Row>(collection: string, id: Id, change: (current: Stored<T>) => T, expectedVersion?: number): Promise<Stored<T>> {
    return this.tx.update(collection, id, change, expectedVersion);
  }

  async remove(collection: string, id: Id): Promise<boolean> {
    return this.tx.remove(collection, id);
  }

  async nextId(collection: string): Promise<number> {
    return this.tx.nextId(collection);
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    this.tx.setMeta(key, value);
  }
}

class LowdbAsyncStore extends SnapshotReader implements AsyncStore {
  constructor(private readonly store: Store) {
    super(store);
  }

  transaction<R>(work: (tx: Writer) => Promise<R>): Promise<R> {
    return this.store.transaction((tx) => work(new DraftWriter(tx)));
  }

  async isEmpty(): Promise<boolean> {
    return this.store.isEmpty();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

export const asyncStore = (store: Store): AsyncStore => new LowdbAsyncStore(store);

/**
 * A synchronous transaction's draft as a `Writer`: for the demo seed (one synchronous lowdb
 * transaction) and the service wizard's merge lookup (the service search index, until the lowdb
 * planner uses it) calling the shared asynchronous helpers. Routes use `AsyncStore.transaction`.
 */
export const draftWriter = (tx: WriteOps): Writer => new DraftWriter(tx);
