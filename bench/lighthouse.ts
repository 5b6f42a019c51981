import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { LIGHTHOUSE_HEADING, fmt, readTailSection, writeTailSection } from './report';
import { ROOT, login, startServer, stopServer } from './server';

/**
 * `npm run bench -- --lighthouse [--runs 3] [--dist DIR --label NAME]`: Lighthouse 12 (its CLI,
 * desktop preset: simulated 40 ms RTT and 10 Mbit/s, no CPU slowdown) on Debian's Chromium against
 * the production server (NODE_ENV=production, the built SPA, demo seed in a fresh store), logged in
 * where a page needs it. Pages: the login page, the service search, a service sheet, a fee sheet and
 * a report wizard. Each page is measured `runs` times (a fresh browser and cold cache each time);
 * every column is the median of its own values. Rows go to bench/results.md under "Lighthouse",
 * replacing the rows of the same page and build; `--dist` measures another build under the build
 * name `--label`; `--compare` measures a second build in turns with the first (a before/after);
 * `--keep DIR` keeps every run's Lighthouse report there (`<build>-<page>-<run>.json`) to read its audits;
 * `--pages login,fee sheet` measures only the pages named (a page's name, or a word of it: `fee`).
 */
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu';
const LIGHTHOUSE_CLI = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** The demo accounts the pages are seen as: the brand's quality manager, and the provider's manager for a fee sheet (a brand files none). */
const QUALITY = 'quality@brand.test';
const MANAGER = 'manager@inspect.test';

const execFileAsync = promisify(execFile);

interface Page {
  name: string;
  path: string;
  /** The signed-in account, none for the login page. */
  account?: string;
}

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  bytes: number;
  unusedJsBytes: number;
}

type Json = Record<string, any>;

/** The pages, with records of the demo data found through the API as the accounts see them. */
async function pagesOf(base: string, cookies: Record<string, string>): Promise<Page[]> {
  const get = async (path: string, account: string): Promise<any> => {
    const reply = await fetch(`${base}${path}`, { headers: { ...XHR, cookie: cookies[account] } });
    if (!reply.ok) throw new Error(`${path}: ${reply.status}`);
    return reply.json();
  };
  const services: { serviceId: number }[] = (await get('/back/bo/services/', QUALITY)).services;
  let reported: number | undefined;
  for (const { serviceId } of services) {
    if ((await get(`/back/bo/reports/${serviceId}/overview`, QUALITY)).exists) {
      reported = serviceId;
      break;
    }
  }
  const [fee] = (await get('/back/bo/fee/', MANAGER)) as { feeIdHK: number }[];
  if (!services.length || reported === undefined || !fee) throw new Error('the demo data lacks a service, a service with a report or a fee sheet');
  return [
    { name: 'login', path: '/auth/login' },
    { name: 'service search', path: '/services/search', account: QUALITY },
    { name: 'service sheet', path: `/services/${services[0].serviceId}`, account: QUALITY },
    { name: 'fee sheet', path: `/billing/fees/${fee.feeIdHK}`, account: MANAGER },
    { name: 'report wizard', path: `/services/${reported}/report`, account: QUALITY },
  ];
}

/** Lighthouse on a busy machine now and then fails to record its trace (NO_NAVSTART): such a run is made again, twice at most. */
const ATTEMPTS = 3;

/** One Lighthouse run of `url` (its own Chromium), the figures of its report. */
async function lighthouse(url: string, cookie: string | undefined, dir: string, keepAs?: string): Promise<Measure> {
  for (let attempt = 1; ; attempt++) {
    try {
      const measure = await lighthouseOnce(url, cookie, dir);
      if (keepAs) {
        await mkdir(dirname(keepAs), { recursive: true });
        await copyFile(join(dir, 'report.json'), keepAs);
      }
      return measure;
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.warn(`  ${url}: ${String(error).split('\n').find((line) => line.includes('Runtime error')) ?? 'failed'}; again`);
    }
  }
}

async function lighthouseOnce(url: string, cookie: string | undefined, dir: string): Promise<Measure> {
  const output = join(dir, 'report.json');
  const args = [
    LIGHTHOUSE_CLI, url, '--preset=desktop', '--only-categories=performance,accessibility,best-practices',
    `--chrome-flags=${CHROME_FLAGS}`, '--output=json', `--output-path=${output}`, '--quiet',
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  await execFileAsync(process.execPath, args, { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024 });
  const report: Json = JSON.parse(await readFile(output, 'utf8'));
  const score = (category: string) => Math.round((report.categories[category]?.score ?? NaN) * 100);
  const audit = (id: string): Json => report.audits[id] ?? {};
  if (report.runtimeError) throw new Error(`${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: audit('largest-contentful-paint').numericValue,
    tbtMs: audit('total-blocking-time').numericValue,
    bytes: audit('total-byte-weight').numericValue,
    unusedJsBytes: audit('unused-javascript').details?.overallSavingsBytes ?? 0,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Each figure's median over the runs. */
function medianOf(runs: Measure[]): Measure {
  const keys = Object.keys(runs[0]) as (keyof Measure)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as Measure;
}

const slug = (text: string) => text.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

const kB = (bytes: number) => fmt(bytes / 1000, 0);

/** A table row; its first two cells (build, page) are its key. */
const rowOf = (build: string, page: Page, m: Measure, runs: number, load: number) =>
  `| ${build} | ${page.name} | ${page.path.replace(/\d+/g, 'N')} | ${page.account ?? '–'} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${fmt(m.lcpMs / 1000, 2)} | ${fmt(m.tbtMs, 0)} | ${kB(m.bytes)} | ${kB(m.unusedJsBytes)} | ${runs} | ${fmt(load, 2)} |`;

const TABLE_HEAD = '| build | page | path | signed in as | performance | accessibility | best practices | LCP s | TBT ms | total kB | unused JS kB | runs | load |\n|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|';

/** The previous table's rows that this run did not measure, then this run's, then the notes under the table. */
function mergedTable(previous: string | undefined, fresh: string[]): string {
  const key = (line: string) => line.split('|').slice(1, 3).map((cell) => cell.trim()).join('|');
  const measured = new Set(fresh.map(key));
  const lines = (previous ?? '').split('\n');
  const kept = lines.filter((line) => line.startsWith('| ') && !line.startsWith('| build |') && !measured.has(key(line)));
  // The notes written under the table say what its rows mean: they stay under it.
  const notes = lines.slice(lines.findLastIndex((line) => line.startsWith('| ')) + 1).join('\n').trim();
  return [TABLE_HEAD, ...kept, ...fresh, ...(notes ? ['', notes] : [])].join('\n');
}

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

async function gitHead(): Promise<string> {
  const { stdout } = await execFileAsync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).catch(() => ({ stdout: '?' }));
  return stdout.trim();
}

interface Build {
  name: string;
  dist: string;
  base: string;
  cookies: Record<string, string>;
  pages: Page[];
  measures: Measure[][];
}

/** A production server on a fresh demo store serving `dist`, its accounts logged in and its pages found. */
async function serve(name: string, dist: string, dir: string, stops: (() => Promise<void>)[]): Promise<Build> {
  const own = await mkdtemp(join(dir, 'store-'));
  const server = await startServer(
    { DB_FILE: join(own, 'db.json'), FILES_DIR: join(own, 'files'), OUTBOX_DIR: join(own, 'outbox'), DIST_DIR: dist },
    { SEED: 'demo', NODE_ENV: 'production' },
  );
  stops.push(() => stopServer(server.child));
  const cookies: Record<string, string> = { [QUALITY]: await login(server.base, QUALITY), [MANAGER]: await login(server.base, MANAGER) };
  // The demo's unread live alerts show once, as snacks, at the first poll: take them now, so no run measures a snack the others do not show.
  for (const cookie of Object.values(cookies)) await fetch(`${server.base}/back/alerts/poll`, { headers: { ...XHR, cookie } });
  const pages = await pagesOf(server.base, cookies);
  return { name, dist, base: server.base, cookies, pages, measures: pages.map(() => []) };
}

/**
 * Measures this build (or `--dist DIR --label NAME`), and with `--compare DIR --compare-label NAME`
 * another build too, each on its own server: per page and run, one build then the other, so both
 * meet the same load on a shared machine.
 */
export async function runLighthouseBench(runs: number): Promise<void> {
  const given = option('--dist');
  if (!given && buildIfStale() === 'failed') throw new Error('the web app build failed');
  const wanted = [{ name: option('--label') ?? given ?? 'current', dist: given ? resolve(given) : join(ROOT, 'dist') }];
  const compare = option('--compare');
  const keep = option('--keep');
  if (compare) wanted.unshift({ name: option('--compare-label') ?? compare, dist: resolve(compare) });
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-bench-lighthouse-'));
  const stops: (() => Promise<void>)[] = [];
  const rows: string[] = [];
  try {
    const builds: Build[] = [];
    for (const { name, dist } of wanted) builds.push(await serve(name, dist, dir, stops));
    const only = option('--pages')?.split(',').map((word) => word.trim().toLowerCase());
    for (const [index, page] of builds[0].pages.entries()) {
      if (only && !only.some((word) => page.name.includes(word))) continue;
      const load = loadavg()[0];
      for (let run = 0; run < runs; run++) {
        for (const build of builds) {
          const own = build.pages[index];
          const keepAs = keep && join(resolve(keep), `${slug(build.name)}-${slug(page.name)}-${run + 1}.json`);
          build.measures[index].push(await lighthouse(`${build.base}${own.path}`, own.account && build.cookies[own.account], dir, keepAs));
        }
      }
      for (const build of builds) {
        const m = medianOf(build.measures[index]);
        rows.push(rowOf(build.name, build.pages[index], m, runs, load));
        console.log(`  ${build.name}: ${page.name} (${build.pages[index].path}): performance ${m.performance}, accessibility ${m.accessibility}, best practices ${m.bestPractices}, LCP ${fmt(m.lcpMs / 1000, 2)} s, TBT ${fmt(m.tbtMs, 0)} ms, ${kB(m.bytes)} kB, unused JS ${kB(m.unusedJsBytes)} kB`);
      }
    }
  } finally {
    for (const stop of stops) await stop();
    await rm(dir, { recursive: true, force: true });
  }
  const cpu = cpus();
  const head = await gitHead();
  const body = [
    '`npm run bench -- --lighthouse [--runs 3] [--dist DIR --label NAME] [--compare DIR --compare-label NAME] [--keep DIR] [--pages NAMES]` (bench/lighthouse.ts): Lighthouse 12 (CLI, `--preset=desktop`: simulated 40 ms round trips and 10 Mbit/s, no CPU slowdown) in Debian\'s Chromium (`--headless=new --no-sandbox --disable-gpu`), a fresh browser and cold cache per run, against the production server (NODE_ENV=production, the built SPA with its brotli twins, demo seed in a fresh store). Signed-in pages send the account\'s session cookie (its pending live alerts polled once before, so no run shows their snacks); the fee sheet is the provider manager\'s (the brand files none). Each figure is the median of its own values over the runs; kB = 1,000 bytes; "unused JS" is Lighthouse\'s unused-javascript saving (transfer size); load is the 1-minute load average before the page (the machine is shared). With `--compare`, the two builds are measured in turns (page by page, run by run) on two servers, under the same load.',
    `Last run: ${new Date().toISOString()} of ${wanted.map(({ name, dist }) => `"${name}" (${dist === join(ROOT, 'dist') ? `the build of ${head}` : dist})`).join(' and ')} on ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, Node ${process.version}.`,
    '',
    mergedTable(await readTailSection(LIGHTHOUSE_HEADING), rows),
  ].join('\n');
  await writeTailSection(LIGHTHOUSE_HEADING, body);
  console.log(`\n${rows.join('\n')}\n\nWritten to bench/results.md (section "Lighthouse")`);
}
