import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AxeCheck, KnownChecks } from './axeWatch';

/**
 * The states checked by every worker of the run, so that a state is checked once per run rather than once per worker
 * (three workers met the same search pages and sheets about a third of the time: that much of axe's CPU again).
 * Kept in memory and, for the other workers, as one small file per state in the run's data folder; a file is written
 * whole under another name and renamed, so a worker never reads half of one. Two workers reaching a new state at the
 * same moment both check it, as before.
 */
export class SharedChecks implements KnownChecks {
  private readonly mine = new Map<string, AxeCheck>();
  constructor(private readonly folder: string) {
    mkdirSync(folder, { recursive: true });
  }
  private file(key: string): string {
    return join(this.folder, `${createHash('sha1').update(key).digest('hex')}.json`);
  }
  get(key: string): AxeCheck | undefined {
    const known = this.mine.get(key);
    if (known) return known;
    try {
      const check = JSON.parse(readFileSync(this.file(key), 'utf8')) as AxeCheck;
      this.mine.set(key, check);
      return check;
    } catch {
      return undefined;
    }
  }
  set(key: string, check: AxeCheck): void {
    this.mine.set(key, check);
    const file = this.file(key);
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(check));
    renameSync(`${file}.${process.pid}`, file);
  }
}
