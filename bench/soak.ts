import autocannon from 'autocannon';
import { readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { GeneratedStore } from './generate';
import { SOAK_HEADING, fmt, writeTailSection, type StoreKind } from './report';
import { login, sleep, startServer, stopServer } from './server';

/**
 * `npm run bench -- --soak [--soak-minutes N]`: the server under 200 connections for 10 minutes
 * (searches, get-one, writes), its memory sampled every few seconds by a probe preloaded into it
 * (bench/memoryProbe.mjs). The run fails (exit code 1) when RSS or the live heap keeps growing after
 * warm-up or an answer takes longer than 5 s as autocannon measures it (send to last byte read); the
 * probe also tells the longest time the server itself held a request, which tells the server's share
 * of a slow answer from the time it waited in sockets and in the load tool. Figures go to
 * bench/results.md (section "Soak").
 */
export interface SoakOptions {
  minutes: number;
  store: StoreKind;
  size: number;
  /** The variables that point a server at the prepared store. */
  env: Record<string, string>;
  generated: GeneratedStore;
  /** Where the probe's samples are written. */
  dir: string;
}

const CONNECTIONS = 200;
/** The connections open in groups over the first RAMP_MS, as people arrive, not 200 requests in the same millisecond. */
const GROUPS = 10;
const RAMP_MS = 10_000;
const SAMPLE_MS = 5_000;
/** No answer may take longer. */
const SLOWEST_MS = 5_000;
/** After warm-up, RSS may grow by at most this much (of its warm value, or 32 MB when more) to count as level. */
const LEVEL_GROWTH = 0.1;
const LEVEL_MIN_BYTES = 32 * 1024 * 1024;

interface Sample {
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** The longest time the server held a request since the sample before (bench/memoryProbe.mjs). */
  slowestMs: number;
  slowestUrl: string;
  /** The longest the event loop was late since the sample before. */
  loopDelayMaxMs: number;
}

export type Kind = 'search' | 'keyword' | 'getOne' | 'write';
/** What each connection sends, in a loop: 40 % searches, 10 % keyword searches, 40 % get one, 10 % writes. */
export const MIX: Kind[] = ['search', 'getOne', 'search', 'getOne', 'keyword', 'search', 'getOne', 'search', 'getOne', 'write'];

const mb = (bytes: number) => bytes / 1024 / 1024;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** A request of this kind: its path (and body), with a random service where it takes one. */
export function requestMaker(store: GeneratedStore, size: number) {
  const day = new Date().toISOString().slice(0, 10);
  const shift = (days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const randomId = () => store.firstId + Math.floor(Math.random() * size);
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
  return (kind: Kind): { method: 'GET' | 'POST'; path: string; body?: string } => {
    if (kind === 'search') return { method: 'GET', path: `/back/bo/services/?fromDate=${shift(-7)}&toDate=${shift(7)}` };
    if (kind === 'keyword') return { method: 'GET', path: `/back/bo/services/?keywords=${store.onePoNumber}` };
    if (kind === 'getOne') return { method: 'GET', path: `/back/bo/services/${randomId()}` };
    // A write that replaces the caller's ranked list (servicePriorities): the store does not grow with the run.
    const ranked = [...new Set([pick(store.confirmedIds), pick(store.confirmedIds), pick(store.confirmedIds)])];
    return { method: 'POST', path: '/back/bo/services/priority', body: JSON.stringify(ranked.map((serviceId, index) => ({ service: { serviceId }, priority: index + 1 }))) };
  };
}

/** The sample nearest to `ms` after the start. */
const sampleAt = (samples: Sample[], start: number, ms: number) =>
  samples.reduce((best, sample) => (Math.abs(sample.at - start - ms) < Math.abs(best.at - start - ms) ? sample : best), samples[0]);

export async function runSoak({ minutes, store, size, env, generated, dir }: SoakOptions): Promise<boolean> {
  const probeFile = join(dir, 'memory.jsonl');
  const server = await startServer(env, { MEMORY_PROBE_FILE: probeFile, MEMORY_PROBE_MS: String(SAMPLE_MS) }, ['--import', './bench/memoryProbe.mjs']);
  const next = requestMaker(generated, size);
  const times: Record<Kind, number[]> = { search: [], keyword: [], getOne: [], write: [] };
  let nonOk = 0;
  let slowest = { ms: 0, kind: '' as Kind | '', atSecond: 0 };
  const samples = async () =>
    (await readFile(probeFile, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Sample);
  let result: { errors: number; timeouts: number };
  const started = Date.now();
  try {
    const cookie = await login(server.base);
    const progress = setInterval(async () => {
      const last = (await samples()).at(-1);
      if (last) console.log(`  ${((Date.now() - started) / 60_000).toFixed(1)} min: RSS ${fmt(mb(last.rss))} MB, heap used ${fmt(mb(last.heapUsed))} MB, slowest so far ${fmt(slowest.ms)} ms`);
    }, 30_000);
    const end = started + minutes * 60_000;
    /** Answers per client so far: each connection sends MIX in order, one request at a time, so its n-th answer is MIX[n % MIX.length]'s. */
    const answered = new WeakMap<object, number>();
    /** One group of connections, opened `delay` ms after the start and loading the server until the end. */
    const group = async (delay: number): Promise<autocannon.Result> => {
      await sleep(delay);
      return new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: server.base,
            connections: CONNECTIONS / GROUPS,
            duration: (end - Date.now()) / 1000,
            // A slow answer is measured, not cut at autocannon's 10 s.
            timeout: 120,
            headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', accept: 'application/json' },
            requests: MIX.map((kind) => ({ setupRequest: (request: autocannon.Request) => ({ ...request, ...next(kind) }) })),
          },
          (error, done) => (error ? reject(error) : resolve(done)),
        );
        instance.on('response', (client, status, _bytes, took) => {
          const count = answered.get(client) ?? 0;
          answered.set(client, count + 1);
          const kind = MIX[count % MIX.length];
          times[kind].push(took);
          if (status >= 300) nonOk++;
          if (took > slowest.ms) slowest = { ms: took, kind, atSecond: Math.round((Date.now() - started) / 1000) };
        });
      });
    };
    const results = await Promise.all(Array.from({ length: GROUPS }, (_, index) => group((index * RAMP_MS) / GROUPS))).finally(() => clearInterval(progress));
    result = { errors: results.reduce((sum, one) => sum + one.errors, 0), timeouts: results.reduce((sum, one) => sum + one.timeouts, 0) };
  } finally {
    await stopServer(server.child);
  }
  const memory = (await samples()).filter((sample) => sample.at >= started);
  return report({ minutes, store, size, memory, started, times, nonOk, slowest, result });
}

interface Figures {
  minutes: number;
  store: StoreKind;
  size: number;
  memory: Sample[];
  started: number;
  times: Record<Kind, number[]>;
  nonOk: number;
  slowest: { ms: number; kind: string; atSecond: number };
  result: { errors: number; timeouts: number };
}

/** The lowest heap used in the minute up to `at`: what survived the collections then (the live heap), whatever the garbage of the moment. */
const lowestHeap = (samples: Sample[], at: number) => Math.min(...samples.filter((sample) => sample.at > at - 60_000 && sample.at <= at).map((sample) => sample.heapUsed));

/** Prints the figures, writes them to bench/results.md, and tells whether the run passed. */
async function report({ minutes, store, size, memory, started, times, nonOk, slowest, result }: Figures): Promise<boolean> {
  const all = Object.values(times).flat().sort((a, b) => a - b);
  // Warm-up: the first minute (a fifth of a shorter run). Memory rises and falls with each collection,
  // so windows are compared, not samples: the window after warm-up against the last one, by their
  // peak RSS (what the system gives the process) and their lowest heap used (what survives collections).
  const window = Math.min(60_000, (minutes * 60_000) / 5);
  const warmMs = window;
  const inWindow = (from: number) => memory.filter((sample) => sample.at >= from && sample.at < from + window);
  const afterWarm = inWindow(started + warmMs);
  const last = inWindow(memory.at(-1)!.at - window + 1);
  const peak = (samples: Sample[]) => Math.max(...samples.map((sample) => sample.rss));
  const live = (samples: Sample[]) => Math.min(...samples.map((sample) => sample.heapUsed));
  const allowed = (value: number, least: number) => Math.max(least, value * LEVEL_GROWTH);
  const rssLevel = peak(last) - peak(afterWarm) <= allowed(peak(afterWarm), LEVEL_MIN_BYTES);
  const heapLevel = live(last) - live(afterWarm) <= allowed(live(afterWarm), LEVEL_MIN_BYTES / 2);
  const level = rssLevel && heapLevel;
  const serverSlowest = memory.reduce((worst, sample) => (sample.slowestMs > worst.slowestMs ? sample : worst), memory[0]);
  const fastEnough = slowest.ms <= SLOWEST_MS && result.timeouts === 0;
  const marks = [1, 5, 10, minutes].filter((minute, index, list) => minute <= minutes && list.indexOf(minute) === index);
  const per = (kind: Kind) => {
    const sorted = [...times[kind]].sort((a, b) => a - b);
    return sorted.length ? `${kind} ${sorted.length} (p50 ${fmt(percentile(sorted, 50))} ms, p99 ${fmt(percentile(sorted, 99))} ms, max ${fmt(sorted.at(-1))} ms)` : `${kind} 0`;
  };
  const cpu = cpus();
  const lines = [
    `Run ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, Node ${process.version}: ${store}, ${size.toLocaleString('en')} services, ${CONNECTIONS} connections (autocannon on the same machine, opened in ${GROUPS} groups over the first ${RAMP_MS / 1000} s) for ${minutes} min, logged in as quality@brand.test.`,
    `Mix: 40 % searches (default range ±7 days), 10 % keyword searches (a PO number), 40 % get one service, 10 % writes (POST /back/bo/services/priority: the caller's ranked list replaced, so the data does not grow). Memory: process.memoryUsage() of the server every ${SAMPLE_MS / 1000} s (bench/memoryProbe.mjs).`,
    '',
    '| at | RSS MB | heap used MB | lowest heap used in the minute before MB | heap total MB | external MB | array buffers MB |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...marks.map((minute) => {
      const sample = sampleAt(memory, started, minute * 60_000);
      return `| ${minute} min | ${fmt(mb(sample.rss))} | ${fmt(mb(sample.heapUsed))} | ${fmt(mb(lowestHeap(memory, sample.at)))} | ${fmt(mb(sample.heapTotal))} | ${fmt(mb(sample.external))} | ${fmt(mb(sample.arrayBuffers))} |`;
    }),
    '',
    `Requests: ${all.length.toLocaleString('en')} (${fmt(all.length / (minutes * 60))} req/s), non-2xx ${nonOk}, errors ${result.errors}, timeouts ${result.timeouts}. Latency p50 ${fmt(percentile(all, 50))} ms, p99 ${fmt(percentile(all, 99))} ms; slowest answer ${fmt(slowest.ms)} ms (${slowest.kind}, at ${slowest.atSecond} s).`,
    `Server side (from a request's parsed headers to its answer's last byte handed to the socket): slowest ${fmt(serverSlowest.slowestMs)} ms (${serverSlowest.slowestUrl.split('?')[0]}); the event loop was late by at most ${fmt(Math.max(...memory.map((sample) => sample.loopDelayMaxMs)))} ms.`,
    `Per kind: ${(['search', 'keyword', 'getOne', 'write'] as Kind[]).map(per).join('; ')}.`,
    `Over ${fmt(window / 1000)} s windows, the one after warm-up against the last one: peak RSS ${fmt(mb(peak(afterWarm)))} → ${fmt(mb(peak(last)))} MB (${rssLevel ? 'level' : 'GROWING'}), lowest heap used ${fmt(mb(live(afterWarm)))} → ${fmt(mb(live(last)))} MB (${heapLevel ? 'level' : 'GROWING'}); allowed growth ${LEVEL_GROWTH * 100} % (at least ${mb(LEVEL_MIN_BYTES)} MB RSS, ${mb(LEVEL_MIN_BYTES / 2)} MB heap). Slowest answer ${fastEnough ? 'within' : 'OVER'} ${SLOWEST_MS / 1000} s.`,
    `Verdict: ${level && fastEnough ? 'passed' : 'FAILED'}.`,
  ];
  console.log(`\n${lines.join('\n')}`);
  await writeTailSection(SOAK_HEADING, lines.join('\n'));
  console.log('\nWritten to bench/results.md (section "Soak")');
  return level && fastEnough;
}
