import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, expectSnack, login, shot } from './helpers';

/**
 * Saved filters shared in a company (spec §3): the owner shares one from the menu; a colleague
 * sees it read-only (no rename, update or delete) and saves a copy of their own.
 */
const ROUTE = '/services/search';
const API = '/back/bo/userfilter/service';
const NAME = 'Team confirmed';

const filterMenu = (page: Page) => page.getByRole('dialog').filter({ hasText: en('engine.filters.title') });
const menuButton = (page: Page, name = en('engine.filters.title')) => page.getByRole('toolbar').getByRole('button', { name });

test('a filter shared with the company is read-only to a colleague, who saves a copy', async ({ page }) => {
  test.slow(); // two people, two visits of the service search
  await login(page, ACCOUNTS.quality, { path: ROUTE });
  const created = await page.request.post(API, { data: { name: NAME, filter: { serviceSteps: ['CONFIRMED'] } }, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(created.status()).toBe(201);
  await page.reload();

  // The owner shares it from the menu.
  await menuButton(page).click();
  const share = filterMenu(page).getByRole('button', { name: en('engine.filters.sharedMark', { name: NAME }) });
  await expect(share).toHaveAttribute('aria-pressed', 'false');
  await share.click();
  await expectSnack(page, en('engine.filters.sharedNow'));
  await expect(share).toHaveAttribute('aria-pressed', 'true');

  // A colleague of the same company sees it, marked as shared by a colleague, without delete or share.
  await login(page, ACCOUNTS.buyer, { path: ROUTE });
  await menuButton(page).click();
  const menu = filterMenu(page);
  await expect(menu.getByText(NAME, { exact: true })).toBeVisible();
  await expect(menu.getByRole('img', { name: en('engine.filters.sharedByColleague') })).toBeVisible();
  await expect(menu.getByRole('button', { name: en('engine.filters.delete', { name: NAME }) })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: en('engine.filters.sharedMark', { name: NAME }) })).toHaveCount(0);

  // Chosen, it offers a copy instead of update and rename.
  await menu.getByText(NAME, { exact: true }).click();
  await expect(menu.getByText(en('engine.filters.readOnlyHint'))).toBeVisible();
  await expect(menu.getByRole('button', { name: en('engine.filters.update') })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: en('engine.filters.rename') })).toHaveCount(0);
  const copyName = menu.getByRole('textbox', { name: en('engine.filters.copyAs') });
  await expect(copyName).toHaveValue(NAME);
  await shot(page, 'shared-filter-copy');
  await menu.getByRole('button', { name: en('engine.filters.copy'), exact: true }).click();
  await expectSnack(page, en('engine.filters.created'));

  // The copy is the colleague's own: it can be deleted; the shared one is untouched.
  await expect(menu.getByRole('button', { name: en('engine.filters.delete', { name: NAME }) })).toHaveCount(1);
  const seen = (await (await page.request.get(API)).json()) as { name: string; mine: boolean; shared: boolean }[];
  expect(seen.map(({ name, mine, shared }) => ({ name, mine, shared }))).toEqual([
    { name: NAME, mine: false, shared: true },
    { name: NAME, mine: true, shared: false },
  ]);
});
