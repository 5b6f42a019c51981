import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { startPgCluster, type PgCluster } from '../tests/support/pgCluster';
import { importsHeading, readTailSection, writeTailSection, type StoreKind } from './report';
import { login, sleep, startServer, stopServer } from './server';

/**
 * `npm run bench -- --imports [--store postgres]` (docs/imports.md): an .xlsx of 100,000 order
 * lines (BENCH_IMPORT_ROWS; 2,000 orders, 5,000 references) uploaded to the real server (its own
 * process, demo seed, its job worker), mapped, started; measured: the time from Start to DONE, the
 * server's resident memory growth (VmRSS sampled every 50 ms) and the service searches made during
 * the import (one after the other, their p95). Budgets (issue 31): under 60 s, under +300 MB RSS,
 * search p95 under 150 ms.
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const MB = 1024 * 1024;
const BUDGET = { seconds: 60, rssMb: 300, searchP95: 150 };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const rssOf = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

async function writeDocument(path: string): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet('Orders');
  // An order needs one date (the API's rule, which the import applies): each row names its order's.
  sheet.addRow(['PO number', 'Supplier', 'SKU', 'Color', 'Size', 'Ordered quantity', 'reference.name', 'Order date']).commit();
  const colors = ['Red', 'Blue', 'Black', 'White'];
  for (let i = 0; i < ROWS; i++) {
    const sku = i % 5000;
    sheet.addRow([`BENCH-PO-${Math.floor(i / 50)}`, 'Shenzhen Textile Co', `BENCH-SKU-${sku}`, colors[i % 4], `S${Math.floor(i / 5000) % 20}`, (i % 900) + 10, `Article ${sku}`, '2031-05-01']).commit();
  }
  sheet.commit();
  await book.commit();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export async function runImportBench(store: StoreKind): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-bench-imports-'));
  let cluster: PgCluster | undefined;
  const file = join(dir, 'orders.xlsx');
  const writing = performance.now();
  await writeDocument(file);
  console.log(`document: ${ROWS.toLocaleString('en')} rows written in ${((performance.now() - writing) / 1000).toFixed(1)} s`);
  const bytes = await readFile(file);
  let storeEnv: Record<string, string> = { DB_FILE: join(dir, 'db.json') };
  if (store === 'postgres') {
    cluster = await startPgCluster();
    storeEnv = { DATABASE_URL: await cluster.createDatabase('bench_imports') };
  }
  const server = await startServer({ ...storeEnv, FILES_DIR: join(dir, 'files'), OUTBOX_DIR: join(dir, 'outbox') }, { SEED: 'demo', JOBS_POLL_MS: '200' }, process.env.BENCH_SERVER_NODE_ARGS?.split(' ') ?? []);
  const pid = server.child.pid!;
  try {
    const headers = { Cookie: await login(server.base), 'X-Requested-With': 'XMLHttpRequest' };
    const call = async (method: string, path: string, body?: BodyInit, extra: Record<string, string> = {}) => {
      const reply = await fetch(`${server.base}${path}`, { method, headers: { ...headers, ...extra }, body });
      if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
      return reply.json();
    };
    const { companyId } = await call('GET', '/back/auth/profile');
    const declared = await call('POST', '/back/bo/uploads/', JSON.stringify({ filename: 'orders.xlsx', mimeType: XLSX, byteSize: bytes.length, hash: createHash('sha256').update(bytes).digest('hex'), fileType: 'COMPANY_IMPORT_PURCHASE_ORDER', entityId: companyId }), { 'Content-Type': 'application/json' });
    await call('PATCH', `/back/bo/uploads/${declared.uuid}`, bytes as unknown as BodyInit, { 'Content-Type': 'application/octet-stream', 'Content-Range': `bytes 0-${bytes.length - 1}/${bytes.length}` });
    await call('PUT', `/back/bo/uploads/${declared.uuid}`);
    const mapping = await call('GET', '/back/bo/importOrder/mappings');
    const unmapped = mapping.columns.filter((column: { target: string | null }) => !column.target);
    if (unmapped.length) throw new Error(`unmapped columns: ${JSON.stringify(unmapped)}`);
    await sleep(1000);
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);

    const loadBefore = loadavg()[0];
    const started = performance.now();
    const { importHistoryId } = await call('GET', '/back/bo/importOrder/startImport');
    const searches: number[] = [];
    let history: Record<string, unknown> = {};
    for (;;) {
      const searchStarted = performance.now();
      await call('GET', '/back/bo/services/');
      searches.push(performance.now() - searchStarted);
      history = await call('GET', `/back/bo/importOrder/histories/${importHistoryId}/progress`);
      if (history.status === 'DONE' || history.status === 'FAILED') break;
      await sleep(100);
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const growth = (peak - before) / MB;
    searches.sort((a, b) => a - b);
    const p95 = percentile(searches, 95);
    const ok = { seconds: seconds < BUDGET.seconds, rss: growth < BUDGET.rssMb, search: p95 < BUDGET.searchP95, done: history.status === 'DONE' };
    const verdict = (pass: boolean) => (pass ? 'ok' : 'MISSED');
    console.log(`import on ${store}: ${JSON.stringify(history)} in ${seconds.toFixed(1)} s (${verdict(ok.seconds)}), RSS +${growth.toFixed(1)} MB (${verdict(ok.rss)}), ${searches.length} searches p50 ${percentile(searches, 50).toFixed(1)} ms p95 ${p95.toFixed(1)} ms (${verdict(ok.search)})`);
    const cpu = cpus();
    // Each run adds its row; the rows of earlier runs stay (the machine is shared: the load beside each).
    const earlier = ((await readTailSection(importsHeading(store))) ?? '').split('\n').filter((line) => /^\| [\d,]+ \|/.test(line));
    // The commit measured; "+ changes" when the server's code was not committed yet.
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'server', 'schemas'], { encoding: 'utf8' }).trim() !== '';
    const commit = `${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()}${dirty ? ' + changes' : ''}`;
    const load = `load (1 min) ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}, ${commit}`;
    await writeTailSection(
      importsHeading(store),
      [
        `\`npm run bench -- --imports${store === 'postgres' ? ' --store postgres' : ''}\` (bench/imports.ts): an .xlsx of ${ROWS.toLocaleString('en')} order lines (${Math.ceil(ROWS / 50).toLocaleString('en')} orders, 5,000 references; ${(bytes.length / MB).toFixed(1)} MB) uploaded, mapped and started on the real server (its own process, demo seed, its job worker, batches of 200 rows); service searches one after the other while it runs.`,
        `Last run: ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, Node ${process.version}.`,
        '',
        '| rows | created | refused | time (s) | RSS before | RSS growth | searches | search p50 (ms) | search p95 (ms) | budgets |',
        '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
        ...earlier,
        `| ${ROWS.toLocaleString('en')} | ${String(history.created)} | ${String(history.refused)} | ${seconds.toFixed(1)} | ${(before / MB).toFixed(0)} MB | +${growth.toFixed(1)} MB | ${searches.length} | ${percentile(searches, 50).toFixed(1)} | ${p95.toFixed(1)} | time ${verdict(ok.seconds)} (< ${BUDGET.seconds} s), RSS ${verdict(ok.rss)} (< +${BUDGET.rssMb} MB), search ${verdict(ok.search)} (< ${BUDGET.searchP95} ms); ${load} |`,
      ].join('\n'),
    );
    if (!ok.seconds || !ok.rss || !ok.search || !ok.done) process.exitCode = 1;
  } finally {
    await stopServer(server.child);
    await cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
