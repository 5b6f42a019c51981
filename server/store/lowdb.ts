import { stat } from 'node:fs/promises';
import { Low } from 'lowdb';
import { DurableJsonFile } from './durable-file';
import { DataReader, Draft, deepFreeze, emptyData, type StoreData } from './draft';
import { applyEntry, Journal } from './journal';
import type { Id, Row, Store, Stored, WriteOps } from './types';

/** The journal is folded into the data file once it holds this much, or half the data file's size. */
const MIN_JOURNAL_BYTES = 16 * 1024 * 1024;

/**
 * The embedded store: all data in memory, one JSON file on disk plus its journal
 * (`<file>.journal`). Writes go through one promise queue, so they never interleave; each
 * appends its change to the journal and is on disk before it resolves. The JSON file is
 * rewritten (atomically) only when the journal grows past its threshold, so a write costs
 * the size of its change, not of the store.
 */
export class LowdbStore extends DataReader implements Store {
  private queue: Promise<unknown> = Promise.resolve();
  private closed: Promise<void> | undefined;

  private constructor(
    private readonly db: Low<StoreData>,
    private readonly journal: Journal,
    /** Size of the data file when it was last written. */
    private fileBytes: number,
    private readonly minJournalBytes: number,
    private readonly foldAtBytes: number | undefined,
  ) {
    super(db.data);
  }

  /**
   * `minJournalBytes`: the journal size that may trigger a rewrite of the data file (tests lower it);
   * `foldAtBytes`: fold past exactly this size, whatever the data file's (tests and the bench force folds).
   */
  static async open(file: string, { minJournalBytes = MIN_JOURNAL_BYTES, foldAtBytes }: { minJournalBytes?: number; foldAtBytes?: number } = {}): Promise<LowdbStore> {
    const db = new Low<StoreData>(new DurableJsonFile<StoreData>(file), emptyData());
    await db.read();
    const data: StoreData = { ...emptyData(), ...db.data };
    const { journal, entries } = await Journal.open(`${file}.journal`);
    for (const entry of entries) applyEntry(data, entry);
    db.data = deepFreeze(data);
    const fileBytes = await stat(file).then((info) => info.size, () => 0);
    return new LowdbStore(db, journal, fileBytes, minJournalBytes, foldAtBytes);
  }

  transaction<R>(work: (tx: WriteOps) => R | Promise<R>): Promise<R> {
    const run = async () => {
      const draft = new Draft(this.db.data);
      const result = await work(draft);
      const entry = draft.journalEntry();
      if (entry) {
        await this.journal.append(entry);
        this.db.data = draft.result;
        this.data = draft.result;
        draft.carryDerived();
        if (this.journal.size > (this.foldAtBytes ?? Math.max(this.minJournalBytes, this.fileBytes / 2))) await this.compact();
      }
      return result;
    };
    const done = this.queue.then(run, run);
    this.queue = done.catch(() => undefined);
    return done;
  }

  /**
   * Rewrites the data file with everything, then empties the journal. A crash in between
   * leaves a journal whose entries the file already holds: replaying them sets the same values.
   */
  private async compact(): Promise<void> {
    await this.db.write();
    this.fileBytes = await stat(this.fileName).then((info) => info.size);
    await this.journal.clear();
  }

  private get fileName(): string {
    return (this.db.adapter as DurableJsonFile<StoreData>).file;
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

  /** Waits for queued writes and leaves everything in the data file alone (the journal empty). */
  async close(): Promise<void> {
    if (this.closed) return this.closed;
    this.closed = this.queue.then(async () => {
      if (this.journal.size > 0) await this.compact();
      await this.journal.close();
    });
    return this.closed;
  }
}
