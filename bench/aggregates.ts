/**
 * Times aggregate reads on both stores over the bench's generated services (not part of
 * `npm run bench`): `npx tsx bench/aggregates.ts [count]` (default 100,000). The same data goes
 * into an embedded store file and a throwaway PostgreSQL database (with the declared indexes,
 * analyzed); each aggregate runs a few times on each, after one warm-up run, and the median and
 * the slowest are printed with the answer's size.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore } from '../server/boot';
import type { AggregateQuery } from '../server/store/aggregate';
import { loadRegistry, storeIndexes } from '../server/schemas';
import { aggregateStatement } from '../server/store/postgres/aggregateSql';
import { indexedFields } from '../server/store/postgres/indexes';
import { openPostgresStore } from '../server/store/postgres/store';
import type { AsyncStore } from '../server/store/types';
import { createDatabase, startPgCluster } from '../tests/support/pgCluster';
import { generateData } from './generate';

const COUNT = Number(process.argv[2] ?? 100_000);
const RUNS = 15;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

function cases(client: number, since: string): [string, AggregateQuery][] {
  const byMonth: AggregateQuery = { collection: 'services', groupBy: [{ field: 'startDate', bucket: 'month', as: 'month' }], measures: { services: { fn: 'count' } } };
  return [
    ['count by month, every service', byMonth],
    ['count by month, one client, last 12 months', { ...byMonth, where: { op: 'and', all: [{ op: 'eq', field: 'client', value: client }, { op: 'gte', field: 'startDate', value: since }] } }],
    ['count and distinct suppliers by quarter and type', { ...byMonth, groupBy: [{ field: 'startDate', bucket: 'quarter', as: 'quarter' }, { field: 'type' }], measures: { services: { fn: 'count' }, suppliers: { fn: 'countDistinct', field: 'supplier' } } }],
  ];
}

async function time(db: AsyncStore, query: AggregateQuery): Promise<string> {
  const rows = (await db.aggregate(query)).length; // warm-up
  const took: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await db.aggregate(query);
    took.push(performance.now() - start);
  }
  took.sort((a, b) => a - b);
  return `median ${took[Math.floor(RUNS / 2)].toFixed(0)} ms, slowest ${took[RUNS - 1].toFixed(0)} ms (${rows} rows)`;
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-aggregates-'));
  const cluster = await startPgCluster();
  try {
    let start = performance.now();
    const { data, store } = await generateData(join(dir, 'seed.json'), COUNT);
    const file = join(dir, 'db.json');
    await writeFile(file, JSON.stringify(data));
    console.log(`${COUNT} services generated in ${seconds(start)} s`);
    start = performance.now();
    const url = await createDatabase(cluster.server, 'aggregates');
    const indexes = storeIndexes(loadRegistry('schemas'));
    const postgres = await openPostgresStore({ url, indexes });
    await postgres.importData(data);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('ANALYZE');
    console.log(`PostgreSQL imported, indexed and analyzed in ${seconds(start)} s`);
    const { db: embedded } = await openStore({ dbFile: file, seed: 'none' });
    const since = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    for (const [name, query] of cases(store.ids.lumiere, since)) {
      console.log(`${name}\n  embedded:   ${await time(embedded, query)}\n  PostgreSQL: ${await time(postgres, query)}`);
    }
    // The plan of the first case (the others read the same way).
    for (const [name, query] of cases(store.ids.lumiere, since).slice(0, 1)) {
      const { text, values } = aggregateStatement('services', query, indexedFields(indexes).get('services'));
      console.log(`${name}:\n${(await client.query(`EXPLAIN ANALYZE ${text}`, values)).rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
    await client.end();
    await Promise.all([postgres.close(), embedded.close()]);
  } finally {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
