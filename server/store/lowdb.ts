import { stat } from 'node:fs/promises';
import { Low } from 'lowdb';
import { DurableJsonFile } from './durable-file';
import { DataReader, Draft, deepFreeze, emptyData, type StoreData } from './draft';
import { foldOnWorker } from './fold';
import { applyEntry, Journal } from './journal';
import type { Id, Row, Store, Stored, WriteOps } from './types';

/** The journal is folded into the data file once it holds this much, or half the data file's size. */
const MIN_JOURNAL_BYTES = 16 * 1024 * 1024;

/**
 * The embedded store: all data in memory, one JSON file on disk plus its journal
 * (`<file>.journal`). Writes go through one promise queue, so they never interleave; each
 * appends its change to the journal and is on disk before it resolves. The JSON file is
 * rewritten (atomically) only when the journal grows past its threshold, so a write costs
 * the size of its change, not of the store; that rewrite (the fold) runs beside the queue.
 */
export class LowdbStore extends DataReader implements Store {
  private queue: Promise<unknown> = Promise.resolve();
  private closed: Promise<void> | undefined;
  /** The fold under way, if any. */
  private folding: Promise<void> | undefined;

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

  /** The committed data (frozen): what `npm run db:import` copies into PostgreSQL. */
  snapshot(): StoreData {
    return this.data;
  }

  transaction<R>(work: (tx: WriteOps) => R | Promise<R>): Promise<R> {
    return this.exclusive(async () => {
      const draft = new Draft(this.db.data);
      const result = await work(draft);
      const entry = draft.journalEntry();
      if (entry) {
        await this.journal.append(entry);
        this.db.data = draft.result;
        this.data = draft.result;
        draft.carryDerived();
        if (!this.folding && !this.closed && this.journal.size > (this.foldAtBytes ?? Math.max(this.minJournalBytes, this.fileBytes / 2))) {
          // Not awaited: the write is durable already, and the next ones need not wait for the fold.
          this.folding = this.fold()
            .catch((error: unknown) => console.error('store: folding the journal into the data file failed; the journal keeps every write', error))
            .finally(() => (this.folding = undefined));
        }
      }
      return result;
    });
  }

  /** Runs `work` in the write queue, after every write queued before. */
  private exclusive<R>(work: () => Promise<R>): Promise<R> {
    const done = this.queue.then(work, work);
    this.queue = done.catch(() => undefined);
    return done;
  }

  /**
   * Rewrites the data file with the journal as it is now, on a worker thread, while requests are
   * answered and writes go on appending to the journal; once the file is durable, the journal
   * drops the entries it holds. Called in the write queue, so no append is half done.
   */
  private async fold(): Promise<void> {
    const upTo = this.journal.size;
    await foldOnWorker({ file: this.fileName, journal: this.journal.file, upTo });
    const fileBytes = await stat(this.fileName).then((info) => info.size);
    await this.exclusive(async () => {
      this.fileBytes = fileBytes;
      await this.journal.dropBefore(upTo);
    });
  }

  /** Resolves when no fold is under way (tests). */
  async folded(): Promise<void> {
    while (this.folding) await this.folding;
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

  /** Waits for queued writes and a fold under way, and leaves everything in the data file alone (the journal empty). */
  async close(): Promise<void> {
    if (this.closed) return this.closed;
    // `closed` is set before any queued write runs: none of them starts a fold.
    this.closed = (async () => {
      await this.folded();
      await this.exclusive(async () => {
        if (this.journal.size > 0) {
          await this.db.adapter.write(this.data);
          await this.journal.clear();
        }
        await this.journal.close();
      });
    })();
    return this.closed;
  }
}
