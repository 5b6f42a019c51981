import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { openNewCustomField, retireCustomFieldAfterAll, saveCustomField, typeCustomField } from './customFieldFixtures';
import { ACCOUNTS, en, labels, pick, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';
import { openInApp } from './openInApp';

/**
 * A report's custom fields (docs/schemas.md "Custom fields"): Maison Lumière's quality manager adds a
 * required LIST field to its inspection reports; the provider's inspector finds it on the report
 * wizard's conclusion step under its heading, in French and in English, cannot go on to send the
 * report without it, and finds the value saved on the service sheet's report card and on reopening
 * the wizard.
 */
test.describe.configure({ mode: 'serial' });
restoreEnglishAfterAll(ACCOUNTS.inspector);

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const FIELD = { code: 'SEAL_STATE', en: 'Carton seal state', fr: 'État du scellé des cartons' };
const OPTIONS = [
  { code: 'SEALED', en: 'Sealed', fr: 'Scellé' },
  { code: 'OPENED', en: 'Opened', fr: 'Ouvert' },
];

retireCustomFieldAfterAll(FIELD.code, 'disable');

/**
 * A confirmed inspection of Lumière done by Atlas, with no report yet, whose report shows the field:
 * the last one, the report wizard's spec taking the first.
 */
async function lumiereServiceWithoutReport(page: Page): Promise<number> {
  const body = await (await page.request.get('/back/bo/services?serviceSteps=CONFIRMED', { headers: XHR })).json();
  const rows: { serviceId: number; thirdPartyDepartment: string }[] = body.services;
  for (const row of rows.filter((service) => service.thirdPartyDepartment === 'INSP').reverse()) {
    const overview = await (await page.request.get(`/back/bo/reports/${row.serviceId}/overview`, { headers: XHR })).json();
    if (overview.exists || overview.rights.report !== 'WRITE') continue;
    const fields = await (await page.request.get(`/back/bo/reports/${row.serviceId}/customFields`, { headers: XHR })).json();
    if (fields.report.properties[FIELD.code]) return row.serviceId;
  }
  throw new Error('no confirmed Lumière inspection without a report in the demo data');
}

const step = (page: Page, name: string) => expect(page.locator(`[data-active-step="${name}"]`)).toBeVisible();

/** From the quantities step to the conclusion (by lot through the defects, by piece through the pieces). */
async function toConclusion(page: Page, next: string, middle: 'defects' | 'pieces' = 'defects') {
  await step(page, 'quantities');
  for (const name of ['aql', middle, 'conclusion']) {
    await page.getByRole('button', { name: next }).click();
    await step(page, name);
  }
}

let serviceId: number;

test('the manager adds a required LIST field to the reports', async ({ page }) => {
  test.slow();
  // Signed in through the API: the custom fields screen is the first page loaded.
  await signIn(page, ACCOUNTS.quality);
  const form = await openNewCustomField(page);
  await typeCustomField(page, form, FIELD, { type: 'LIST', scope: 'REPORT', options: OPTIONS });
  await form.locator('#sheet_required').check();
  await saveCustomField(page, form);
});

test("the inspector's report wizard shows it in French, under its heading", async ({ page }) => {
  // The language is stored before the one page load: the app reads it when it starts.
  await signIn(page, ACCOUNTS.inspector);
  await setAccountLocale(page, 'fr');
  serviceId = await lumiereServiceWithoutReport(page);
  await page.goto(`/services/${serviceId}/report`);
  await waitForApp(page);
  await toConclusion(page, labels.fr['engine.wizard.next']);
  const custom = page.getByTestId('custom-fields');
  await expect(custom.getByRole('heading', { name: labels.fr['report.customFieldReport'] })).toBeVisible();
  // Lumière's demo report fields sit under its report criterion.
  await expect(custom.getByRole('heading', { name: 'Aspect' })).toBeVisible();
  await custom.getByRole('combobox', { name: FIELD.fr }).click();
  await expect(page.getByRole('option', { name: OPTIONS[1].fr })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1024, height: 900 });
  await shot(page, 'custom-fields-report-fr-1024');
});

test("in English, each piece takes the client's piece field; Next refuses the report without the required field; the value chosen is sent, shown on the sheet and on reopening", async ({ page }) => {
  test.slow();
  await signIn(page, ACCOUNTS.inspector);
  await setAccountLocale(page, 'en');
  await page.goto(`/services/${serviceId}/report`);
  await waitForApp(page);
  await step(page, 'quantities');
  await pick(page, page.getByRole('combobox', { name: en('report.inspectionMode') }), en('enum.inspectionMode.PIECE'));
  await page.getByRole('button', { name: en('engine.wizard.next') }).click();
  await step(page, 'aql');
  await page.getByRole('button', { name: en('engine.wizard.next') }).click();
  await step(page, 'pieces');
  await page.getByRole('button', { name: en('report.piecesPanel.add') }).click();
  const weight = page.getByTestId('piece-custom-fields').getByRole('textbox', { name: 'Measured weight (g)' });
  await weight.pressSequentially('412');
  await shot(page, 'custom-fields-report-pieces');
  await page.getByRole('button', { name: en('engine.wizard.next') }).click();
  await step(page, 'conclusion');
  const custom = page.getByTestId('custom-fields');
  await expect(custom.getByRole('combobox', { name: FIELD.en })).toBeVisible();
  // A moisture rate past the field's bound stays as typed, marked.
  const moisture = custom.getByRole('textbox', { name: 'Moisture rate (%)' });
  await moisture.pressSequentially('2000000000');
  await page.getByRole('button', { name: en('engine.wizard.next') }).click();
  await step(page, 'conclusion');
  await expect(custom.getByText(en('validation.required')).first()).toBeVisible();
  await expect(moisture).toHaveValue(/^2,000,000,000(\.0)?$/);
  await expect(moisture).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'custom-fields-report-required');
  await moisture.fill('');
  await moisture.pressSequentially('7.5');
  await pick(page, custom.getByRole('combobox', { name: FIELD.en }), OPTIONS[0].en);
  await page.getByRole('button', { name: en('engine.wizard.next') }).click();
  await step(page, 'summary');
  await expect(page.getByTestId('custom-fields').getByRole('textbox', { name: FIELD.en })).toHaveValue(OPTIONS[0].en);
  const saved = page.waitForResponse((response) => response.url().endsWith(`/back/bo/reports/${serviceId}`) && response.request().method() === 'POST');
  await page.getByRole('button', { name: en('engine.wizard.create') }).click();
  const reply = await saved;
  expect(reply.status()).toBe(201);
  const report = (await reply.json()).report;
  expect(report.customFieldReport).toMatchObject({ [FIELD.code]: 'SEALED', MOISTURE_RATE: 7.5 });
  expect(report.inspectedPieces[0].customFieldPiece).toEqual({ PIECE_WEIGHT: 412 });

  await openInApp(page, `/services/${serviceId}`);
  const card = page.getByTestId('report-custom-values');
  await expect(card.getByRole('textbox', { name: FIELD.en })).toHaveValue(OPTIONS[0].en);
  await shot(page, 'custom-fields-report-sheet');

  await openInApp(page, `/services/${serviceId}/report`);
  await toConclusion(page, en('engine.wizard.next'), 'pieces');
  await expect(page.getByTestId('custom-fields').getByRole('combobox', { name: FIELD.en })).toHaveValue(OPTIONS[0].en);
});
