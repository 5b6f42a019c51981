import type { BrowserContext, Page } from '@playwright/test';
import type axe from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { trackNetwork, type NetworkState } from './axeNetwork';

/**
 * The accessibility watch of the browser tests: axe-core (the engine of @axe-core/playwright, same
 * rules and tags) watches every document of a watched browser context, and the page checks itself each time it reaches a new state — URL, open dialogs and language — once it has
 * settled: no request of the page in flight (scripts, lazy chunks, css, images, fetches: seen from
 * the test side, axeNetwork.ts), nothing `aria-busy`, no DOM change, input or request for the quiet
 * time. The test side only decides which states are new (one check per state per test) and collects
 * what the checks found. Shared by the e2e fixture (axe.ts) and the screen scanner (scripts/a11y-scan.ts).
 *
 * A check never holds the page for long: axe's rules, and each rule's checks node by node, run in
 * slices of about SLICE_MS, and the page's own work (a test's click, a response) runs between them.
 * A check is abandoned as soon as the DOM changes or the test acts (pointer, key, input): its claim
 * is released, and the page waits longer before the next try (twice as long each time, up to
 * MAX_QUIET_MS; back to QUIET_MS for a new state).
 *
 * The engine (580 kB minified) is loaded into a document only when its first check starts: a document
 * that never reaches a state unchecked in its test (a reload, a page left at once) does not compile it.
 *
 * Not AxeBuilder itself: its analyze() opens a blank page in the test's context for each check
 * (which a spec waiting for a popup would take for its own), injects the engine again each time,
 * and runs every rule in one go.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Rules run beside the tags': WCAG 2.5.3 (label in name), which axe files as experimental, and the
 * rules Lighthouse's accessibility score counts that no WCAG tag holds (axe's best practices: heading
 * order, one main landmark, a skip link that leads somewhere, no positive tabindex…), so a page that
 * passes here scores 100 there.
 */
export const EXTRA_RULES = [
  'label-content-name-mismatch',
  'accesskeys', 'aria-allowed-role', 'aria-dialog-name', 'aria-text', 'aria-treeitem-name', 'empty-heading', 'heading-order',
  'identical-links-same-purpose', 'image-redundant-alt', 'landmark-one-main', 'skip-link', 'tabindex', 'table-duplicate-name',
];
/**
 * A page quiet for QUIET_MS while the test runs is checked: a test seldom pauses that long between two
 * steps, so a check seldom starts just to be abandoned (at 250 ms, two checks in three were: half the
 * check's CPU, for one state more in 20). At the end of a test, or in a walk, SETTLE_QUIET_MS is enough.
 */
const QUIET_MS = 1000;
const MAX_QUIET_MS = 4000;
const SETTLE_QUIET_MS = 250;
const SLICE_MS = 40;

export type AxeViolation = { rule: string; impact: string; help: string; target: string; html: string; summary: string };
/** `ms`: the check's time on the page's main thread; `longestMs`: the longest the page was held (a slice or a long task); `wallMs`: start to end. */
export type AxeTiming = { ms: number; longestMs: number; slices: number; wallMs: number };
export type AxeCheck = AxeTiming & { key: string; url: string; locale: string; dialogs: string[]; violations: AxeViolation[] };

/** The states checked so far and what their checks found: a Map, or one shared by the run's workers (axeShared.ts). */
export type KnownChecks = { get(key: string): AxeCheck | undefined; set(key: string, check: AxeCheck): unknown };

/**
 * Where a watched context sends its checks: which states were seen, and what their checks found.
 * `known` may be shared by the collectors of several tests: a state an earlier test checked counts
 * for the later ones with that check's findings, and axe does not run on it again.
 */
export class AxeCollector {
  private claimed = new Set<string>();
  checks: AxeCheck[] = [];
  /** Checks given up because the page changed or the test acted: their cost, for the figures. */
  abandoned: AxeTiming[] = [];
  /** States found checked in `known`, taken over rather than checked again. */
  reused = 0;
  constructor(private readonly known: KnownChecks = new Map<string, AxeCheck>()) {}
  /** True the first time a state is claimed and unknown: that check runs; later claims of it are refused. */
  claim(key: string): boolean {
    if (this.claimed.has(key)) return false;
    this.claimed.add(key);
    const earlier = this.known.get(key);
    if (!earlier) return true;
    this.checks.push({ ...earlier, ms: 0, longestMs: 0, slices: 0, wallMs: 0 });
    this.reused += 1;
    return false;
  }
  record(check: AxeCheck): void {
    this.checks.push(check);
    this.known.set(check.key, check);
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
    this.abandoned = [];
    this.reused = 0;
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

type WatchOptions = { tags: string[]; rules: string[]; quietMs: number; maxQuietMs: number; settleQuietMs: number; sliceMs: number };
/** The parts of axe's rules the slicing wraps (axe-core 4.13: Rule.run and Rule.runChecks take callbacks). */
type AxeRule = {
  run(context: unknown, options: unknown, resolve: (result: unknown) => void, reject: (error: Error) => void): void;
  runChecks(type: string, node: unknown, options: unknown, context: unknown, resolve: (result: unknown) => void, reject: (error: Error) => void): void;
};
type AxeWindow = Window & {
  axe: typeof axe & { _audit: { rules: AxeRule[] } };
  __axeClaim(key: string): Promise<boolean>;
  __axeRelease(key: string, timing: AxeTiming): Promise<void>;
  __axeReport(check: AxeCheck): Promise<void>;
  __axeNetwork(): Promise<NetworkState>;
  __axeEngine(): Promise<void>;
  __axeSettle?: (timeoutMs: number) => Promise<void>;
};

/** Runs inside each top-level document (serialised by addInitScript: it may use nothing from outside). */
function watchDocument({ tags, rules, quietMs: baseQuietMs, maxQuietMs, settleQuietMs, sliceMs }: WatchOptions): void {
  if (window.top !== window) return;
  const win = window as unknown as AxeWindow;
  let mutations = 0;
  let inputs = 0;
  let lastChange = performance.now();
  let inFlight = 0;
  let running: Promise<void> | null = null;
  let lastKey = '';
  let quietMs = baseQuietMs;
  let quietFor = '';
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
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  // What a test does reaches the page as these events: the check running then gives way at once.
  for (const type of ['pointerdown', 'mousedown', 'keydown', 'input', 'wheel']) {
    window.addEventListener(
      type,
      () => {
        inputs += 1;
        changed();
      },
      { capture: true, passive: true },
    );
  }

  const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const nameOf = (element: Element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    const label = labelledBy ? labelledBy.split(/\s+/).map(id => document.getElementById(id)?.textContent ?? '').join(' ') : '';
    return (element.getAttribute('aria-label') || label || element.getAttribute('role') || '').trim().slice(0, 80);
  };
  const dialogs = () => [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(shown).map(nameOf);
  const stateKey = () => `${document.documentElement.lang}|${location.pathname}${location.search}${location.hash}|${dialogs().join('+')}`;
  const busy = () => [...document.querySelectorAll('[aria-busy="true"]')].some(shown);
  const quiet = (ms: number) =>
    document.readyState === 'complete' && inFlight === 0 && performance.now() - lastChange >= ms && !busy();
  const networkQuiet = async (ms: number) => {
    const network = await win.__axeNetwork();
    return network.inFlight === 0 && network.quietMs >= ms;
  };

  /**
   * Axe's rules, and each rule's node checks, queued as tasks and run in slices of about sliceMs;
   * between slices the page runs its own tasks. Once `stop()` says so, each rule still waiting is
   * failed at once (axe files a failed rule as "incomplete"), so the run ends quickly; its results
   * are thrown away.
   */
  let stop: () => boolean = () => false;
  let slices: number[] = [];
  type Task = { rule: AxeRule; run: () => void; reject: (error: Error) => void };
  let tasks: Task[] = [];
  let insertAt = -1;
  let pumping = false;
  const enqueue = (task: Task) => {
    // A task's own tasks (a rule's node checks) run next, in order; the others wait their turn.
    if (insertAt >= 0) tasks.splice(insertAt++, 0, task);
    else tasks.push(task);
    if (!pumping) {
      pumping = true;
      setTimeout(pump);
    }
  };
  const pump = () => {
    if (stop()) {
      const waiting = new Set(tasks.map(task => task.rule));
      const firstOfEach = tasks.filter(task => waiting.delete(task.rule));
      tasks = [];
      pumping = false;
      for (const task of firstOfEach) task.reject(new Error('axe check abandoned'));
      return;
    }
    const started = performance.now();
    while (tasks.length && performance.now() - started < sliceMs) {
      const task = tasks.shift()!;
      insertAt = 0;
      try {
        task.run();
      } catch (error) {
        task.reject(error as Error);
      }
      insertAt = -1;
    }
    slices.push(performance.now() - started);
    if (tasks.length) setTimeout(pump);
    else pumping = false;
  };
  let engine: Promise<void> | null = null;
  /** Loads axe into this document (once), its rules sliced. */
  const loadEngine = () =>
    (engine ??= win.__axeEngine().then(() => {
      for (const rule of win.axe._audit.rules) {
        const run = rule.run.bind(rule);
        const runChecks = rule.runChecks.bind(rule);
        rule.run = (context, options, resolve, reject) => enqueue({ rule, run: () => run(context, options, resolve, reject), reject });
        rule.runChecks = (type, node, options, context, resolve, reject) =>
          enqueue({ rule, run: () => runChecks(type, node, options, context, resolve, reject), reject });
      }
    }));
  // The longest task of the page during a check, whoever ran it (axe's tree and report are no slice).
  let longTasks: PerformanceEntry[] = [];
  new PerformanceObserver(list => longTasks.push(...list.getEntries())).observe({ type: 'longtask' });

  async function check(force: boolean): Promise<void> {
    // about:blank (a page not yet sent anywhere) is no page of the app.
    if (!location.protocol.startsWith('http')) return;
    const key = stateKey();
    if (key === lastKey || !(await win.__axeClaim(key))) {
      lastKey = key;
      return;
    }
    await loadEngine();
    const before = { mutations, inputs };
    stop = () => !force && (mutations !== before.mutations || inputs !== before.inputs || stateKey() !== key);
    slices = [];
    longTasks = [];
    const started = performance.now();
    const run = win.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      rules: Object.fromEntries(rules.map(rule => [rule, { enabled: true }])),
      resultTypes: ['violations'],
    });
    // Its synchronous part builds axe's tree of the page: a slice of its own.
    slices.push(performance.now() - started);
    const result = await run;
    const timing: AxeTiming = {
      ms: Math.round(slices.reduce((sum, ms) => sum + ms, 0)),
      longestMs: Math.round(Math.max(...slices, ...longTasks.map(task => task.duration))),
      slices: slices.length,
      wallMs: Math.round(performance.now() - started),
    };
    if (stop()) {
      quietMs = Math.min(quietMs * 2, maxQuietMs);
      await win.__axeRelease(key, timing);
      return;
    }
    lastKey = key;
    await win.__axeReport({
      key,
      url: location.href,
      locale: document.documentElement.lang,
      dialogs: dialogs(),
      ...timing,
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
    if (running) return;
    const key = stateKey();
    if (key === lastKey) return;
    // A new state gets the short wait again; one abandoned check after another waits longer each time.
    if (key !== quietFor) {
      quietFor = key;
      quietMs = baseQuietMs;
    }
    if (!quiet(quietMs)) return;
    running = networkQuiet(quietMs)
      .then(ready => (ready && quiet(quietMs) ? check(false) : undefined))
      .finally(() => {
        running = null;
      });
  }, 100);
  /** The end of a test: wait until the page settles (or timeoutMs), then check its state if it is new. */
  win.__axeSettle = async (timeoutMs: number) => {
    const deadline = performance.now() + timeoutMs;
    const settled = async () => quiet(settleQuietMs) && (await networkQuiet(settleQuietMs));
    while (performance.now() < deadline && (running || !(await settled()))) await new Promise(resolve => setTimeout(resolve, 50));
    await running;
    // A page that never stops changing is checked as it is at the end.
    await runCheck(true);
  };
}

const watched = new WeakSet<BrowserContext>();
const options: WatchOptions = { tags: WCAG_TAGS, rules: EXTRA_RULES, quietMs: QUIET_MS, maxQuietMs: MAX_QUIET_MS, settleQuietMs: SETTLE_QUIET_MS, sliceMs: SLICE_MS };
// `__name`: the helper esbuild (tsx, the scanner's loader) calls in the compiled function to keep its inner names.
const watchScript = `((__name) => (${watchDocument.toString()})(${JSON.stringify(options)}))((target) => target);`;
// Evaluated through the DevTools protocol, which the app's Content-Security-Policy does not cover.
const engineSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Watches every document this context opens from now on; the collector returned by `current()` gets the checks. */
export async function watchContext(context: BrowserContext, current: () => AxeCollector): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding('__axeClaim', (_source, key: string) => current().claim(key));
  await context.exposeBinding('__axeRelease', (_source, key: string, timing: AxeTiming) => {
    current().release(key);
    current().abandoned.push(timing);
  });
  await context.exposeBinding('__axeReport', (_source, check: AxeCheck) => current().record(check));
  await context.exposeBinding('__axeEngine', async ({ frame }) => {
    await frame.evaluate(engineSource);
  });
  await trackNetwork(context, '__axeNetwork');
  await context.addInitScript({ content: watchScript });
}

/** The end of a test: each open page settles, then its state is checked unless it already was. */
export async function settleAndCheck(page: Page, timeoutMs = 3000): Promise<void> {
  if (page.isClosed()) return;
  await page
    .evaluate(timeout => (window as unknown as AxeWindow).__axeSettle?.(timeout), timeoutMs)
    .catch(() => undefined); // a page closed or navigating away at the end has nothing left to check
}
