import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, cell, expectSnack, pick, shot as keep, signIn, waitForApp } from './helpers';
import { openInApp } from './openInApp';

/**
 * The report wizard (issue 16), as the provider's inspector on a tablet-width screen: quantities
 * typed in the lines grid, the AQL step's n / Ac / Re following the lot and the AQL chosen (checked
 * against the server's plan call), defects from the client's library with running totals, the
 * verdict, then the report saved and read back; a second visit edits it.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const shot = (page: Page, name: string) => keep(page, `report-wizard-${name}`);

test.describe.configure({ mode: 'serial' });

interface Plan {
  codeLetter: string;
  sampleSize: number;
  accept: number;
  reject: number;
}

/** A confirmed inspection of Atlas with no report yet, with its order lines. */
async function serviceWithoutReport(page: Page): Promise<{ id: number; number: string }> {
  const reply = await page.request.get('/back/bo/services?serviceSteps=CONFIRMED', { headers: XHR });
  const body = await reply.json();
  const rows: { serviceId: number; number: string; thirdPartyDepartment: string }[] = body.services;
  for (const row of rows.filter((service) => service.thirdPartyDepartment === 'INSP')) {
    const overview = await (await page.request.get(`/back/bo/reports/${row.serviceId}/overview`, { headers: XHR })).json();
    if (!overview.exists && overview.rights.report === 'WRITE') return { id: row.serviceId, number: row.number };
  }
  throw new Error('no confirmed inspection without a report in the demo data');
}

const planOf = async (page: Page, lotSize: number, aql: string): Promise<Plan> =>
  (await page.request.get(`/back/bo/reports/aql/plan?lotSize=${lotSize}&level=II&aql=${aql}`, { headers: XHR })).json();

async function expectPlanRow(page: Page, severity: string, plan: Pick<Plan, 'sampleSize' | 'accept' | 'reject'>) {
  const row = page.getByTestId('plan-table').locator(`[data-severity="${severity}"]`);
  await expect(row.locator('[data-cell="n"]')).toHaveText(String(plan.sampleSize));
  await expect(row.locator('[data-cell="ac"]')).toHaveText(String(plan.accept));
  await expect(row.locator('[data-cell="re"]')).toHaveText(String(plan.reject));
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const step = (page: Page, name: string) => expect(page.locator(`[data-active-step="${name}"]`)).toBeVisible();

test('the inspector fills a report through the wizard on a tablet: live n / Ac / Re, defects against the plan, the verdict, saved', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, ACCOUNTS.inspector);
  const service = await serviceWithoutReport(page);
  await page.goto(`/services/${service.id}/report`);
  await waitForApp(page);

  // Quantities: the service's order lines, presented = ordered; the inspector types what was presented and inspected.
  await step(page, 'quantities');
  const first = page.locator('.ag-row:not(.ag-row-pinned)').first();
  await expect(first).toContainText('PO');
  for (const [field, value] of [['presentedQuantity', '1000'], ['inspectedQuantity', '80']]) {
    await cell(first, field).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
  }
  await expect(cell(first, 'presentedQuantity')).toHaveText('1,000');
  await shot(page, 'quantities');
  await next(page);

  // AQL: ISO 2859-1, level II, 0 / 2.5 / 4.0 by default; the table is the server's plan for the lot.
  await step(page, 'aql');
  const caption = await page.getByTestId('report-plan').getByText(/^Lot /).innerText();
  const lot = Number(caption.replace(/^Lot ([\d,]+).*$/, '$1').replace(/,/g, ''));
  expect(lot).toBeGreaterThanOrEqual(1000);
  const major = await planOf(page, lot, '2.5');
  await expect(page.getByTestId('report-plan')).toContainText(`code letter ${major.codeLetter}`);
  await expectPlanRow(page, 'MAJOR', major);
  await expectPlanRow(page, 'MINOR', await planOf(page, lot, '4.0'));
  await expectPlanRow(page, 'CRITICAL', { sampleSize: major.sampleSize, accept: 0, reject: 1 });
  // A stricter major AQL: the plan follows at once.
  await pick(page, page.getByRole('combobox', { name: 'Major AQL' }), '1.0');
  const strict = await planOf(page, lot, '1.0');
  await expectPlanRow(page, 'MAJOR', strict);
  await shot(page, 'aql');
  await next(page);

  // Defects: two from the library; the major count at the rejection number turns the totals red.
  await step(page, 'defects');
  const add = page.getByRole('combobox', { name: 'Add a defect from the library' });
  await add.click();
  await add.fill('WRK-01');
  await page.getByRole('option', { name: /WRK-01/ }).click();
  await add.click();
  await add.fill('APP-01');
  await page.getByRole('option', { name: /APP-01/ }).click();
  const rows = page.getByTestId('report-defect');
  await expect(rows).toHaveCount(2);
  const count = rows.first().getByRole('textbox', { name: 'Count' });
  await count.fill(String(strict.reject));
  const majorTotal = page.getByTestId('defect-totals').locator('[data-severity="MAJOR"]');
  await expect(majorTotal).toHaveText(`Major: ${strict.reject} (Ac ${strict.accept} / Re ${strict.reject})`);
  await expect(page.getByText('The defects found reach a rejection number: the lot is refused.')).toBeVisible();
  await shot(page, 'defects');
  await next(page);

  // Conclusion: the verdict computed from the plan; the pieces step was skipped (by lot).
  await step(page, 'conclusion');
  await expect(page.locator('[data-step="pieces"][data-skipped]')).toHaveCount(1);
  await expect(page.getByTestId('computed-verdict')).toHaveText('Refused');
  await page.getByRole('textbox', { name: 'Conclusion' }).fill('Open seams on the collar: rework before shipment.');
  await next(page);

  await step(page, 'summary');
  await expect(page.getByTestId('summary-aql')).toContainText('1.0');
  await shot(page, 'summary');
  await page.getByRole('button', { name: 'Create' }).click();
  await expectSnack(page, 'Report saved');
  await expect(page).toHaveURL(new RegExp(`/services/${service.id}$`));

  const report = await (await page.request.get(`/back/bo/reports/${service.id}`, { headers: XHR })).json();
  expect(report).toMatchObject({ reportResult: 'REFUSED', aql: { major: '1.0' }, conclusion: 'Open seams on the collar: rework before shipment.' });
  expect(report.defects).toHaveLength(2);
  expect(report.lines[0]).toMatchObject({ presentedQuantity: 1000, inspectedQuantity: 80 });
  expect(report.computed.plans.MAJOR).toEqual({ sampleSize: strict.sampleSize, accept: strict.accept, reject: strict.reject });

  // A second visit (from the sheet, as its report card's link does) edits it: the values come back, Save writes them (PUT).
  await openInApp(page, `/services/${service.id}/report`);
  await step(page, 'quantities');
  await expect(cell(page.locator('.ag-row:not(.ag-row-pinned)').first(), 'inspectedQuantity')).toHaveText('80');
  await next(page);
  await next(page);
  await expect(page.getByTestId('report-defect')).toHaveCount(2);
  await page.getByTestId('report-defect').first().getByRole('textbox', { name: 'Count' }).fill('1');
  await next(page);
  await expect(page.getByTestId('computed-verdict')).toHaveText('Accepted');
  await next(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectSnack(page, 'Report updated');
  const edited = await (await page.request.get(`/back/bo/reports/${service.id}`, { headers: XHR })).json();
  expect(edited).toMatchObject({ reportId: report.reportId, reportResult: 'ACCEPTED' });
});
