import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, fr, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';

/**
 * Team planning as Atlas Inspection's manager: the seeded month with its roles, the filter by
 * contributor, a click that opens the service, the export link of what is shown, and the page in French.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** The contributor column's cells: one per row of the grid. */
const contributorCells = (page: Page) => page.locator('.ag-row [col-id="contributor"]');

interface Team {
  rows: { contactId: number; fullName: string; days: Record<string, { serviceId: number; number: string; typePlanning: string }[]> }[];
}

test.describe('team planning', () => {
  restoreEnglishAfterAll(ACCOUNTS.manager);

  test('shows the month with its roles, filters by contributor, opens a service; in English and French', async ({ page }) => {
    await signIn(page, ACCOUNTS.manager);
    const seeded = (await (await page.request.get('/back/bo/pln/planning/team', { headers: XHR })).json()) as Team;
    const tom = seeded.rows.find((row) => row.fullName === 'Tom Becker')!;
    expect(tom, 'the inspector is on the seeded planning').toBeTruthy();
    // His day nearest today: the grid opens on today's column (the others may be scrolled away).
    const todayUtc = new Date().toISOString().slice(0, 10);
    const distance = (date: string) => Math.abs(Date.parse(date) - Date.parse(todayUtc));
    const [day, [first]] = Object.entries(tom.days).sort(([a], [b]) => distance(a) - distance(b))[0];

    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('navigation', { name: en('shell.menu') }).getByRole('link', { name: en('screen.planning') }).click();
    await expect(page).toHaveURL(/\/planning$/);
    await expect(page.getByTestId('page-title')).toHaveText(en('screen.planning'));
    await expect(page.locator('.ag-row').first()).toBeVisible();
    await expect(contributorCells(page)).toHaveCount(seeded.rows.length);
    await expect(page.getByRole('button', { name: en('planning.cell.tooltip', { number: first.number, role: en(`enum.typePlanning.${first.typePlanning}`) }) }).first()).toBeVisible();
    await expect(page.getByText(en('planning.role.short.FIELD_LEADER')).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The month opens on today's column.
    const todayColumn = page.locator(`.ag-header-cell[col-id="${todayUtc}"]`);
    await expect(todayColumn).toBeInViewport();
    await shot(page, 'planning-en');

    // Only the inspector's row, and an export link for this month and contributor.
    await page.getByRole('combobox', { name: en('planning.filter.contributor') }).click();
    await page.getByRole('option', { name: 'Tom Becker' }).click();
    await expect(contributorCells(page)).toHaveCount(1);
    await expect(contributorCells(page)).toContainText('Tom Becker');
    const href = await page.getByTestId('planning-export').getAttribute('href');
    expect(href).toContain(`contributors=${tom.contactId}`);
    expect(href).toContain(`startDate=${day.slice(0, 7)}-01`);
    const exported = await page.request.get(href!);
    expect(exported.status()).toBe(200);
    expect(exported.headers()['content-type']).toContain('spreadsheetml');

    // A click on a day's service opens it.
    await page.getByTestId(`planning-cell-${first.serviceId}`).first().click();
    await expect(page).toHaveURL(new RegExp(`/services/${first.serviceId}$`));
    await waitForApp(page);

    // In French.
    await setAccountLocale(page, 'fr');
    await page.goto('/planning');
    await waitForApp(page);
    await expect(page.getByTestId('page-title')).toHaveText(fr('screen.planning'));
    await expect(page.getByText(fr('planning.role.short.FIELD_LEADER')).first()).toBeVisible();
    await expect(page.getByRole('link', { name: fr('planning.export') })).toBeVisible();
    await shot(page, 'planning-fr');
  });
});
