import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { CUSTOM_FIELDS_API as API, openNewCustomField, retireCustomFieldAfterAll, saveCustomField, typeCustomField } from './customFieldFixtures';
import { ACCOUNTS, en, fillDate, futureDay, labels, restoreEnglishAfterAll, searchAfter, setAccountLocale, sheet, shot, signIn, snackDuring } from './helpers';
import { loginInLocale } from './loginInLocale';
import { openInApp } from './openInApp';
import { WIZARD_ROUTE, activeStep, choose, createFromDetails, next, textbox, toDetailsStep } from './serviceWizard';

/**
 * Custom fields extend the forms at run time (DESIGN.md rule 10): the quality manager of Maison
 * Lumière adds a LIST field for inspections on the company profile; the service wizard shows it on
 * its details step, in English, French and Italian, refuses Next without it once it is required, and
 * the service sheet shows the value chosen.
 */
test.describe.configure({ mode: 'serial' });
restoreEnglishAfterAll(ACCOUNTS.quality);

const FIELD = { code: 'FOLDING', en: 'Folding method', fr: 'Méthode de pliage', it: 'Metodo di piegatura' };
const OPTIONS = [
  { code: 'FLAT', en: 'Flat pack', fr: 'À plat', it: 'In piano' },
  { code: 'ROLLED', en: 'Rolled', fr: 'Roulé', it: 'Arrotolato' },
];

/**
 * The field stays in this worker's store for the specs that run after this one: it is disabled then,
 * so their service wizards ask nothing more (the service created here keeps its value).
 */
retireCustomFieldAfterAll(FIELD.code, 'disable');

async function companyId(page: Page): Promise<number> {
  const profile = await (await page.request.get('/back/auth/profile', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json();
  return profile.companyId as number;
}

test('the manager adds a LIST custom field for inspections on the company profile', async ({ page }) => {
  test.slow();
  // Signed in through the API: the custom fields screen is the first page loaded.
  await signIn(page, ACCOUNTS.quality);
  const form = await openNewCustomField(page);
  await expect(page.getByTestId('page-title')).toHaveText(en('screen.customFields'));
  await typeCustomField(page, form, FIELD, { type: 'LIST', scope: 'SERVICE', options: OPTIONS });
  for (const type of ['INSP_FINAL_RANDOM', 'INSP_DURING_PRODUCTION']) {
    await form.locator('#sheet_serviceTypes').click();
    await page.getByRole('option', { name: en(`enum.serviceType.${type}`) }).click();
  }
  await page.keyboard.press('Escape');
  await shot(page, 'custom-fields-sheet');
  await saveCustomField(page, form);
  await form.getByRole('button', { name: en('engine.action.cancel') }).click();
  await expect(page.locator('.ag-row').filter({ hasText: FIELD.code })).toHaveCount(1);
  await shot(page, 'custom-fields-list');
});

for (const locale of ['en', 'fr', 'it'] as const) {
  test(`the wizard's details step shows it for an inspection, in ${locale}`, async ({ page }) => {
    await loginInLocale(page, ACCOUNTS.quality, locale, WIZARD_ROUTE);
    const text = (key: string) => labels[locale][key];
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'ROLE');
    await page.getByRole('button', { name: text('engine.wizard.next') }).click();
    await page.getByRole('combobox', { name: text('service.serviceProvider'), exact: true }).click();
    await page.getByRole('option', { name: 'Atlas Inspection' }).first().click();
    await page.getByRole('combobox', { name: text('service.supplier'), exact: true }).click();
    await page.getByRole('option', { name: 'Shenzhen Textile Co' }).first().click();
    await page.getByRole('combobox', { name: text('service.orderTakerContacts'), exact: true }).click();
    await page.getByRole('option', { name: /Zhang Wei/ }).first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: text('engine.wizard.next') }).click();
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DETAILS');
    // No type yet: the field of inspections is not there (the demo's field of every type is).
    await expect(page.getByTestId('custom-fields').getByText(FIELD[locale], { exact: true })).toHaveCount(0);
    await page.getByRole('combobox', { name: text('service.thirdPartyDepartment'), exact: true }).click();
    await page.getByRole('option', { name: text('enum.department.INSP') }).click();
    await page.getByRole('combobox', { name: text('service.type'), exact: true }).click();
    await page.getByRole('option', { name: text('enum.serviceType.INSP_FINAL_RANDOM') }).click();
    const custom = page.getByTestId('custom-fields');
    await expect(custom.getByText(FIELD[locale], { exact: true })).toBeVisible();
    // The demo's own inspection field, under its section heading.
    await expect(custom.getByRole('heading', { name: locale === 'en' ? 'Lot identification' : locale === 'fr' ? 'Identification du lot' : 'Identificazione del lotto' })).toBeVisible();
    await custom.getByRole('combobox', { name: FIELD[locale] }).click();
    await expect(page.getByRole('option', { name: OPTIONS[1][locale] })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1024, height: 900 });
    await shot(page, `custom-fields-wizard-${locale}-1024`);
    // An audit has no such field.
    await page.getByRole('combobox', { name: text('service.thirdPartyDepartment'), exact: true }).click();
    await page.getByRole('option', { name: text('enum.department.AUDIT') }).click();
    await expect(custom.getByText(FIELD[locale], { exact: true })).toHaveCount(0);
  });
}

test('once required, Next refuses an inspection without it; the sheet shows the value chosen', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  await setAccountLocale(page, 'en');
  // The manager marks it required (through the same admin screen).
  const route = `/profileCompany/${await companyId(page)}/customFields`;
  await searchAfter(page, API, () => page.goto(route));
  await page.locator('.ag-row').filter({ hasText: FIELD.code }).locator('[col-id="code"]').click();
  const form = sheet(page);
  await form.locator('#sheet_required').check();
  await snackDuring(page, en('customField.updated'), () => form.getByRole('button', { name: en('engine.action.save') }).click());

  // Opened in the app: the saved field marks the schemas changed, and the wizard reads them again.
  await openInApp(page, WIZARD_ROUTE);
  await toDetailsStep(page);
  await fillDate(textbox(page, 'service.startDate'), futureDay(230));
  await page.getByRole('textbox', { name: `${en('purchaseOrderLine.poNumber')} 1` }).pressSequentially('PO-CF-1');
  await page.getByRole('textbox', { name: `${en('purchaseOrderLine.designation')} 1` }).pressSequentially('Wool coat');
  await page.getByRole('textbox', { name: `${en('purchaseOrderLine.orderedQuantity')} 1` }).pressSequentially('400');
  await next(page);
  await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DETAILS');
  const custom = page.getByTestId('custom-fields');
  await expect(custom.getByText(en('validation.required')).first()).toBeVisible();
  await shot(page, 'custom-fields-wizard-required');
  await choose(page, custom.getByRole('combobox', { name: FIELD.en }), OPTIONS[1].en);
  const { service } = await createFromDetails<{ serviceId: number; customFieldService: unknown }>(page);
  expect(service.customFieldService).toMatchObject({ FOLDING: 'ROLLED' });

  await openInApp(page, `/services/${service.serviceId}`);
  const card = page.getByTestId('custom-fields');
  await expect(card.getByRole('textbox', { name: FIELD.en })).toHaveValue(OPTIONS[1].en);
  await shot(page, 'custom-fields-sheet-value');
  await setAccountLocale(page, 'fr');
  await page.reload();
  await expect(page.getByTestId('custom-fields').getByRole('textbox', { name: FIELD.fr })).toHaveValue(OPTIONS[1].fr);
  await setAccountLocale(page, 'en');
});
