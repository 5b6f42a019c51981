/**
 * `npm run bench -- --excel [--rows 100000] [--runs 1]`: an Excel export of 100,000 rows made in the
 * browser (Playwright, Debian's Chromium, the built app in dist/): the datacenter's planning export
 * (/datacenter/export/) with its rows call answered by 100,000 generated contributor-days (the
 * browser's part is measured: the server's rows are the planning bench's business). Timed from the
 * click to the download, with the page's longest main-thread task meanwhile (the file is built in a
 * Web Worker: the page should stay responsive) and the file's size. Goal: under 10 s (issue 33).
 */
import { chromium } from 'playwright';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, startServer, stopServer } from './server';

const CITIES = ['Shenzhen', 'Dongguan', 'Ho Chi Minh City', 'Dhaka', 'Istanbul', 'Porto'];
const ROLES = ['Leader', 'Backup', 'Trainee', 'Instructor'];

/** `count` contributor-days shaped as GET /back/bo/pln/planning/rows answers them. */
function planningRows(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    date: `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
    contributor: `Inspector ${index % 800}`,
    role: ROLES[index % ROLES.length],
    service: String(100000 + index),
    type: 'Final random inspection',
    client: `Brand ${index % 40}`,
    site: `Supplier ${index % 500} / Factory ${index % 900}`,
    country: 'China',
    city: CITIES[index % CITIES.length],
  }));
}

const numberArg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};

export async function runExcelBench(rows = numberArg('--rows', 100_000), runs = numberArg('--runs', 1)): Promise<void> {
  const own = await mkdtemp(join(tmpdir(), 'qcflow-excel-bench-'));
  const server = await startServer({ DB_FILE: join(own, 'db.json'), FILES_DIR: join(own, 'files'), OUTBOX_DIR: join(own, 'outbox') }, { SEED: 'demo', NODE_ENV: 'production' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const cookie = await login(server.base, 'admin@qcflow.test');
    const body = JSON.stringify({ from: '2026-01-01', to: '2026-12-31', rows: planningRows(rows) });
    console.log(`Excel export in the browser: ${rows.toLocaleString('en')} rows (${(body.length / 1e6).toFixed(1)} MB of JSON), ${runs} run(s)`);
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
      const [name, value] = cookie.split(';')[0].split('=');
      await context.addCookies([{ name, value, url: server.base }]);
      const page = await context.newPage();
      page.on('console', (message) => message.type() === 'error' && console.log(`  browser: ${message.text()}`));
      page.on('pageerror', (error) => console.log(`  page error: ${error.message}`));
      await page.route('**/back/bo/pln/planning/rows**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
      await page.goto(`${server.base}/datacenter/export/`);
      const button = page.getByTestId('export-planning').getByRole('button').first();
      await button.waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      // The longest main-thread task while the export runs: what a click would wait for.
      await page.evaluate(() => {
        (window as unknown as { longest: number }).longest = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) (window as unknown as { longest: number }).longest = Math.max((window as unknown as { longest: number }).longest, entry.duration);
        }).observe({ type: 'longtask', buffered: false });
      });
      const load = loadavg()[0];
      const started = performance.now();
      page.on('worker', (worker) => console.log(`  worker ${worker.url()}`));
      if (process.env.EXCEL_BENCH_SHOT) setTimeout(() => void page.screenshot({ path: process.env.EXCEL_BENCH_SHOT! }), 15_000);
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), button.click()]);
      const file = await download.path();
      const elapsed = performance.now() - started;
      const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
      const size = file ? (await stat(file)).size : 0;
      const verdict = elapsed < 10_000 ? 'under' : 'OVER';
      console.log(`  run ${run + 1}: ${(elapsed / 1000).toFixed(2)} s click → download (${verdict} 10 s), longest main-thread task ${longest.toFixed(0)} ms, file ${(size / 1e6).toFixed(1)} MB, load average ${load.toFixed(1)}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await stopServer(server.child);
    await rm(own, { recursive: true, force: true });
  }
}
