import { carryDerived, derivedValue, type Update } from './derived';
import type { JournalEntry } from './journal';
import { ConflictError, NotFoundError, type Id, type Row, type Stored, type WriteOps } from './types';

/** The whole content of a JSON store. */
export interface StoreData {
  meta: Record<string, unknown>;
  sequences: Record<string, number>;
  collections: Record<string, Record<string, Stored>>;
}

export function emptyData(): StoreData {
  return { meta: {}, sequences: {}, collections: {} };
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Reads over one snapshot of the data (committed data, or a transaction's draft). */
export class DataReader {
  constructor(protected data: StoreData) {}

  derived<T>(collection: string, key: string, build: (records: Stored[]) => T, update?: Update<T>): T {
    const rows = this.data.collections[collection];
    if (!rows || !this.settled(collection)) return build(this.all(collection));
    return derivedValue(rows, key, () => build(this.all(collection)), update);
  }

  collectionNames(): string[] {
    return Object.keys(this.data.collections).sort();
  }

  /** Whether the collection's map of records can no longer change (a draft's touched maps can). */
  protected settled(_collection: string): boolean {
    return true;
  }

  get<T extends Row = Row>(collection: string, id: Id): Stored<T> | undefined {
    const rows = this.data.collections[collection];
    return rows && Object.hasOwn(rows, String(id)) ? (rows[String(id)] as Stored<T>) : undefined;
  }

  all<T extends Row = Row>(collection: string): Stored<T>[] {
    return Object.values(this.data.collections[collection] ?? {}) as Stored<T>[];
  }

  find<T extends Row = Row>(collection: string, predicate: (record: Stored<T>) => boolean): Stored<T>[] {
    return this.all<T>(collection).filter(predicate);
  }

  getMeta<T = unknown>(key: string): T | undefined {
    return this.data.meta[key] as T | undefined;
  }
}

/**
 * A transaction's working copy. Records are frozen, so the draft copies only the maps it
 * touches (copy-on-write) and replaces records instead of changing them: the committed
 * data stays untouched until the draft is persisted and swapped in.
 */
export class Draft extends DataReader implements WriteOps {
  private readonly touched = new Set<string>();
  /** The ids of the records written, by collection, and the meta keys set: what the journal keeps. */
  private readonly written = new Map<string, Set<string>>();
  private readonly metaKeys = new Set<string>();

  constructor(private readonly base: StoreData) {
    super({ meta: { ...base.meta }, sequences: { ...base.sequences }, collections: { ...base.collections } });
  }

  get result(): StoreData {
    return this.data;
  }

  /** What this transaction changed (null: nothing). */
  journalEntry(): JournalEntry | null {
    const records: JournalEntry['records'] = [];
    for (const [collection, ids] of this.written) for (const id of ids) records.push([collection, id, this.data.collections[collection]?.[id] ?? null]);
    const sequences = Object.fromEntries(Object.entries(this.data.sequences).filter(([name, value]) => this.base.sequences[name] !== value));
    const meta = Object.fromEntries([...this.metaKeys].map((key) => [key, this.data.meta[key]]));
    if (records.length === 0 && Object.keys(sequences).length === 0 && this.metaKeys.size === 0) return null;
    return { records, sequences, meta };
  }

  /** Once committed: the derived values of the collections written go on, marked stale by what was written. */
  carryDerived(): void {
    for (const [collection, ids] of this.written) carryDerived(this.base.collections[collection], this.data.collections[collection], ids);
  }

  private wrote(collection: string, id: Id): void {
    let ids = this.written.get(collection);
    if (!ids) this.written.set(collection, (ids = new Set()));
    ids.add(String(id));
  }

  protected override settled(collection: string): boolean {
    return !this.touched.has(collection);
  }

  private rows(collection: string): Record<string, Stored> {
    if (!this.touched.has(collection)) {
      this.data.collections[collection] = { ...(this.data.collections[collection] ?? {}) };
      this.touched.add(collection);
    }
    return this.data.collections[collection];
  }

  insert<T extends Row>(collection: string, idField: string, record: T): Stored<T & Row> {
    return this.insertMany(collection, idField, [record])[0];
  }

  insertMany<T extends Row>(collection: string, idField: string, records: readonly T[]): Stored<T & Row>[] {
    const rows = this.rows(collection);
    const ids = records.map((record) => this.idFor(collection, record[idField] as Id | undefined));
    const seen = new Set<string>();
    for (const id of ids) {
      if (Object.hasOwn(rows, String(id)) || seen.has(String(id))) throw new Error(`Duplicate id ${collection}/${id}`);
      seen.add(String(id));
    }
    return records.map((record, index) => {
      const id = ids[index];
      const stored = deepFreeze(structuredClone({ [idField]: id, ...record, version: 1 })) as Stored<T>;
      rows[String(id)] = stored;
      this.wrote(collection, id);
      return stored;
    });
  }

  /** A record's id: its own (a number raises the sequence), else the sequence's next. */
  private idFor(collection: string, id: Id | undefined | null): Id {
    if (id === undefined || id === null) return this.nextId(collection);
    if (typeof id === 'number' && id > (this.data.sequences[collection] ?? 0)) this.data.sequences[collection] = id;
    return id;
  }

  update<T extends Row>(collection: string, id: Id, change: (current: Stored<T>) => T, expectedVersion?: number): Stored<T> {
    const current = this.get<T>(collection, id);
    if (!current) throw new NotFoundError(collection, id);
    if (expectedVersion !== undefined && expectedVersion !== current.version) {
      throw new ConflictError(collection, id, expectedVersion, current.version);
    }
    const next = deepFreeze(structuredClone({ ...change(current), version: current.version + 1 })) as Stored<T>;
    this.rows(collection)[String(id)] = next;
    this.wrote(collection, id);
    return next;
  }

  remove(collection: string, id: Id): boolean {
    if (!this.get(collection, id)) return false;
    delete this.rows(collection)[String(id)];
    this.wrote(collection, id);
    return true;
  }

  nextId(collection: string): number {
    const id = (this.data.sequences[collection] ?? 0) + 1;
    this.data.sequences[collection] = id;
    return id;
  }

  setMeta(key: string, value: unknown): void {
    this.data.meta[key] = deepFreeze(structuredClone(value));
    this.metaKeys.add(key);
  }
}
