import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';

/**
 * lowdb adapter that makes a write durable before it resolves: write a temp file, fsync
 * it, rename it over the data file (atomic on POSIX), then fsync the directory so the
 * rename itself survives a crash. lowdb's own JSONFile skips both fsyncs.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  private readonly temp: string;

  constructor(readonly file: string) {
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
      await handle.writeFile(JSON.stringify(data));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(this.temp, this.file);
    const dir = await open(directory, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
}
