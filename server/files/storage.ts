import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, truncate } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/**
 * The files' bytes under FILES_DIR (docs/store.md "Files"): content-addressed blobs
 * `blobs/ab/cd/<sha256>` shared by every file entry of that content, partial uploads
 * `partial/<uuid>`, thumbnails `thumbs/<sha256>/<resolution>.jpg`. Whole files only ever
 * appear by an atomic rename, so several servers can share the folder (NFS…).
 */

/** Reads and hashes go by this many bytes (CONTRACT.md: the hash is computed over 65,536-byte chunks). */
export const HASH_CHUNK = 65_536;

/** FILES_DIR, else a `files` folder beside DB_FILE; on PostgreSQL without DB_FILE, data/files. */
export function filesDirOf(env: { FILES_DIR?: string; DB_FILE?: string; DATABASE_URL?: string }): string {
  if (env.FILES_DIR) return env.FILES_DIR;
  if (env.DATABASE_URL && !env.DB_FILE) return join('data', 'files');
  return join(dirname(env.DB_FILE || join('data', 'db.json')), 'files');
}

/** A chunk body longer or shorter than its Content-Range says. */
export class ChunkLengthError extends Error {}

/** The partial file of an upload is gone (another server's FILES_DIR, a cleanup): the upload starts again. */
export class PartialMissingError extends Error {}

const missing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Counts what goes through and fails as soon as it exceeds `length`. */
function exactly(length: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.length;
      if (counted.bytes > length) done(new ChunkLengthError());
      else done(null, chunk);
    },
  });
}

export class FileStorage {
  /** Blob operations of one content run one at a time (a delete never races an upload of the same bytes). */
  private readonly hashLocks = new Map<string, Promise<unknown>>();

  constructor(readonly dir: string) {}

  blobPath = (hash: string) => join(this.dir, 'blobs', hash.slice(0, 2), hash.slice(2, 4), hash);
  partialPath = (uuid: string) => join(this.dir, 'partial', uuid);
  thumbDir = (hash: string) => join(this.dir, 'thumbs', hash);
  thumbPath = (hash: string, resolution: string) => join(this.thumbDir(hash), `${resolution}.jpg`);

  /**
   * Streams a chunk's body into the partial file at `offset` (backpressure through the pipeline;
   * nothing is held whole). The body must be exactly `length` bytes (ChunkLengthError). A first
   * chunk creates the file; a later one needs it (PartialMissingError).
   */
  async writeChunk(uuid: string, offset: number, body: ReadableStream<Uint8Array> | null, length: number): Promise<void> {
    const path = this.partialPath(uuid);
    await mkdir(dirname(path), { recursive: true });
    if (offset > 0 && !(await exists(path))) throw new PartialMissingError();
    const counted = { bytes: 0 };
    const source = body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]);
    await pipeline(source, exactly(length, counted), createWriteStream(path, { flags: offset === 0 ? 'w' : 'r+', start: offset }));
    if (counted.bytes !== length) throw new ChunkLengthError();
  }

  /** The first `bytes` of a partial file (fewer when it is shorter). */
  async head(uuid: string, bytes: number): Promise<Buffer> {
    const handle = await open(this.partialPath(uuid), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** SHA-256 (hex) of the first `byteSize` bytes of a partial file, read in 65,536-byte chunks; bytes past it (an interrupted longer chunk) are cut first. */
  async hashPartial(uuid: string, byteSize: number): Promise<string> {
    const path = this.partialPath(uuid);
    const size = await stat(path).then(
      (info) => info.size,
      (error: unknown) => {
        if (missing(error)) throw new PartialMissingError();
        throw error;
      },
    );
    if (size < byteSize) throw new PartialMissingError();
    if (size > byteSize) await truncate(path, byteSize);
    const hash = createHash('sha256');
    await pipeline(createReadStream(path, { highWaterMark: HASH_CHUNK }), hash);
    return hash.digest('hex');
  }

  discardPartial = (uuid: string) => rm(this.partialPath(uuid), { force: true });

  /** The finished partial file becomes the blob of its content (an atomic rename; the same bytes may already be there). */
  async keep(uuid: string, hash: string): Promise<void> {
    const target = this.blobPath(hash);
    await mkdir(dirname(target), { recursive: true });
    await rename(this.partialPath(uuid), target);
  }

  /** Removes a blob and its thumbnails (the caller checked that no file entry uses them). */
  async release(hash: string): Promise<void> {
    await rm(this.blobPath(hash), { force: true });
    await rm(this.thumbDir(hash), { recursive: true, force: true });
  }

  /** Writes a whole file under a temporary name, then renames it into place. */
  async writeAtomically(path: string, data: Buffer): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  }

  /** Runs `work` alone among the blob operations on `hash` in this server. */
  withHash<T>(hash: string, work: () => Promise<T>): Promise<T> {
    const previous = this.hashLocks.get(hash) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.catch(() => undefined);
    this.hashLocks.set(hash, settled);
    void settled.then(() => {
      if (this.hashLocks.get(hash) === settled) this.hashLocks.delete(hash);
    });
    return run;
  }
}

export const exists = (path: string) =>
  stat(path).then(
    () => true,
    (error: unknown) => {
      if (missing(error)) return false;
      throw error;
    },
  );
