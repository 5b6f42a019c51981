import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, cell, en, shot, signIn, waitForApp } from './helpers';

/**
 * The report wizard's quantities (docs/reports.md): inspected ≤ presented per line, marked on the
 * cell as the inspector types and blocking Next (the schema's `notAbove`, the server's rule too);
 * presented may exceed ordered. The line dialog shows the order line as read (PO number, reference),
 * read-only, never its database id. Nothing is saved here.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A confirmed inspection the inspector may write a report on (none decided: a confirmed service has no decision yet). */
async function writableService(page: Page): Promise<{ id: number; lineId: number; ordered: number }> {
  const reply = await page.request.get('/back/bo/services', { params: { serviceSteps: 'CONFIRMED' }, headers: XHR });
  for (const row of (await reply.json()).services as { serviceId: number; thirdPartyDepartment: string }[]) {
    if (row.thirdPartyDepartment !== 'INSP') continue;
    const overview = await (await page.request.get(`/back/bo/reports/${row.serviceId}/overview`, { headers: XHR })).json();
    if (overview.rights.report !== 'WRITE') continue;
    const source = await (await page.request.get(`/back/bo/reports/${row.serviceId}${overview.exists ? '' : '/default'}`, { headers: XHR })).json();
    const [line] = source.lines;
    if (line) return { id: row.serviceId, lineId: line.purchaseOrderLineId, ordered: line.orderedQuantity };
  }
  throw new Error('no confirmed inspection the inspector may report on');
}

/** Types a number into a cell of the lines grid as a person does: click, select what is there, type, Enter. */
async function typeInCell(page: Page, target: ReturnType<typeof cell>, value: string): Promise<void> {
  await target.click();
  const editor = page.locator('.ag-cell-inline-editing input');
  await expect(editor).toBeVisible();
  await editor.press('Control+A');
  await editor.pressSequentially(value);
  await editor.press('Enter');
}

test('inspected over presented is marked on the cell and blocks Next; presented over ordered is fine; the line dialog shows the order line, not its id', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, ACCOUNTS.inspector);
  const { id, lineId, ordered } = await writableService(page);
  await page.goto(`/services/${id}/report`);
  await waitForApp(page);
  await expect(page.locator('[data-active-step="quantities"]')).toBeVisible();
  const row = page.locator('.ag-row:not(.ag-row-pinned)').first();
  const errors = page.getByRole('alert').filter({ hasText: en('engine.lines.errors_one', { count: 1 }) });

  // Presented above ordered is allowed; inspected above presented is not.
  const presented = String(ordered + 500);
  await typeInCell(page, cell(row, 'presentedQuantity'), presented);
  await typeInCell(page, cell(row, 'inspectedQuantity'), String(ordered + 1500));
  await expect(errors).toBeVisible();
  // The cell in error is framed in red (its message is the tooltip, and the dialog's below); the presented cell is not.
  await expect(cell(row, 'inspectedQuantity')).toHaveAttribute('style', /red/);
  await expect(cell(row, 'presentedQuantity')).not.toHaveAttribute('style', /red/);
  await shot(page, 'report-quantities-refused');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('[data-active-step="quantities"]')).toBeVisible();
  await expect(page.locator('[data-active-step="aql"]')).toHaveCount(0);

  // The line dialog: the order line as read, read-only; no field holds the line's id; the same rule on the field.
  await cell(row, 'label').dblclick();
  const dialog = page.getByRole('dialog', { name: en('engine.lines.lineN', { n: 1 }) });
  await expect(dialog).toBeVisible();
  const orderLine = dialog.getByRole('textbox', { name: en('report.line.label') });
  await expect(orderLine).toHaveValue(/PO/);
  await expect(orderLine).not.toBeEditable();
  for (const input of await dialog.locator('input:not([type="hidden"])').all()) await expect(input).not.toHaveValue(String(lineId));
  await dialog.getByRole('button', { name: en('engine.lines.keep') }).click();
  await expect(dialog.getByText(en('report.inspectedOverPresented')).first()).toBeVisible();
  await shot(dialog, 'report-quantities-line-dialog');
  const inspected = dialog.getByRole('spinbutton', { name: en('report.line.inspectedQuantity') }).or(dialog.getByRole('textbox', { name: en('report.line.inspectedQuantity') }));
  await inspected.fill('');
  await inspected.pressSequentially('80');
  await dialog.getByRole('button', { name: en('engine.lines.keep') }).click();
  await expect(dialog).toBeHidden();

  await expect(errors).toHaveCount(0);
  await expect(cell(row, 'inspectedQuantity')).toHaveText('80');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('[data-active-step="aql"]')).toBeVisible();
});
