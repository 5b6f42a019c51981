import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, fr, restoreEnglishAfterAll, setAccountLocale, signIn, waitForApp } from './helpers';
import { openInApp } from './openInApp';

/**
 * Activity figures and the dashboard's costs tab, as the provider's manager: the charts drawn with
 * data, a filter that asks again, the costs tab; then both pages in French. The figures themselves
 * are checked by tests/api/activity.test.ts.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';
const snap = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** A chart panel (by its title) has drawn an SVG with marks of data. */
async function expectDrawn(page: Page, title: string, marks: string) {
  const panel = page.locator('[data-panel-kind="chart"]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(panel.locator('svg.recharts-surface').first()).toBeVisible();
  await expect.poll(() => panel.locator(marks).count(), { message: `${title}: ${marks}` }).toBeGreaterThan(0);
}
const BARS = '.recharts-bar-rectangle';
const SECTORS = '.recharts-pie-sector';

test.describe('activity and costs', () => {
  restoreEnglishAfterAll(ACCOUNTS.manager);

  test('activity figures with a filter, the costs tab, in English and French', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, ACCOUNTS.manager);
    await page.goto('/activity');
    await waitForApp(page);
    await expect(page.getByTestId('page-title')).toHaveText(en('screen.activity'));
    // The default group (inspection) is chosen; the charts are drawn with the window's services.
    await expect(page.getByRole('search')).toContainText(en('enum.department.INSP'));
    await expectDrawn(page, en('activity.byDay.title'), BARS);
    await expectDrawn(page, en('activity.byType.title'), BARS);
    await expectDrawn(page, en('activity.byCountry.title'), SECTORS);
    await expectDrawn(page, en('activity.byClient.title'), BARS);
    await expect(page.getByRole('table', { name: en('activity.table.title') }).locator('tbody tr').first()).toBeVisible();
    // Axis titles and legends are labels, not keys.
    const byDay = page.locator('[data-panel-kind="chart"]').filter({ has: page.getByRole('heading', { name: en('activity.byDay.title') }) });
    await expect(byDay).toContainText(en('activity.axis.day'));
    await expect(byDay).toContainText(en('enum.serviceStep.CONFIRMED'));

    // Another group: the figures are asked again with both groups.
    const asked = page.waitForResponse((response) => response.url().includes('/back/bo/activity/figures?') && response.url().includes('serviceGroups=AUDIT') && response.url().includes('serviceGroups=INSP'));
    await page.getByRole('combobox', { name: en('activity.serviceGroups') }).click();
    await page.getByRole('option', { name: en('enum.department.AUDIT') }).click();
    await page.keyboard.press('Escape');
    expect((await asked).status()).toBe(200);
    await expect(page.getByRole('table', { name: en('activity.table.title') })).toContainText(en('enum.department.AUDIT'));
    await page.waitForLoadState('networkidle');
    await snap(page, 'activity-en');

    // The costs tab of the dashboard.
    await openInApp(page, '/dashboard?tab=costs');
    await expect(page.getByRole('tab', { name: en('dashboard.tab.costs') })).toHaveAttribute('aria-selected', 'true');
    await expectDrawn(page, en('dashboard.costs.structuralByMonth.title'), BARS);
    await expectDrawn(page, en('dashboard.costs.feesByMonth.title'), BARS);
    await expectDrawn(page, en('dashboard.costs.feesByStatus.title'), SECTORS);
    await expect(page.getByRole('table', { name: en('dashboard.costs.totals.title') })).toContainText('EUR');
    await page.waitForLoadState('networkidle');
    await snap(page, 'costs-en');

    // In French.
    await setAccountLocale(page, 'fr');
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole('tab', { name: fr('dashboard.tab.costs') })).toBeVisible();
    await expect(page.getByRole('table', { name: fr('dashboard.costs.totals.title') })).toContainText(fr('dashboard.costs.fees'));
    await expectDrawn(page, fr('dashboard.costs.structuralByMonth.title'), BARS);
    await page.waitForLoadState('networkidle');
    await snap(page, 'costs-fr');
    await openInApp(page, '/activity');
    await expect(page.getByTestId('page-title')).toHaveText(fr('screen.activity'));
    await expectDrawn(page, fr('activity.byDay.title'), BARS);
    await expect(page.locator('[data-panel-kind="chart"]').first()).toContainText(fr('enum.serviceStep.CONFIRMED'));
    await page.waitForLoadState('networkidle');
    await snap(page, 'activity-fr');
  });
});
