import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn } from './helpers';
import { openInApp } from './openInApp';
import { expectNoOverflow } from './overflow';

/**
 * The company profile's record sections (docs/profiles.md) in French and Italian at 1024 and 1440 px:
 * each opens with its title and nothing overflows; the admin configuration is flagged dangerous on the
 * menu; the general information's address is typed as a person does, a new country empties the province,
 * the GPS button fills the coordinates from the server's gazetteer and Save stores them.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const WIDTHS = [1024, 1440];
const SECTIONS = ['generalInformation', 'companyAccounting', 'applications', 'adminConfig'];
const TITLES: Record<string, string> = {
  generalInformation: 'screen.companyGeneralInformation',
  companyAccounting: 'screen.companyAccounting',
  applications: 'screen.companyApplications',
  adminConfig: 'screen.companyAdminConfig',
};

test.describe.configure({ mode: 'parallel' });
restoreEnglishAfterAll(ACCOUNTS.admin);
restoreEnglishAfterAll(ACCOUNTS.quality);

async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page, `${name} at ${width} px`);
  }
}

/** The server's own messages (a refusal's text) in a language. */
const serverMessage = (locale: string, key: string): string => JSON.parse(readFileSync(`server/locales/${locale}.json`, 'utf8'))[key];

const companyIdOf = async (page: Page): Promise<number> => (await (await page.request.get('/back/auth/profile', { headers: XHR })).json()).companyId;

for (const locale of ['fr', 'it'] as const) {
  const t = (key: string) => labels[locale][key] ?? key;
  /** A number as the form shows it in the language (a decimal comma in French and Italian). */
  const decimal = (value: string) => value.replace('.', ',');

  test(`the company profile's sections in ${locale} at 1024 and 1440 px`, async ({ page }) => {
    test.setTimeout(300_000);
    // The language is stored before the first load (the app reads it when it starts); the sections open in the app.
    await signIn(page, ACCOUNTS.admin);
    await setAccountLocale(page, locale);
    const companyId = await companyIdOf(page);
    await page.goto(`/profileCompany/${companyId}`);
    const danger = page.locator('[data-danger]');
    await expect(danger).toContainText(t('screen.companyAdminConfig'));
    await expect(danger).toContainText(t('engine.menu.danger'));
    await checkWidths(page, `${locale} company profile menu`);
    await shot(page, `company-profile-${locale}-menu`);
    for (const section of SECTIONS) {
      await openInApp(page, `/profileCompany/${companyId}/${section}`);
      // One heading of that title: the header's (a doubled one fails, as a locator matching two).
      await expect(page.getByRole('heading', { name: t(TITLES[section]), exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('form.rjsf')).toBeVisible();
      await checkWidths(page, `${locale} ${section}`);
      await shot(page, `company-profile-${locale}-${section}`);
    }
    await expect(page.getByText(t('screen.companyAdminConfig.dangerTitle'))).toBeVisible();
  });

  test(`typing an address and computing its GPS in ${locale}`, async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, ACCOUNTS.quality);
    await setAccountLocale(page, locale);
    const companyId = await companyIdOf(page);
    const api = `/back/bo/profile/company/${companyId}`;
    const before = await (await page.request.get(api, { headers: XHR })).json();
    try {
      await page.goto(`/profileCompany/${companyId}/generalInformation`);
      const form = page.locator('form.rjsf');
      const field = (key: string) => form.getByLabel(t(key), { exact: true });
      const compute = page.getByTestId('computeGps');
      await expect(field('company.latitude')).toHaveValue(decimal('48.8534'), { timeout: 15_000 });
      await expect(compute).toBeEnabled();

      // Another country empties the province, whose list becomes that country's.
      await field('company.country').click();
      await field('company.country').fill('');
      await field('company.country').pressSequentially('Ital');
      await page.getByRole('option', { name: 'Italy', exact: true }).click({ timeout: 15_000 });
      await expect(field('address.province')).toHaveValue('');
      await field('address.province').pressSequentially('Tusc');
      await page.getByRole('option', { name: 'Tuscany', exact: true }).click({ timeout: 15_000 });

      // The GPS button waits for address1, city and country.
      await field('company.city').fill('');
      await expect(compute).toBeDisabled();
      await field('address.address1').fill('');
      await field('address.address1').pressSequentially('Via Galcianese 34');
      await field('company.city').pressSequentially('Prato');
      await expect(compute).toBeEnabled();
      await compute.click();
      await expect(field('company.latitude')).toHaveValue(decimal('43.8805'));
      await expect(field('company.longitude')).toHaveValue(decimal('11.0970'));
      await checkWidths(page, `${locale} general information, GPS computed`);
      await shot(page, `company-profile-${locale}-gps`);

      // An unknown city: the address is in error, nothing computed.
      await field('company.city').fill('');
      await field('company.city').pressSequentially('Atlantide');
      await compute.click();
      await expect(page.getByRole('alert').filter({ hasText: serverMessage(locale, 'error.addressNotFound') })).toBeVisible();
      // The city is the field in error.
      await expect(form.getByText(serverMessage(locale, 'validation.addressNotFound'))).toBeVisible();
      await expect(field('company.city')).toHaveAttribute('aria-invalid', 'true');
      await shot(page, `company-profile-${locale}-gps-unknown`);
      await field('company.city').fill('');
      await field('company.city').pressSequentially('Prato');

      const saved = page.waitForResponse((response) => response.url().endsWith(api) && response.request().method() === 'PUT');
      await page.getByRole('button', { name: t('engine.action.save'), exact: true }).click();
      expect((await saved).status()).toBe(200);
      const stored = await (await page.request.get(api, { headers: XHR })).json();
      expect(stored).toMatchObject({ address1: 'Via Galcianese 34', city: 'Prato', province: 'Tuscany', country: 'Italy', latitude: 43.8805, longitude: 11.097 });
    } finally {
      const current = await (await page.request.get(api, { headers: XHR })).json();
      const restore = { ...current, address1: before.address1, city: before.city, province: before.province, country: before.country };
      expect((await page.request.put(api, { data: restore, headers: XHR })).status()).toBe(200);
    }
  });
}
