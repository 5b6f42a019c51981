import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateStore, type GeneratedStore } from './generate';

/**
 * `npm run bench`: for 1,000 / 10,000 / 100,000 services, generate a store, start the real
 * server on it (node + tsx, 127.0.0.1, a free port), log in as quality@brand.test and load it
 * with autocannon over loopback. Latency percentiles come from every response's own time.
 * Writes are measured as they are: lowdb rewrites (and fsyncs) the whole file on each one.
 * BENCH_SIZES=1000,10000 and BENCH_SECONDS=5 shorten a run; BENCH_ONLY=<words> runs the cases whose name holds them.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ONLY = process.env.BENCH_ONLY;
/** Two users at once on the single-threaded server (the load tool takes the machine's other core). */
const CONNECTIONS = 2;
const WRITES = 40;
const DEMO_PASSWORD = 'Demo-Pass-2026!';
const TARGETS = { search: 100, getOne: 20, startMs: 5000 };

interface Row {
  size: number;
  name: string;
  kind: 'search' | 'getOne' | 'write' | 'start';
  p50?: number;
  p95?: number;
  rps?: number;
  requests?: number;
  errors?: number;
  note?: string;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns the server and waits until /back/version/ answers: the start time. */
async function startServer(file: string, extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; base: string; startMs: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DB_FILE: file, SEED: 'none', LOG: '0', NODE_ENV: 'test', OUTBOX_DIR: join(file, '..', 'outbox'), ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`${base}/back/version/`)).ok) return { child, base, startMs: performance.now() - started };
    } catch {
      /* not listening yet */
    }
    await sleep(10);
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

async function login(base: string): Promise<string> {
  const reply = await fetch(`${base}/back/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Requested-With': 'XMLHttpRequest' },
    body: new URLSearchParams({ username: 'quality@brand.test', password: DEMO_PASSWORD }),
  });
  if (reply.status !== 200) throw new Error(`login: ${reply.status} ${await reply.text()}`);
  return reply.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

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
}

/** One autocannon run; every response's time is kept for exact percentiles. */
async function measure(base: string, cookie: string, test: Case): Promise<Omit<Row, 'size'>> {
  /** [end time, response time] of every response. */
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
  const did = await meanwhile;
  const window = typeof did === 'object' ? did.window : undefined;
  const counted = window ? responses.filter(([end, took]) => end - took < window[1] && end > window[0]) : responses;
  const times = counted.map(([, took]) => took).sort((a, b) => a - b);
  const errors = counted.filter(([, , status]) => status >= 300).length;
  return {
    // Over a window a stall hits few requests (2 connections): the longest one shows it.
    note: typeof did === 'object' ? `${did.note}; longest search ${fmt(times.at(-1))} ms` : did,
    name: test.name,
    kind: test.kind,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    rps: times.length / (window ? (window[1] - window[0]) / 1000 : result.duration || SECONDS),
    requests: times.length,
    errors: errors + (window ? 0 : result.errors + result.timeouts),
  };
}

function cases(store: GeneratedStore, size: number, file: string): Case[] {
  const day = new Date().toISOString().slice(0, 10);
  const shift = (days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const range = `fromDate=${shift(-7)}&toDate=${shift(7)}`;
  const search = (query: string) => `/back/bo/services/?${query}`;
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
    { name: 'search: default range ±7 days during a journal fold', kind: 'search', path: () => search(range), meanwhile: duringFold, serverEnv: { JOURNAL_FOLD_BYTES: '1' }, seconds: 120 },
    { name: 'get one service', kind: 'getOne', path: () => `/back/bo/services/${randomId()}` },
    { name: 'create (POST wizard)', kind: 'write', method: 'POST', path: () => '/back/bo/services', body: wizard, connections: 1, amount: WRITES },
    { name: 'update (PATCH REQUEST_CANCEL)', kind: 'write', method: 'PATCH', path: () => `/back/bo/services/${targets[next++ % targets.length]}/REQUEST_CANCEL`, connections: 1, amount: WRITES },
  ];
}

/**
 * The table of this run merged into the previous one: a partial run (BENCH_SIZES, BENCH_ONLY)
 * replaces the rows it measured and keeps the others, in size order.
 */
function mergeRows(previous: string, current: string): string {
  const rowsOf = (text: string) => text.split('\n').filter((line) => /^\| [\d,]+ \|/.test(line));
  const key = (line: string) => line.split('|').slice(1, 3).map((cell) => cell.trim()).join('|');
  const size = (line: string) => Number(line.split('|')[1].replace(/[^\d]/g, ''));
  const fresh = rowsOf(current);
  const measured = new Set(fresh.map(key));
  const kept = rowsOf(previous).filter((line) => !measured.has(key(line)));
  const [head, rule] = current.split('\n');
  // A stable sort by size keeps each run's case order within a size.
  return [head, rule, ...[...kept, ...fresh].sort((a, b) => size(a) - size(b))].join('\n');
}

const fmt = (value: number | undefined, digits = 1) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));

function verdict(row: Row): string {
  if (row.size !== 100_000) return '';
  if (row.kind === 'start') return row.p50! < TARGETS.startMs ? 'ok (< 5 s)' : 'MISSED (< 5 s)';
  if (row.kind === 'search') return row.p95! < TARGETS.search ? 'ok (< 100 ms)' : 'MISSED (< 100 ms)';
  if (row.kind === 'getOne') return row.p95! < TARGETS.getOne ? 'ok (< 20 ms)' : 'MISSED (< 20 ms)';
  return '';
}

function table(rows: Row[]): string {
  const head = '| services | case | p50 ms | p95 ms | req/s | requests | non-2xx/errors | target at 100k | note |\n|---:|---|---:|---:|---:|---:|---:|---|---|';
  const lines = rows.map((row) =>
    `| ${row.size.toLocaleString('en')} | ${row.name} | ${fmt(row.p50)} | ${fmt(row.p95)} | ${fmt(row.rps)} | ${row.requests ?? '–'} | ${row.errors ?? '–'} | ${verdict(row)} | ${row.note ?? ''} |`,
  );
  return [head, ...lines].join('\n');
}

async function main() {
  const rows: Row[] = [];
  const log = (row: Row) => {
    rows.push(row);
    console.log(`  ${row.name}: p50 ${fmt(row.p50)} ms, p95 ${fmt(row.p95)} ms, ${fmt(row.rps)} req/s, ${row.requests} requests, ${row.errors} errors${row.note ? ` (${row.note})` : ''}`);
  };
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-bench-'));
  try {
    for (const size of SIZES) {
      const file = join(dir, `db-${size}.json`);
      const generated = performance.now();
      const store = await generateStore(file, size);
      const megabytes = (await stat(file)).size / 1e6;
      const note = `store file ${megabytes.toFixed(0)} MB, generated in ${((performance.now() - generated) / 1000).toFixed(1)} s`;
      console.log(`\n${size} services: ${note}`);
      const server = await startServer(file);
      rows.push({ size, name: 'server start (spawn → /back/version/)', kind: 'start', p50: server.startMs, note });
      console.log(`  start ${server.startMs.toFixed(0)} ms`);
      try {
        const cookie = await login(server.base);
        for (const test of cases(store, size, file).filter((test) => !ONLY || test.name.includes(ONLY))) {
          if (test.serverEnv) continue;
          log({ size, ...(await measure(server.base, cookie, test)) });
        }
      } finally {
        await stopServer(server.child);
      }
      for (const test of cases(store, size, file).filter((test) => test.serverEnv && (!ONLY || test.name.includes(ONLY)))) {
        const own = await startServer(file, test.serverEnv);
        try {
          log({ size, ...(await measure(own.base, await login(own.base), test)) });
        } finally {
          await stopServer(own.child);
        }
      }
      await rm(file, { force: true });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const cpu = cpus();
  const header = [
    '# QCFlow benchmark',
    '',
    `Run ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, Node ${process.version}: the real server (node + tsx) on a generated lowdb store, autocannon over loopback, logged in as quality@brand.test (Maison Lumière, client of every generated service).`,
    `Reads: ${SECONDS} s per case, ${CONNECTIONS} connections (a request may wait for the other one: the server is single-threaded); writes: 1 connection, a fixed number of requests. Percentiles from every response's time.`,
    'Server start is a single measure (spawn → first answer of /back/version/); its p50 column holds it.',
    `This run measured ${SIZES.map((size) => size.toLocaleString('en')).join(', ')} services${ONLY ? ` (cases holding "${ONLY}")` : ''}; other rows are kept from earlier runs (the file's git history dates them).`,
    `Writes (${WRITES} per case) append their change to the store's journal and fsync it; the JSON file is rewritten only once the journal passes 16 MB or half its size (not reached here, except in the fold case, whose own server folds after any write: the rewrite runs beside requests and writes, a chunk at a time).`,
    '',
    '',
  ].join('\n');
  const file = join(ROOT, 'bench', 'results.md');
  const merged = mergeRows(await readFile(file, 'utf8').catch(() => ''), table(rows));
  await writeFile(file, `${header}${merged}\n`);
  console.log(`\n${table(rows)}\n\nWritten to bench/results.md (rows of cases not run this time are kept as they were)`);
}

await main();
