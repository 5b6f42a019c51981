import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNTS, cell, en, expectSnack, gridHeaders, gridRow, gridRows, login, pick, resultCount, searchAfter, sheet, shot, today } from './helpers';

/**
 * The config-author promise in the browser (README "Adding a screen with JSON only"): a copy of
 * schemas/ plus the fixture entity, search form and screen of tests/fixtures/config-author
 * (the ones tests/api/config-author.test.ts uses) with their labels (locales/widget.<lang>.json),
 * served by a second real server. No code knows "widget", yet the menu, the screen, its grid and
 * its sheet work.
 */
const PORT = 3998;
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = process.cwd();
const ROUTE = '/widgets/search';
const API = '/back/bo/widgets';

let dir: string;
let server: ChildProcess | undefined;
let serverOutput = '';

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), 'qcflow-e2e-author-'));
  const schemasDir = join(dir, 'schemas');
  cpSync(join(ROOT, 'schemas'), schemasDir, { recursive: true });
  cpSync(join(ROOT, 'tests/fixtures/config-author'), schemasDir, { recursive: true });

  // The server itself (no npx in between), in its own process group: afterAll waits for its own
  // exit, after it has folded its journal into the data file, before removing the folder.
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SCHEMAS_DIR: schemasDir,
      DB_FILE: join(dir, 'db.json'),
      SEED: 'demo',
      DIST_DIR: join(ROOT, 'dist'),
      LOG: '0',
    },
  });
  server.stdout!.on('data', (chunk) => (serverOutput += chunk));
  server.stderr!.on('data', (chunk) => (serverOutput += chunk));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the second server exited: ${serverOutput}`);
    const up = await fetch(`${BASE}/back/version/`).then((response) => response.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the second server did not start: ${serverOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (server.exitCode === null && server.signalCode === null) process.kill(-server.pid, 'SIGKILL');
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a screen added as JSON only: menu, title, grid and sheet', async ({ page }) => {
  // manager@inspect.test is a MANAGER, the fixture screen's role. Start away from the screen
  // (home would open it: it is the first menu entry, order 10).
  await login(page, ACCOUNTS.manager, { path: '/about' });
  const menu = page.getByRole('navigation', { name: en('shell.menu') });
  const entry = menu.getByRole('link', { name: 'Widgets', exact: true });
  await expect(entry).toHaveAttribute('href', ROUTE);

  const initial = await searchAfter(page, API, () => entry.click());
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  expect(initial, 'a fresh store has no widget').toBe(0);
  await expect(page.getByTestId('page-title')).toHaveText('Widgets');
  await expect(page.getByRole('heading', { level: 2, name: 'Widgets', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`Widgets · ${en('app.name')}`);
  expect(await gridHeaders(page)).toEqual(['Code', 'Name', 'Size', 'Made on', 'Count']);
  await expect(page.getByText(en('engine.grid.noRows'))).toBeVisible();
  await expect(resultCount(page)).toHaveText(en('engine.search.count_other', { n: 0 }));
  await shot(page, 'config-author-widget-search');

  // Create one through the generic sheet: defaults from the schema (count 1, made today).
  await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
  const form = sheet(page);
  await expect(form).toBeVisible();
  await expect(form.locator('.mantine-Modal-title')).toContainText('Widget');
  await expect(form.locator('#sheet_count')).toHaveValue('1');
  await expect(form.locator('#sheet_madeOn')).not.toHaveValue('');
  await form.locator('#sheet_name').fill('Blue sprocket');
  await pick(page, form.locator('#sheet_size'), 'M');
  await shot(page, 'config-author-widget-sheet');
  const created = page.waitForResponse((response) => response.url().endsWith(API) && response.request().method() === 'POST');
  const after = await searchAfter(page, API, () => form.getByRole('button', { name: en('engine.action.save'), exact: true }).click());
  // The fixture has no x-messages: the engine's generic message.
  await expectSnack(page, en('engine.sheet.created'));
  expect(after).toBe(1);
  const record = (await (await created).json()) as Record<string, unknown>;
  expect(record).toMatchObject({ name: 'Blue sprocket', size: 'M', count: 1, madeOn: today(), createdOn: today() });
  expect(record.code).toMatch(/^WG-\d{6}$/);
  await expect(form.locator('.mantine-Modal-title')).toContainText(String(record.code));
  await form.getByRole('button', { name: en('engine.action.cancel') }).click();
  await expect(form).toBeHidden();

  const row = gridRow(page, 'Blue sprocket');
  await expect(row).toHaveCount(1);
  await expect(cell(row, 'code')).toHaveText(String(record.code));
  await expect(cell(row, 'size')).toHaveText('M');
  await expect(cell(row, 'count')).toHaveText('1');
  await expect(gridRows(page)).toHaveCount(1);
  await expect(resultCount(page)).toHaveText(en('engine.search.count_one', { n: 1 }));
  await shot(page, 'config-author-widget-created');
});
