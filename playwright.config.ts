import { defineConfig } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * E2E tests in Debian's Chromium (Playwright downloads nothing here) against a real server on
 * port 3999 with a fresh demo store. The config is loaded again in each worker: the data file
 * is chosen once, by the runner, and handed down through the environment.
 */
const PORT = Number(process.env.E2E_PORT || 3999);
export const baseURL = `http://127.0.0.1:${PORT}`;

if (!process.env.QCFLOW_E2E_DB_FILE) {
  const dataDir = mkdtempSync(join(tmpdir(), 'qcflow-e2e-'));
  process.env.QCFLOW_E2E_DB_FILE = join(dataDir, 'db.json');
  process.env.QCFLOW_E2E_OUTBOX = join(dataDir, 'outbox');
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
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
      executablePath: '/usr/bin/chromium',
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
  webServer: {
    // Build the SPA only when dist/ is older than its sources; the server serves it and the API.
    command: 'node scripts/build-if-stale.mjs && npx tsx server/main.ts',
    url: `${baseURL}/back/version/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DB_FILE: process.env.QCFLOW_E2E_DB_FILE,
      // E2E_DATABASE_URL=postgres://… runs the browser tests on PostgreSQL (an empty database: the server seeds it).
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      // E-mails land here as .eml files (tests follow the links they contain).
      OUTBOX_DIR: process.env.QCFLOW_E2E_OUTBOX ?? join(tmpdir(), 'qcflow-e2e-outbox'),
      SEED: 'demo',
      LOG: '0',
    },
  },
});
