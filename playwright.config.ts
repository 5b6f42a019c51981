import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * E2E tests in Debian's Chromium (Playwright downloads nothing here) against real servers with a
 * fresh demo store each. `E2E_WORKERS` browsers run spec files side by side (default 1; `npm test`
 * uses 3), worker i against its own server on port E2E_PORT + i with its own data file and outbox,
 * so no spec sees another's writes. The config is loaded again in each worker: the data folder is
 * chosen once, by the runner, and handed down through the environment; Playwright tells each worker
 * its index (TEST_PARALLEL_INDEX).
 */
const PORT = Number(process.env.E2E_PORT || 3999);
// Debian's headless shell (package chromium-headless-shell, the engine Playwright itself runs headless tests in) when
// installed: the same Blink and V8 without the full browser around them, 13 % faster over the suite; else Chromium.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS || 1));
const WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const baseURL = `http://127.0.0.1:${PORT + WORKER}`;

if (!process.env.QCFLOW_E2E_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'qcflow-e2e-'));
  process.env.QCFLOW_E2E_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env.QCFLOW_E2E_DIR;
// E-mails of worker i's server land here as .eml files (tests follow the links they contain).
const outboxOf = (worker: number) => join(dataDir, `outbox-${worker}`);
process.env.QCFLOW_E2E_OUTBOX = outboxOf(WORKER);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  workers: WORKERS,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // `npm test` runs two browsers and their servers on a 2-core machine, the API suite on PostgreSQL
  // beside them: a sheet may take several seconds to open there. Waits end as soon as the page is right.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    // The app then skips its transitions (app/theme.ts respectReducedMotion): fewer frames to paint on a busy machine.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace records every step (its screencast alone costs a third of the browser's time): kept for failures, and
    // not recorded at all by `npm test` (E2E_TRACE=0), which keeps each failure's screenshot and page snapshot.
    trace: process.env.E2E_TRACE === '0' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, worker) => ({
    // Build the SPA only when dist/ is older than its sources (once, before the first server); each server serves it and the API.
    command: `${worker === 0 ? 'node scripts/build-if-stale.mjs && ' : ''}npx tsx server/main.ts`,
    url: `http://127.0.0.1:${PORT + worker}/back/version/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(PORT + worker),
      HOST: '127.0.0.1',
      DB_FILE: join(dataDir, `db-${worker}.json`),
      // E2E_DATABASE_URL=postgres://… runs the browser tests on PostgreSQL (an empty database: the server seeds it; one worker).
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      OUTBOX_DIR: outboxOf(worker),
      SEED: 'demo',
      LOG: '0',
    },
  })),
});
