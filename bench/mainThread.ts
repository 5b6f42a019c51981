/**
 * `node --import tsx bench/mainThread.ts <pages> <runs> <distA> [distB…]`: the main thread's work while a
 * page loads, from a Chrome trace (Playwright, Debian's Chromium), for builds measured in turns. Each
 * task has its wall time and its thread CPU time: a busy machine stretches the first (Lighthouse's TBT
 * with it) and hardly the second, so "cpuTBT" (the sum over tasks of CPU time past 50 ms) compares two
 * builds on a shared machine where Lighthouse cannot. Pages: login, search, sheet, fee, wizard (those
 * of `npm run bench -- --lighthouse`), comma-separated; a page counts as loaded when its main part
 * shows and the network has been idle, plus 1.5 s. One line per page, build and run.
 */
import { chromium } from 'playwright';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir, loadavg } from 'node:os';
import { login, startServer, stopServer } from './server';

const [pagesArg, runsArg, ...dists] = process.argv.slice(2);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const servers: { child: import('node:child_process').ChildProcess }[] = [];
try {
  const setups = [];
  for (const dist of dists) {
    const own = await mkdtemp(join(tmpdir(), 'speed-trace-'));
    const server = await startServer({ DB_FILE: join(own, 'db.json'), FILES_DIR: join(own, 'files'), OUTBOX_DIR: join(own, 'outbox'), DIST_DIR: dist }, { SEED: 'demo', NODE_ENV: 'production' });
    servers.push(server);
    const cookies: Record<string, string> = {};
    for (const a of ['quality@brand.test', 'manager@inspect.test']) { cookies[a] = await login(server.base, a); await fetch(`${server.base}/back/alerts/poll`, { headers: { ...XHR, cookie: cookies[a] } }); }
    const get = async (p: string, a = 'quality@brand.test') => (await fetch(`${server.base}${p}`, { headers: { ...XHR, cookie: cookies[a] } })).json();
    const services = (await get('/back/bo/services/')).services;
    let reported = 0;
    for (const { serviceId } of services) if ((await get(`/back/bo/reports/${serviceId}/overview`)).exists) { reported = serviceId; break; }
    const fee = (await get('/back/bo/fee/', 'manager@inspect.test'))[0].feeIdHK;
    const pages: Record<string, [string, string | null, string]> = {
      login: ['/auth/login', null, 'form'],
      search: ['/services/search', 'quality@brand.test', '.ag-row'],
      sheet: [`/services/${services[0].serviceId}`, 'quality@brand.test', 'main h2'],
      fee: [`/billing/fees/${fee}`, 'manager@inspect.test', '.ag-row'],
      wizard: [`/services/${reported}/report`, 'quality@brand.test', 'main h2'],
    };
    setups.push({ dist, server, cookies, pages });
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (const which of pagesArg.split(',')) {
    for (let run = 0; run < Number(runsArg); run++) {
      for (const s of setups) {
        const [path, account, selector] = s.pages[which];
        const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
        if (account) { const [name, value] = s.cookies[account].split('='); await context.addCookies([{ name, value, url: s.server.base }]); }
        const page = await context.newPage();
        // The largest paint as the page saw it (wall time: it moves with the machine's load, unlike the CPU figures).
        await page.addInitScript(() => {
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) (window as unknown as { lcp: number }).lcp = entry.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        const load = loadavg()[0];
        await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
        const t0 = Date.now();
        await page.goto(s.server.base + path);
        await page.locator(selector).first().waitFor({ timeout: 60000 });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1500);
        const lcp = await page.evaluate(() => (window as unknown as { lcp?: number }).lcp ?? NaN);
        const trace = JSON.parse((await browser.stopTracing()).toString());
        const events = trace.traceEvents ?? trace;
        const threads = new Map<string, string>();
        for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
        const tasks = events.filter((e: any) => e.name === 'RunTask' && e.ph === 'X' && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain' && e.dur);
        // the renderer of our page: the one with most task time
        const byPid = new Map<number, number>(); for (const t of tasks) byPid.set(t.pid, (byPid.get(t.pid) ?? 0) + t.dur);
        const pid = [...byPid].sort((a, b) => b[1] - a[1])[0]?.[0];
        const mine = tasks.filter((t: any) => t.pid === pid);
        const cpu = mine.reduce((n: number, t: any) => n + (t.tdur ?? 0), 0) / 1000;
        const wall = mine.reduce((n: number, t: any) => n + t.dur, 0) / 1000;
        const longCpu = mine.filter((t: any) => (t.tdur ?? 0) > 50000).map((t: any) => Math.round(t.tdur / 1000));
        const cpuTbt = longCpu.reduce((n: number, d: number) => n + d - 50, 0);
        const wallTbt = mine.filter((t: any) => t.dur > 50000).reduce((n: number, t: any) => n + t.dur / 1000 - 50, 0);
        console.log(`${which.padEnd(6)} ${s.dist.padEnd(24)} run ${run + 1} load ${load.toFixed(1).padStart(5)}  cpu ${cpu.toFixed(0).padStart(5)} ms  cpuTBT ${String(cpuTbt).padStart(4)} ms  long(cpu) ${JSON.stringify(longCpu)}  wall ${wall.toFixed(0)} ms wallTBT ${wallTbt.toFixed(0)} LCP ${lcp.toFixed(0)} ms (${Date.now() - t0} ms)`);
        await context.close();
      }
    }
  }
  await browser.close();
} finally {
  for (const s of servers) await stopServer(s.child);
}
