import { rm } from 'node:fs/promises';
import pg from 'pg';
import { loadRegistry, storeIndexes } from '../server/schemas';
import { openPostgresStore } from '../server/store/postgres/store';
import { adminQuery, createDatabase, startPgCluster, type PgCluster } from '../tests/support/pgCluster';
import { generateData, type GeneratedStore } from './generate';

/**
 * The PostgreSQL side of `npm run bench -- --store postgres`: one throwaway cluster for the run
 * (tests/support/pgCluster.ts: fsync off, on this machine), and per size a fresh database holding
 * the generated store — generated in memory, copied by `importData` (one transaction), then
 * opened once with the declared indexes (created on the full tables, before any measure) and
 * analyzed, as a server would find a migrated production database.
 */
export interface BenchCluster {
  /** The PostgreSQL server's version (`SHOW server_version`). */
  version: string;
  /** A fresh database of `count` generated services: its URL, the generated ids and the start row's note. */
  prepare(count: number, seedFile: string): Promise<{ url: string; store: GeneratedStore; note: string }>;
  /**
   * Waits until no statement runs on the database at `url` (at most 60 s): requests autocannon
   * left unanswered at the end of a case finish before the next case, or before their server stops.
   */
  quiet(url: string): Promise<void>;
  /** Drops the database at `url` (its servers stopped): the next size does not share the disk with it. */
  drop(url: string): Promise<void>;
  stop(): Promise<void>;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function query<T>(url: string, text: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T;
  } finally {
    await client.end();
  }
}

export async function startBenchCluster(): Promise<BenchCluster> {
  const cluster: PgCluster = await startPgCluster();
  const indexes = storeIndexes(loadRegistry('schemas'));
  try {
    const { server_version: version } = await query<{ server_version: string }>(cluster.url, 'SHOW server_version');
    return {
      version,
      async prepare(count, seedFile) {
        const generating = performance.now();
        // Only `store` outlives this function: the data is garbage once copied.
        const { data, store } = await generateData(seedFile, count);
        await rm(seedFile, { force: true });
        const generated = seconds(generating);
        const url = await createDatabase(cluster.server, `bench_${count}`);
        const importing = performance.now();
        const target = await openPostgresStore({ url });
        try {
          await target.importData(data);
        } finally {
          await target.close();
        }
        const imported = seconds(importing);
        const indexing = performance.now();
        await (await openPostgresStore({ url, indexes })).close();
        await query(url, 'ANALYZE');
        const indexed = seconds(indexing);
        const { bytes } = await query<{ bytes: string }>(url, 'SELECT pg_database_size(current_database()) AS bytes');
        const note = `generated in ${generated} s, imported in ${imported} s, indexes + ANALYZE ${indexed} s; database ${(Number(bytes) / 1e6).toFixed(0)} MB`;
        return { url, store, note };
      },
      async quiet(url) {
        const busy = `SELECT count(*)::integer AS busy FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' AND pid <> pg_backend_pid()`;
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          // Two quiet looks in a row: a request may be between two statements.
          for (let quietLooks = 0, deadline = performance.now() + 60_000; quietLooks < 2 && performance.now() < deadline; ) {
            quietLooks = (await client.query(busy)).rows[0].busy ? 0 : quietLooks + 1;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        } finally {
          await client.end();
        }
      },
      async drop(url) {
        await adminQuery(cluster.server, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
      },
      stop: () => cluster.stop(),
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
