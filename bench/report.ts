import { readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * bench/results.md: one table per store (lowdb first, then PostgreSQL under its heading). A run
 * measures one store: its rows replace that table's rows of the same size and case, every other
 * row — and the other store's table and last-run line — stay as they were.
 */
export type StoreKind = 'lowdb' | 'postgres';

/** Per store: the size its verdicts judge, and the targets there (a missing one is not judged). */
const TARGETS: Record<StoreKind, { size: number; label: string; search: number; getOne: number; startMs?: number; twoServers?: number }> = {
  lowdb: { size: 100_000, label: '100k', search: 100, getOne: 20, startMs: 5000 },
  postgres: { size: 1_000_000, label: '1M', search: 100, getOne: 20, twoServers: 1.6 },
};
const TITLE: Record<StoreKind, string> = { lowdb: 'lowdb', postgres: 'PostgreSQL' };

export interface Row {
  size: number;
  name: string;
  /** `twoServers`: searches over two servers, judged by `ratio` (their req/s ÷ one server's). */
  kind: 'search' | 'getOne' | 'write' | 'start' | 'twoServers';
  ratio?: number;
  p50?: number;
  p95?: number;
  rps?: number;
  requests?: number;
  errors?: number;
  note?: string;
}

/** What `writeResults` tells of the run. */
export interface Run {
  store: StoreKind;
  rows: Row[];
  sizes: number[];
  seconds: number;
  only: string | undefined;
  connections: number;
  writes: number;
  /** The PostgreSQL server's version, when the run measured PostgreSQL. */
  pgVersion: string | undefined;
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

export const fmt = (value: number | undefined, digits = 1) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));

function verdict(row: Row, store: StoreKind): string {
  const targets = TARGETS[store];
  if (row.size !== targets.size) return '';
  const judge = (ok: boolean, target: string) => `${ok ? 'ok' : 'MISSED'} (${target})`;
  if (row.kind === 'start' && targets.startMs) return judge(row.p50! < targets.startMs, `< ${targets.startMs / 1000} s`);
  if (row.kind === 'search') return judge(row.p95! < targets.search, `< ${targets.search} ms`);
  if (row.kind === 'getOne') return judge(row.p95! < targets.getOne, `< ${targets.getOne} ms`);
  if (row.kind === 'twoServers' && targets.twoServers) return judge(row.ratio! >= targets.twoServers, `≥ ${targets.twoServers}×`);
  return '';
}

export function table(rows: Row[], store: StoreKind): string {
  const head = `| services | case | p50 ms | p95 ms | req/s | requests | non-2xx/errors | target at ${TARGETS[store].label} | note |\n|---:|---|---:|---:|---:|---:|---:|---|---|`;
  const lines = rows.map((row) =>
    `| ${row.size.toLocaleString('en')} | ${row.name} | ${fmt(row.p50)} | ${fmt(row.p95)} | ${fmt(row.rps)} | ${row.requests ?? '–'} | ${row.errors ?? '–'} | ${verdict(row, store)} | ${row.note ?? ''} |`,
  );
  return [head, ...lines].join('\n');
}

/** bench/results.md: the lowdb table first, then the PostgreSQL one under this heading. */
const PG_HEADING = '## PostgreSQL';

/** The part of the results file that holds `store`'s table. */
function sectionOf(text: string, store: StoreKind): string {
  const at = text.indexOf(`\n${PG_HEADING}\n`);
  if (store === 'lowdb') return at < 0 ? text : text.slice(0, at);
  return at < 0 ? '' : text.slice(at);
}

/** The line that tells `store`'s last run, kept from the file when this run measured the other store. */
function lastRunOf(section: string, store: StoreKind): string {
  const prefix = `Last ${TITLE[store]} run: `;
  const line = section.split('\n').find((each) => each.startsWith(prefix));
  if (line) return line;
  // A file from before the PostgreSQL table told its (lowdb) run in its header.
  const run = /^Run (\S+) on (.+?), (Node \S+?): /m.exec(section);
  const reads = /^Reads: (\d+) s per case/m.exec(section);
  const measured = /^This run measured (.+)$/m.exec(section);
  if (store === 'lowdb' && run && measured) return `${prefix}${run[1]} on ${run[2]}, ${run[3]}${reads ? `, ${reads[1]} s per read case` : ''}: ${measured[1]}`;
  return `${prefix}none yet.`;
}

/** The sections of the upload, soak, json-server and Lighthouse benches (bench/uploads.ts, bench/soak.ts, bench/jsonServer.ts, bench/lighthouse.ts), kept at the end of the file by every bench. */
const UPLOADS_HEADING = '## Uploads';
export const SOAK_HEADING = '## Soak';
export const JSON_SERVER_HEADING = '## Against json-server';
export const LIGHTHOUSE_HEADING = '## Lighthouse';
/** bench/searchTurns.ts: two builds' searches measured in turns. */
export const SEARCH_TURNS_HEADING = '## Search, two builds in turns';
/** bench/mainThread.ts's figures, written by hand: a section of its own, which the others' runs keep. */
const MAIN_THREAD_HEADING = '## Main thread';
/** bench/imports.ts's sections, one per store. */
export const importsHeading = (store: StoreKind) => `## Imports (${store})`;
const TAIL_HEADINGS = [UPLOADS_HEADING, SOAK_HEADING, JSON_SERVER_HEADING, LIGHTHOUSE_HEADING, MAIN_THREAD_HEADING, SEARCH_TURNS_HEADING, importsHeading('lowdb'), importsHeading('postgres')];

/** The file up to its first tail section, and those sections (each from its heading). */
function splitTail(text: string): { rest: string; sections: string[] } {
  const starts = TAIL_HEADINGS.map((heading) => text.indexOf(`\n${heading}\n`)).filter((at) => at >= 0).sort((a, b) => a - b);
  if (!starts.length) return { rest: text, sections: [] };
  const sections = starts.map((at, index) => text.slice(at + 1, starts[index + 1] ?? text.length).replace(/\n*$/, ''));
  return { rest: text.slice(0, starts[0] + 1), sections };
}

/** The body of the tail section under `heading` of bench/results.md, if any. */
export async function readTailSection(heading: string): Promise<string | undefined> {
  const { sections } = splitTail(await readFile(fileURLToPath(new URL('results.md', import.meta.url)), 'utf8').catch(() => ''));
  return sections.find((section) => section.startsWith(`${heading}\n`))?.slice(heading.length + 1);
}

/** Replaces (or adds) the tail section under `heading` of bench/results.md. */
export async function writeTailSection(heading: string, body: string): Promise<void> {
  const file = fileURLToPath(new URL('results.md', import.meta.url));
  const { rest, sections } = splitTail(await readFile(file, 'utf8').catch(() => '# QCFlow benchmark\n'));
  // In its place when it is there (the file's diff then shows what changed), else at the end.
  const section = `${heading}\n\n${body}`;
  const at = sections.findIndex((each) => each.startsWith(`${heading}\n`));
  const all = at >= 0 ? sections.map((each, index) => (index === at ? section : each)) : [...sections, section];
  await writeFile(file, [rest.replace(/\n*$/, '\n'), ...all.map((each) => `${each}\n`)].join('\n'));
}

export const writeUploadResults = (body: string) => writeTailSection(UPLOADS_HEADING, body);

export async function writeResults({ store: measured, rows, sizes, seconds, only, connections, writes, pgVersion }: Run): Promise<void> {
  const cpu = cpus();
  const file = fileURLToPath(new URL('results.md', import.meta.url));
  const { rest: previous, sections } = splitTail(await readFile(file, 'utf8').catch(() => ''));
  const thisRun = `Last ${TITLE[measured]} run: ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, Node ${process.version}${pgVersion ? `, PostgreSQL ${pgVersion}` : ''}, ${seconds} s per read case: ${sizes.map((size) => size.toLocaleString('en')).join(', ')} services${only ? ` (cases holding "${only}")` : ''}.`;
  /** Each store's table: this run's rows merged into its previous ones, or the previous ones as they were. */
  const tableOf = (store: StoreKind) => {
    const merged = mergeRows(sectionOf(previous, store), table(store === measured ? rows : [], store));
    return merged.split('\n').length > 2 ? merged : `No ${TITLE[store]} run yet.`;
  };
  const runOf = (store: StoreKind) => (store === measured ? thisRun : lastRunOf(sectionOf(previous, store), store));
  const text = [
    '# QCFlow benchmark',
    '',
    `The real server (node + tsx) on a generated store, autocannon over loopback on the same machine, logged in as quality@brand.test (Maison Lumière, client of every generated service).`,
    `Reads: ${connections} connections per server (a request may wait for the other one: the server is single-threaded); writes: 1 connection, ${writes} requests. Percentiles from every response's time.`,
    'Server start is a single measure (spawn → first answer of /back/version/); its p50 column holds it.',
    `Two tables: the first measured the embedded lowdb store (DB_FILE: a JSON file and its journal); the one under "PostgreSQL" measured the PostgreSQL store (DATABASE_URL) in a throwaway cluster on the same ${cpu.length}-core machine. A run measures one store and replaces only the rows it measured (size and case) in that store's table; the other rows are kept from earlier runs (the file's git history dates them).`,
    '',
    `lowdb: writes append their change to the store's journal and fsync it; the JSON file is rewritten only once the journal passes 16 MB or half its size (not reached here, except in the fold case, whose own server folds after any write: the rewrite runs beside requests and writes, a chunk at a time).`,
    runOf('lowdb'),
    '',
    tableOf('lowdb'),
    '',
    PG_HEADING,
    '',
    `A throwaway PostgreSQL cluster started by the bench (tests/support/pgCluster.ts: initdb --no-sync, then fsync=off, synchronous_commit=off, full_page_writes=off, jit=off; other settings at their defaults), on the same ${cpu.length} cores as the servers and autocannon. Per size, the store is generated in memory, copied into a fresh database by importData (one transaction), opened once with the declared indexes (created then, on the full tables) and analyzed; the start row's note gives these times and the database size (pg_database_size). Writes are serializable transactions; with fsync off no commit waits for the disk.`,
    `Two servers: a second server on the same database; the one-server row is measured just before, then the same load on each server at once (one autocannon per server, ${connections} connections each): requests summed, req/s over the longer of the two runs, percentiles over all responses; the note gives the ratio. The ${cpu.length} cores are shared by PostgreSQL, both servers and autocannon: the ratio tells what a second server gains on this machine, not on one with a core per process.`,
    runOf('postgres'),
    '',
    tableOf('postgres'),
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
  await writeFile(file, text);
}
