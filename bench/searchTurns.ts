import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { fmt, SEARCH_TURNS_HEADING, writeTailSection } from './report';
import { login, startServer, stopServer } from './server';

/**
 * `npm run bench -- --store postgres --turns <checkout>`: the search cases on one store, measured
 * on this build and on another checkout of the server (a build before a change), in turns — each
 * round starts each build's server in turn and loads it with every case — so that both meet the
 * same machine. Per case and build: the answer's bytes, and p50/p95 over every round's responses.
 * Written to bench/results.md under its own heading, with the load average before and after.
 */
export interface TurnCase {
  name: string;
  path: () => string;
}

interface Build {
  label: string;
  root?: string;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const loads = () => loadavg().map((value) => value.toFixed(2)).join(' / ');

async function loadCase(base: string, cookie: string, test: TurnCase, seconds: number, connections: number): Promise<{ times: number[]; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
        requests: [{ setupRequest: (request) => ({ ...request, method: 'GET', path: test.path() }) }],
      },
      (error) => (error ? reject(error) : resolve()),
    );
    instance.on('response', (_client, status, _bytes, time) => (status === 200 ? times.push(time) : errors++));
  });
  return { times, errors };
}

/** The answer's size in bytes (its body as sent, uncompressed). */
async function answerBytes(base: string, cookie: string, test: TurnCase): Promise<number> {
  const reply = await fetch(`${base}${test.path()}`, { headers: { cookie, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' } });
  return (await reply.arrayBuffer()).byteLength;
}

export async function runSearchTurns(options: {
  cases: TurnCase[];
  env: Record<string, string>;
  other: string;
  rounds: number;
  seconds: number;
  connections: number;
  size: number;
  note: string;
  settle: () => Promise<void>;
}): Promise<void> {
  const builds: Build[] = [{ label: 'before', root: options.other }, { label: 'after' }];
  const times = new Map<string, number[]>();
  const bytes = new Map<string, number>();
  const errors = new Map<string, number>();
  const key = (build: Build, test: TurnCase) => `${build.label}\u0000${test.name}`;
  const loadBefore = loads();
  for (let round = 1; round <= options.rounds; round++) {
    for (const build of builds) {
      const server = await startServer(options.env, {}, [], build.root);
      try {
        const cookie = await login(server.base);
        for (const test of options.cases) {
          if (!bytes.has(key(build, test))) bytes.set(key(build, test), await answerBytes(server.base, cookie, test));
          const done = await loadCase(server.base, cookie, test, options.seconds, options.connections);
          times.set(key(build, test), [...(times.get(key(build, test)) ?? []), ...done.times]);
          errors.set(key(build, test), (errors.get(key(build, test)) ?? 0) + done.errors);
          const sorted = [...done.times].sort((a, b) => a - b);
          console.log(`  round ${round}, ${build.label}, ${test.name}: p50 ${fmt(percentile(sorted, 50))} ms, p95 ${fmt(percentile(sorted, 95))} ms, ${sorted.length} requests`);
          await options.settle();
        }
      } finally {
        await stopServer(server.child);
      }
    }
  }
  const lines = [
    `${options.size.toLocaleString('en')} services (${options.note}); ${options.rounds} rounds, each build in turn, ${options.seconds} s per case and round, ${options.connections} connections; load average (1 / 5 / 15 min) ${loadBefore} before, ${loads()} after.`,
    '',
    '| Case | Bytes before | Bytes after | p50 before | p50 after | p95 before | p95 after | Requests before / after |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const test of options.cases) {
    const [before, after] = builds.map((build) => [...(times.get(key(build, test)) ?? [])].sort((a, b) => a - b));
    const [bytesBefore, bytesAfter] = builds.map((build) => bytes.get(key(build, test)) ?? 0);
    const failed = builds.map((build) => errors.get(key(build, test)) ?? 0).some(Boolean) ? ' (errors)' : '';
    lines.push(
      `| ${test.name} | ${bytesBefore.toLocaleString('en')} | ${bytesAfter.toLocaleString('en')} | ${fmt(percentile(before, 50))} | ${fmt(percentile(after, 50))} | ${fmt(percentile(before, 95))} | ${fmt(percentile(after, 95))} | ${before.length} / ${after.length}${failed} |`,
    );
  }
  const body = lines.join('\n');
  console.log(`\n${body}`);
  await writeTailSection(SEARCH_TURNS_HEADING, body);
}
