import { expect, test } from './axe';
import { ACCOUNTS, en, expectSnack, login, shot } from './helpers';

/**
 * Invoices and invoice lines, built as configuration only (schemas/screens/invoiceSearch.json,
 * invoiceLineSearch.json): invoice lines edited in place — two lines linked, held until Save, sent
 * in one request — and provision invoices validated by selection.
 */
type Line = { invoiceLineId: number; services: number[]; unit: number; serviceFees: number; otherFees: number; totalAmount: number; currency: string; invoicingMethod: string; unitPrice: number };

test('two invoice lines linked and saved: one line with both services, fees and units summed', async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, ACCOUNTS.manager, { path: '/billing' });
  const listed = page.waitForResponse((response) => response.url().includes('/back/bo/invoiceLines/') && response.request().method() === 'GET');
  await page.getByRole('link', { name: en('screen.invoiceLineSearch') }).click();
  await expect(page).toHaveURL(/\/billing\/invoiceLines$/);
  const lines = (await (await listed).json()) as Line[];
  // Two lines the link accepts: same currency, method and unit price (the screen's `same` rule).
  const key = (line: Line) => `${line.currency}/${line.invoicingMethod}/${line.unitPrice}`;
  const first = lines.findIndex((line, index) => lines.some((other, j) => j > index && key(other) === key(line)));
  expect(first, 'two demo lines that can be linked').toBeGreaterThanOrEqual(0);
  const second = lines.findIndex((line, j) => j > first && key(line) === key(lines[first]));
  const [a, b] = [lines[first], lines[second]];

  const grid = page.getByRole('region', { name: en('screen.invoiceLineSearch') });
  // One DOM row per line in each column block: count the line numbers.
  const rows = grid.locator('.ag-row:not(.ag-row-pinned) [col-id="__line"]');
  await expect(rows).toHaveCount(lines.length);
  const check = (index: number) => grid.locator(`.ag-row[row-index="${index}"]:not(.ag-row-pinned) .ag-selection-checkbox input`).first();
  await check(first).check();
  await check(second).check();
  await page.getByRole('button', { name: en('invoiceLine.link'), exact: true }).click();
  // Held locally: one line fewer, nothing sent yet.
  await expect(rows).toHaveCount(lines.length - 1);
  await expect(page.getByText(en('engine.batch.pending'))).toBeVisible();
  await shot(page, 'invoice-lines-linked');

  const saved = page.waitForResponse((response) => response.url().endsWith('/back/bo/invoiceLines/update'));
  await page.getByRole('button', { name: en('engine.action.save'), exact: true }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  const body = JSON.parse(response.request().postData() ?? '{}') as Record<string, Line[] | number[]>;
  expect((body.toDeleteInvoiceLineIds as number[]).sort()).toEqual([a.invoiceLineId, b.invoiceLineId].sort());
  expect(body.toUpdateInvoiceLines).toEqual([]);
  expect(body.toAddInvoiceLines).toHaveLength(1);
  const answer = (await response.json()) as { lines: Line[] };
  const merged = answer.lines[0];
  expect(merged.services).toEqual([...a.services, ...b.services]);
  expect(merged.unit).toBeCloseTo(a.unit + b.unit, 2);
  expect(merged.serviceFees).toBeCloseTo(a.serviceFees + b.serviceFees, 2);
  expect(merged.totalAmount).toBeCloseTo(a.totalAmount + b.totalAmount, 2);
  await expectSnack(page, en('engine.batch.saved_other', { count: 3 }));
  await expect(page.getByText(en('engine.batch.upToDate'))).toBeVisible();
  await expect(rows).toHaveCount(lines.length - 1);
});

test('provision invoices validated by selection; other statuses cannot be selected', async ({ page }) => {
  await login(page, ACCOUNTS.manager, { path: '/billing/invoices' });
  const grid = page.getByRole('region', { name: en('screen.invoiceSearch') });
  await expect(grid.locator('.ag-row').first()).toBeVisible();
  const provision = grid.locator('.ag-row').filter({ hasText: en('enum.invoiceStatus.W') });
  const count = await provision.count();
  expect(count, 'demo provision invoices this period').toBeGreaterThan(0);
  const index = await provision.first().getAttribute('row-index');
  const paid = grid.locator('.ag-row').filter({ hasText: en('enum.invoiceStatus.M') }).first();
  await expect(grid.locator(`.ag-row[row-index="${await paid.getAttribute('row-index')}"] .ag-selection-checkbox input`).first()).toBeDisabled();
  await grid.locator(`.ag-row[row-index="${index}"] .ag-selection-checkbox input`).first().check();
  const validate = page.getByRole('button', { name: `${en('invoice.validateSelection')} (1)` });
  const answered = page.waitForResponse((response) => response.url().endsWith('/back/bo/invoices/validate'));
  await validate.click();
  expect((await answered).status()).toBe(200);
  await expectSnack(page, en('invoice.validated', { count: 1 }));
  await expect(provision).toHaveCount(count - 1);
  await shot(page, 'invoices-validated');
});

test('an invoice shows its amount computed from its lines, read-only; its currency stays its own to choose', async ({ page }) => {
  await login(page, ACCOUNTS.manager, { path: '/billing/invoices' });
  const xhr = { headers: { 'X-Requested-With': 'XMLHttpRequest' } };
  const grid = page.getByRole('region', { name: en('screen.invoiceSearch') });
  const row = grid.locator('.ag-row').first();
  await expect(row).toBeVisible();
  const number = (await row.locator('[col-id="number"]').innerText()).trim();
  const [invoice] = (await (await page.request.get('/back/bo/invoices/', { ...xhr, params: { number } })).json()) as { amount: number; number: string }[];
  const lines = (await (await page.request.get('/back/bo/invoiceLines/', { ...xhr, params: { fromDate: '2020-01-01', toDate: '2035-12-31' } })).json()) as { invoiceNumber?: string; totalAmount: number }[];
  const sum = Math.round(lines.filter((line) => line.invoiceNumber === number).reduce((total, line) => total + line.totalAmount, 0) * 100) / 100;
  expect(sum).toBeGreaterThan(0);
  expect(invoice.amount).toBe(sum);
  await row.locator('[col-id="number"]').click();
  const amount = page.locator('#sheet_amount');
  await expect(amount).toBeVisible();
  await expect(amount).not.toBeEditable();
  await expect(amount).toHaveValue(sum.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  await expect(page.getByRole('dialog').getByLabel(en('engine.form.currency'), { exact: true })).toBeEditable();
  await shot(page, 'invoice-amount-computed');
});
