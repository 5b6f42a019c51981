import { axeChecksSoFar, expect, takeAxeChecks, test } from './axe';
import { settleAndCheck } from './axeWatch';
import { ACCOUNTS, en, fr, login, setAccountLocale, signIn } from './helpers';
import { loginInLocale } from './loginInLocale';
import { expectNoOverflow } from './overflow';
import { screenRoutes, walkScreens } from './screenWalk';

/**
 * Accessibility at the source: what every screen gets from the shell, the theme and the engine
 * (the axe check of every test is in axe.ts; its own test is the first here).
 */
test('the axe check of every test finds a nameless button on a page the test reaches', async ({ page }) => {
  await login(page, ACCOUNTS.quality, { path: '/services/search' });
  // A new address (a new state to check) whose page holds an icon button without a name.
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'nameless';
    button.innerHTML = '<svg width="16" height="16" aria-hidden="true"></svg>';
    document.querySelector('main')!.append(button);
    history.pushState(null, '', '/services/search#nameless');
  });
  await expect
    .poll(() => takeAxeChecks(check => check.url.endsWith('#nameless')).flatMap(check => check.violations), { timeout: 15_000 })
    .toContainEqual(expect.objectContaining({ rule: 'button-name', impact: 'critical', target: '#nameless' }));
});

test('a page still loading when a test ends is checked as it is: the full-page loader is its main landmark', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  // The session's answer held back: the app shows its full-page loader, busy, until it comes.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/back/auth/session', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/services/search#session-loading');
  await expect(page.locator('main[aria-busy="true"]')).toBeVisible();
  // What the end of a test does with a page that does not settle in time (axe.ts): a check of it as it is.
  await settleAndCheck(page, 300);
  const check = axeChecksSoFar().find(made => made.url.endsWith('#session-loading'));
  expect(check?.violations).toEqual([]);
  release();
});

test('the first Tab reaches a skip link that takes the focus to the page content', async ({ page }) => {
  await login(page, ACCOUNTS.quality, { path: '/services/search' });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: en('shell.skipToContent') });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
  // One h1 per page: the screen's title in the header.
  await expect(page.locator('h1')).toHaveCount(1);
});

test.describe('in French', () => {
  test.afterEach(async ({ page }) => setAccountLocale(page, 'en'));

  test("the period field's clear button has a name in the user's language", async ({ page }) => {
    await loginInLocale(page, ACCOUNTS.quality, 'fr', '/services/search');
    const toolbar = page.getByRole('toolbar');
    await expect(toolbar.getByRole('button', { name: fr('engine.form.clear') })).toBeVisible();
  });
});

test('a field error is tied to its field and announced', async ({ page }) => {
  await page.goto('/auth/login');
  const email = page.locator('input[name="username"]');
  await email.pressSequentially('not-an-address');
  await email.press('Enter');
  const error = page.getByRole('alert').filter({ hasText: en('login.emailInvalid') });
  await expect(error).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
  expect(describedBy.split(' ')).toContain(await error.getAttribute('id'));
});

/**
 * Most specs run in English: every configured screen (GET /back/schemas, as `npm run a11y` walks
 * them) is checked here in French and in Italian, as the quality manager sees it at 1440 px: the axe
 * check, and no label cut or pushing the page sideways (words.spec.ts checks English and the sheets).
 */
test.describe('every screen in the other languages', () => {
  test.afterEach(async ({ page }) => setAccountLocale(page, 'en'));
  for (const locale of ['fr', 'it'] as const) {
    test(`every configured screen passes the axe check in ${locale}, no label overflowing`, async ({ page }) => {
      test.setTimeout(180_000);
      // Signed in through the API only: the walk's first screen is the one page load, in this language.
      await signIn(page, ACCOUNTS.quality);
      await setAccountLocale(page, locale);
      const each = (path: string) => expectNoOverflow(page, `${path} in ${locale}`);
      await walkScreens(page, ['/', ...(await screenRoutes(page))], { dialogs: false, each });
      const checked = new Set(axeChecksSoFar().filter(check => check.locale === locale).map(check => new URL(check.url).pathname));
      // The quality manager opens most of the screens (the admin ones answer 403): each was checked in this language.
      expect(checked.size, [...checked].join(' ')).toBeGreaterThanOrEqual(15);
    });
  }
});
