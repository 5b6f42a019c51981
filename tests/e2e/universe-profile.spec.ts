import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn, snackDuring } from './helpers';
import { openInApp } from './openInApp';
import { expectNoOverflow } from './overflow';

/**
 * The universe profile (docs/profiles.md "The universe profile"): its menu with the admin
 * configuration (dangerous), the companies and the notifications beside the universe's lists, each
 * section in French and Italian at 1024 and 1440 px (nothing overflows; axe checks each page), the
 * universe link of the profile popup for universe admins only, and the notifications saved from the page.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const MENU = '/profileUniverse';
const SECTIONS = [
  { path: '/profileUniverse/adminConfig', title: 'screen.universeAdminConfig' },
  { path: '/profileUniverse/companies', title: 'screen.universeCompanies' },
  { path: '/profileUniverse/notificationConfig', title: 'screen.universeNotificationConfig' },
] as const;
const NOTIFICATIONS = '/back/bo/profile/universe/notificationconfig';

async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page, `${name} at ${width} px`);
  }
}

// One heading of that title (a doubled one fails, as a locator matching two).
const heading = (page: Page, locale: keyof typeof labels, key: string) => page.getByRole('heading', { name: labels[locale][key], exact: true });

test.describe.configure({ mode: 'serial' });
restoreEnglishAfterAll(ACCOUNTS.admin);

test('the universe profile\'s sections in fr, then it, at 1024 and 1440 px', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, ACCOUNTS.admin);
  for (const locale of ['fr', 'it'] as const) {
    // The account's language is read when the app starts: each language opens the menu afresh.
    await setAccountLocale(page, locale);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(MENU);
    await expect(heading(page, locale, 'screen.universeProfile')).toBeVisible({ timeout: 15_000 });
    // The new sections first, then the universe's lists (checkpoints, seasons, defects, products).
    for (const key of [...SECTIONS.map((section) => section.title), 'screen.checkpoints', 'screen.defects']) {
      await expect(page.getByRole('main').getByRole('link', { name: new RegExp(labels[locale][key]) }).first(), key).toBeVisible();
    }
    await checkWidths(page, `${locale} ${MENU}`);
    await shot(page, `universe-profile-${locale}-menu`);

    for (const section of SECTIONS) {
      const name = `${locale} ${section.path}`;
      await openInApp(page, section.path);
      await expect(heading(page, locale, section.title), name).toBeVisible({ timeout: 15_000 });
      if (section.path.endsWith('companies')) {
        await expect(page.locator('.ag-row').filter({ hasText: 'Maison Lumière' }).first(), name).toBeVisible({ timeout: 15_000 });
      } else {
        await expect(page.getByTestId('settings-form'), name).toBeVisible({ timeout: 15_000 });
      }
      if (section.path.endsWith('adminConfig')) {
        // The danger header of the company's admin configuration.
        await expect(page.getByRole('status').filter({ hasText: labels[locale]['screen.companyAdminConfig.dangerTitle'] }), name).toBeVisible();
      }
      await checkWidths(page, name);
      await shot(page, `universe-profile-${locale}${section.path.replaceAll('/', '-')}`);
    }
  }
});

test('the profile popup links universe admins to the universe profile, and only them', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  await setAccountLocale(page, 'en');
  await page.goto('/');
  await page.getByTestId('profile-button').click();
  await expect(page.getByTestId('profile-popup')).toBeVisible();
  await expect(page.getByTestId('universe-settings-link')).toHaveCount(0);

  await signIn(page, ACCOUNTS.admin);
  await setAccountLocale(page, 'en');
  await page.goto('/');
  await page.getByTestId('profile-button').click();
  await page.getByTestId('universe-settings-link').click();
  await expect(page).toHaveURL(/\/profileUniverse$/);
  await expect(heading(page, 'en', 'screen.universeProfile')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('main').getByRole('link', { name: new RegExp(labels.en['screen.universeCompanies']) }).click();
  await expect(page).toHaveURL(/\/profileUniverse\/companies$/);
  // The companies' row actions, as the universe admin may use them.
  const lumiere = page.locator('.ag-row').filter({ hasText: 'Maison Lumière' }).first();
  await expect(lumiere.getByRole('button', { name: labels.en['companySearch.archive'] })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'universe-profile-companies-en');
});

test('a notification type turned off for the universe is saved from its page', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await setAccountLocale(page, 'en');
  try {
    await page.goto('/profileUniverse/notificationConfig');
    // Every type is a checkbox; the ones checked are turned off, kept in the types' order.
    await page.getByRole('checkbox', { name: labels.en['enum.notificationType.MANDAT'], exact: true }).check();
    await page.getByRole('checkbox', { name: labels.en['enum.notificationType.SERVICE_POSTPONED'], exact: true }).check();
    await snackDuring(page, labels.en['engine.settings.saved'], () => page.getByTestId('settings-save').click());
    expect(await (await page.request.get(NOTIFICATIONS, { headers: XHR })).json()).toMatchObject({ disabledTypes: ['SERVICE_POSTPONED', 'MANDAT'], version: expect.any(Number) });
    await shot(page, 'universe-profile-notifications-saved');
  } finally {
    const response = await page.request.put(NOTIFICATIONS, { data: { disabledTypes: [] }, headers: XHR });
    expect(response.status(), await response.text()).toBe(200);
  }
});
