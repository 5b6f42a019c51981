/**
 * The PostgreSQL adapter of `AsyncStore` (docs/store.md). One table per collection (migrations.ts);
 * queries compiled to SQL (sql.ts); transactions are SERIALIZABLE and run again, a bounded number
 * of times, when PostgreSQL reports a serialization failure or a deadlock.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import pg from 'pg';
import { deepFreeze, type StoreData } from '../draft';
import { importData, type ImportResult } from './importData';
import type { CountQuery, Query } from '../query';
import type { AggregateQuery, AggregateRow } from '../aggregate';
import { aggregateStatement } from './aggregateSql';
import { ConflictError, NotFoundError, type AsyncStore, type Id, type Reader, type Row, type StoreState, type Stored, type Writer } from '../types';
import type { CollectionNames } from './collections';
import { applyMigrations, listCollections, MIGRATIONS } from './migrations';
import { columns, indexPosition, INSERTED_AFTER } from './rows';
import type { IndexDefs } from '../orderedIndex';
import { ensureIndexes, indexedFields } from './indexes';
import { countStatement, selectStatement, type IndexedFields } from './sql';
import { Tables } from './tables';

/** SQLSTATEs after which the whole transaction is run again: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 20;
/**
 * Transactions one server runs at once. Serializable transactions that overlap abort each other
 * (and run again) more often the more of them overlap; a few at a time keep writes flowing.
 * Reads outside transactions are not limited.
 */
const CONCURRENT_TRANSACTIONS = 4;
/** Rows per statement of `insertMany`: a statement's work (and its text of JSON) stays moderate. */
const INSERT_CHUNK_ROWS = 1000;
/**
 * Memory of one sort or hash of a statement (PostgreSQL's default is 4 MB): the supplier overview
 * at 1,000,000 services groups 270,000 rows into 48,000 groups, a 20 MB hash; in 4 MB it spilled to
 * disk and took twice as long (docs/kpis.md "On PostgreSQL"). At most a few such nodes per connection.
 */
export const WORK_MEM = '32MB';

const isRetryable = (error: unknown) => RETRYABLE.has((error as { code?: string } | null)?.code ?? '');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Sql = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** What every reader of one store shares: its tables and what its declared indexes give queries. */
interface Schema {
  tables: Tables;
  indexed: ReadonlyMap<string, IndexedFields>;
}

class PgReader implements Reader {
  protected readonly tables: Tables;

  constructor(
    protected readonly sql: Sql,
    protected readonly schema: Schema,
  ) {
    this.tables = schema.tables;
  }

  async get<T extends Row = Row>(collection: string, id: Id): Promise<Stored<T> | undefined> {
    const { table } = await this.tables.names(collection);
    const { rows } = await this.sql(`SELECT data FROM ${table} WHERE id = $1`, [String(id)]);
    return rows.length ? deepFreeze(rows[0].data as Stored<T>) : undefined;
  }

  async query<T extends Row = Row>(query: Query): Promise<Stored<T>[]> {
    const { table } = await this.tables.names(query.collection);
    const { text, values } = selectStatement(table, query, this.schema.indexed.get(query.collection));
    const { rows } = await this.sql(text, values);
    return rows.map((row) => deepFreeze(row.data as Stored<T>));
  }

  async count(query: CountQuery): Promise<number> {
    const { table } = await this.tables.names(query.collection);
    const { text, values } = countStatement(table, query, this.schema.indexed.get(query.collection));
    const { rows } = await this.sql(text, values);
    return rows[0].count as number;
  }

  async aggregate(query: AggregateQuery): Promise<AggregateRow[]> {
    const { table } = await this.tables.names(query.collection);
    const { text, values, read } = aggregateStatement(table, query, this.schema.indexed.get(query.collection));
    const { rows } = await this.sql(text, values);
    return read(rows);
  }

  async getMeta<T = unknown>(key: string): Promise<T | undefined> {
    const { rows } = await this.sql('SELECT value FROM meta WHERE key = $1', [key]);
    return rows.length ? deepFreeze(rows[0].value as T) : undefined;
  }
}

/** Reads and writes on one transaction's connection. */
class PgWriter extends PgReader implements Writer {
  /** The first statement that failed: PostgreSQL then refuses the rest, so the transaction cannot commit. */
  failure: unknown;
  ended = false;

  /** Statements of one transaction run one after the other, even when `work` starts reads together. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(client: pg.PoolClient, schema: Schema) {
    super((text, values) => {
      const run = this.queue.then(async () => {
        if (this.ended) throw new Error('This transaction is over: use the store, or a new transaction');
        try {
          return await client.query(text, values);
        } catch (error) {
          this.failure ??= error;
          throw error;
        }
      });
      this.queue = run.catch(() => undefined);
      return run;
    }, schema);
  }

  async insert<T extends Row>(collection: string, idField: string, record: T): Promise<Stored<T & Row>> {
    const names = await this.tables.names(collection);
    let id = record[idField] as Id | undefined | null;
    if (id === undefined || id === null) id = await this.takeId(names);
    else if (typeof id === 'number' && id >= 1 && id <= Number.MAX_SAFE_INTEGER) {
      await this.sql('SELECT store_raise_sequence($1::regclass, $2)', [names.sequence, Math.floor(id)]);
    }
    // The spread order is lowdb's (draft.ts): a record's own id field wins over the generated one.
    const row = columns({ [idField]: id, ...record, version: 1 });
    const { rowCount } = await this.sql(
      `INSERT INTO ${names.table} (id, version, universe_id, position, data, norm, search)
       VALUES ($1, 1, $2, coalesce($3::bigint, ${INSERTED_AFTER} + nextval('record_positions')), $4, $5, $6)
       ON CONFLICT (id) DO NOTHING`,
      [String(id), row.universeId, indexPosition(id), row.data, row.norm, row.search],
    );
    if (!rowCount) throw new Error(`Duplicate id ${collection}/${id}`);
    return deepFreeze(row.stored) as Stored<T & Row>;
  }

  async insertMany<T extends Row>(collection: string, idField: string, records: readonly T[]): Promise<Stored<T & Row>[]> {
    if (!records.length) return [];
    const names = await this.tables.names(collection);
    const ids = await this.takeIds(names, records.map((record) => record[idField] as Id | undefined | null));
    const keys = ids.map(String);
    const twice = keys.find((key, index) => keys.indexOf(key) !== index);
    if (twice !== undefined) throw new Error(`Duplicate id ${collection}/${ids[keys.indexOf(twice)]}`);
    const written: string[] = [];
    const stored: Stored<T & Row>[] = [];
    for (let start = 0; start < records.length; start += INSERT_CHUNK_ROWS) {
      const rows = records.slice(start, start + INSERT_CHUNK_ROWS).map((record, offset) => ({ id: ids[start + offset], ...columns({ [idField]: ids[start + offset], ...record, version: 1 }) }));
      // Arrays, not a parameter per value: a chunk is one statement whatever its size. Positions are
      // taken in the records' order (volatile expressions are computed after the ORDER BY).
      const { rows: inserted } = await this.sql(
        `INSERT INTO ${names.table} (id, version, universe_id, position, data, norm, search)
         SELECT id, 1, universe_id, coalesce(position, ${INSERTED_AFTER} + nextval('record_positions')), data::jsonb, norm::jsonb, search
         FROM unnest($1::text[], $2::integer[], $3::bigint[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS given (id, universe_id, position, data, norm, search, n)
         ORDER BY n
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [rows.map((row) => String(row.id)), rows.map((row) => row.universeId), rows.map((row) => indexPosition(row.id)), rows.map((row) => row.data), rows.map((row) => row.norm), rows.map((row) => row.search)],
      );
      written.push(...inserted.map((row) => row.id as string));
      if (inserted.length < rows.length) {
        const taken = new Set(inserted.map((row) => row.id as string));
        const duplicate = rows.find((row) => !taken.has(String(row.id)))!.id;
        // The whole call is refused: what it wrote goes, and the transaction goes on.
        await this.sql(`DELETE FROM ${names.table} WHERE id = ANY($1::text[])`, [written]);
        throw new Error(`Duplicate id ${collection}/${duplicate}`);
      }
      stored.push(...rows.map((row) => deepFreeze(row.stored) as Stored<T & Row>));
    }
    return stored;
  }

  /**
   * The ids of records inserted in turn: a run of records without one takes that many from the
   * sequence in one query; a run of numeric ids raises the sequence to its highest, as `insert` does.
   */
  private async takeIds(names: CollectionNames, given: (Id | undefined | null)[]): Promise<Id[]> {
    const ids: Id[] = [];
    for (let start = 0; start < given.length; ) {
      const generated = given[start] === undefined || given[start] === null;
      let end = start;
      while (end < given.length && (given[end] === undefined || given[end] === null) === generated) end++;
      if (generated) {
        const { rows } = await this.sql('SELECT store_next_id($1::regclass) AS id FROM generate_series(1, $2::integer) AS n ORDER BY n', [names.sequence, end - start]);
        ids.push(...rows.map((row) => Number(row.id)).sort((a, b) => a - b));
      } else {
        const run = given.slice(start, end) as Id[];
        const highest = run.reduce<number>((most, id) => (typeof id === 'number' && id >= 1 && id <= Number.MAX_SAFE_INTEGER && id > most ? id : most), 0);
        if (highest) await this.sql('SELECT store_raise_sequence($1::regclass, $2)', [names.sequence, Math.floor(highest)]);
        ids.push(...run);
      }
      start = end;
    }
    return ids;
  }

  async update<T extends Row>(collection: string, id: Id, change: (current: Stored<T>) => T, expectedVersion?: number): Promise<Stored<T>> {
    const { table } = await this.tables.names(collection);
    const current = await this.get<T>(collection, id);
    if (!current) throw new NotFoundError(collection, id);
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw new ConflictError(collection, id, expectedVersion, current.version);
    const row = columns({ ...change(current), version: current.version + 1 });
    const { rowCount } = await this.sql(
      `UPDATE ${table} SET version = $2, universe_id = $3, data = $4, norm = $5, search = $6 WHERE id = $1 AND version = $7`,
      [String(id), current.version + 1, row.universeId, row.data, row.norm, row.search, current.version],
    );
    if (!rowCount) {
      const now = await this.get(collection, id);
      if (!now) throw new NotFoundError(collection, id);
      throw new ConflictError(collection, id, current.version, now.version);
    }
    return deepFreeze(row.stored) as Stored<T>;
  }

  async remove(collection: string, id: Id): Promise<boolean> {
    const { table } = await this.tables.names(collection);
    const { rowCount } = await this.sql(`DELETE FROM ${table} WHERE id = $1`, [String(id)]);
    return !!rowCount;
  }

  async nextId(collection: string): Promise<number> {
    return this.takeId(await this.tables.names(collection));
  }

  private async takeId({ sequence }: CollectionNames): Promise<number> {
    const { rows } = await this.sql('SELECT store_next_id($1::regclass) AS id', [sequence]);
    return Number(rows[0].id);
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value);
    // An undefined value reads back as undefined, like a missing key.
    if (json === undefined) await this.sql('DELETE FROM meta WHERE key = $1', [key]);
    else await this.sql('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, json]);
  }
}

export class PostgresStore extends PgReader implements AsyncStore {
  private closing: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly schemaPool: pg.Pool,
    schema: Schema,
    private readonly limit: LimitFunction,
  ) {
    super((text, values) => pool.query(text, values), schema);
  }


  async transaction<R>(work: (tx: Writer) => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.limit(() => this.attempt(work));
      } catch (error) {
        if (!isRetryable(error) || attempt >= MAX_ATTEMPTS) throw error;
        // Random backoff, growing: transactions that collided do not collide again in step.
        await sleep(Math.random() * Math.min(500, 5 * 2 ** attempt));
      }
    }
  }

  private async attempt<R>(work: (tx: Writer) => Promise<R>): Promise<R> {
    const client = await this.pool.connect();
    const writer = new PgWriter(client, this.schema);
    let broken = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
      const result = await work(writer);
      // A failed statement that `work` caught still dooms the transaction (COMMIT would roll back).
      if (writer.failure) throw writer.failure;
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      // The statement that failed first decides (a serialization failure is run again), not the
      // "transaction is aborted" refusal of a later one, nor an error `work` made of it.
      throw writer.failure ?? error;
    } finally {
      writer.ended = true;
      // A connection that cannot even roll back is dropped, not handed to the next transaction.
      client.release(broken);
    }
  }

  /** Copies an embedded store's data into this one, which must be empty (importData.ts). */
  async importData(data: StoreData, options: { ifEmpty?: boolean } = {}): Promise<ImportResult | null> {
    const client = await this.pool.connect();
    try {
      return await importData(client, this.tables, () => this.isEmpty(), data, options);
    } finally {
      client.release();
    }
  }

  async isEmpty(): Promise<boolean> {
    const names = await Promise.all((await listCollections(this.pool)).map((collection) => this.tables.names(collection)));
    if (!names.length) return true;
    const { rows } = await this.sql(`SELECT NOT (${names.map(({ table }) => `EXISTS (SELECT 1 FROM ${table})`).join(' OR ')}) AS empty`);
    return rows[0].empty as boolean;
  }

  async state(): Promise<StoreState> {
    const collections = await listCollections(this.pool);
    const { rows } = await this.pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    const applied = rows.map((row) => row.version);
    const latest = MIGRATIONS.at(-1)?.version ?? 0;
    return {
      kind: 'postgres',
      collections,
      migration: { level: applied.at(-1) ?? 0, latest, pending: MIGRATIONS.map((migration) => migration.version).filter((version) => !applied.includes(version)) },
    };
  }

  close(): Promise<void> {
    this.closing ??= Promise.all([this.pool.end(), this.schemaPool.end()]).then(() => undefined);
    return this.closing;
  }
}

export interface PostgresOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** Connections for requests and transactions (default 10). */
  poolSize?: number;
  /** The ordered indexes declared per collection (`x-indexes`; `storeIndexes` of schemas.ts). */
  indexes?: IndexDefs;
  /** Transactions run at once (default 4; tests of concurrency raise it). */
  concurrentTransactions?: number;
}

/** Opens the store at `url`, applying pending migrations first. */
export async function openPostgresStore({ url, poolSize = 10, indexes = new Map(), concurrentTransactions = CONCURRENT_TRANSACTIONS }: PostgresOptions): Promise<PostgresStore> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c work_mem=${WORK_MEM}` });
  const schemaPool = new pg.Pool({ connectionString: url, max: 1 });
  // An idle connection that drops (server restart) must not crash the process: the pool replaces it.
  for (const each of [pool, schemaPool]) each.on('error', (error) => console.error('store: a PostgreSQL connection failed:', error.message));
  let tables: Tables;
  try {
    const client = await schemaPool.connect();
    try {
      await applyMigrations(client);
      tables = new Tables(schemaPool, await listCollections(client));
      await ensureIndexes(client, indexes);
    } finally {
      client.release();
    }
  } catch (error) {
    await Promise.all([pool.end(), schemaPool.end()]);
    throw error;
  }
  return new PostgresStore(pool, schemaPool, { tables, indexed: indexedFields(indexes) }, pLimit(concurrentTransactions));
}
