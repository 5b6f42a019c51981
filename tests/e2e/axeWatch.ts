import type { BrowserContext, Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * The accessibility watch of the browser tests: axe-core (the engine of @axe-core/playwright, same
 * rules and tags) is loaded once into every document of a watched browser context, and the page
 * checks itself each time it reaches a new state — URL, open dialogs and language — once it has
 * settled (no fetch in flight and no DOM change for QUIET_MS). A check the DOM changed under is
 * thrown away and made again later. The test side only decides which states are new (one check per
 * state per test) and collects what the checks found. Shared by the e2e fixture (axe.ts) and the
 * screen scanner (scripts/a11y-scan.ts).
 *
 * Not AxeBuilder itself: its analyze() opens a blank page in the test's context for each check
 * (which a spec waiting for a popup would take for its own) and injects the 1.3 MB engine again each time.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const QUIET_MS = 250;

export type AxeViolation = { rule: string; impact: string; help: string; target: string; html: string; summary: string };
export type AxeCheck = { key: string; url: string; locale: string; dialogs: string[]; ms: number; violations: AxeViolation[] };

/** Where a watched context sends its checks: which states were seen, and what their checks found. */
export class AxeCollector {
  private claimed = new Set<string>();
  checks: AxeCheck[] = [];
  /** True the first time a state is claimed: that check runs; later claims of it are refused. */
  claim(key: string): boolean {
    if (this.claimed.has(key)) return false;
    this.claimed.add(key);
    return true;
  }
  release(key: string): void {
    this.claimed.delete(key);
  }
  violations(): AxeCheck[] {
    return this.checks.filter(check => check.violations.length > 0);
  }
  reset(): void {
    this.claimed.clear();
    this.checks = [];
  }
}

/** A readable list: one block per checked state, one line per failing node. */
export function formatViolations(checks: AxeCheck[]): string {
  return checks
    .map(check => {
      const where = `${check.url} [${check.locale || '?'}]${check.dialogs.length ? ` dialog: ${check.dialogs.join(' + ')}` : ''}`;
      // The node's HTML and axe's first finding (e.g. the contrast measured) say what to fix.
      const lines = check.violations.map(v => `  - ${v.rule} (${v.impact}) at ${v.target}: ${v.help}\n      ${v.html}\n      ${v.summary.split('\n')[1]?.trim() ?? ''}`);
      return `${where}\n${lines.join('\n')}`;
    })
    .join('\n');
}

type WatchOptions = { tags: string[]; quietMs: number };
type AxeWindow = Window & {
  axe: typeof axe;
  __axeClaim(key: string): Promise<boolean>;
  __axeRelease(key: string): Promise<void>;
  __axeReport(check: AxeCheck): Promise<void>;
  __axeSettle?: (timeoutMs: number) => Promise<void>;
};

/** Runs inside each top-level document (serialised by addInitScript: it may use nothing from outside). */
function watchDocument({ tags, quietMs }: WatchOptions): void {
  if (window.top !== window) return;
  const win = window as unknown as AxeWindow;
  let mutations = 0;
  let lastChange = performance.now();
  let inFlight = 0;
  let running: Promise<void> | null = null;
  let lastKey = '';
  const changed = () => {
    lastChange = performance.now();
  };
  const nativeFetch = window.fetch;
  window.fetch = function (...args: Parameters<typeof fetch>) {
    inFlight += 1;
    changed();
    return nativeFetch.apply(this, args).finally(() => {
      inFlight -= 1;
      changed();
    });
  };
  const observer = new MutationObserver(() => {
    mutations += 1;
    changed();
  });
  const observe = () => observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  observe();

  const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const nameOf = (element: Element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    const label = labelledBy ? labelledBy.split(/\s+/).map(id => document.getElementById(id)?.textContent ?? '').join(' ') : '';
    return (element.getAttribute('aria-label') || label || element.getAttribute('role') || '').trim().slice(0, 80);
  };
  const dialogs = () => [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(shown).map(nameOf);
  const stateKey = () => `${document.documentElement.lang}|${location.pathname}${location.search}${location.hash}|${dialogs().join('+')}`;
  const settled = () => document.readyState === 'complete' && inFlight === 0 && performance.now() - lastChange >= quietMs;

  async function check(force = false): Promise<void> {
    // about:blank (a page not yet sent anywhere) is no page of the app.
    if (!location.protocol.startsWith('http')) return;
    const key = stateKey();
    if (key === lastKey || !(await win.__axeClaim(key))) {
      lastKey = key;
      return;
    }
    const before = mutations;
    const started = performance.now();
    const result = await win.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      // WCAG 2.5.3 (label in name): axe files it as experimental, which the tags alone leave out.
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    const ms = Math.round(performance.now() - started);
    if (!force && (mutations !== before || stateKey() !== key)) {
      await win.__axeRelease(key);
      return;
    }
    lastKey = key;
    await win.__axeReport({
      key,
      url: location.href,
      locale: document.documentElement.lang,
      dialogs: dialogs(),
      ms,
      violations: result.violations.flatMap(violation =>
        violation.nodes.map(node => ({
          rule: violation.id,
          impact: violation.impact ?? '',
          help: violation.help,
          target: node.target.join(' '),
          html: node.html.slice(0, 160),
          summary: node.failureSummary ?? '',
        })),
      ),
    });
  }
  const runCheck = (force = false) => {
    running ??= check(force).finally(() => {
      running = null;
    });
    return running;
  };
  setInterval(() => {
    if (!running && settled()) void runCheck();
  }, 100);
  /** The end of a test: wait until the page settles (or timeoutMs), then check its state if it is new. */
  win.__axeSettle = async (timeoutMs: number) => {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline && (running || !settled())) await new Promise(resolve => setTimeout(resolve, 50));
    await running;
    // A page that never stops changing is checked as it is at the end.
    await runCheck(true);
  };
}

const watched = new WeakSet<BrowserContext>();
// `__name`: the helper esbuild (tsx, the scanner's loader) calls in the compiled function to keep its inner names.
const engineScript = `${axe.source}\n;((__name) => (${watchDocument.toString()})(${JSON.stringify({ tags: WCAG_TAGS, quietMs: QUIET_MS } satisfies WatchOptions)}))((target) => target);`;

/** Watches every document this context opens from now on; the collector returned by `current()` gets the checks. */
export async function watchContext(context: BrowserContext, current: () => AxeCollector): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding('__axeClaim', (_source, key: string) => current().claim(key));
  await context.exposeBinding('__axeRelease', (_source, key: string) => current().release(key));
  await context.exposeBinding('__axeReport', (_source, check: AxeCheck) => {
    current().checks.push(check);
  });
  await context.addInitScript({ content: engineScript });
}

/** The end of a test: each open page settles, then its state is checked unless it already was. */
export async function settleAndCheck(page: Page, timeoutMs = 3000): Promise<void> {
  if (page.isClosed()) return;
  await page
    .evaluate(timeout => (window as unknown as AxeWindow).__axeSettle?.(timeout), timeoutMs)
    .catch(() => undefined); // a page closed or navigating away at the end has nothing left to check
}
