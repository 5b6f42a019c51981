import { test as base, expect } from '@playwright/test';
import { basename } from 'node:path';
import { AxeCollector, formatViolations, settleAndCheck, watchContext, type AxeCheck } from './axeWatch';

/**
 * `test` and `expect` for every browser test: each page and dialog a test opens (every URL, open
 * dialog and language it reaches and stays on for a moment, and where it ends) is checked with axe's
 * WCAG 2.0/2.1/2.2 A and AA rules, and any violation fails the test with the list of rule, impact,
 * node, page address and language. Nothing to write in a spec: import `test` from here (for now only
 * accessibility.spec.ts does: docs/accessibility.md says why).
 * Contexts a test or a beforeAll opens with `browser.newContext()` / `browser.newPage()` are watched too.
 */
/**
 * Specs not yet run with the check: their violations are listed in the test's `axe` annotation (and
 * printed with AXE_TIMINGS=1) but do not fail them yet. Take a name out once its spec passes with the
 * check; the list only shrinks. Every other spec, and every new one, fails on any violation.
 */
const NOT_YET_PASSING = new Set([
  'access.spec.ts', 'activity.spec.ts', 'admin.spec.ts', 'assignment.spec.ts', 'attachments.spec.ts',
  'billing-invoices.spec.ts', 'identity.spec.ts', 'notify.spec.ts',
  'readable-screens.spec.ts', 'record-panels.spec.ts', 'reminders.spec.ts',
  'report-decision.spec.ts',
]);

let collector = new AxeCollector();
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
      collector = new AxeCollector();
      await watchContext(context, current);
      await use();
      const pages = browser.contexts().flatMap(open => open.pages());
      if (testInfo.status === testInfo.expectedStatus) for (const page of pages) await settleAndCheck(page);
      const checks = collector.checks;
      const ms = checks.map(check => check.ms);
      testInfo.annotations.push({
        type: 'axe',
        description: `${checks.length} checks, ${ms.length ? Math.round(ms.reduce((a, b) => a + b, 0) / ms.length) : 0} ms mean, ${Math.max(0, ...ms)} ms max`,
      });
      if (process.env.AXE_TIMINGS) console.log(`[axe] ${testInfo.title}: ${checks.map(check => `${check.ms}ms ${check.key}`).join('\n  ')}`);
      const failed = collector.violations();
      if (!failed.length) return;
      const report = `Accessibility (axe, WCAG 2.2 AA) violations:\n${formatViolations(failed)}`;
      if (NOT_YET_PASSING.has(basename(testInfo.file))) {
        testInfo.annotations.push({ type: 'axe-violations', description: report });
        if (process.env.AXE_TIMINGS) console.log(report);
      } else if (testInfo.status === testInfo.expectedStatus) throw new Error(report);
    },
    { auto: true },
  ],
});

export { expect };

/** The running test's checks that `match`, taken out of its result: only for the test of the check itself. */
export function takeAxeChecks(match: (check: AxeCheck) => boolean): AxeCheck[] {
  const taken = collector.checks.filter(match);
  collector.checks = collector.checks.filter(check => !match(check));
  return taken;
}
