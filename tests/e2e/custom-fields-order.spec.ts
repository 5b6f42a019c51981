import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { openNewCustomField, retireCustomFieldAfterAll, saveCustomField, typeCustomField } from './customFieldFixtures';
import { ACCOUNTS, en, fillDate, fr, futureDay, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn } from './helpers';
import { loginInLocale } from './loginInLocale';
import { openInApp } from './openInApp';
import { WIZARD_ROUTE, activeStep, choose, createFromDetails, next, textbox, toDetailsStep } from './serviceWizard';

/**
 * ORDER custom fields on purchase-order lines (docs/schemas.md "Custom fields"): the quality manager
 * of Maison Lumière adds a required LIST field for dresses; the wizard shows it under a line once the
 * line's product type is a dress (not a handbag), refuses Next without it, and the service sheet's
 * lines show its value in English and French; the service search finds the service by it.
 */
test.describe.configure({ mode: 'serial' });
restoreEnglishAfterAll(ACCOUNTS.quality);
restoreEnglishAfterAll(ACCOUNTS.buyer);

const FIELD = { code: 'LINING', en: 'Lining', fr: 'Doublure', it: 'Fodera' };
const OPTIONS = [
  { code: 'QUILTED_LINING', en: 'Quilted', fr: 'Matelassée', it: 'Trapuntata' },
  { code: 'UNLINED', en: 'Unlined', fr: 'Sans doublure', it: 'Sfoderato' },
];
const PRODUCTS = { dress: { en: 'Dress', fr: 'Robe' }, bag: { en: 'Handbag', fr: 'Sac à main' } };

retireCustomFieldAfterAll(FIELD.code, 'disable');
/** A required ORDER field of every line (no product type): the light wizard, which has none, shows it too. */
const SEAL = { code: 'SEAL_KIND', en: 'Seal kind', fr: 'Type de scellé', it: 'Tipo di sigillo' };
const SEALS = [
  { code: 'LEAD_SEAL', en: 'Lead seal', fr: 'Scellé au plomb', it: 'Sigillo di piombo' },
  { code: 'TAPE_SEAL', en: 'Tape seal', fr: 'Scellé adhésif', it: 'Sigillo adesivo' },
];
retireCustomFieldAfterAll(SEAL.code, 'disable');

/** Runs `action` and answers the ids of the services the search found (its query matching `match`). */
async function servicesAfter(page: Page, action: () => Promise<unknown>, match: (query: URLSearchParams) => boolean = () => true): Promise<number[]> {
  const answer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/back/bo/services/' && response.request().method() === 'GET' && match(url.searchParams);
  });
  await action();
  const { services } = (await (await answer).json()) as { services: { serviceId: number }[] };
  return services.map((service) => service.serviceId);
}

let serviceId = 0;
let serviceNumber = '';

test('the manager adds a required ORDER LIST field for dresses', async ({ page }) => {
  test.slow();
  // Signed in through the API: the custom fields screen is the first page loaded.
  await signIn(page, ACCOUNTS.quality);
  const form = await openNewCustomField(page);
  await typeCustomField(page, form, FIELD, { type: 'LIST', scope: 'ORDER', options: OPTIONS });
  await form.locator('#sheet_productTypes').click();
  await page.getByRole('option', { name: PRODUCTS.dress.en, exact: true }).click();
  await page.keyboard.press('Escape');
  await form.locator('#sheet_required').check();
  await saveCustomField(page, form);
  await form.getByRole('button', { name: en('engine.action.cancel') }).click();
  await expect(page.locator('.ag-row').filter({ hasText: FIELD.code })).toHaveCount(1);
});

test('the wizard shows it under a dress line, not a handbag line, and Next refuses it empty', async ({ page }) => {
  await loginInLocale(page, ACCOUNTS.quality, 'en', WIZARD_ROUTE);
  await toDetailsStep(page);
  await fillDate(textbox(page, 'service.startDate'), futureDay(240));
  const cell = (labelKey: string) => page.getByRole('textbox', { name: `${en(labelKey)} 1` });
  await cell('purchaseOrderLine.poNumber').pressSequentially('PO-LINING-1');
  await cell('purchaseOrderLine.designation').pressSequentially('Silk evening dress');
  await cell('purchaseOrderLine.orderedQuantity').pressSequentially('300');
  const productType = page.getByRole('combobox', { name: `${en('purchaseOrderLine.productType')} 1` });
  const line = page.getByTestId('line-custom-fields-0');
  // The demo's own carton count applies to every line; the lining to dresses only.
  await expect(line.getByText('Carton count', { exact: true })).toBeVisible();
  await choose(page, productType, PRODUCTS.bag.en);
  const lining = line.getByRole('combobox', { name: FIELD.en });
  await expect(lining).toHaveCount(0);
  await choose(page, productType, PRODUCTS.dress.en);
  await expect(lining).toBeVisible();
  // A number the field cannot take stays as typed, marked.
  await line.getByRole('textbox', { name: 'Carton count' }).pressSequentially('12x');
  await next(page);
  await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DETAILS');
  await expect(line.getByRole('textbox', { name: 'Carton count' })).toHaveValue('12x');
  await expect(line.getByRole('textbox', { name: 'Carton count' })).toHaveAttribute('aria-invalid', 'true');
  await page.setViewportSize({ width: 1024, height: 900 });
  await shot(page, 'custom-fields-order-wizard-typed');
  // The number corrected, Next refuses the line without its required lining.
  await line.getByRole('textbox', { name: 'Carton count' }).clear();
  await line.getByRole('textbox', { name: 'Carton count' }).pressSequentially('12');
  await expect(line.getByRole('textbox', { name: 'Carton count' })).toHaveValue('12');
  await next(page);
  await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DETAILS');
  await expect(line.getByText(en('validation.required')).first()).toBeVisible();
  await shot(page, 'custom-fields-order-wizard-required');
  await choose(page, lining, OPTIONS[0].en);
  await shot(page, 'custom-fields-order-wizard-en');
  const { service } = await createFromDetails<{ serviceId: number; number: string; purchaseOrderLines: { customFieldOrder: unknown }[] }>(page);
  expect(service.purchaseOrderLines[0].customFieldOrder).toEqual({ LINING: OPTIONS[0].code, CARTON_COUNT: 12 });
  serviceId = service.serviceId;
  serviceNumber = service.number;
});

for (const locale of ['en', 'fr'] as const) {
  test(`the service sheet's lines show the product type and the field's value, in ${locale}`, async ({ page }) => {
    expect(serviceId, 'the wizard test created the service').toBeGreaterThan(0);
    await loginInLocale(page, ACCOUNTS.quality, locale, `/services/${serviceId}`);
    const text = (key: string) => labels[locale][key];
    const table = page.getByRole('table', { name: text('service.purchaseOrderLines') });
    await expect(table.getByRole('columnheader', { name: FIELD[locale], exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: OPTIONS[0][locale], exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: PRODUCTS.dress[locale], exact: true })).toBeVisible();
    await table.scrollIntoViewIfNeeded();
    await shot(page, `custom-fields-order-sheet-${locale}`);
    // The wizard's EDIT shows the line's field in the reader's language, its value kept.
    await openInApp(page, `${WIZARD_ROUTE}?mode=EDIT&serviceId=${serviceId}`);
    await page.getByRole('button', { name: text('engine.wizard.next') }).click();
    const line = page.getByTestId('line-custom-fields-0');
    await expect(line.getByRole('combobox', { name: FIELD[locale] })).toHaveValue(OPTIONS[0][locale]);
    await shot(page, `custom-fields-order-edit-${locale}`);
  });
}

test('the service search finds the service by the line value', async ({ page }) => {
  expect(serviceId, 'the wizard test created the service').toBeGreaterThan(0);
  await signIn(page, ACCOUNTS.quality);
  await setAccountLocale(page, 'en');
  await servicesAfter(page, () => page.goto('/services/search'));
  const typed = await servicesAfter(page, () => page.getByRole('textbox', { name: en('serviceSearch.keywords') }).fill(OPTIONS[0].code), (query) => query.get('keywords') === OPTIONS[0].code);
  expect(typed).toEqual([]);
  // The service starts in eight months: outside the default window, which the hint widens.
  const hint = page.getByTestId('window-hint');
  const widened = await servicesAfter(page, () => hint.getByRole('button', { name: en('engine.search.widen') }).click(), (query) => !query.has('fromDate') && query.get('keywords') === OPTIONS[0].code);
  expect(widened).toEqual([serviceId]);
  await expect(page.locator('.ag-row')).toHaveCount(1);
  await expect(page.locator('.ag-row').first()).toContainText(serviceNumber);
});

test('the light wizard shows the required ORDER field of every line, in French, refuses to create without it, and creates with it', async ({ page }) => {
  test.slow();
  // Signed in through the API: the custom fields screen is the first page loaded.
  await signIn(page, ACCOUNTS.quality);
  const form = await openNewCustomField(page);
  await typeCustomField(page, form, SEAL, { type: 'LIST', scope: 'ORDER', options: SEALS });
  await form.locator('#sheet_required').check();
  await saveCustomField(page, form);
  await page.context().clearCookies();

  await page.setViewportSize({ width: 1024, height: 900 });
  await loginInLocale(page, ACCOUNTS.buyer, 'fr', `${WIZARD_ROUTE}?mode=QUICK`);
  const quick = page.getByRole('form', { name: fr('serviceWizard.quick.title') });
  const combo = (key: string) => quick.getByRole('combobox', { name: fr(key), exact: true });
  const textbox = (key: string) => quick.getByRole('textbox', { name: fr(key), exact: true });
  await choose(page, combo('service.type'), fr('enum.serviceType.INSP_DURING_PRODUCTION'));
  await fillDate(textbox('service.startDate'), futureDay(230));
  await choose(page, combo('service.serviceProvider'), 'Atlas Inspection');
  await choose(page, combo('service.supplier'), 'Porto Malhas Lda');
  await choose(page, combo('service.orderTakerContacts'), /João Silva/);
  await page.keyboard.press('Escape');
  await textbox('purchaseOrderLine.poNumber').pressSequentially('PO-SEAL-1');
  await textbox('purchaseOrderLine.designation').pressSequentially('Pull en maille');
  await textbox('purchaseOrderLine.orderedQuantity').pressSequentially('1 200');
  // The line's ORDER fields of the type, under its heading in French, the required one marked.
  const line = quick.getByTestId('line-custom-fields');
  await expect(line.getByRole('heading', { name: fr('purchaseOrderLine.customFieldOrder') })).toBeVisible();
  const seal = line.getByRole('combobox', { name: SEAL.fr });
  await expect(seal).toHaveAttribute('required', '');
  await line.getByRole('textbox', { name: 'Nombre de cartons' }).pressSequentially('12');
  const create = quick.getByRole('button', { name: fr('serviceWizard.create') });
  let posted = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/back/bo/quickService') && request.method() === 'POST') posted += 1;
  });
  await create.click();
  await expect(line.getByText(fr('validation.required'))).toBeVisible();
  expect(posted, 'refused in the browser, nothing sent').toBe(0);
  await shot(page, 'custom-fields-order-quick-required-fr');
  await choose(page, seal, SEALS[1].fr);
  await shot(page, 'custom-fields-order-quick-fr');
  const answer = page.waitForResponse((response) => response.url().endsWith('/back/bo/quickService') && response.request().method() === 'POST');
  await create.click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const { service } = (await response.json()) as { service: { serviceId: number } };
  const stored = (await (await page.request.get(`/back/bo/services/${service.serviceId}`)).json()) as { purchaseOrderLines: { customFieldOrder: unknown; orderedQuantity: { quantity: number } }[] };
  expect(stored.purchaseOrderLines).toEqual([expect.objectContaining({ customFieldOrder: { SEAL_KIND: SEALS[1].code, CARTON_COUNT: 12 }, orderedQuantity: expect.objectContaining({ quantity: 1200 }) })]);
});
