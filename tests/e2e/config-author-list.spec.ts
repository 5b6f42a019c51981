import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './axe';
import { startConfigServer, type ConfigServer } from './configServer';
import { ACCOUNTS, cell, en, expectSnack, gridRow, gridRows, shot, signIn } from './helpers';

/**
 * The config-author promise for an administration list: tests/fixtures/config-author-list adds one
 * (an entity with x-scope, x-unique and x-archive, a search form, a screen naming the company
 * profile as parent, a uiSchema and its labels) to a copy of schemas/, served by a second server.
 * No code and no menu file names it, yet the company profile lists it, and it lists, creates and
 * refuses a duplicate code.
 */
const PORT = Number(process.env.E2E_PORT || 3999) + 50;
const API = '/back/bo/packagingTypes/admin';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const fixtureLabels = JSON.parse(readFileSync(join(process.cwd(), 'tests/fixtures/config-author-list/locales/packagingType.en.json'), 'utf8')) as Record<string, string>;
const label = (key: string) => fixtureLabels[key];

let server: ConfigServer | undefined;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startConfigServer(PORT, 'config-author-list');
});
test.afterAll(async () => {
  await server?.close();
});

test('a list added as JSON files joins the company profile, lists, creates and refuses a duplicate code', async ({ page }) => {
  test.setTimeout(120_000);
  // Signed in through the API: the company profile is the first page loaded.
  await signIn(page, ACCOUNTS.manager);
  const { companyId } = await (await page.request.get('/back/auth/profile', { headers: XHR })).json();
  await page.goto(`/profileCompany/${companyId}`);
  const card = page.getByRole('link', { name: new RegExp(label('screen.packagingTypes')) });
  await expect(card).toBeVisible();
  // Its `order` (5) puts it first among the sections naming the profile as parent.
  await shot(page, 'config-author-list-profile');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/profileCompany/${companyId}/packagingTypes$`));
  // The header names the list (a section outside the menu); the page does not repeat it.
  await expect(page.getByTestId('page-title')).toHaveText(label('screen.packagingTypes'));
  await expect(page.getByRole('heading', { name: label('screen.packagingTypes'), exact: true })).toHaveCount(1);
  await expect(page.getByText(en('engine.grid.noRows'))).toBeVisible();

  const create = async (code: string, name: string) => {
    await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
    const form = page.getByRole('dialog').locator('form.rjsf');
    await expect(form).toBeVisible({ timeout: 15_000 });
    await form.locator('#sheet_code').pressSequentially(code);
    await form.locator('#sheet_name').pressSequentially(name);
    await form.locator('#sheet_unitsPerCarton').pressSequentially('12');
    await page.getByRole('dialog').getByRole('button', { name: en('engine.action.save'), exact: true }).click();
    return form;
  };
  await create('CTN-12', 'Carton of twelve');
  await expectSnack(page, label('packagingType.created'));
  // The sheet stays open on the new record; closed, the list shows it.
  await page.getByRole('dialog').getByRole('button', { name: en('engine.action.cancel'), exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  const row = gridRow(page, 'Carton of twelve');
  await expect(row).toHaveCount(1);
  await expect(cell(row, 'code')).toHaveText('CTN-12');
  await expect(cell(row, 'unitsPerCarton')).toHaveText('12');
  await shot(page, 'config-author-list-created');

  // The same code again, typed otherwise: refused, the dialog stays with the server's message on the field.
  const form = await create('ctn-12 ', 'Another carton');
  await expect(form.getByText(/code already in use/i).first()).toBeVisible();
  await shot(page, 'config-author-list-duplicate');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('button', { name: en('engine.sheet.discard') });
  if (await discard.isVisible().catch(() => false)) await discard.click();
  await expect(gridRows(page)).toHaveCount(1);
  const stored = await (await page.request.get(`${API}/`, { headers: XHR })).json();
  expect(stored.map((record: { code: string }) => record.code)).toEqual(['CTN-12']);
});
