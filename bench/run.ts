import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateStore, type GeneratedStore } from './generate';
import { startBenchCluster, type BenchCluster } from './postgres';
import { fmt, table, writeResults, type Row, type StoreKind } from './report';
import { login, sleep, startServer, stopServer } from './server';
import { runSoak } from './soak';
import { runJsonServerBench } from './jsonServer';
import { runUploadBench } from './uploads';
import { runImportBench } from './imports';
import { runLighthouseBench } from './lighthouse';
import { runExcelBench } from './excelExport';
import { runSearchTurns } from './searchTurns';

/**
 * `npm run bench`: for 1,000 / 10,000 / 100,000 services, generate a store, start the real
 * server on it (node + tsx, 127.0.0.1, a free port), log in as quality@brand.test and load it
 * with autocannon over loopback. Latency percentiles come from every response's own time.
 * Writes are measured as they are: lowdb appends (and fsyncs) each one to its journal.
 * `npm run bench -- --store postgres` (or BENCH_STORE=postgres) does the same on PostgreSQL, for
 * 100,000 / 1,000,000 services, in a throwaway cluster (bench/postgres.ts), and also measures
 * searches over two servers on the same database.
 * BENCH_SIZES=1000,10000 and BENCH_SECONDS=5 shorten a run; BENCH_ONLY=<words> runs the cases whose name holds them.
 * `npm run bench -- --soak`: 200 connections for 10 minutes, the server's memory sampled (bench/soak.ts).
 * `npm run bench -- --vs-json-server [--runs 3]`: get one service against json-server 0.17 on 100,000 services (bench/jsonServer.ts).
 * `npm run bench -- --lighthouse [--runs 3]`: Lighthouse desktop scores of five pages, logged in (bench/lighthouse.ts).
 * `npm run bench -- --excel [--rows 100000] [--runs 1]`: an Excel export of 100,000 rows made in the browser (bench/excelExport.ts).
 * `npm run bench -- --kpi [--count 100000] [--runs 15] [--store postgres]`: the supplier KPI calls (bench/kpi.ts).
 * `npm run bench -- --store postgres --turns <checkout> [--rounds 3]`: the service search cases on this build and on another checkout, in turns (bench/searchTurns.ts), at the first of BENCH_SIZES.
 */
function storeKind(): StoreKind {
  const args = process.argv.slice(2);
  const at = args.indexOf('--store');
  const given = at >= 0 ? args[at + 1] : (args.find((arg) => arg.startsWith('--store='))?.slice('--store='.length) ?? process.env.BENCH_STORE ?? 'lowdb');
  if (given !== 'lowdb' && given !== 'postgres') {
    console.error(`bench: --store lowdb|postgres (or BENCH_STORE), not ${given}`);
    process.exit(2);
  }
  return given;
}

const STORE = storeKind();
const SIZES = (process.env.BENCH_SIZES ?? (STORE === 'postgres' ? '100000,1000000' : '1000,10000,100000')).split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ONLY = process.env.BENCH_ONLY;
/** Two users at once on the single-threaded server (the load tool takes the machine's other core). */
const CONNECTIONS = 2;
const WRITES = 40;

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

interface Case {
  name: string;
  kind: Row['kind'];
  method?: 'GET' | 'POST' | 'PATCH';
  /** The path of the next request (called once per request). */
  path: () => string;
  body?: () => string;
  connections?: number;
  /** Reads: measure at most this long instead of BENCH_SECONDS, and stop once `meanwhile` is done. */
  seconds?: number;
  /** Writes: stop after this many requests at most. */
  amount?: number;
  /**
   * Runs beside the measured requests until they end; answers what it did, for the note, and
   * optionally a time window (performance.now()): then only the requests overlapping it count.
   */
  meanwhile?: (base: string, cookie: string, stop: () => boolean) => Promise<string | { note: string; window: [number, number] }>;
  /** Runs on its own server, started with these variables (the file as the other cases left it). */
  serverEnv?: Record<string, string>;
  /** Measured on these stores only (default: all). */
  stores?: StoreKind[];
  /** A `twoServers` case: the name of the one-server row measured just before it, its baseline. */
  baseline?: string;
}

interface Server {
  base: string;
  cookie: string;
}

/** One autocannon run; every response's [end time, response time, status] is kept for exact percentiles. */
async function load({ base, cookie }: Server, test: Case) {
  const responses: [number, number, number][] = [];
  const options: autocannon.Options = {
    url: base,
    connections: test.connections ?? CONNECTIONS,
    ...(test.amount ? { amount: test.amount } : { duration: test.seconds ?? SECONDS }),
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', accept: 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, method: test.method ?? 'GET', path: test.path(), ...(test.body ? { body: test.body() } : {}) }),
      },
    ],
  };
  let stopped = false;
  const meanwhile = test.meanwhile?.(base, cookie, () => stopped);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    if (test.seconds) void meanwhile?.finally(() => instance.stop());
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      responses.push([performance.now(), responseTime, statusCode]);
    });
  });
  stopped = true;
  return { responses, result, did: await meanwhile };
}

/**
 * The case's load on each server at once (one autocannon per server, each with the case's
 * connections; `meanwhile` beside the first one only): requests summed, req/s over the longest
 * of the runs (they start together), percentiles over all responses.
 */
async function measure(servers: Server[], test: Case): Promise<Omit<Row, 'size'>> {
  const loads = await Promise.all(servers.map((server, index) => load(server, index ? { ...test, meanwhile: undefined } : test)));
  const did = loads[0].did;
  const window = typeof did === 'object' ? did.window : undefined;
  const counted = loads.flatMap(({ responses }) => (window ? responses.filter(([end, took]) => end - took < window[1] && end > window[0]) : responses));
  const times = counted.map(([, took]) => took).sort((a, b) => a - b);
  const errors = counted.filter(([, , status]) => status >= 300).length;
  const seconds = window ? (window[1] - window[0]) / 1000 : Math.max(...loads.map(({ result }) => result.duration || SECONDS));
  return {
    // Over a window a stall hits few requests (2 connections): the longest one shows it.
    note: typeof did === 'object' ? `${did.note}; longest search ${fmt(times.at(-1))} ms` : did,
    name: test.name,
    kind: test.kind,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    rps: times.length / seconds,
    requests: times.length,
    errors: errors + (window ? 0 : loads.reduce((sum, { result }) => sum + result.errors + result.timeouts, 0)),
  };
}

/**
 * A `twoServers` case: a second server started on the same database, then the case's load on the
 * first server alone (the `baseline` row), then the same load on each of the two at once.
 */
async function measureTwoServers(first: Server, prepared: Prepared, test: Case & { baseline: string }): Promise<Omit<Row, 'size'>[]> {
  const second = await startServer(prepared.env);
  try {
    const both = [first, { base: second.base, cookie: await login(second.base) }];
    const one = await measure([first], { ...test, name: test.baseline, kind: 'search' });
    await prepared.settle();
    const two = await measure(both, test);
    await prepared.settle();
    const ratio = two.rps! / one.rps!;
    const cores = cpus().length;
    const note = `${fmt(ratio, 2)}× the req/s of one server (row above), ${test.connections ?? CONNECTIONS} connections to each server; the ${cores} cores are shared by PostgreSQL, both servers and autocannon`;
    return [one, { ...two, ratio, note }];
  } finally {
    await stopServer(second.child);
  }
}

/** The cases of a store of `size` services (`file`: lowdb's, for the fold case). */
function cases(store: GeneratedStore, size: number, file?: string): Case[] {
  const day = new Date().toISOString().slice(0, 10);
  const shift = (days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const range = `fromDate=${shift(-7)}&toDate=${shift(7)}`;
  // As the search screen asks: its view (the fields it shows; docs/services.md "Search").
  const search = (query: string) => `/back/bo/services/?${query ? `${query}&` : ''}view=screen`;
  const references = (query: string) => `/back/bo/smartdata/references/?${query}`;
  let next = 0;
  const randomId = () => store.firstId + Math.floor(Math.random() * size);
  const targets = [...store.confirmedIds];
  let created = 0;
  const wizard = () =>
    JSON.stringify({
      roles: ['DECISION_MAKER'],
      service: {
        thirdPartyDepartment: 'INSP', type: 'INSP_FINAL_RANDOM', client: store.ids.lumiere, supplier: store.ids.shenzhen, factory: store.ids.ningbo, serviceProvider: store.ids.atlas,
        startDate: shift(200 + (created++ % 300)), exFactoryDate: shift(520), orderTakerContacts: [store.ids.shenzhenContact],
      },
      purchaseOrderLines: [{ poNumber: `BENCH-NEW-${created}`, designation: 'Bench shirt', orderedQuantity: { quantity: 500, unit: 'PIECE', packing: 'BOX' } }],
    });
  /** Services created one after the other, `ms` apart, while searches are measured: each write changes the search index. */
  const createEvery = (ms: number) => async (base: string, cookie: string, stop: () => boolean) => {
    let writes = 0;
    while (!stop()) {
      const reply = await fetch(`${base}/back/bo/services`, {
        method: 'POST',
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        body: wizard(),
      });
      if (reply.ok) writes++;
      await sleep(ms);
    }
    return `${writes} services created meanwhile`;
  };
  /**
   * On a server that folds its journal after any write (JOURNAL_FOLD_BYTES=1): once the journal
   * is empty, one service created starts a fold; more are created every 100 ms until the journal
   * shrinks (the fold is over). Only the searches overlapping the fold count.
   */
  const duringFold = async (base: string, cookie: string) => {
    const journalBytes = () => stat(`${file}.journal`).then((info) => info.size, () => 0);
    const deadline = performance.now() + 60_000;
    while ((await journalBytes()) > 0 && performance.now() < deadline) await sleep(20);
    await sleep(500);
    const started = performance.now();
    let ended: number | undefined;
    let writes = 0;
    let failed = 0;
    const writer = (async () => {
      while (ended === undefined) {
        const reply = await fetch(`${base}/back/bo/services`, {
          method: 'POST',
          headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
          body: wizard(),
        });
        if (reply.ok) writes++;
        else failed++;
        if (ended === undefined) await sleep(100);
      }
    })();
    let peak = 0;
    while (ended === undefined && performance.now() < deadline + 120_000) {
      const bytes = await journalBytes();
      if (bytes < peak) ended = performance.now();
      peak = Math.max(peak, bytes);
      await sleep(5);
    }
    await writer;
    const end = ended ?? performance.now();
    return {
      note: `fold ${ended ? (end - started).toFixed(0) : 'not seen'} ms; ${writes} services created meanwhile${failed ? `, ${failed} refused` : ''}; searches overlapping the fold only`,
      window: [started, end] as [number, number],
    };
  };
  return [
    { name: 'search: default range ±7 days', kind: 'search', path: () => search(range) },
    { name: 'search: default range ±7 days, a service created every 250 ms', kind: 'search', path: () => search(range), meanwhile: createEvery(250) },
    { name: 'search: keyword (a PO number, 1 hit)', kind: 'search', path: () => search(`keywords=${store.onePoNumber}`) },
    { name: 'search: keyword "cardigan" (all dates)', kind: 'search', path: () => search('keywords=cardigan') },
    // Inside a date window the search also counts the matches the window leaves out (X-Outside-Window).
    { name: 'search: keyword (a PO number), ±7 days', kind: 'search', path: () => search(`${range}&keywords=${store.onePoNumber}`) },
    { name: 'search: keyword "cardigan", ±7 days', kind: 'search', path: () => search(`${range}&keywords=cardigan`) },
    { name: 'search: client + steps, ±7 days', kind: 'search', path: () => search(`${range}&client=${store.ids.lumiere}&serviceSteps=CONFIRMED&serviceSteps=OPENED`) },
    { name: 'search: client + steps, all dates', kind: 'search', path: () => search(`client=${store.ids.lumiere}&serviceSteps=CONFIRMED&serviceSteps=OPENED`) },
    { name: 'search: default range ±7 days during a journal fold', kind: 'search', path: () => search(range), meanwhile: duringFold, serverEnv: { JOURNAL_FOLD_BYTES: '1' }, seconds: 120, stores: ['lowdb'] },
    {
      name: 'search: default range ±7 days, two servers', kind: 'twoServers', path: () => search(range), stores: ['postgres'],
      baseline: 'search: default range ±7 days, one server (baseline of two)',
    },
    {
      name: 'search: keyword "cardigan" (all dates), two servers', kind: 'twoServers', path: () => search('keywords=cardigan'), stores: ['postgres'],
      baseline: 'search: keyword "cardigan" (all dates), one server (baseline of two)',
    },
    // The smart-data reference search (docs/references.md): as many references as services, at most 500 answered.
    { name: 'references: search, score 0 ANY (500 of them)', kind: 'search', path: () => references('score=0&scoreDirection=ANY') },
    { name: 'references: keyword (a sku, 1 hit)', kind: 'search', path: () => references(`keywords=${store.oneSku}`) },
    { name: 'references: keyword "cardigan", showAll', kind: 'search', path: () => references('keywords=cardigan&showAll=true') },
    { name: 'references: risk HIGH, score above 90', kind: 'search', path: () => references('riskTypes=HIGH&score=90&scoreDirection=ABOVE') },
    { name: 'get one service', kind: 'getOne', path: () => `/back/bo/services/${randomId()}` },
    { name: 'create (POST wizard)', kind: 'write', method: 'POST', path: () => '/back/bo/services', body: wizard, connections: 1, amount: WRITES },
    { name: 'update (PATCH REQUEST_CANCEL)', kind: 'write', method: 'PATCH', path: () => `/back/bo/services/${targets[next++ % targets.length]}/REQUEST_CANCEL`, connections: 1, amount: WRITES },
  ];
}

/** A store of `size` services ready for the servers: the variables that point them at it, and the start row's note. */
interface Prepared {
  store: GeneratedStore;
  env: Record<string, string>;
  note: string;
  /** lowdb's file (the fold case watches its journal). */
  file?: string;
  /** Waits for the work of requests left unanswered by the last case (lowdb answers them synchronously: nothing to wait for). */
  settle(): Promise<void>;
  dispose(): Promise<void>;
}

async function prepareLowdb(dir: string, size: number): Promise<Prepared> {
  const file = join(dir, `db-${size}.json`);
  const generated = performance.now();
  const store = await generateStore(file, size);
  const megabytes = (await stat(file)).size / 1e6;
  const note = `store file ${megabytes.toFixed(0)} MB, generated in ${((performance.now() - generated) / 1000).toFixed(1)} s`;
  // An empty DATABASE_URL: a variable of the shell must not turn this server to PostgreSQL.
  return { store, file, note, env: { DB_FILE: file, DATABASE_URL: '', OUTBOX_DIR: join(dir, 'outbox') }, settle: async () => {}, dispose: () => rm(file, { force: true }) };
}

async function preparePostgres(cluster: BenchCluster, dir: string, size: number): Promise<Prepared> {
  const { url, store, note } = await cluster.prepare(size, join(dir, `seed-${size}.json`));
  return { store, note, env: { DATABASE_URL: url, OUTBOX_DIR: join(dir, 'outbox') }, settle: () => cluster.quiet(url), dispose: () => cluster.drop(url) };
}

/** The number after `--name` (or in `--name=N`), else `fallback`. */
function numberArg(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  const given = at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
  const value = given === undefined ? fallback : Number(given);
  if (!(value > 0)) {
    console.error(`bench: ${name} takes a positive number, not ${given}`);
    process.exit(2);
  }
  return value;
}

/** `npm run bench -- --soak [--soak-minutes 10] [--soak-size 10000] [--store postgres]`: bench/soak.ts; exit code 1 when it fails. */
async function soak(): Promise<void> {
  const minutes = numberArg('--soak-minutes', 10);
  const size = numberArg('--soak-size', 10_000);
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-soak-'));
  const cluster = STORE === 'postgres' ? await startBenchCluster() : undefined;
  let passed: boolean;
  try {
    const prepared = cluster ? await preparePostgres(cluster, dir, size) : await prepareLowdb(dir, size);
    console.log(`Soak: ${size} services (${prepared.note}), ${minutes} min`);
    passed = await runSoak({ minutes, store: STORE, size, env: prepared.env, generated: prepared.store, dir });
    await prepared.dispose();
  } finally {
    await cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  }
  if (!passed) process.exitCode = 1;
}

/** The value after `--name` (or in `--name=value`). */
function stringArg(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** The supplier KPI calls, at `--count` services on the store asked for: bench/kpi.ts in a process of its own (it ends with its server and cluster). */
function kpiBench(): void {
  const args = [String(numberArg('--count', 100_000)), String(numberArg('--runs', 15)), ...(STORE === 'postgres' ? ['--postgres'] : [])];
  const { status } = spawnSync(process.execPath, [...process.execArgv, join('bench', 'kpi.ts'), ...args], { stdio: 'inherit' });
  process.exitCode = status ?? 1;
}

/** `--turns <checkout>`: the plain service searches (no writes beside them, one server) of both builds, in turns. */
async function searchTurns(other: string): Promise<void> {
  const [size] = SIZES;
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-turns-'));
  const cluster = STORE === 'postgres' ? await startBenchCluster() : undefined;
  try {
    const prepared = cluster ? await preparePostgres(cluster, dir, size) : await prepareLowdb(dir, size);
    console.log(`Search in turns: ${size} services (${prepared.note})`);
    const plain = (test: Case) => test.kind === 'search' && test.path().startsWith('/back/bo/services/') && !test.meanwhile && !test.baseline && !test.serverEnv && (!ONLY || test.name.includes(ONLY));
    const searches = cases(prepared.store, size, prepared.file).filter(plain);
    await runSearchTurns({ cases: searches, env: prepared.env, other, rounds: numberArg('--rounds', 3), seconds: SECONDS, connections: CONNECTIONS, size, note: `${STORE}, ${prepared.note}`, settle: prepared.settle });
    await prepared.dispose();
  } finally {
    await cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const other = stringArg('--turns');
  if (other) return searchTurns(other);
  // `npm run bench -- --uploads`: the upload bench alone (bench/uploads.ts).
  if (process.argv.includes('--uploads')) return runUploadBench();
  // `npm run bench -- --imports [--store postgres]`: 100,000 order lines imported (bench/imports.ts).
  if (process.argv.includes('--imports')) return runImportBench(STORE);
  if (process.argv.includes('--soak')) return soak();
  if (process.argv.includes('--lighthouse')) return runLighthouseBench(numberArg('--runs', 3));
  if (process.argv.includes('--excel')) return runExcelBench(numberArg('--rows', 100_000), numberArg('--runs', 1));
  if (process.argv.includes('--kpi')) return kpiBench();
  if (process.argv.includes('--vs-json-server')) return runJsonServerBench(numberArg('--runs', 1), numberArg('--vs-seconds', SECONDS));
  const rows: Row[] = [];
  const log = (row: Row) => {
    rows.push(row);
    console.log(`  ${row.name}: p50 ${fmt(row.p50)} ms, p95 ${fmt(row.p95)} ms, ${fmt(row.rps)} req/s, ${row.requests} requests, ${row.errors} errors${row.note ? ` (${row.note})` : ''}`);
  };
  const selected = (test: Case) => (!test.stores || test.stores.includes(STORE)) && (!ONLY || test.name.includes(ONLY) || test.baseline?.includes(ONLY));
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-bench-'));
  const cluster = STORE === 'postgres' ? await startBenchCluster() : undefined;
  try {
    for (const size of SIZES) {
      const prepared = cluster ? await preparePostgres(cluster, dir, size) : await prepareLowdb(dir, size);
      const { store, env, note, file } = prepared;
      console.log(`\n${size} services: ${note}`);
      const server = await startServer(env);
      rows.push({ size, name: 'server start (spawn → /back/version/)', kind: 'start', p50: server.startMs, note });
      console.log(`  start ${server.startMs.toFixed(0)} ms`);
      try {
        const first = { base: server.base, cookie: await login(server.base) };
        for (const test of cases(store, size, file).filter(selected)) {
          if (test.serverEnv) continue;
          const measured = test.baseline ? await measureTwoServers(first, prepared, { ...test, baseline: test.baseline }) : [await measure([first], test)];
          for (const row of measured) log({ size, ...row });
          await prepared.settle();
        }
      } finally {
        await stopServer(server.child);
      }
      for (const test of cases(store, size, file).filter((test) => test.serverEnv && selected(test))) {
        const own = await startServer(env, test.serverEnv);
        try {
          log({ size, ...(await measure([{ base: own.base, cookie: await login(own.base) }], test)) });
          await prepared.settle();
        } finally {
          await stopServer(own.child);
        }
      }
      await prepared.dispose();
    }
  } finally {
    await cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  }
  await writeResults({ store: STORE, rows, sizes: SIZES, seconds: SECONDS, only: ONLY, connections: CONNECTIONS, writes: WRITES, pgVersion: cluster?.version });
  console.log(`\n${table(rows, STORE)}\n\nWritten to bench/results.md (rows of cases not run this time are kept as they were)`);
}

await main();
