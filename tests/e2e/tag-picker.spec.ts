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
  // A foreign tag already on the record is listed as chosen (it may be taken off): open a CAPA without one.
  const foreign = ((await (await page.request.get('/back/bo/tags/CAPA/options?searchOnly=true', { headers: XHR })).json()) as { value: number; assignable: boolean }[])
    .filter((tag) => !tag.assignable)
    .map((tag) => tag.value);
  expect(foreign).toHaveLength(2);
  const capas = (await (await page.request.get('/back/bo/capas/', { headers: XHR })).json()) as { capaId: number; tags: number[] }[];
  const capa = capas.find((c) => !c.tags.some((id) => foreign.includes(id)));
  if (!capa) throw new Error('every CAPA of the demo carries a foreign tag');
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
