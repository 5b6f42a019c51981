import { randomBytes } from 'node:crypto';
import { loadRegistry } from './schemas';
import { LowdbStore } from './store/lowdb';
import type { Store } from './store/types';
import { seedDemo } from './seed';

export interface BootOptions {
  dbFile: string;
  seed: 'demo' | 'none';
  sessionSecret?: string;
  /** The configuration the seed is checked against (default `schemas`, as the server's SCHEMAS_DIR). */
  schemasDir?: string;
  /** Fold the journal into the data file past this many bytes (JOURNAL_FOLD_BYTES; default: 16 MB or half the file). */
  foldAtBytes?: number;
}

/** Opens the store, seeds the demo universe into an empty one, and settles the session secret. */
export async function openStore(options: BootOptions): Promise<{ store: Store; sessionSecret: string }> {
  const store = await LowdbStore.open(options.dbFile, { foldAtBytes: options.foldAtBytes });
  if (options.seed === 'demo' && store.isEmpty()) await seedDemo(store, loadRegistry(options.schemasDir ?? 'schemas'));
  let sessionSecret = options.sessionSecret || store.getMeta<string>('sessionSecret');
  if (!sessionSecret) {
    const generated = randomBytes(32).toString('base64url');
    await store.transaction((tx) => tx.setMeta('sessionSecret', generated));
    sessionSecret = generated;
  }
  return { store, sessionSecret };
}
