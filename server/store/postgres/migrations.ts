/**
 * The PostgreSQL schema, as ordered migrations recorded in `schema_migrations`. The store applies
 * the pending ones when it opens, in one transaction under an advisory lock, so servers starting
 * together apply each migration once. `migrate(url)` does the same from the command line.
 *
 * A migration has two parts: `up` changes the shared tables; `collection` changes one collection's
 * table and runs for every collection in the `collections` registry — when the migration is
 * applied, and again for a collection created later (its table then gets every step in order).
 * So a later layout change is a new migration with a `collection` step, never an edit of one below.
 */
import pg from 'pg';
import { collectionNames, type CollectionNames } from './collections';

export interface Migration {
  version: number;
  name: string;
  up?(db: pg.ClientBase): Promise<void>;
  collection?(db: pg.ClientBase, names: CollectionNames): Promise<void>;
}

/** Advisory lock keys: the schema lock, and the namespace of the id-sequence locks (see store_next_id). */
const SCHEMA_LOCK = 0x5143_5343;
const SEQUENCE_LOCKS = 0x5143_4944;

/** The collections the server uses today: their tables exist from the start (others are created on first use). */
const KNOWN_COLLECTIONS = [
  'alerts', 'apiTokens', 'capas', 'companies', 'contacts', 'defaults', 'laboratoryLines', 'loginEvents', 'matrix8ds',
  'nonCompliances', 'passwordRequests', 'passwordTokens', 'purchaseOrderLines', 'qualityAlerts', 'serverLogs',
  'serviceDateLines', 'serviceHistory', 'serviceNotes', 'servicePriorities', 'services', 'sessions', 'structuralCosts',
  'tags', 'universes', 'userFilters',
];

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'collections, meta and id sequences',
    async up(db) {
      await db.query(`
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        CREATE TABLE meta (key text PRIMARY KEY, value jsonb);
        CREATE TABLE collections (name text PRIMARY KEY, table_name text NOT NULL UNIQUE);
        -- The order of records among equals: see "position" below.
        CREATE SEQUENCE record_positions;

        -- Ids are taken under a shared lock, and a sequence is raised past an explicit id under
        -- the exclusive one: no id can be taken between reading the sequence and raising it, so
        -- a sequence never goes back and never gives an id twice. Locks end with the transaction.
        CREATE FUNCTION store_next_id(seq regclass) RETURNS bigint LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_advisory_xact_lock_shared(${SEQUENCE_LOCKS}, seq::oid::integer);
          RETURN nextval(seq);
        END $$;
        CREATE FUNCTION store_raise_sequence(seq regclass, at_least bigint) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          IF coalesce(pg_sequence_last_value(seq), 0) >= at_least THEN RETURN; END IF;
          PERFORM pg_advisory_xact_lock(${SEQUENCE_LOCKS}, seq::oid::integer);
          IF coalesce(pg_sequence_last_value(seq), 0) < at_least THEN PERFORM setval(seq, at_least); END IF;
        END $$;
      `);
      for (const collection of KNOWN_COLLECTIONS) await register(db, collectionNames(collection));
    },
    async collection(db, { table, sequence, index }) {
      // id: the record's id as text (numbers and strings share one key space, as in lowdb);
      // data: the record as handed out; norm and search: its normalized text (keyword search);
      // position: the order of records when nothing else decides (lowdb's, see store.ts).
      await db.query(`
        CREATE TABLE ${table} (
          id text PRIMARY KEY,
          version integer NOT NULL,
          universe_id integer,
          position bigint NOT NULL,
          data jsonb NOT NULL,
          norm jsonb NOT NULL,
          search text NOT NULL
        );
        CREATE SEQUENCE ${sequence};
        CREATE INDEX ${index('data')} ON ${table} USING gin (data jsonb_path_ops);
        CREATE INDEX ${index('search')} ON ${table} USING gin (search gin_trgm_ops);
        CREATE INDEX ${index('universe')} ON ${table} (universe_id);
        CREATE INDEX ${index('position')} ON ${table} (position);
      `);
    },
  },
  {
    version: 2,
    name: 'records kept whole in their row',
    async collection(db, { table }) {
      // Rows up to 8 kB stay in the table uncompressed (TOAST would move the record out and
      // compress it): a search reads several fields of every row it passes, each read of an
      // out-of-line record fetching and decompressing it again.
      await db.query(`ALTER TABLE ${table} SET (toast_tuple_target = 8160)`);
    },
  },
];

async function register(db: pg.ClientBase, { collection, tableName }: CollectionNames): Promise<void> {
  await db.query('INSERT INTO collections (name, table_name) VALUES ($1, $2)', [collection, tableName]);
}

async function registered(db: pg.ClientBase): Promise<CollectionNames[]> {
  return (await listCollections(db)).map(collectionNames);
}

/** Runs `work` in a transaction holding the schema lock (migrations and collection creation never interleave). */
export async function underSchemaLock<R>(db: pg.ClientBase, work: () => Promise<R>): Promise<R> {
  await db.query('BEGIN');
  try {
    await db.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    const result = await work();
    await db.query('COMMIT');
    return result;
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Applies the pending migrations; returns their versions. */
export async function applyMigrations(db: pg.ClientBase): Promise<number[]> {
  return underSchemaLock(db, async () => {
    await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const latest = MIGRATIONS[MIGRATIONS.length - 1].version;
    const unknown = [...done].filter((version) => version > latest);
    if (unknown.length) throw new Error(`The database schema is at migration ${Math.max(...unknown)}, newer than this server's (${latest}).`);
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await migration.up?.(db);
      if (migration.collection) for (const names of await registered(db)) await migration.collection(db, names);
      await db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return applied;
  });
}

/** Creates a collection's table (every migration's collection step) unless it exists; returns its names. */
export async function createCollection(db: pg.ClientBase, collection: string): Promise<CollectionNames> {
  const names = collectionNames(collection);
  return underSchemaLock(db, async () => {
    const { rowCount } = await db.query('SELECT 1 FROM collections WHERE name = $1', [collection]);
    if (rowCount) return names;
    await register(db, names);
    for (const migration of MIGRATIONS) await migration.collection?.(db, names);
    return names;
  });
}

/** The names of the collections that have a table. */
export async function listCollections(db: pg.ClientBase | pg.Pool): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM collections ORDER BY name');
  return rows.map((row) => row.name);
}

/** For `npm run db:migrate`: applies the pending migrations to the database at `url`. */
export async function migrate(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await applyMigrations(client);
  } finally {
    await client.end();
  }
}
