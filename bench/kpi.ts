/**
 * Times the supplier KPI calls over HTTP (`npm run bench -- --kpi [--count N] [--runs N] [--store postgres]` runs it):
 * `npx tsx bench/kpi.ts [count] [runs] [--postgres] [--only=<call>]` (default 100,000 services, 30 calls after one
 * warm-up, the embedded store; `--postgres`: a throwaway PostgreSQL database, the generated data
 * imported, then the declared indexes (and key columns) made, then VACUUM ANALYZE: the visibility
 * map an index-only scan needs, as autovacuum keeps it). The server runs on the bench's generated
 * services, logged in as quality@brand.test; each call is one of CALLS with its defaults (the last
 * 6 months to today). On PostgreSQL it then prints each call's aggregate statements' time alone
 * and the CPU time of the backend that ran them (/proc: independent of the machine's load), on one
 * backend without parallel workers, and the overview's plan.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Caller } from '../server/context';
import { figuresQuery } from '../server/kpi/figures';
import { unreadReports } from '../server/reports/access';
import { kpiCondition, startedIn } from '../server/kpi/filters';
import type { Period } from '../server/kpi/filters';
import { comparedPeriods, lastSixMonths, yearOf } from '../server/kpi/periods';
import type { Grouping } from '../server/store/aggregate';
import { aggregateStatement } from '../server/store/postgres/aggregateSql';
import { indexedFields } from '../server/store/postgres/indexes';
import { and } from '../server/store/query';
import { loadRegistry, storeIndexes } from '../server/schemas';
import { openPostgresStore, WORK_MEM } from '../server/store/postgres/store';
import { createDatabase, startPgCluster, type PgCluster } from '../tests/support/pgCluster';
import { generateData, generateStore } from './generate';
import { login, startServer, stopServer } from './server';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const POSTGRES = process.argv.includes('--postgres');
const COUNT = Number(args[0] ?? 100_000);
const RUNS = Number(args[1] ?? 30);
/** The calls timed: the overview with its defaults (every supplier ranked), and with the ten first only. */
const ALL_CALLS = ['overview', 'overview?limit=10', 'chart', 'compare', 'heatmap'];
/** `--database=<url>`: a database the bench imported before (its run stopped after the import): the declared indexes, VACUUM ANALYZE, then the measures. */
const DATABASE = process.argv.find((arg) => arg.startsWith('--database='))?.slice('--database='.length);
/** `--only=overview`: that call alone. */
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const CALLS = only ? ALL_CALLS.filter((call) => call === only) : ALL_CALLS;

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-kpi-'));
  try {
    const { env, cluster, lumiere } = DATABASE ? await importedStore(DATABASE) : POSTGRES ? await postgresStore(dir) : { env: { DB_FILE: (await generateStore(join(dir, 'db.json'), COUNT)).file } as Record<string, string>, cluster: undefined, lumiere: 0 };
    const { child, base } = await startServer(env).catch(async (error) => {
      await cluster?.stop();
      throw error;
    });
    try {
      const cookie = await login(base);
      for (const call of CALLS) {
        const url = `${base}/back/bo/kpi/supplier/${call}`;
        const get = async () => {
          const reply = await fetch(url, { headers: { cookie } });
          if (reply.status !== 200) throw new Error(`${call}: ${reply.status} ${await reply.text()}`);
          return (await reply.json()) as { totals: { services: number } };
        };
        const { totals } = await get(); // warm-up
        const took: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          const start = performance.now();
          await get();
          took.push(performance.now() - start);
        }
        took.sort((a, b) => a - b);
        const at = (share: number) => took[Math.min(RUNS - 1, Math.ceil(share * RUNS) - 1)].toFixed(0);
        console.log(`${call}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms over ${RUNS} calls (${totals?.services ?? '-'} services counted, ${load()})`);
      }
      if (POSTGRES) await explainStatements(env.DATABASE_URL!, lumiere);
    } finally {
      await stopServer(child);
      await cluster?.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The 1-minute load average, to quote beside each timing. */
const load = () => `load ${loadavg()[0].toFixed(1)}`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The generated services in a throwaway PostgreSQL database: imported, then the declared indexes made, then vacuumed and analyzed (each timed). */
async function postgresStore(dir: string): Promise<{ env: Record<string, string>; cluster: PgCluster; lumiere: number }> {
  const cluster = await startPgCluster();
  const url = await createDatabase(cluster.server, 'kpi');
  await importGenerated(dir, url);
  return { ...(await importedStore(url)), cluster };
}

/** The generated services imported (the generated data is garbage once this returns: at 1,000,000 services, gigabytes). */
async function importGenerated(dir: string, url: string): Promise<void> {
  let since = performance.now();
  const { data } = await generateData(join(dir, 'seed.json'), COUNT);
  console.log(`generated in ${seconds(since)} (${load()})`);
  since = performance.now();
  const target = await openPostgresStore({ url });
  await target.importData(data);
  await target.close();
  console.log(`imported in ${seconds(since)} (${load()})`);
}

/** The declared indexes made on an imported database, then VACUUM ANALYZE (each timed); Maison Lumière's company id. */
async function importedStore(url: string): Promise<{ env: Record<string, string>; cluster?: PgCluster; lumiere: number }> {
  let since = performance.now();
  await (await openPostgresStore({ url, indexes: storeIndexes(loadRegistry('schemas')) })).close();
  console.log(`declared indexes made in ${seconds(since)} (${load()})`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  since = performance.now();
  await client.query('VACUUM ANALYZE');
  console.log(`VACUUM ANALYZE in ${seconds(since)} (${load()})`);
  const { rows } = await client.query<{ table: string; index: string }>("SELECT pg_size_pretty(pg_table_size('services')) AS table, pg_size_pretty(pg_indexes_size('services')) AS index");
  console.log(`services: table ${rows[0].table}, its indexes ${rows[0].index}`);
  const { rows: companies } = await client.query<{ id: string }>("SELECT id FROM companies WHERE data ->> 'name' = 'Maison Lumière'");
  await client.end();
  return { env: { DATABASE_URL: url }, lumiere: Number(companies[0].id) };
}

/** The CPU time (user + system, ms) a local process has used so far, from /proc (the kernel counts it in ticks of 10 ms). */
const cpuOf = (pid: number) => async () => {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** The middle of the runs' times. */
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

/**
 * The aggregate statements of each call as the server builds them for quality@brand.test (Maison
 * Lumière, the defaults: one per call, the reports it may not read filters of its measures), each run 5
 * times on one backend without parallel workers: the median is its CPU time, whatever the load of
 * the machine (the data is in memory after the first run).
 * Then the overview's plan, with its buffers.
 */
async function explainStatements(url: string, lumiere: number): Promise<void> {
  const registry = loadRegistry('schemas');
  const caller = { universeId: 1, company: { companyId: lumiere }, roles: new Set(['SEARCH_SERVICE']) } as unknown as Caller;
  const day = new Date().toISOString().slice(0, 10);
  // No filter: the condition reads nothing from the store.
  const visible = await kpiCondition(undefined as never, registry, caller, {});
  const indexed = indexedFields(storeIndexes(registry)).get('services');
  // The brand reads every report it sees but those of services not yet terminated it has no part in (server/kpi/routes.ts:
  // a filter of the figures' measures); it holds no order-taker role, so reads no report in summary only.
  const access = { unread: unreadReports(caller), summaryOnly: null };
  const statements = (period: Period, keys: Grouping[]) => [aggregateStatement('services', figuresQuery(and(visible, startedIn(period)), keys, access), indexed)];
  const [quarter, previous] = comparedPeriods({}, day);
  const calls: [string, ReturnType<typeof statements>][] = [
    ['overview', statements(lastSixMonths({}, day), [{ field: 'supplier' }])],
    ['chart', statements(lastSixMonths({}, day), [{ field: 'startDate', bucket: 'month', as: 'period' }])],
    ['compare', [...statements(quarter, []), ...statements(previous, [])]],
    ['heatmap', statements(yearOf(undefined, day), [{ field: 'startDate', bucket: 'day', as: 'period' }])],
  ];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('SET max_parallel_workers_per_gather = 0');
  await client.query(`SET work_mem = '${WORK_MEM}'`); // as the store's connections have it
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const cpu = cpuOf(rows[0].pid);
  for (const [call, statements] of calls) {
    const [times, cpuTimes]: number[][] = [[], []];
    for (let run = 0; run < 6; run++) {
      const [start, startCpu] = [performance.now(), await cpu()];
      for (const { text, values } of statements) await client.query(text, values);
      // The first run reads the data into memory.
      if (run) {
        times.push(performance.now() - start);
        cpuTimes.push((await cpu()) - startCpu);
      }
    }
    console.log(`${call}: statement ${median(times).toFixed(0)} ms, backend CPU ${median(cpuTimes).toFixed(0)} ms (medians of ${times.length}, one backend, no parallel workers, ${load()})`);
  }
  await client.query('RESET max_parallel_workers_per_gather');
  const [overview] = calls[0][1];
  console.log((await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${overview.text}`, overview.values)).rows.map((row) => row['QUERY PLAN']).join('\n'));
  await client.end();
}

void main();
