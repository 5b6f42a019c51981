import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';

export { ACCOUNTS, DEMO_PASSWORD };

/** Screenshots taken on purpose by specs (failure screenshots go to test-results/e2e). */
export const screenshotPath = (name: string) => join('test-results', 'screenshots', `${name}.png`);

/** A screenshot of what the user sees now (the full page, or one part of it), kept for review. */
export async function shot(target: Page | Locator, name: string): Promise<void> {
  if (process.env.E2E_SHOTS === '0') return;
  const options = { path: screenshotPath(name), animations: 'disabled', caret: 'hide' } as const;
  await ('goto' in target ? target.screenshot({ ...options, fullPage: true }) : target.screenshot(options));
}

/** The labels the app shows (schemas/locales, app/locales, engine/locales), to assert texts without copying them. */
type Labels = Record<string, string>;
const readLabels = (file: string): Labels => JSON.parse(readFileSync(join(process.cwd(), file), 'utf8'));
export const labels = {
  en: { ...readLabels('engine/locales/en.json'), ...readLabels('app/locales/en.json'), ...readLabels('schemas/locales/en.json') } as Labels,
  fr: { ...readLabels('engine/locales/fr.json'), ...readLabels('app/locales/fr.json'), ...readLabels('schemas/locales/fr.json') } as Labels,
  it: { ...readLabels('engine/locales/it.json'), ...readLabels('app/locales/it.json'), ...readLabels('schemas/locales/it.json') } as Labels,
};
/** The English label of a key; fails loudly when the key is missing. */
export function en(key: string, values: Record<string, string | number> = {}): string {
  const text = labels.en[key];
  if (text === undefined) throw new Error(`no English label for ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
export function fr(key: string): string {
  const text = labels.fr[key];
  if (text === undefined) throw new Error(`no French label for ${key}`);
  return text;
}

/** Today and the current month as the browser (same machine) sees them: YYYY-MM-DD, YYYY-MM. */
export const today = (): string => futureDay(0);

/** The calendar day `days` from today, as the browser (same machine) sees it: YYYY-MM-DD. */
export function futureDay(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
export const currentMonth = () => today().slice(0, 7);
/** First and last day of the current month (the default search period of the quality screens). */
export function currentMonthRange(): { fromDate: string; toDate: string } {
  const now = new Date();
  const last = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
  return { fromDate: `${currentMonth()}-01`, toDate: `${currentMonth()}-${String(last).padStart(2, '0')}` };
}

/** The app has loaded its profile and data (no request for 500 ms) and is not on a login page. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page).not.toHaveURL(/\/auth\//);
}

/**
 * Sign in through the API (fast; the session cookie lands in the page's browser context). The
 * account's pending live alerts are fetched once, as the shell's poll would: their snacks (which
 * stay open) then do not cover the screens under test.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post('/back/login', { form: { username: email, password } });
  expect(response.status(), `login of ${email}`).toBe(200);
  await page.request.get('/back/alerts/poll', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
}

/** Sign in through the API, then open `path` in the app and wait until it is ready. */
export async function login(page: Page, email: string, { password = DEMO_PASSWORD, path = '/' } = {}): Promise<void> {
  await signIn(page, email, password);
  await page.goto(path);
  await waitForApp(page);
}

/** Sign in the way a user does: the login form (field names, not texts, so any locale works). */
export async function loginWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/auth\//);
  await waitForApp(page);
}

/**
 * After the tests of the calling describe block, puts the account back in English: the locale lives on the account, and
 * a test that fails midway must not leave it in French for the next spec.
 */
export function restoreEnglishAfterAll(email: string): void {
  test.afterAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.request.post('/back/login', { form: { username: email, password: DEMO_PASSWORD } });
    await setAccountLocale(page, 'en');
    await context.close();
  });
}

/** Stores a language on the signed-in account (what the locale selector does), e.g. to undo a test's switch. */
export async function setAccountLocale(page: Page, locale: 'en' | 'fr' | 'it'): Promise<void> {
  const response = await page.request.get('/back/bo/menu/locale', { params: { locale }, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(response.ok(), `locale ${locale} stored`).toBeTruthy();
}

// ---------------------------------------------------------------- search screens

/** The grid's data rows in the DOM (AG Grid renders each row once when nothing is pinned; large grids are virtualised). */
export const gridRows = (page: Page): Locator => page.locator('.ag-row');
/** The grid itself; its aria-rowcount is the number of rows plus the header row, rendered or not. */
export const grid = (page: Page): Locator => page.locator('[role="grid"][aria-rowcount]');
/** The grid row showing this text (e.g. a record title). */
export const gridRow = (page: Page, text: string): Locator => gridRows(page).filter({ hasText: text });
/** A cell of a grid row, by column field. */
export const cell = (row: Locator, field: string): Locator => row.locator(`[col-id="${field}"]`);
/** The header titles shown by the grid, in order. */
export async function gridHeaders(page: Page): Promise<string[]> {
  return (await page.locator('.ag-header-cell .ag-header-cell-text').allInnerTexts()).map((text) => text.trim());
}

/** The toolbar's "N results" text. */
export const resultCount = (page: Page): Locator => page.getByRole('toolbar').locator('[aria-live="polite"]');

/**
 * Runs `action` (which triggers a search) and waits until the grid shows the server's answer
 * (the first search whose query passes `match`): returns the number of records the server sent,
 * after checking that the toolbar count and the grid agree with it.
 */
export async function searchAfter(page: Page, apiPath: string, action: () => Promise<unknown>, match: (query: URLSearchParams) => boolean = () => true): Promise<number> {
  const answer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === `${apiPath}/` && response.request().method() === 'GET' && match(url.searchParams);
  });
  await action();
  const response = await answer;
  expect(response.status()).toBe(200);
  const rows = (await response.json()) as unknown[];
  await expect(resultCount(page)).toHaveText(new RegExp(`^${rows.length}\\D`));
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(rows.length + 1));
  // Up to a screenful plus AG Grid's row buffer, every row is in the DOM; larger answers are virtualised.
  if (rows.length <= 20) await expect(gridRows(page)).toHaveCount(rows.length);
  else await expect(gridRows(page).first()).toBeVisible();
  return rows.length;
}

/** Opens a search screen and waits for its first search; returns the number of rows. */
export async function openSearch(page: Page, route: string, apiPath: string): Promise<number> {
  return searchAfter(page, apiPath, () => page.goto(route));
}

/** Picks an option of a Mantine Select / MultiSelect (role combobox). */
export async function pick(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The record sheet (the dialog holding the record form). */
export const sheet = (page: Page): Locator => page.getByRole('dialog').filter({ has: page.locator('form.rjsf') });
/** The status badge in the sheet's title. */
export const sheetStatus = (page: Page): Locator => sheet(page).locator('.mantine-Modal-title .mantine-Badge-root');

/** A snackbar with this text is shown. */
export async function expectSnack(page: Page, text: string): Promise<void> {
  await expect(snackbar(page, text)).toBeVisible();
}

const snackbar = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

/**
 * Runs `action` (a save and the search it starts, say) while watching for the snackbar `text`: a
 * snackbar shows for 3 s, and what the action waits for may take longer on a busy machine, so a
 * snackbar looked for only afterwards may be gone already.
 */
export async function snackDuring<T>(page: Page, text: string, action: () => Promise<T>): Promise<T> {
  const shown = snackbar(page, text).waitFor({ state: 'visible' }).then(
    () => undefined,
    (error: unknown) => error,
  );
  const result = await action();
  const missed = await shown;
  if (missed) throw missed;
  return result;
}

/** A date field of a form: typed as YYYY-MM-DD, committed on blur. */
export async function fillDate(input: Locator, date: string): Promise<void> {
  await input.fill(date);
  await input.blur();
}
