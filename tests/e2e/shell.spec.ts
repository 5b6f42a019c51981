import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, login, loginWithForm, sheet, shot, signIn, waitForApp } from './helpers';
import { openInApp } from './openInApp';

/**
 * The frame around every page: snacks at the top under the header, bell items that open their
 * record, a login that starts clean, an anonymous visit without console errors, and no buttons
 * or tabs that lead to "not available yet".
 */
const snacks = (page: Page) => page.locator('.mantine-Notification-root');
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('many snacks at once stay few, at the top under the header (spec §2), off the icon menu', async ({ page }) => {
  // Five new live alerts arrive in one poll; errors, which stay until closed.
  const alerts = Array.from({ length: 5 }, (_, index) => ({
    alertId: 9000 + index,
    level: 'ERROR',
    title: `Test alert ${index + 1}`,
    message: 'Something needs your attention.',
    creationDate: new Date().toISOString(),
    read: false,
  }));
  let sent = false;
  await page.route('**/back/alerts/poll', async (route) => {
    await route.fulfill({ json: { count: 5, snacks: sent ? [] : alerts } });
    sent = true;
  });
  await login(page, ACCOUNTS.quality, { path: '/services/search' });
  await expect(snacks(page).first()).toBeVisible({ timeout: 15_000 });
  await expect(snacks(page)).toHaveCount(3);
  await shot(page, 'shell-snacks');

  // At the top, as spec §2 has it: the header's bell, help and profile stay usable; the page's top
  // is covered while they show (each has its close button).
  const header = (await page.locator('header').first().boundingBox())!;
  const menu = (await page.locator('nav').first().boundingBox())!;
  const [first] = await snacks(page).all();
  expect((await first.boundingBox())!.y, 'the first snack right under the header').toBeLessThan(header.y + header.height + 40);
  for (const snack of await snacks(page).all()) {
    const box = (await snack.boundingBox())!;
    expect(overlaps(box, header), 'snack over the header').toBe(false);
    expect(overlaps(box, menu), 'snack over the icon menu').toBe(false);
    await expect(snack.getByRole('button')).toBeVisible();
  }
});

test('a bell item opens the record it is about', async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, ACCOUNTS.quality, { path: '/services/search' });
  await page.getByTestId('alerts-badge').getByRole('button').click();
  const recordLinks = page.locator('.mantine-Popover-dropdown a[href*="?open="]');
  await expect(recordLinks.first()).toBeVisible();
  const href = (await recordLinks.first().getAttribute('href'))!;
  await recordLinks.first().click();
  await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
  // The record's sheet, with its form loaded (the bell's popover is a dialog too, on its way out).
  await expect(sheet(page)).toBeVisible();
  await expect(recordLinks).toHaveCount(0);
  await shot(page, 'shell-bell-record');
  // Closing the sheet leaves the search screen, without the record in the address.
  await page.keyboard.press('Escape');
  await expect(sheet(page)).toHaveCount(0);
  await expect(page).toHaveURL(href.split('?')[0]);
});

test('a good login starts clean: no error left from before', async ({ page }) => {
  test.setTimeout(90_000);
  await loginWithForm(page, ACCOUNTS.quality);
  // A failed search leaves an error snack (errors stay until closed)…
  await page.route('**/back/bo/services/?*', (route) => route.fulfill({ status: 500, json: { level: 'ERROR', exception: 'Internal', message: 'Search broke', errors: [] } }));
  await openInApp(page, '/services/search');
  await expect(snacks(page).filter({ hasText: 'Search broke' })).toBeVisible({ timeout: 25_000 });
  await page.unroute('**/back/bo/services/?*');
  // …the user signs out and in again, in the same page.
  await page.getByTestId('profile-button').click();
  await page.getByRole('link', { name: en('shell.logout') }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.locator('input[name="username"]').fill(ACCOUNTS.quality);
  await page.locator('input[name="password"]').fill('Demo-Pass-2026!');
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/auth\//);
  await expect(snacks(page).filter({ hasText: 'Search broke' })).toHaveCount(0);
});

test('an anonymous visit lands on the login page without a console error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto('/auth/login');
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('no button or tab leads to a feature that is not built', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  // The header's help button of spec §2 leads to /guide (readable-screens.spec.ts).
  const { services } = (await (await page.request.get('/back/bo/services/', { params: { fromDate: '2000-01-01', toDate: '2100-12-31' }, headers: XHR })).json()) as { services: { serviceId: number }[] };
  await page.goto(`/services/${services[0].serviceId}`);
  await waitForApp(page);
  await expect(page.getByTestId('service-step')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('tab')).toHaveText([en('serviceSheet.tab.overview'), en('serviceSheet.tab.history'), en('serviceSheet.tab.elements'), en('serviceSheet.tab.risk'), en('serviceSheet.tab.reminders'), en('serviceSheet.tab.billing')]);
  // The billing tab is built: its panels list, nothing says "coming soon".
  await page.getByRole('tab', { name: en('serviceSheet.tab.billing') }).click();
  await expect(page.getByRole('heading', { name: en('serviceSheet.billing.invoiceLines') })).toBeVisible();
  await expect(page.getByText(en('page.notImplemented.title'), { exact: true })).toHaveCount(0);
});

test('the profile popup and the menu lead only to built screens, never to "coming soon"', async ({ page }) => {
  test.setTimeout(180_000);
  const comingSoon = page.getByText(en('page.notImplemented.title'), { exact: true });
  // The super admin holds COMPANY_ADMIN and UNIVERSE_ADMIN: the universe profile link is theirs alone.
  for (const email of [ACCOUNTS.admin, ACCOUNTS.quality, ACCOUNTS.buyer]) {
    await login(page, email, { path: '/services/search' });
    await page.getByTestId('profile-button').click();
    const popup = page.getByTestId('profile-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('universe-settings-link')).toHaveCount(email === ACCOUNTS.admin ? 1 : 0);
    const hrefs = await popup.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const menu = await page.getByRole('navigation', { name: en('shell.menu') }).getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of [...hrefs, ...menu].filter((link) => link && link !== '/auth/logout')) {
      await openInApp(page, href);
      await expect(page.locator('main').first()).toBeVisible();
      await expect(comingSoon, `${email}: ${href}`).toHaveCount(0);
    }
    if (email === ACCOUNTS.quality) expect(hrefs.some((href) => /^\/profileCompany\/\d+$/.test(href))).toBe(true);
    await page.context().clearCookies();
  }
});

test('the supplier’s bell holds no alert about screens its role cannot open', async ({ page }) => {
  await login(page, ACCOUNTS.sales, { path: '/services/search' });
  const { alerts } = (await (await page.request.get('/back/alerts/', { headers: XHR })).json()) as { alerts: { titleLink?: string }[] };
  expect(alerts.filter((alert) => alert.titleLink?.startsWith('/capas/'))).toEqual([]);
  await page.getByTestId('alerts-badge').getByRole('button').click();
  const popover = page.locator('.mantine-Popover-dropdown');
  await expect(popover).toBeVisible();
  await expect(popover.locator('a[href^="/capas/"]')).toHaveCount(0);
  await expect(popover).not.toContainText('CAPA');
});
