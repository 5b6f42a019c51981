import { expect, test } from './axe';
import { ACCOUNTS, sheet, signIn } from './helpers';

/**
 * The tag picker offers only the tags the user's company may assign (server/tags.ts): the brand's
 * own tags and others' SHARED ones, never another company's VISIBLE tag, which the server would refuse.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('the CAPA tag picker offers only assignable tags', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, ACCOUNTS.quality);
  const [capa] = (await (await page.request.get('/back/bo/capas/', { headers: XHR })).json()) as { capaId: number }[];
  await page.goto(`/capas/capa/search?open=${capa.capaId}`);
  await expect(sheet(page)).toBeVisible({ timeout: 15_000 });
  const picker = sheet(page).getByRole('textbox', { name: 'Tags' });
  await picker.scrollIntoViewIfNeeded();
  await picker.click();
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: 'Customer complaint' })).toBeVisible(); // own SHARED
  await expect(options.filter({ hasText: 'Supplier on watch' })).toBeVisible(); // own SECRET
  await expect(options.filter({ hasText: 'Quick win' })).toHaveCount(0); // Atlas VISIBLE: seen, not assignable
  await expect(options.filter({ hasText: 'Re-inspection needed' })).toHaveCount(0);
});
