import { expect, test } from './axe';
import { ACCOUNTS, DEMO_PASSWORD, en, gridRows, login, shot, waitForApp } from './helpers';

/** Who may open what, and the session's way in and out. */
const CAPA_ROUTE = '/capas/capa/search';

test.describe('access', () => {
  test('a local manager (buyer) cannot open the CAPA screen and has no CAPA menu entry', async ({ page }) => {
    const capaCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/back/bo/capas')) capaCalls.push(request.url());
    });
    await login(page, ACCOUNTS.buyer, { path: CAPA_ROUTE });
    await expect(page).toHaveURL(new RegExp(`${CAPA_ROUTE}$`));

    // No screen, no grid, no data: a status page instead (not found, or access denied).
    const refusal = page.getByRole('heading', { level: 2 }).filter({ hasText: new RegExp(`^(${en('page.notFound.title')}|${en('page.forbidden.title')})$`) });
    await expect(refusal).toBeVisible();
    await expect(page.getByRole('link', { name: en('common.backHome') })).toBeVisible();
    await expect(page.getByRole('grid')).toHaveCount(0);
    await expect(gridRows(page)).toHaveCount(0);
    expect(capaCalls, 'the browser asked for no CAPA').toEqual([]);
    await shot(page, 'buyer-capa-refused');

    // The API refuses too, and the menu offers no way there.
    const api = await page.request.get('/back/bo/capas/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(api.status()).toBe(403);
    const menu = page.getByRole('navigation', { name: en('shell.menu') });
    await expect(menu).toBeAttached();
    await expect(menu.locator('a[href^="/capas"]')).toHaveCount(0);
    await expect(menu.getByRole('link', { name: en('screen.capas') })).toHaveCount(0);
    const entries = (await (await page.request.get('/back/bo/menu/')).json()) as { link: string }[];
    expect(entries.filter((entry) => entry.link.startsWith('/capas'))).toEqual([]);
    await expect(menu.getByRole('link')).toHaveCount(entries.length);
  });

  test('an unknown page shows the not-found page the server gives, inside the shell', async ({ page }) => {
    await login(page, ACCOUNTS.quality, { path: '/no/such/page' });
    await expect(page.getByRole('heading', { level: 2, name: en('page.notFound.title') })).toBeVisible();
    // The server's text names the address (GET /back/bo/pages/notFound, docs/admin.md).
    await expect(page.getByText(/\/no\/such\/page/)).toBeVisible();
    await expect(page.getByTestId('profile-button')).toBeVisible();
    await shot(page, 'not-found');
    await page.getByRole('link', { name: en('common.backHome') }).click();
    await expect(page).not.toHaveURL(/\/no\/such\/page/);
    await expect(page.getByRole('heading', { level: 2, name: en('page.notFound.title') })).toHaveCount(0);
  });

  test('an anonymous visit goes to the login page, then back to the remembered url', async ({ page }) => {
    await page.goto(CAPA_ROUTE);
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.locator('input[name="username"]')).toBeVisible();
    await page.locator('input[name="username"]').fill(ACCOUNTS.quality);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`${CAPA_ROUTE}$`));
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 2, name: en('screen.capaSearch'), exact: true })).toBeVisible();
    await expect(gridRows(page).first()).toBeVisible();
  });

  test('a wrong password is refused with "Authentication failed"', async ({ page }) => {
    await page.goto('/auth/login');
    await page.locator('input[name="username"]').fill(ACCOUNTS.sales);
    await page.getByLabel(en('login.password'), { exact: true }).fill('not-the-password');
    const answer = page.waitForResponse((response) => response.url().endsWith('/back/login'));
    await page.locator('form button[type="submit"]').click();
    expect((await answer).status()).toBe(401);
    await expect(page.getByRole('alert')).toHaveText(en('login.failed'));
    await expect(page).toHaveURL(/\/auth\/login$/);
    await shot(page, 'login-failed');

    // The right password then works.
    await page.getByLabel(en('login.password'), { exact: true }).fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).not.toHaveURL(/\/auth\//);
    await waitForApp(page);
    await expect(page.getByTestId('profile-button')).toBeVisible();
  });

  test('logging out from the profile popup returns to the login page and ends the session', async ({ page }) => {
    await login(page, ACCOUNTS.quality, { path: CAPA_ROUTE });
    await page.getByTestId('profile-button').click();
    const popup = page.getByTestId('profile-popup');
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Maison Lumière');
    await shot(page, 'profile-popup');
    await popup.getByRole('link', { name: en('shell.logout') }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.locator('input[name="username"]')).toBeVisible();

    expect((await page.request.get('/back/auth/profile')).status()).toBe(403);
    await page.goto(CAPA_ROUTE);
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
