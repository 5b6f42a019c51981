/**
 * `npm run a11y -- [--url http://127.0.0.1:3000] [--locales en,fr,it] [--users admin@qcflow.test,…] [--routes /a,/b] [--no-dialogs] [--verbose] [--json file]`
 * Visits every configured screen (GET /back/schemas) the way a few demo users see it, in each
 * language, opens the dialogs of the page's toolbar, and prints axe's WCAG 2.2 AA violations per
 * rule and page: the same check as the browser tests (tests/e2e/axeWatch.ts), on every screen in a
 * minute. Runs against a server already started with SEED=demo (`npm start`). Screen routes with a
 * parameter (`/services/:serviceId`) take the first link to such a page found on the screens visited before.
 */
import { chromium, type Browser } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ACCOUNTS, DEMO_PASSWORD } from '../tests/demo-accounts';
import { AxeCollector, formatViolations, settleAndCheck, watchContext, type AxeCheck } from '../tests/e2e/axeWatch';
import { screenRoutes, walkScreens } from '../tests/e2e/screenWalk';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.APP_URL ?? 'http://127.0.0.1:3000' },
    locales: { type: 'string', default: 'en,fr,it' },
    users: { type: 'string', default: [ACCOUNTS.admin, ACCOUNTS.manager, ACCOUNTS.quality, ACCOUNTS.inspector].join(',') },
    'no-dialogs': { type: 'boolean', default: false },
    json: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    // Only these screen routes (comma-separated), e.g. to check a fix again.
    routes: { type: 'string' },
  },
});
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** With --json, the file is written again after each page: a scan cut short keeps what it found. */
const allCollectors: AxeCollector[] = [];
function saveJson(): void {
  if (args.json) writeFileSync(args.json, JSON.stringify(allCollectors.flatMap(collector => collector.checks), null, 2));
}

async function scanAs(browser: Browser, email: string, locales: string[], collector: AxeCollector): Promise<void> {
  const context = await browser.newContext({ baseURL: args.url, viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  await watchContext(context, () => collector);
  const page = await context.newPage();
  await page.request.post('/back/login', { form: { username: email, password: DEMO_PASSWORD } });
  await page.request.get('/back/alerts/poll', { headers: XHR });
  const links = new Set<string>();
  const only = args.routes?.split(',');
  const routes = (await screenRoutes(page)).filter(route => !only || only.includes(route));
  const paths = [...(only ? [] : ['/', '/about', '/profileUser/personalInformation', '/profileUser/account']), ...routes];
  for (const locale of locales) {
    await page.request.get('/back/bo/menu/locale', { params: { locale }, headers: XHR });
    await walkScreens(page, paths, {
      dialogs: !args['no-dialogs'],
      links,
      visited: (path, ms) => {
        if (args.verbose) console.error(`${email} ${locale} ${path}: ${ms} ms`);
        saveJson();
      },
    });
  }
  await page.request.get('/back/bo/menu/locale', { params: { locale: 'en' }, headers: XHR });
  await context.close();
}

async function scanSignedOut(browser: Browser, locales: string[], collector: AxeCollector): Promise<void> {
  for (const locale of locales) {
    const context = await browser.newContext({ baseURL: args.url, locale, viewport: { width: 1440, height: 900 } });
    await watchContext(context, () => collector);
    const page = await context.newPage();
    for (const path of ['/auth/login', '/auth/forgotten']) {
      await page.goto(path);
      await settleAndCheck(page);
    }
    await context.close();
  }
}

function summary(checks: AxeCheck[]): string {
  const byRule = new Map<string, Map<string, number>>();
  for (const check of checks) {
    for (const violation of check.violations) {
      const locales = byRule.get(violation.rule) ?? new Map<string, number>();
      locales.set(check.locale, (locales.get(check.locale) ?? 0) + 1);
      byRule.set(violation.rule, locales);
    }
  }
  const lines = [...byRule].map(([rule, locales]) => `${rule}: ${[...locales].map(([locale, count]) => `${locale} ${count}`).join(', ')}`);
  const ms = checks.map(check => check.ms).sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)] ?? 0;
  return `${checks.length} states checked (axe ${median} ms median, ${ms.at(-1) ?? 0} ms max); nodes in violation per rule and language:\n${lines.join('\n') || 'none'}`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const locales = args.locales.split(',');
// One collector per user: the same address shows each user other records and actions.
const collectors = [new AxeCollector(), ...args.users.split(',').map(() => new AxeCollector())];
allCollectors.push(...collectors);
try {
  await scanSignedOut(browser, locales, collectors[0]);
  for (const [index, email] of args.users.split(',').entries()) await scanAs(browser, email, locales, collectors[index + 1]);
} finally {
  await browser.close();
}
const checks = collectors.flatMap(collector => collector.checks);
const failed = checks.filter(check => check.violations.length > 0);
console.log(formatViolations(failed));
console.log(`\n${summary(checks)}`);
saveJson();
process.exitCode = failed.length ? 1 : 0;
