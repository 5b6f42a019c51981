import type { AsyncStore, Id, Row, Stored, Writer } from '../../server/store/types';

/**
 * The API tests' one way to the data: asynchronous, over whichever `AsyncStore` the test server
 * runs on (lowdb today, PostgreSQL later), so that swapping the store needs no test change.
 * Each write is a transaction of its own.
 */
export interface TestStore {
  get<T extends Row = Row>(collection: string, id: Id): Promise<Stored<T> | undefined>;
  all<T extends Row = Row>(collection: string): Promise<Stored<T>[]>;
  /** Tests may filter with a JS predicate (routes never do). */
  find<T extends Row = Row>(collection: string, predicate: (record: Stored<T>) => boolean): Promise<Stored<T>[]>;
  insert<T extends Row>(collection: string, idField: string, record: T): Promise<Stored<T & Row>>;
  update<T extends Row>(collection: string, id: Id, change: (current: Stored<T>) => T, expectedVersion?: number): Promise<Stored<T>>;
  remove(collection: string, id: Id): Promise<boolean>;
  getMeta<T = unknown>(key: string): Promise<T | undefined>;
  transaction<R>(work: (tx: Writer) => Promise<R>): Promise<R>;
  isEmpty(): Promise<boolean>;
}

export function testStore(db: AsyncStore): TestStore {
  const all = <T extends Row = Row>(collection: string) => db.query<T>({ collection });
  return {
    get: (collection, id) => db.get(collection, id),
    all,
    find: async <T extends Row = Row>(collection: string, predicate: (record: Stored<T>) => boolean) => (await all<T>(collection)).filter(predicate),
    insert: (collection, idField, record) => db.transaction((tx) => tx.insert(collection, idField, record)),
    update: (collection, id, change, expectedVersion) => db.transaction((tx) => tx.update(collection, id, change, expectedVersion)),
    remove: (collection, id) => db.transaction((tx) => tx.remove(collection, id)),
    getMeta: (key) => db.getMeta(key),
    transaction: (work) => db.transaction(work),
    isEmpty: () => db.isEmpty(),
  };
}
