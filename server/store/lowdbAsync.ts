import { buildIndex, candidates, servesOrder, updateIndex, type IndexDef, type IndexDefs, type OrderedIndex } from './orderedIndex';
import { matcher, project, runQuery, type CountQuery, type Query } from './query';
import { checkAggregate, runAggregate, type AggregateQuery, type AggregateRow } from './aggregate';
import type { AsyncStore, Id, ReadOps, Reader, Row, Store, StoreState, Stored, WriteOps, Writer } from './types';


/**
 * The embedded store behind the asynchronous, declarative interface (`AsyncStore`): queries run
 * in memory over one snapshot, transactions are the lowdb write queue. A query in the order of
 * one of its collection's indexes reads that index (kept per snapshot by `derived`), narrowed by
 * the range and keywords of its condition, and stops once it has its page; any other query scans
 * the collection (`runQuery`). The PostgreSQL adapter answers the same queries.
 */
class SnapshotReader implements Reader {
  constructor(
    protected readonly reads: ReadOps,
    protected readonly indexes: IndexDefs,
  ) {}

  async get<T extends Row = Row>(collection: string, id: Id): Promise<Stored<T> | undefined> {
    return this.reads.get<T>(collection, id);
  }

  async query<T extends Row = Row>(query: Query): Promise<Stored<T>[]> {
    const def = this.indexes.get(query.collection)?.ordered.find((index) => servesOrder(index, query.orderBy));
    if (!def) return runQuery(this.reads.all<T>(query.collection), query);
    return this.scan(this.index(query.collection, def), query).map((row) => project(row, query.select)) as Stored<T>[];
  }

  async count(query: CountQuery): Promise<number> {
    const { where, limit } = query;
    return this.matches(query.collection, { where, limit }, query.orderBy).length;
  }

  async aggregate(query: AggregateQuery): Promise<AggregateRow[]> {
    checkAggregate(query);
    return runAggregate(this.matches(query.collection, { where: query.where }), query, true);
  }

  /**
   * The records matching `where`, at most `limit`. Any index narrows them: the one of `orderBy`
   * if there is one (the order matters with a limit only), else the collection's first.
   */
  private matches(collection: string, query: Pick<Query, 'where' | 'limit'>, orderBy?: Query['orderBy']): Stored[] {
    const ordered = this.indexes.get(collection)?.ordered ?? [];
    const def = ordered.find((index) => servesOrder(index, orderBy)) ?? ordered[0];
    if (!def) return runQuery(this.reads.all(collection), query);
    return this.scan(this.index(collection, def), query);
  }

  private index(collection: string, def: IndexDef): OrderedIndex {
    return this.reads.derived(collection, `index:${JSON.stringify(def)}`, (records) => buildIndex(def, records), updateIndex);
  }

  /** The index's candidates that match, after `offset`, at most `limit`. */
  private scan(index: OrderedIndex, query: Omit<Query, 'collection'>): Stored[] {
    const { limit, offset = 0 } = query;
    const found: Stored[] = [];
    if (limit === 0) return found;
    const matches = matcher(query.where);
    let skipped = 0;
    for (const row of candidates(index, query.where)) {
      if (!matches(row)) continue;
      if (skipped < offset) {
        skipped++;
        continue;
      }
      found.push(row);
      if (found.length === limit) break;
    }
    return found;
  }

  async getMeta<T = unknown>(key: string): Promise<T | undefined> {
    return this.reads.getMeta<T>(key);
  }
}

class DraftWriter extends SnapshotReader implements Writer {
  constructor(
    private readonly tx: WriteOps,
    indexes: IndexDefs,
  ) {
    super(tx, indexes);
  }

  async insert<T extends Row>(collection: string, idField: string, record: T): Promise<Stored<T & Row>> {
    return this.tx.insert(collection, idField, record);
  }

  async insertMany<T extends Row>(collection: string, idField: string, records: readonly T[]): Promise<Stored<T & Row>[]> {
    return this.tx.insertMany(collection, idField, records);
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
  constructor(
    private readonly store: Store,
    indexes: IndexDefs,
  ) {
    super(store, indexes);
  }

  transaction<R>(work: (tx: Writer) => Promise<R>): Promise<R> {
    return this.store.transaction((tx) => work(new DraftWriter(tx, this.indexes)));
  }

  async isEmpty(): Promise<boolean> {
    return this.store.isEmpty();
  }

  async state(): Promise<StoreState> {
    const collections = this.store.collectionNames();
    const journal = this.store.journalState?.() ?? { dataFileBytes: 0, journalBytes: 0, foldAtBytes: 0, folding: false, lastFoldAt: null };
    return { kind: 'embedded', collections, journal };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

export const asyncStore = (store: Store, indexes: IndexDefs = new Map()): AsyncStore => new LowdbAsyncStore(store, indexes);

/**
 * A synchronous transaction's draft as a `Writer`: for the demo seed (one synchronous lowdb
 * transaction) and the service wizard's merge lookup (the service search index, until the lowdb
 * planner uses it) calling the shared asynchronous helpers. Routes use `AsyncStore.transaction`.
 */
export const draftWriter = (tx: WriteOps, indexes: IndexDefs = new Map()): Writer => new DraftWriter(tx, indexes);
