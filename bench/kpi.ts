/**
 * Times the supplier KPI calls over HTTP (not part of `npm run bench`):
 * `npx tsx bench/kpi.ts [count] [runs] [--postgres] [--only=<call>]` (default 100,000 services, 30 calls after one
 * warm-up, the embedded store; `--postgres`: a throwaway PostgreSQL database with the declared
 * indexes, analyzed). The server runs on the bench's generated services, logged in as
 * quality@brand.test; each call is one of CALLS with its defaults (the last 6 months to today).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Caller } from '../server/context';
import { figuresQuery } from '../server/kpi/figures';
import { kpiCondition, startedIn } from '../server/kpi/filters';
import { lastSixMonths } from '../server/kpi/periods';
import { aggregateStatement } from '../server/store/postgres/aggregateSql';
import { indexedFields } from '../server/store/postgres/indexes';
import { and } from '../server/store/query';
import { loadRegistry, storeIndexes } from '../server/schemas';
import { openPostgresStore } from '../server/store/postgres/store';
import { createDatabase, startPgCluster, type PgCluster } from '../tests/support/pgCluster';
import { generateData, generateStore } from './generate';
import { login, startServer, stopServer } from './server';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const POSTGRES = process.argv.includes('--postgres');
const COUNT = Number(args[0] ?? 100_000);
const RUNS = Number(args[1] ?? 30);
/** The calls timed: the overview with its defaults (every supplier ranked), and with the ten first only. */
const ALL_CALLS = ['overview', 'overview?limit=10', 'chart', 'compare', 'heatmap'];
/** `--only=overview`: that call alone. */
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const CALLS = only ? ALL_CALLS.filter((call) => call === only) : ALL_CALLS;

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-kpi-'));
  try {
    const { env, cluster, lumiere } = POSTGRES ? await postgresStore(dir) : { env: { DB_FILE: (await generateStore(join(dir, 'db.json'), COUNT)).file } as Record<string, string>, cluster: undefined, lumiere: 0 };
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
        console.log(`${call}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms over ${RUNS} calls (${totals?.services ?? '-'} services counted)`);
      }
      if (POSTGRES) await explainOverview(env.DATABASE_URL!, lumiere);
    } finally {
      await stopServer(child);
      await cluster?.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The generated services in a throwaway PostgreSQL database, with the declared indexes, analyzed. */
async function postgresStore(dir: string): Promise<{ env: Record<string, string>; cluster: PgCluster; lumiere: number }> {
  const { data, store: generated } = await generateData(join(dir, 'seed.json'), COUNT);
  const cluster = await startPgCluster();
  const url = await createDatabase(cluster.server, 'kpi');
  const store = await openPostgresStore({ url, indexes: storeIndexes(loadRegistry('schemas')) });
  await store.importData(data);
  await store.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('ANALYZE');
  await client.end();
  return { env: { DATABASE_URL: url }, cluster, lumiere: generated.ids.lumiere };
}

/** The plan of the overview's aggregate as the server builds it for quality@brand.test (Maison Lumière, its default period). */
async function explainOverview(url: string, lumiere: number): Promise<void> {
  const registry = loadRegistry('schemas');
  const caller = { universeId: 1, company: { companyId: lumiere }, roles: new Set(['SEARCH_SERVICE']) } as unknown as Caller;
  // No filter: the condition reads nothing from the store.
  const where = and(await kpiCondition(undefined as never, registry, caller, {}), startedIn(lastSixMonths({}, new Date().toISOString().slice(0, 10))));
  const { text, values } = aggregateStatement('services', figuresQuery(where, [{ field: 'supplier' }]), indexedFields(storeIndexes(registry)).get('services'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  console.log((await client.query(`EXPLAIN ANALYZE ${text}`, values)).rows.map((row) => row['QUERY PLAN']).join('\n'));
  await client.end();
}

void main();
