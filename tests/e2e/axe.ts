import { test as base, expect } from '@playwright/test';
import { join } from 'node:path';
import { SharedChecks } from './axeShared';
import { AxeCollector, formatViolations, settleAndCheck, watchContext, type AxeCheck, type AxeTiming, type KnownChecks } from './axeWatch';

/**
 * `test` and `expect` for every browser test: each page and dialog a test opens (every URL, open
 * dialog and language it reaches and stays on for a moment, and where it ends) is checked with axe's
 * WCAG 2.0/2.1/2.2 A and AA rules, and any violation fails the test with the list of rule, impact,
 * node, page address and language. Nothing to write in a spec: every spec imports `test` from here
 * (docs/accessibility.md: how a check waits for the page and gives way to the test).
 * Contexts a test or a beforeAll opens with `browser.newContext()` / `browser.newPage()` are watched too.
 */
/**
 * The states the run's tests have checked: each is checked once per run (axeWatch.ts AxeCollector), by whichever
 * worker reaches it first. The run's data folder (playwright.config.ts) is the workers' common place; alone, a Map.
 */
const checkedInRun: KnownChecks = process.env.QCFLOW_E2E_DIR ? new SharedChecks(join(process.env.QCFLOW_E2E_DIR, 'axe-checks')) : new Map<string, AxeCheck>();
let collector = new AxeCollector(checkedInRun);
const current = () => collector;

export const test = base.extend<{ axeWatch: void }, { watchedBrowser: void }>({
  watchedBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async options => {
        const context = await newContext(options);
        await watchContext(context, current);
        return context;
      };
      browser.newPage = async options => {
        const context = await browser.newContext(options);
        const page = await context.newPage();
        // Closing the page closes the context it came with, as Browser.newPage does.
        page.on('close', () => void context.close());
        return page;
      };
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  axeWatch: [
    async ({ context, browser }, use, testInfo) => {
      collector = new AxeCollector(checkedInRun);
      await watchContext(context, current);
      const opened = new Set(browser.contexts());
      await use();
      const pages = browser.contexts().flatMap(open => open.pages());
      try {
        if (testInfo.status === testInfo.expectedStatus) for (const page of pages) await settleAndCheck(page);
      } finally {
        // The contexts the test opened and left open go with it: else their pages keep polling the server, and every
        // later test of the worker would check them again.
        await Promise.all(browser.contexts().filter(open => !opened.has(open)).map(open => open.close()));
      }
      const { checks, abandoned, reused } = collector;
      const ms = checks.filter(check => check.slices > 0).map(check => check.ms);
      testInfo.annotations.push({
        type: 'axe',
        description: `${checks.length} checks, ${ms.length ? Math.round(ms.reduce((a, b) => a + b, 0) / ms.length) : 0} ms mean, ${Math.max(0, ...ms)} ms max, page held ${Math.max(0, ...[...checks, ...abandoned].map(check => check.longestMs))} ms at most, ${abandoned.length} abandoned, ${reused} checked by an earlier test`,
      });
      if (process.env.AXE_TIMINGS) {
        const line = (check: AxeTiming) => `${check.ms}ms in ${check.slices} slices, longest ${check.longestMs}ms, ${check.wallMs}ms wall`;
        console.log(`[axe] ${testInfo.title}:\n${[...checks.map(check => `  ${line(check)} ${check.key}`), ...abandoned.map(check => `  abandoned: ${line(check)}`)].join('\n')}`);
      }
      const failed = collector.violations();
      if (!failed.length) return;
      const report = `Accessibility (axe, WCAG 2.2 AA) violations:\n${formatViolations(failed)}`;
      if (testInfo.status === testInfo.expectedStatus) throw new Error(report);
    },
    { auto: true },
  ],
});

export { expect };

/** The checks the running test has made so far. */
export const axeChecksSoFar = (): readonly AxeCheck[] => collector.checks;

/** The running test's checks that `match`, taken out of its result: only for the test of the check itself. */
export function takeAxeChecks(match: (check: AxeCheck) => boolean): AxeCheck[] {
  const taken = collector.checks.filter(match);
  collector.checks = collector.checks.filter(check => !match(check));
  return taken;
}
