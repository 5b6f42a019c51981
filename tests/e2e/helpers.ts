import { expect, type Page } from '@playwright/test';
import { join } from 'node:path';

/** Every demo account's password (CONTRACT.md, SEED=demo). */
export const DEMO_PASSWORD = 'Demo-Pass-2026!';

/** Screenshots taken on purpose by specs (failure screenshots go to test-results/e2e). */
export const screenshotPath = (name: string) => join('test-results', 'screenshots', `${name}.png`);

/** The app has loaded its profile and data (no request for 500 ms) and is not on a login page. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page).not.toHaveURL(/\/auth\//);
}

/**
 * Sign in through the API (fast; the session cookie lands in the page's browser context),
 * then open `path` in the app and wait until it is ready.
 */
export async function login(page: Page, email: string, { password = DEMO_PASSWORD, path = '/' } = {}): Promise<void> {
  const response = await page.request.post('/back/login', { form: { username: email, password } });
  expect(response.status(), `login of ${email}`).toBe(200);
  await page.goto(path);
  await waitForApp(page);
}

/** Sign in the way a user does: the login form (field names, not texts, so any locale works). */
export async function loginWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/auth\//);
  await waitForApp(page);
}
