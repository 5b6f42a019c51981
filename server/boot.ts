import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegistry, storeIndexes, type Registry } from './schemas';
import type { StoreData } from './store/draft';
import { LowdbStore } from './store/lowdb';
import { asyncStore } from './store/lowdbAsync';
import { openPostgresStore } from './store/postgres/store';
import type { AsyncStore } from './store/types';
import { seedDemo } from './seed';

export interface BootOptions {
  /** The embedded store's file (DB_FILE), used when there is no databaseUrl. */
  dbFile: string;
  /** `postgres://…` (DATABASE_URL): the PostgreSQL store instead of the embedded one. */
  databaseUrl?: string;
  seed: 'demo' | 'none';
  sessionSecret?: string;
  /** The configuration (default `schemas`, as the server's SCHEMAS_DIR). */
  schemasDir?: string;
  /** The configuration already loaded from schemasDir (the tests load it once for many servers). */
  registry?: Registry;
  /** Fold the journal into the data file past this many bytes (JOURNAL_FOLD_BYTES; default: 16 MB or half the file). */
  foldAtBytes?: number;
}

export interface Booted {
  db: AsyncStore;
  registry: Registry;
  sessionSecret: string;
}

/**
 * Opens the store named by the options (PostgreSQL, else the embedded file), seeds the demo
 * universe into an empty one, and settles the session secret (kept in the store, so every
 * server on one database signs alike).
 */
export async function openStore(options: BootOptions): Promise<Booted> {
  const registry = options.registry ?? loadRegistry(options.schemasDir ?? 'schemas');
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl, options, registry) : await openEmbedded(options, registry);
  try {
    return { db, registry, sessionSecret: options.sessionSecret || (await storedSecret(db)) };
  } catch (error) {
    await db.close();
    throw error;
  }
}

async function openEmbedded(options: BootOptions, registry: Registry): Promise<AsyncStore> {
  const store = await LowdbStore.open(options.dbFile, { foldAtBytes: options.foldAtBytes });
  if (options.seed === 'demo' && store.isEmpty()) await seedDemo(store, registry);
  return asyncStore(store, storeIndexes(registry));
}

async function openPostgres(url: string, options: BootOptions, registry: Registry): Promise<AsyncStore> {
  const db = await openPostgresStore({ url, indexes: storeIndexes(registry) });
  try {
    // Servers starting together on an empty database: the import lock lets one seed it.
    if (options.seed === 'demo' && (await db.isEmpty())) await db.importData(await demoData(registry), { ifEmpty: true });
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** The demo seed (written synchronously, in one lowdb transaction) made on a throwaway embedded store. */
async function demoData(registry: Registry): Promise<StoreData> {
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-seed-'));
  try {
    const store = await LowdbStore.open(join(dir, 'db.json'));
    await seedDemo(store, registry);
    const data = store.snapshot();
    await store.close();
    return data;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function storedSecret(db: AsyncStore): Promise<string> {
  const known = await db.getMeta<string>('sessionSecret');
  if (known) return known;
  // In a transaction: of two servers starting together, one writes it and the other reads it.
  return db.transaction(async (tx) => {
    const stored = await tx.getMeta<string>('sessionSecret');
    if (stored) return stored;
    const generated = randomBytes(32).toString('base64url');
    await tx.setMeta('sessionSecret', generated);
    return generated;
  });
}
