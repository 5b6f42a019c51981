import { stat } from 'node:fs/promises';
import { Low } from 'lowdb';
import { DurableJsonFile } from './durable-file';
import { DataReader, Draft, deepFreeze, emptyData, type StoreData } from './draft';
import { foldInProcess } from './fold';
import { applyEntry, Journal } from './journal';
import type { Id, JournalState, Row, Store, Stored, WriteOps } from './types';

/** The journal is folded into the data file once it holds this much, or half the data file's size. */
const MIN_JOURNAL_BYTES = 16 * 1024 * 1024;

/**
 * The embedded store: all data in memory, one JSON file on disk plus its journal
 * (`<file>.journal`). Writes go through one promise queue, so they never interleave; each
 * appends its change to the journal and is on disk before it resolves (the changes of the writes
 * made meanwhile go to disk together, `transaction`). The JSON file is
 * rewritten (atomically) only when the journal grows past its threshold, so a write costs
 * the size of its change, not of the store; that rewrite (the fold) runs beside the queue.
 */
export class LowdbStore extends DataReader implements Store {
  private queue: Promise<unknown> = Promise.resolve();
  private closed: Promise<void> | undefined;
  /** The fold under way, if any. */
  private folding: Promise<void> | undefined;
  /** The data with every transaction made so far, durable or not yet: the next transaction's start. */
  private head: StoreData;
  /** When the last fold ended. */
  private lastFoldAt: Date | undefined;
  /** Bumped when a journal write fails: transactions begun before are refused. */
  private epoch = 0;
  /** Transactions made (with something to write), and the last one readers see. */
  private made = 0;
  private published = 0;
  /** Journal writes not acknowledged yet. */
  private readonly inFlight = new Set<Promise<void>>();

  private constructor(
    private readonly db: Low<StoreData>,
    private readonly journal: Journal,
    /** Size of the data file when it was last written. */
    private fileBytes: number,
    private readonly minJournalBytes: number,
    private readonly foldAtBytes: number | undefined,
  ) {
    super(db.data);
    this.head = db.data;
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

  /**
   * Transactions run one after the other, each over the data the previous one left (`head`), and
   * each is acknowledged once its journal entry is on disk. The next one does not wait for that
   * disk write: the entries of the transactions made meanwhile go to disk together (journal.ts, group
   * commit), so under load a write waits for one disk write, not for those of the writes queued
   * before it. Readers see a write once it is durable (`data` is replaced then, in commit order).
   */
  async transaction<R>(work: (tx: WriteOps) => R | Promise<R>): Promise<R> {
    const made = await this.exclusive(async () => {
      const epoch = this.epoch;
      const draft = new Draft(this.head);
      const result = await work(draft);
      const entry = draft.journalEntry();
      if (!entry) return { result };
      // A write failed while this one ran: its data is gone, and this one was made over it.
      if (epoch !== this.epoch) throw new Error('store: an earlier write failed, this one was not made');
      this.head = draft.result;
      draft.carryDerived();
      const durable = this.journal.append(entry);
      this.inFlight.add(durable);
      void durable.catch(() => undefined).finally(() => this.inFlight.delete(durable));
      return { result, durable, state: draft.result, epoch, order: ++this.made };
    });
    if (!made.durable) return made.result;
    try {
      await made.durable;
    } catch (error) {
      // The write and those made over it are refused (journal.ts): later ones start again from the durable data.
      if (made.epoch === this.epoch) {
        this.epoch++;
        this.head = this.data;
        this.journal.resume();
      }
      throw error;
    }
    if (made.order > this.published) {
      this.published = made.order;
      this.db.data = made.state;
      this.data = made.state;
    }
    if (!this.folding && !this.closed && this.journal.size > this.foldThreshold) {
      // Not awaited: the write is durable already, and the next ones need not wait for the fold.
      this.folding = this.fold()
        .catch((error: unknown) => console.error('store: folding the journal into the data file failed; the journal keeps every write', error))
        .finally(() => (this.folding = undefined));
    }
    return made.result;
  }

  /** Runs `work` in the write queue, after every write queued before. */
  private exclusive<R>(work: () => Promise<R>): Promise<R> {
    const done = this.queue.then(work, work);
    this.queue = done.catch(() => undefined);
    return done;
  }

  /**
   * Rewrites the data file with the journal as it is now, in another process, while requests are
   * answered and writes go on appending to the journal; once the file is durable, the journal
   * drops the entries it holds. Called in the write queue, so no append is half done.
   */
  private async fold(): Promise<void> {
    const upTo = this.journal.size;
    await foldInProcess({ file: this.fileName, journal: this.journal.file, upTo });
    const fileBytes = await stat(this.fileName).then((info) => info.size);
    await this.exclusive(async () => {
      this.fileBytes = fileBytes;
      await this.journal.dropBefore(upTo);
    });
    this.lastFoldAt = new Date();
  }

  journalState(): JournalState {
    return {
      dataFileBytes: this.fileBytes,
      journalBytes: this.journal.size,
      foldAtBytes: this.foldThreshold,
      folding: !!this.folding,
      lastFoldAt: this.lastFoldAt?.toISOString() ?? null,
    };
  }

  private get foldThreshold(): number {
    return this.foldAtBytes ?? Math.max(this.minJournalBytes, this.fileBytes / 2);
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
        // Every write made is acknowledged (or refused) first: `data` then holds them all.
        await Promise.allSettled([...this.inFlight]);
        await this.journal.settled();
        if (this.journal.size > 0) {
          await this.db.adapter.write(this.head);
          await this.journal.clear();
        }
        await this.journal.close();
      });
    })();
    return this.closed;
  }
}
