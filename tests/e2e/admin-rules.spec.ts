import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './axe';
import { ACCOUNTS, cell, en, expectSnack, gridRow, labels, openSearch, restoreEnglishAfterAll, searchAfter, setAccountLocale, sheet, shot, signIn, snackDuring } from './helpers';

/**
 * The owned lists' rules as a person meets them (docs/schemas.md "Owned lists"): a manager adds a
 * strategy; a second one with the same code (typed otherwise) is refused with the server's message
 * beside the code, what was typed kept, in English, French and Italian; a season services name
 * cannot be deleted, the sheet offers Archive instead, and the archived season leaves the list and
 * the season lookup, though it is still read by id.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const STRATEGIES = '/back/bo/strategies/admin';
const SEASONS = '/back/bo/seasons/admin';
type Language = 'en' | 'fr' | 'it';
const serverText = (language: Language, key: string): string => JSON.parse(readFileSync(join(process.cwd(), `server/locales/${language}.json`), 'utf8'))[key];
const label = (language: Language, key: string) => labels[language][key];

async function companyId(page: Page, name: string): Promise<number> {
  const response = await page.request.get('/back/bo/networkcombo/allcompanies', { headers: XHR });
  const found = ((await response.json()) as { value: number; label: string }[]).find((item) => item.label === name);
  expect(found, `company ${name}`).toBeDefined();
  return found!.value;
}

restoreEnglishAfterAll(ACCOUNTS.manager);

test.describe('owned lists', () => {
  test('a manager adds a strategy; the same code again is refused beside the field, what was typed kept, in en, fr and it', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ACCOUNTS.manager);
    const atlas = await companyId(page, 'Atlas Inspection');
    const route = `/profileCompany/${atlas}/Strategies`;
    await openSearch(page, route, STRATEGIES);
    // The header names the list; the page does not repeat it.
    await expect(page.getByRole('heading', { name: en('strategy.screen'), exact: true })).toHaveCount(1);

    await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
    const form = sheet(page);
    await form.locator('#sheet_code').fill('SHIP-FIRST');
    await form.locator('#sheet_names_en').fill('Ship first, inspect after');
    await form.locator('#sheet_description').fill('Final inspection at the port for trusted suppliers.');
    await snackDuring(page, en('strategy.created'), () => searchAfter(page, STRATEGIES, () => form.getByRole('button', { name: en('engine.action.save') }).click()));
    await form.getByRole('button', { name: en('engine.action.cancel') }).click();
    await expect(form).toBeHidden();
    await expect(cell(gridRow(page, 'SHIP-FIRST'), 'names')).toHaveText('Ship first, inspect after');

    for (const language of ['en', 'fr', 'it'] as const) {
      await setAccountLocale(page, language);
      // The screen is open in English already; another language needs a load (the app reads it when it starts).
      if (language !== 'en') await openSearch(page, route, STRATEGIES);
      await page.getByRole('button', { name: label(language, 'engine.action.new'), exact: true }).click();
      await form.locator('#sheet_code').fill(' ship-first');
      await form.locator('#sheet_names_en').fill(`Duplicate (${language})`);
      const refused = page.waitForResponse((response) => new URL(response.url()).pathname === STRATEGIES && response.request().method() === 'POST');
      await form.getByRole('button', { name: label(language, 'engine.action.save') }).click();
      expect((await refused).status()).toBe(422);
      // The server's message, in the account's language, beside the code; nothing typed is lost.
      await expect(form.getByText(serverText(language, 'error.codeInUse'), { exact: true }).first()).toBeVisible();
      await expect(form.locator('#sheet_code')).toHaveValue(' ship-first');
      await expect(form.locator('#sheet_names_en')).toHaveValue(`Duplicate (${language})`);
      await shot(page, `rules-strategy-duplicate-${language}`);
      await form.getByRole('button', { name: label(language, 'engine.action.cancel') }).click();
      await page.getByRole('button', { name: label(language, 'engine.sheet.discard') }).click();
      await expect(form).toBeHidden();
    }
    const stored = (await (await page.request.get(`${STRATEGIES}/`, { headers: XHR })).json()) as { code: string }[];
    expect(stored.filter((row) => row.code.trim().toLowerCase() === 'ship-first')).toHaveLength(1);
  });

  test('a season services name cannot be deleted: it is archived instead, and leaves the list and the lookup', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, ACCOUNTS.admin);
    const route = '/profileUniverse/seasons';
    await openSearch(page, route, SEASONS);
    await expect(page.getByRole('heading', { name: en('season.screen'), exact: true })).toHaveCount(1);
    const ss26 = gridRow(page, 'Spring-summer 2026');
    await expect(cell(ss26, 'code')).toHaveText('SS26');
    // A year reads 2026, not 2,026 (`x-grouping: false`), in the grid and in the form.
    await expect(cell(ss26, 'year')).toHaveText('2026');
    await shot(page, 'rules-seasons');

    await cell(ss26, 'code').click();
    const form = sheet(page);
    await expect(form.locator('#sheet_code')).toHaveValue('SS26');
    await expect(form.locator('#sheet_year')).toHaveValue('2026');
    await form.getByRole('button', { name: en('engine.action.delete'), exact: true }).click();
    const refused = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(`${SEASONS}/`) && response.request().method() === 'DELETE');
    await page.getByRole('alertdialog').getByRole('button', { name: en('engine.action.delete'), exact: true }).click();
    expect((await refused).status()).toBe(422);
    await expectSnack(page, serverText('en', 'error.mayBeInUseArchive'));
    const offer = page.getByRole('alertdialog').filter({ hasText: en('engine.sheet.archiveTitle') });
    await expect(offer.getByText(en('engine.sheet.archiveMessage', { name: 'SS26' }))).toBeVisible();
    await shot(page, 'rules-season-archive-offer');
    // The snack shows for 3 s, which the search after the archive may outlast on a busy machine.
    await snackDuring(page, en('engine.sheet.archived'), () => searchAfter(page, SEASONS, () => offer.getByRole('button', { name: en('engine.sheet.archive'), exact: true }).click()));
    await expect(form).toBeHidden();
    await expect(gridRow(page, 'Spring-summer 2026')).toHaveCount(0);

    // The archived ones are a filter away, marked as such.
    await page.getByRole('button', { name: en('engine.search.filters'), exact: true }).click();
    const panel = page.getByRole('complementary', { name: en('engine.search.filters') });
    await panel.getByLabel(en('season.showArchived')).check();
    await searchAfter(page, SEASONS, () => panel.getByRole('button', { name: en('engine.search.apply') }).click(), (query) => query.get('archived') === 'true');
    await expect(cell(gridRow(page, 'Spring-summer 2026'), 'code')).toHaveText('SS26');
    await cell(gridRow(page, 'Spring-summer 2026'), 'code').click();
    await expect(form.locator('.mantine-Modal-title')).toContainText(en('engine.sheet.archivedBadge'));
    await shot(page, 'rules-season-archived');

    // Out of the season lookup; still read by id, so records keep showing it.
    const lookup = async (query: Record<string, string>) => (await (await page.request.get(`${SEASONS}/lookup`, { params: query, headers: XHR })).json()) as { value: number; label: string }[];
    expect((await lookup({ q: 'SS2' })).map((item) => item.label)).not.toContain('SS26');
    expect((await lookup({ q: 'FW2' })).map((item) => item.label)).toContain('FW26');
    const id = ((await (await page.request.get(`${SEASONS}/`, { params: { archived: 'true' }, headers: XHR })).json()) as { seasonId: number; code: string }[]).find((row) => row.code === 'SS26')!.seasonId;
    expect(await lookup({ id: String(id) })).toEqual([{ value: id, label: 'SS26' }]);
  });
});
