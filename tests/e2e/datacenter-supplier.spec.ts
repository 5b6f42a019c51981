import { expect, test } from './axe';
import { ACCOUNTS, shot, signIn, waitForApp } from './helpers';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('explore', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.quality);
  for (const call of [] as string[]) {
    const reply = await page.request.get(`/back/bo/kpi/supplier/${call}`, { headers: XHR });
    console.log(call, (await reply.text()).slice(0, 1500));
  }
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto('/datacenter/kpi/supplier');
  await waitForApp(page);
  await expect(page.locator('[data-panel-kind] .mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForTimeout(1000);
  await shot(page, 'kpi-explore-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(1000);
  await shot(page, 'kpi-explore-1440');
  await expect(page.getByTestId('page-title')).toBeVisible();
});
