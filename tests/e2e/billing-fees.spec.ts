import type { Browser, Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, expectSnack, fr, login, setAccountLocale, shot, signIn, waitForApp } from './helpers';

/**
 * Fee sheets, built as configuration only (schemas/screens/feeSearch.json, feeSheet.json, the fee
 * entity and machine): an inspector files a sheet with three expense lines and asks for its
 * validation; a manager sends it back to fix with a comment; the inspector fixes it and asks again;
 * the manager validates it. The Workflow button draws the sheet's state.
 */
test.describe.configure({ mode: 'serial' });

/** A page of its own browser context, signed in through the API: nothing loaded yet. */
async function signedInPage(browser: Browser, email: string, locale = 'en-GB'): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale })).newPage();
  await signIn(page, email);
  return page;
}

async function pageAs(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await signedInPage(browser, email);
  await page.goto(path);
  await waitForApp(page);
  return page;
}

const status = (page: Page) => page.getByTestId('record-status');
const lines = (page: Page) => page.getByRole('region', { name: en('fee.feeLines') });
const lineTotal = (page: Page) => lines(page).locator('.ag-row-pinned [col-id="total"]');

/** One expense line through the line dialog: date and contributor first, then the amounts. */
async function addLine(page: Page, date: string, contributor: string, amounts: Record<string, string>) {
  await page.getByRole('button', { name: en('engine.lines.add') }).click();
  const dialog = page.getByRole('dialog', { name: en('engine.lines.newLine') });
  await expect(dialog.getByText(en('engine.lines.fillFirst', { fields: `${en('feeLine.date')}, ${en('feeLine.contributors')}` }))).toBeVisible();
  await expect(dialog.locator('#line_hotel')).toBeDisabled();
  await dialog.locator('#line_date').fill(date);
  await dialog.locator('#line_date').press('Tab');
  await dialog.locator('#line_contributors').click();
  await dialog.locator('#line_contributors').fill(contributor.split(' ')[0]);
  await page.getByRole('option', { name: new RegExp(contributor) }).first().click();
  await page.keyboard.press('Escape');
  await expect(dialog.locator('#line_hotel')).toBeEnabled();
  for (const [field, value] of Object.entries(amounts)) await dialog.locator(`#line_${field}`).fill(value);
  await dialog.getByRole('button', { name: en('engine.lines.keep') }).click();
  await expect(dialog).toBeHidden();
}

let feeId = 0;

test('an inspector files a fee sheet with three lines and sees its totals, then asks for validation', async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, ACCOUNTS.inspector, { path: '/billing' });
  await page.getByRole('link', { name: en('screen.feeSearch') }).click();
  await expect(page).toHaveURL(/\/billing\/fees\/search$/);
  await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
  await expect(page).toHaveURL(/\/billing\/fees\/create$/);
  // The create route's query prefills the sheet (spec: contactId, reference… of /billing/fees/create).
  const me = (await (await page.request.get('/back/auth/profile')).json()) as { contactId: number; userFullName: string };
  // A link to the create route with a query: a fresh load (the create page already open reads its prefill when it starts).
  await page.goto(`/billing/fees/create?contactId=${me.contactId}&reference=TRIP-PORTO`);
  await expect(page.locator('#record_reference')).toHaveValue('TRIP-PORTO');
  await expect(page.getByTestId('record-contributors')).toContainText(me.userFullName);
  await page.locator('#record_comment').pressSequentially('Two days in Porto: the audit ran late.');

  await addLine(page, '02/11/2026', me.userFullName, { hotel: '90', meal: '25.5' });
  await addLine(page, '03/11/2026', me.userFullName, { train: '120.1', taxi: '14.9' });
  await addLine(page, '04/11/2026', me.userFullName, { toll: '9.05', fixed: '30', fuel: '12.35' });
  await expect(lines(page).locator('.ag-row:not(.ag-row-pinned) [col-id="total"]')).toHaveText(['115.50', '135.00', '51.40']);
  await expect(lineTotal(page)).toHaveText('301.90');
  await expect(page.getByTestId('record-totalAmount')).toHaveText('€301.90');

  // With the global mileage allowance, a line's transport counts its km fee instead of fixed + fuel.
  await page.getByLabel(en('fee.globalKmFee')).check();
  await expect(lineTotal(page)).toHaveText('259.55');
  await page.getByLabel(en('fee.globalKmFee')).uncheck();
  await expect(lineTotal(page)).toHaveText('301.90');
  await shot(page, 'fee-sheet-new');

  const created = page.waitForResponse((response) => response.url().endsWith('/back/bo/fee') && response.request().method() === 'POST');
  await page.getByRole('button', { name: en('engine.action.save'), exact: true }).click();
  await expectSnack(page, en('fee.created'));
  const sheet = (await (await created).json()) as { feeIdHK: number; number: string; totalAmount: number; feeLines: { feeLineId: number; total: number }[] };
  expect(sheet.totalAmount).toBe(301.9);
  expect(sheet.feeLines.map((line) => [line.feeLineId, line.total])).toEqual([[1, 115.5], [2, 135], [3, 51.4]]);
  feeId = sheet.feeIdHK;
  await expect(page).toHaveURL(new RegExp(`/billing/fees/${feeId}$`));
  await expect(page.getByRole('heading', { level: 2 })).toContainText(sheet.number);
  await expect(status(page)).toHaveText(en('enum.feeStatus.CREATED'));
  // An inspector may only ask for validation.
  await expect(page.getByRole('button', { name: en('workflow.fee.VALIDATE') })).toHaveCount(0);
  await page.getByRole('button', { name: en('workflow.fee.REQUEST_VALIDATION') }).click();
  await expect(status(page)).toHaveText(en('enum.feeStatus.TOVALIDATE'));
  // Awaiting validation, the sheet is read-only for its submitter: no Save, no line to add, the fields locked.
  await expect(page.getByText(en('engine.record.frozen'))).toBeVisible();
  await expect(page.getByRole('button', { name: en('engine.action.save'), exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: en('engine.lines.add') })).toHaveCount(0);
  await expect(page.locator('#record_reference')).not.toBeEditable();
  await expect(page.locator('#record_comment')).not.toBeEditable();
  // Never sent back yet: no empty "reason sent back" box.
  await expect(page.locator('#record_fixComment')).toHaveCount(0);
  await shot(page, 'fee-sheet-to-validate-inspector');
});

test('a manager sends it back to fix with a comment; the inspector fixes it; the manager validates it', async ({ browser }) => {
  test.setTimeout(90_000);
  expect(feeId, 'the sheet of the first test').toBeGreaterThan(0);
  const manager = await pageAs(browser, ACCOUNTS.manager, `/billing/fees/${feeId}`);
  await expect(status(manager)).toHaveText(en('enum.feeStatus.TOVALIDATE'));
  await manager.getByRole('button', { name: en('workflow.fee.TOFIX') }).click();
  const ask = manager.getByRole('dialog', { name: en('workflow.fee.TOFIX') });
  // The comment is required: sending without it keeps the dialog open with the message.
  await ask.getByRole('button', { name: en('workflow.fee.TOFIX') }).click();
  await expect(ask.getByText(en('validation.required')).first()).toBeVisible();
  await expect(status(manager)).toHaveText(en('enum.feeStatus.TOVALIDATE'));
  await ask.locator('#event_comment').fill('The train ticket is missing: add it to the sheet.');
  await shot(manager, 'fee-sheet-tofix-comment');
  await ask.getByRole('button', { name: en('workflow.fee.TOFIX') }).click();
  await expect(ask).toBeHidden();
  await expect(status(manager)).toHaveText(en('enum.feeStatus.TOFIX'));
  await expect(manager.getByTestId('record-fixCount')).toHaveText('1');
  await expect(manager.locator('#record_comment')).toHaveValue('Two days in Porto: the audit ran late.');
  await expect(manager.locator('#record_fixComment')).toHaveValue('The train ticket is missing: add it to the sheet.');

  const inspector = await pageAs(browser, ACCOUNTS.inspector, `/billing/fees/${feeId}`);
  await expect(status(inspector)).toHaveText(en('enum.feeStatus.TOFIX'));
  // Both comments: the inspector's own, and the send-back's in a field of its own, read-only.
  await expect(inspector.locator('#record_comment')).toHaveValue('Two days in Porto: the audit ran late.');
  await expect(inspector.locator('#record_fixComment')).toHaveValue('The train ticket is missing: add it to the sheet.');
  await expect(inspector.locator('#record_fixComment')).not.toBeEditable();
  await expect(inspector.getByText(en('fee.fixComment'), { exact: true })).toBeVisible();
  await shot(inspector, 'fee-sheet-tofix-both-comments');
  // The fix: a cell typed into, saved with the sheet.
  await lines(inspector).locator('.ag-row:not(.ag-row-pinned) [col-id="hotel"]').first().click();
  await inspector.keyboard.press('Control+A');
  await inspector.keyboard.type('95');
  await inspector.keyboard.press('Enter');
  await expect(lineTotal(inspector)).toHaveText('306.90');
  await inspector.getByRole('button', { name: en('engine.action.save'), exact: true }).click();
  await expectSnack(inspector, en('fee.updated'));
  await inspector.getByRole('button', { name: en('workflow.fee.REQUEST_VALIDATION') }).click();
  await expect(status(inspector)).toHaveText(en('enum.feeStatus.TOVALIDATE'));

  await manager.reload();
  await expect(status(manager)).toHaveText(en('enum.feeStatus.TOVALIDATE'));
  await expect(manager.getByTestId('record-totalAmount')).toHaveText('€306.90');
  await manager.getByRole('button', { name: en('workflow.fee.VALIDATE') }).click();
  await expect(status(manager)).toHaveText(en('enum.feeStatus.VALID'));
  await expect(manager.getByTestId('record-validatorContact')).toContainText('Nadia Haddad');
  // Validated, the sheet is frozen (x-frozen): no Save, the form and the lines read-only.
  await expect(manager.getByText(en('engine.record.frozen'))).toBeVisible();
  await expect(manager.getByRole('button', { name: en('engine.action.save'), exact: true })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: en('engine.lines.add') })).toHaveCount(0);
  await shot(manager, 'fee-sheet-validated');

  // The Workflow button: the machine drawn, the sheet's state highlighted, no event left.
  await manager.getByRole('button', { name: en('engine.workflow.button') }).click();
  const diagram = manager.getByRole('dialog', { name: en('engine.workflow.title', { machine: 'fee' }) }).getByTestId('workflow-diagram');
  await expect(diagram.locator('svg')).toBeVisible();
  await expect(diagram).toHaveAttribute('data-current', 'VALID');
  await expect(diagram.locator('g.current')).toContainText(en('enum.feeStatus.VALID'));
  await expect(diagram).not.toContainText('TOVALIDATE');
  await manager.getByRole('switch', { name: en('engine.workflow.technical') }).check();
  await expect(diagram).toContainText('TOFIX · BILLING_FEE | MANAGER | SUPER_ADMIN');
  await shot(manager, 'fee-sheet-workflow');
  await manager.keyboard.press('Escape');

  // The Notes tab: a note is added at once, newest first.
  await manager.getByRole('tab', { name: en('screen.feeSheet.notes') }).click();
  await manager.getByRole('tabpanel').getByLabel(en('recordNote.text')).fill('Paid with the November expenses.');
  await manager.getByRole('button', { name: en('engine.notes.add') }).click();
  await expectSnack(manager, en('engine.notes.added'));
  await expect(manager.getByTestId('record-notes')).toContainText('Paid with the November expenses.');
  await expect(manager.getByTestId('record-notes')).toContainText('Nadia Haddad');

  // The History tab: every change, newest first, the send-back with its comment.
  await manager.getByRole('tab', { name: en('screen.feeSheet.history') }).click();
  const history = manager.getByTestId('record-history');
  await expect(history.locator('.mantine-Timeline-item')).toHaveCount(6);
  await expect(history.locator('.mantine-Timeline-item').first()).toContainText(en('workflow.fee.VALIDATE'));
  await expect(history).toContainText('The train ticket is missing: add it to the sheet.');
  await expect(history.locator('.mantine-Timeline-item').last()).toContainText(en('enum.recordAction.CREATE'));
  await shot(manager, 'fee-sheet-history');
});

test('the lines grid keeps its lines when the person switches tabs and comes back', async ({ page }) => {
  // Signed in through the API: the sheet is the first page loaded.
  await signIn(page, ACCOUNTS.manager);
  const sheets = (await (await page.request.get('/back/bo/fee/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()) as { feeIdHK: number; feeLines: unknown[] }[];
  const three = sheets.find((sheet) => sheet.feeLines.length === 3 && sheet.feeIdHK !== feeId)!;
  await page.goto(`/billing/fees/${three.feeIdHK}`);
  const rows = lines(page).locator('.ag-row:not(.ag-row-pinned)');
  const none = lines(page).getByText(en('engine.lines.none'));
  await expect(page.getByText(en('engine.lines.count_other', { count: 3 }))).toBeVisible();
  await expect(rows).toHaveCount(3);
  for (const tab of ['screen.feeSheet.files', 'screen.feeSheet.notes', 'screen.feeSheet.history']) {
    await page.getByRole('tab', { name: en(tab), exact: true }).click();
    await expect(page.getByRole('tab', { name: en(tab), exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: en('screen.feeSheet'), exact: true }).click();
    await expect(page.getByRole('tab', { name: en('screen.feeSheet'), exact: true })).toHaveAttribute('aria-selected', 'true');
    // The same three lines on screen, not the grid's "No line yet".
    await expect(rows).toHaveCount(3);
    for (const row of await rows.all()) await expect(row).toBeVisible();
    await expect(none).toBeHidden();
  }
  await shot(page, 'fee-sheet-after-tabs');
});

test('an inspector reads a colleague\'s sheet without changing it; in French, the sent-back sheet shows both comments', async ({ browser }) => {
  const xhr = { 'X-Requested-With': 'XMLHttpRequest' };
  // Both pages are signed in through the API: each loads only the sheet it reads.
  const page = await signedInPage(browser, ACCOUNTS.inspector);
  const me = (await (await page.request.get('/back/auth/profile')).json()) as { contactId: number };
  const sheets = (await (await page.request.get('/back/bo/fee/', { headers: xhr })).json()) as { feeIdHK: number; status: string; contributors: number[] }[];
  const colleague = sheets.flatMap((sheet) => sheet.contributors).find((id) => id !== me.contactId)!;
  // A manager French-speaking today files a sheet for the inspector's colleague.
  const french = await signedInPage(browser, ACCOUNTS.manager, 'fr-FR');
  const filed = await french.request.post('/back/bo/fee', { headers: xhr, data: { reference: 'TRIP-COLLEAGUE', contributors: [colleague], feeLines: [{ date: '2026-11-02', contributors: [colleague], train: 48 }] } });
  expect(filed.status()).toBe(201);
  const theirs = (await filed.json()) as { feeIdHK: number };

  await page.goto(`/billing/fees/${theirs.feeIdHK}`);
  await expect(page.getByText(en('engine.record.notOwner'))).toBeVisible();
  await expect(page.getByRole('button', { name: en('engine.action.save'), exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: en('workflow.fee.REQUEST_VALIDATION') })).toHaveCount(0);
  await expect(page.locator('#record_reference')).not.toBeEditable();
  await shot(page, 'fee-sheet-colleague');
  // Its files are the colleague's to add too: no drop zone.
  await page.getByRole('tab', { name: en('screen.feeSheet.files'), exact: true }).click();
  await expect(page.getByTestId('attachments-panel')).toBeVisible();
  await expect(page.getByTestId('attachments-dropzone')).toHaveCount(0);

  // The seeded sheet sent back to fix, as the French manager reads it.
  await setAccountLocale(french, 'fr');
  const toFix = sheets.find((sheet) => sheet.status === 'TOFIX')!;
  await french.goto(`/billing/fees/${toFix.feeIdHK}`);
  await expect(french.getByText(fr('fee.fixComment'), { exact: true })).toBeVisible();
  await expect(french.locator('#record_fixComment')).not.toHaveValue('');
  await expect(french.locator('#record_comment')).not.toHaveValue('');
  await shot(french, 'fee-sheet-tofix-fr');
  await setAccountLocale(french, 'en');
});

test('a fee sheet opens with no error in the console, its panel headings one level under the page title', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signIn(page, ACCOUNTS.manager);
  const [sheet] = (await (await page.request.get('/back/bo/fee/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()) as { feeIdHK: number }[];
  await page.goto(`/billing/fees/${sheet.feeIdHK}`);
  await expect(lines(page).locator('.ag-row').first()).toBeVisible();
  // The lines grid's number cells have their own editor: AG Grid logs error #200 when its module is missing.
  expect(errors).toEqual([]);
  // No heading level skipped (h2 title, then h3 panels: an h4 straight under the h2 was one).
  const levels = await page.locator('main').getByRole('heading').evaluateAll((nodes) => nodes.map((node) => Number(node.tagName.slice(1))));
  expect(levels.length).toBeGreaterThan(1);
  levels.reduce((previous, level) => {
    expect(level, `heading levels ${levels.join(', ')}`).toBeLessThanOrEqual(previous + 1);
    return level;
  });
});
