import { mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';

/** Characters serialized before each write to the file. */
const CHUNK_CHARS = 1 << 20;

/**
 * The JSON text of `value` in pieces: plain objects are opened `depth` levels deep, deeper values
 * are serialized whole (for the store's data, depth 3 gives one record at a time).
 */
export function* jsonPieces(value: unknown, depth: number): Generator<string> {
  const open = depth > 0 && value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
  if (!open) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  yield '{';
  let first = true;
  for (const [key, child] of Object.entries(value)) {
    // JSON.stringify leaves these members out.
    if (child === undefined || typeof child === 'function' || typeof child === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonPieces(child, depth - 1);
  }
  yield '}';
}

export async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  for (let done = 0; done < bytes.length; ) done += (await handle.write(bytes, done, bytes.length - done)).bytesWritten;
}

/**
 * lowdb adapter that makes a write durable before it resolves: write a temp file, fsync
 * it, rename it over the data file (atomic on POSIX), then fsync the directory so the
 * rename itself survives a crash. lowdb's own JSONFile skips both fsyncs. The text is
 * serialized and written a chunk at a time: a large store's text (165 MB at 100,000 services)
 * is never held whole in memory beside its data.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  private readonly temp: string;

  constructor(readonly file: string, private readonly depth = 3) {
    this.temp = join(dirname(file), `.${basename(file)}.tmp`);
  }

  async read(): Promise<T | null> {
    try {
      return JSON.parse(await readFile(this.file, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async write(data: T): Promise<void> {
    const directory = dirname(this.file);
    await mkdir(directory, { recursive: true });
    const handle = await open(this.temp, 'w', 0o600);
    try {
      let pieces: string[] = [];
      let chars = 0;
      for (const piece of jsonPieces(data, this.depth)) {
        pieces.push(piece);
        chars += piece.length;
        if (chars < CHUNK_CHARS) continue;
        await writeAll(handle, Buffer.from(pieces.join('')));
        pieces = [];
        chars = 0;
      }
      await writeAll(handle, Buffer.from(pieces.join('')));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(this.temp, this.file);
    await syncDirectory(directory);
  }
}

/** Makes a rename in `directory` survive a crash. */
export async function syncDirectory(directory: string): Promise<void> {
  const dir = await open(directory, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
