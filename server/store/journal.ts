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
  private constructor(
    readonly file: string,
    private handle: FileHandle,
    /** Bytes in the file. */
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

  async append(entry: JournalEntry): Promise<void> {
    const line = `${JSON.stringify(entry)}\n`;
    try {
      // One write, durable when it returns (O_DSYNC): a single trip to the thread pool and back.
      await writeAll(this.handle, Buffer.from(line));
    } catch (error) {
      // A full disk may have taken part of the line: cut it, so the next entry starts on a line of its own.
      await this.handle.truncate(this.size).catch(() => undefined);
      throw error;
    }
    this.size += Buffer.byteLength(line);
  }

  /** Empties the journal once the data file holds everything it said. */
  async clear(): Promise<void> {
    await this.handle.truncate(0);
    await this.handle.sync();
    this.size = 0;
  }

  /**
   * Drops the first `upTo` bytes, entries the data file now holds, and keeps those written since:
   * they are copied to a temp file, fsynced and renamed over the journal, so a crash leaves either
   * the whole journal (replaying what the file holds sets the same values) or its tail.
   */
  async dropBefore(upTo: number): Promise<void> {
    if (upTo >= this.size) return this.clear();
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
    return this.handle.close();
  }
}
