import type { Update } from './derived';

/**
 * The storage interface every adapter implements (lowdb today, PostgreSQL later).
 * Records are plain JSON objects carrying their id field and a `version` integer
 * (1 on insert, +1 on each update). Records handed out are frozen: copy, never mutate.
 */
export type Id = string | number;
export type Row = Record<string, unknown>;
export type Stored<T extends Row = Row> = Readonly<T & { version: number }>;

export interface ReadOps {
  get<T extends Row = Row>(collection: string, id: Id): Stored<T> | undefined;
  all<T extends Row = Row>(collection: string): Stored<T>[];
  find<T extends Row = Row>(collection: string, predicate: (record: Stored<T>) => boolean): Stored<T>[];
  getMeta<T = unknown>(key: string): T | undefined;
  /**
   * A value computed from a collection's records (a search index), kept until the collection
   * next changes. After a write, `update` (when given) brings the kept value up to date from
   * the records written; otherwise `build` runs again. `key` names the value.
   */
  derived<T>(collection: string, key: string, build: (records: Stored[]) => T, update?: Update<T>): T;
}

export interface WriteOps extends ReadOps {
  /** Adds a record; when `record[idField]` is absent the collection's sequence gives the next id (never reused). */
  insert<T extends Row>(collection: string, idField: string, record: T): Stored<T & Row>;
  /** `insert` of each record in turn; a duplicate id refuses the whole call (nothing of it written, ids taken stay taken). */
  insertMany<T extends Row>(collection: string, idField: string, records: readonly T[]): Stored<T & Row>[];
  /** Replaces a record by what `change` returns; NotFoundError when absent, ConflictError on a stale expected version. */
  update<T extends Row>(collection: string, id: Id, change: (current: Stored<T>) => T, expectedVersion?: number): Stored<T>;
  remove(collection: string, id: Id): boolean;
  /** Takes the next id of the collection's sequence (for fields derived from the id, like readable numbers). */
  nextId(collection: string): number;
  setMeta(key: string, value: unknown): void;
}

/** The embedded store's journal and its folding into the data file (docs/store.md "Embedded writes"). */
export interface JournalState {
  dataFileBytes: number;
  journalBytes: number;
  /** The journal size past which the next write starts a fold. */
  foldAtBytes: number;
  folding: boolean;
  /** When the last fold of this process ended (ISO), or null. */
  lastFoldAt: string | null;
}

/** What the administrators' database page shows of the store itself (server/admin/database.ts). */
export type StoreState =
  | { kind: 'embedded'; collections: string[]; journal: JournalState }
  | { kind: 'postgres'; collections: string[]; migration: { level: number; latest: number; pending: number[] } };

export interface Store extends ReadOps {
  /**
   * The serialized write section: writes run one at a time, see only committed data plus
   * their own changes, and are durable when the promise resolves. If `work` throws or
   * persisting fails, nothing of it is visible.
   */
  transaction<R>(work: (tx: WriteOps) => R | Promise<R>): Promise<R>;
  insert<T extends Row>(collection: string, idField: string, record: T): Promise<Stored<T & Row>>;
  update<T extends Row>(collection: string, id: Id, change: (current: Stored<T>) => T, expectedVersion?: number): Promise<Stored<T>>;
  remove(collection: string, id: Id): Promise<boolean>;
  /** True when no collection holds a record (the demo seed only goes into an empty store). */
  isEmpty(): boolean;
  /** The collections that hold or held records. */
  collectionNames(): string[];
  /** The journal's state, for a store that keeps one. */
  journalState?(): JournalState;
  close(): Promise<void>;
}

export class ConflictError extends Error {
  constructor(readonly collection: string, readonly id: Id, readonly expected: number, readonly actual: number) {
    super(`Stale version of ${collection}/${id}: expected ${actual}, got ${expected}`);
  }
}

export class NotFoundError extends Error {
  constructor(readonly collection: string, readonly id: Id) {
    super(`No ${collection}/${id}`);
  }
}

// ---- the asynchronous, declarative interface (DESIGN rule 5): both adapters implement it ----

export type { Condition, Order, Query } from './query';
export type { AggregateQuery, AggregateRow } from './aggregate';
import type { CountQuery, Query } from './query';
import type { AggregateQuery, AggregateRow } from './aggregate';

/** Reads: one record by id, or a declarative query (never a JS predicate). */
export interface Reader {
  get<T extends Row = Row>(collection: string, id: Id): Promise<Stored<T> | undefined>;
  query<T extends Row = Row>(query: Query): Promise<Stored<T>[]>;
  /**
   * How many records match; with a `limit`, counting stops there (the answer is at most `limit`),
   * and `orderBy` names the order of the records it reads (an index that has it, when one does).
   */
  count(query: CountQuery): Promise<number>;
  /**
   * The matches of `where` grouped by fields or date buckets, with their measures (count, sum,
   * avg, min, max, countDistinct): one row per group, ordered by the group keys (nulls last)
   * after `orderBy`, at most `limit` (aggregate.ts, docs/store.md "Aggregates").
   */
  aggregate(query: AggregateQuery): Promise<AggregateRow[]>;
  getMeta<T = unknown>(key: string): Promise<T | undefined>;
}

/** Writes inside a transaction; each sees the transaction's own earlier writes. */
export interface Writer extends Reader {
  /** Adds a record; without `record[idField]` the collection's sequence gives the next id (never reused). */
  insert<T extends Row>(collection: string, idField: string, record: T): Promise<Stored<T & Row>>;
  /**
   * What `insert` of each record in turn gives (ids, versions, frozen records, positions), in
   * fewer steps: PostgreSQL takes the ids in one query and writes the rows in a few statements.
   * A duplicate id (stored, or twice in `records`) refuses the whole call: nothing of it is
   * written, the ids it took stay taken, the transaction goes on.
   */
  insertMany<T extends Row>(collection: string, idField: string, records: readonly T[]): Promise<Stored<T & Row>[]>;
  /** Replaces a record by what `change` returns; NotFoundError when absent, ConflictError on a stale expected version. */
  update<T extends Row>(collection: string, id: Id, change: (current: Stored<T>) => T, expectedVersion?: number): Promise<Stored<T>>;
  remove(collection: string, id: Id): Promise<boolean>;
  nextId(collection: string): Promise<number>;
  setMeta(key: string, value: unknown): Promise<void>;
}

export interface AsyncStore extends Reader {
  /**
   * A real transaction: `work` sees committed data plus its own writes; if it throws, nothing of
   * it is kept; when the promise resolves, its writes are durable. An adapter may run `work`
   * again after a serialization conflict, so `work` must have no effect outside the store.
   */
  transaction<R>(work: (tx: Writer) => Promise<R>): Promise<R>;
  /** True when no collection holds a record (the demo seed only goes into an empty store). */
  isEmpty(): Promise<boolean>;
  /** Its collections and its own state: the journal (embedded) or the migration level (PostgreSQL). */
  state?(): Promise<StoreState>;
  close(): Promise<void>;
}
