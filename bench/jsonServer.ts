import autocannon from 'autocannon';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateStore } from './generate';
import { JSON_SERVER_HEADING, fmt, writeTailSection } from './report';
import { freePort, login, sleep, startServer, stopServer } from './server';

/**
 * `npm run bench -- --vs-json-server [--runs 3] [--vs-seconds 10]`: get one service, side by side
 * with json-server 0.17 (the reference of a plain JSON-file API) on the same 100,000 generated
 * services. Each run loads json-server (`GET /services/{id}`), then our server (lowdb, logged in
 * as quality@brand.test, `GET /back/bo/services/{id}`) with autocannon, 2 connections, the same
 * duration, random ids of the generated range; both servers idle while the other is measured.
 * json-server is fetched by npx, never installed in the project.
 */
const JSON_SERVER = 'json-server@0.17.4';
const CONNECTIONS = 2;
const SIZE = 100_000;
const WARM_UP_SECONDS = 2;

const execFileAsync = promisify(execFile);

interface Measured {
  rps: number;
  p50: number;
  p95: number;
  requests: number;
  errors: number;
}

/** autocannon on `path()` for `seconds`; non-2xx answers count as errors. */
async function measure(base: string, path: () => string, seconds: number, headers: Record<string, string> = {}): Promise<Measured> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { accept: 'application/json', ...headers },
    requests: [{ setupRequest: (request) => ({ ...request, method: 'GET', path: path() }) }],
  });
  return {
    rps: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** json-server's own answer to --version: the run refuses any other release than 0.17. */
async function jsonServerVersion(): Promise<string> {
  const { stdout } = await execFileAsync('npx', ['-y', JSON_SERVER, '--version'], { timeout: 300_000 });
  return stdout.trim();
}

/** json-server 0.17 on `dbFile` (logging on, as it runs by default; its output dropped). */
async function startJsonServer(dbFile: string, probeId: number): Promise<{ child: ChildProcess; base: string; startMs: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // Its own process group: npx runs json-server as a child, and both are stopped together.
  const child = spawn('npx', ['-y', JSON_SERVER, '--port', String(port), '--host', '127.0.0.1', dbFile], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('json-server exited while starting');
    try {
      const reply = await fetch(`${base}/services/${probeId}`);
      if (reply.ok) {
        const record = (await reply.json()) as { serviceId?: number };
        if (record.serviceId !== probeId) throw new Error(`json-server answered /services/${probeId} with service ${record.serviceId}`);
        return { child, base, startMs: performance.now() - started };
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('json-server answered')) throw error;
      /* not listening yet */
    }
    await sleep(100);
  }
}

/** json-server's file: the store's services as they are stored, each with json-server's `id` (its serviceId). */
async function writeJsonServerDb(storeFile: string, dbFile: string): Promise<number> {
  const data = JSON.parse(await readFile(storeFile, 'utf8')) as { collections: Record<string, Record<string, Record<string, unknown>>> };
  const services = Object.values(data.collections.services).map((service) => ({ id: service.serviceId, ...service }));
  await writeFile(dbFile, JSON.stringify({ services }));
  return services.length;
}

/** Stops npx and the json-server it started (the group `startJsonServer` made). */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = once(child, 'exit');
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

const pct = (value: number) => fmt(value, 1);

export async function runJsonServerBench(runs: number, seconds: number): Promise<void> {
  const version = await jsonServerVersion();
  if (!version.startsWith('0.17.')) throw new Error(`expected json-server 0.17, npx gave ${version}`);
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-vs-json-server-'));
  let json: Awaited<ReturnType<typeof startJsonServer>> | undefined;
  let ours: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const storeFile = join(dir, 'store.json');
    const store = await generateStore(storeFile, SIZE);
    const dbFile = join(dir, 'db.json');
    const count = await writeJsonServerDb(storeFile, dbFile);
    const randomId = () => store.firstId + Math.floor(Math.random() * SIZE);
    console.log(`json-server ${version} and our server on the same ${count} services (${SIZE} generated), ${CONNECTIONS} connections, ${seconds} s per run`);
    json = await startJsonServer(dbFile, store.firstId);
    ours = await startServer({ DB_FILE: storeFile, DATABASE_URL: '', OUTBOX_DIR: join(dir, 'outbox') });
    const cookie = await login(ours.base);
    const ourHeaders = { cookie, 'x-requested-with': 'XMLHttpRequest' };
    const probe = await fetch(`${ours.base}/back/bo/services/${store.firstId}`, { headers: ourHeaders });
    if (!probe.ok) throw new Error(`our server answered ${probe.status} to a generated service`);
    // Both warmed up (JIT, caches) before the first measured run.
    await measure(json.base, () => `/services/${randomId()}`, WARM_UP_SECONDS);
    await measure(ours.base, () => `/back/bo/services/${randomId()}`, WARM_UP_SECONDS, ourHeaders);
    const rows: string[] = [];
    for (let run = 1; run <= runs; run++) {
      const load = loadavg()[0];
      const theirs = await measure(json.base, () => `/services/${randomId()}`, seconds);
      const mine = await measure(ours.base, () => `/back/bo/services/${randomId()}`, seconds, ourHeaders);
      const ratio = mine.rps / theirs.rps;
      console.log(`  run ${run}: json-server ${fmt(theirs.rps)} req/s (p50 ${pct(theirs.p50)} ms), ours ${fmt(mine.rps)} req/s (p50 ${pct(mine.p50)} ms): ${fmt(ratio, 2)}× (load ${fmt(load, 2)})`);
      rows.push(
        `| ${run} | ${fmt(theirs.rps)} | ${pct(theirs.p50)} / ${pct(theirs.p95)} | ${theirs.requests} | ${theirs.errors} | ${fmt(mine.rps)} | ${pct(mine.p50)} / ${pct(mine.p95)} | ${mine.requests} | ${mine.errors} | ${fmt(ratio, 2)}× | ${fmt(load, 2)} |`,
      );
    }
    const cpu = cpus();
    await writeTailSection(
      JSON_SERVER_HEADING,
      [
        `\`npm run bench -- --vs-json-server\` (bench/jsonServer.ts): get one service, json-server ${version} (\`npx -y ${JSON_SERVER} --port P --host 127.0.0.1 db.json\`, its default logging on) against our server (lowdb, logged in as quality@brand.test) on the same ${count.toLocaleString('en')} services (${SIZE.toLocaleString('en')} generated), ${CONNECTIONS} connections, ${seconds} s each, random ids of the generated range; json-server first, then ours, in each run (the other server idle), after a ${WARM_UP_SECONDS} s warm-up of each. Latency columns: autocannon's p50 / p97.5.`,
        `Run ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, Node ${process.version}; load: the 1-minute load average before each run (the machine is shared).`,
        '',
        '| run | json-server req/s | json-server p50 / p97.5 ms | requests | non-2xx/errors | ours req/s | ours p50 / p97.5 ms | requests | non-2xx/errors | ours ÷ json-server | load |',
        '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        ...rows,
      ].join('\n'),
    );
    console.log('Written to bench/results.md, section "Against json-server"');
  } finally {
    if (ours) await stopServer(ours.child);
    if (json) await stopGroup(json.child);
    await rm(dir, { recursive: true, force: true });
  }
}
