import { constants } from 'node:fs';
import { mkdir, open, rename, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { syncDirectory, writeAll } from './durable-file';
import type { StoreData } from './draft';
import type { Stored } from './types';

/**
 * What one transaction changed, as values to set (never deltas), so replaying an entry over
 * data that already holds it changes nothing: `records` are [collection, id, record or null
 * when removed], `sequences` and `meta` the new values of the keys it changed.
 */
export interface JournalEntry {
  records: [string, string, Stored | null][];
  sequences: Record<string, number>;
  meta: Record<string, unknown>;
}

/** Puts an entry's values into data being loaded (not frozen yet). */
export function applyEntry(data: StoreData, entry: JournalEntry): void {
  for (const [collection, id, record] of entry.records) {
    const rows = (data.collections[collection] ??= {});
    if (record) rows[id] = record;
    else delete rows[id];
  }
  Object.assign(data.sequences, entry.sequences);
  Object.assign(data.meta, entry.meta);
}

/**
 * Read and append, each write on disk before it returns (O_DSYNC, as write + fdatasync): an
 * append then waits for one turn of the event loop instead of two, which under load (a turn is
 * as long as the requests answered in it) halves the time a write holds the store's write queue.
 */
const APPEND_DURABLY = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC;

/**
 * The write-ahead journal beside the data file: one JSON line per transaction, appended and
 * fsynced before the transaction is acknowledged. A write then costs the size of its change,
 * not of the whole store; the data file is rewritten only when the journal grows large.
 */
export class Journal {
  /** Lines appended and not written yet: the next write takes them all (group commit). */
  private queued: { line: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private writeScheduled = false;
  /** Every file operation, one after the other (a write, a clear, a drop). */
  private chain: Promise<unknown> = Promise.resolve();
  /** Set by a failed write: later appends are refused until the store has gone back to its durable data (`resume`). */
  private failure: unknown;

  private constructor(
    readonly file: string,
    private handle: FileHandle,
    /** Bytes in the file: durable entries only. */
    public size: number,
  ) {}

  /** Opens (creates) the journal and reads its entries; a last line torn by a crash is cut off. */
  static async open(file: string): Promise<{ journal: Journal; entries: JournalEntry[] }> {
    await mkdir(dirname(file), { recursive: true });
    const handle = await open(file, APPEND_DURABLY, 0o600);
    await syncDirectory(dirname(file)); // the journal's own name survives a crash
    const text = (await handle.readFile()).toString('utf8');
    const complete = text.lastIndexOf('\n') + 1;
    const size = Buffer.byteLength(text.slice(0, complete));
    // An unfinished line was never acknowledged: its transaction did not happen.
    if (complete < text.length) {
      await handle.truncate(size);
      await handle.sync();
    }
    const entries = text
      .slice(0, complete)
      .split('\n')
      .filter(Boolean)
      .map((line, i) => {
        try {
          return JSON.parse(line) as JournalEntry;
        } catch {
          // A complete line was written whole and fsynced: a bad one is damage, not a crash to recover from.
          throw new Error(`${file}: line ${i + 1} is damaged; restore the file from a backup`);
        }
      });
    return { journal: new Journal(file, handle, size), entries };
  }

  /**
   * Resolves once the entry is on disk. Entries appended while a write is under way go together in
   * the next one (one write, one O_DSYNC), so a queue of transactions costs one trip to the disk, not
   * one each. A failed write refuses its entries and every one queued behind it (they were made over
   * its data), and every append until `resume`.
   */
  append(entry: JournalEntry): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queued.push({ line: `${JSON.stringify(entry)}\n`, resolve, reject });
      if (this.writeScheduled) return;
      this.writeScheduled = true;
      void this.serial(() => this.writeQueued());
    });
  }

  /** After a failed write, once the store is back on its durable data: appends are taken again. */
  resume(): void {
    this.failure = undefined;
  }

  /** Resolves once every entry appended so far is written (or refused). */
  settled(): Promise<void> {
    return this.serial(async () => undefined);
  }

  private async writeQueued(): Promise<void> {
    this.writeScheduled = false;
    const batch = this.queued.splice(0);
    if (!batch.length) return;
    const bytes = Buffer.from(batch.map(({ line }) => line).join(''));
    try {
      // One write, durable when it returns (O_DSYNC): a single trip to the thread pool and back.
      await writeAll(this.handle, bytes);
    } catch (error) {
      // A full disk may have taken part of the lines: cut them, so the next entry starts on a line of its own.
      await this.handle.truncate(this.size).catch(() => undefined);
      this.failure = error;
      for (const { reject } of [...batch, ...this.queued.splice(0)]) reject(error);
      return;
    }
    this.size += bytes.length;
    for (const { resolve } of batch) resolve();
  }

  private serial<R>(operation: () => Promise<R>): Promise<R> {
    const run = this.chain.then(operation, operation);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Empties the journal once the data file holds everything it said. */
  clear(): Promise<void> {
    return this.serial(() => this.truncateAll());
  }

  private async truncateAll(): Promise<void> {
    await this.handle.truncate(0);
    await this.handle.sync();
    this.size = 0;
  }

  /**
   * Drops the first `upTo` bytes, entries the data file now holds, and keeps those written since:
   * they are copied to a temp file, fsynced and renamed over the journal, so a crash leaves either
   * the whole journal (replaying what the file holds sets the same values) or its tail.
   */
  dropBefore(upTo: number): Promise<void> {
    return this.serial(() => this.keepFrom(upTo));
  }

  private async keepFrom(upTo: number): Promise<void> {
    if (upTo >= this.size) return this.truncateAll();
    const rest = Buffer.alloc(this.size - upTo);
    for (let done = 0; done < rest.length; ) {
      const { bytesRead } = await this.handle.read(rest, done, rest.length - done, upTo + done);
      if (bytesRead === 0) throw new Error(`${this.file}: shorter than expected`);
      done += bytesRead;
    }
    const temp = join(dirname(this.file), `.${basename(this.file)}.tmp`);
    // Opened in append mode before the rename: once renamed it is the journal, with no reopening that could fail.
    const next = await open(temp, APPEND_DURABLY, 0o600);
    try {
      await next.truncate(0); // a temp file a crash left behind
      await writeAll(next, rest);
      await next.sync();
      await rename(temp, this.file);
    } catch (error) {
      await next.close();
      throw error;
    }
    const previous = this.handle;
    this.handle = next;
    this.size = rest.length;
    await previous.close();
    await syncDirectory(dirname(this.file));
  }

  close(): Promise<void> {
    return this.serial(() => this.handle.close());
  }
}
