import { expect, test } from './axe';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startConfigServer, type ConfigServer } from './configServer';
import { ACCOUNTS, cell, en, expectSnack, gridHeaders, gridRow, gridRows, login, pick, resultCount, searchAfter, shot, signIn, today } from './helpers';
import { openInApp } from './openInApp';

/**
 * The config-author promise in the browser (README "Adding a screen with JSON only"): a copy of
 * schemas/ plus the fixture entity, search form and screen of tests/fixtures/config-author
 * (the ones tests/api/config-author.test.ts uses) with their labels (locales/widget.<lang>.json),
 * served by a second real server. No code knows "widget", yet the menu, the screen, its grid and
 * its sheet work.
 */
// Beside config-author-list's (E2E_PORT + 50): runs with other ports (E2E_PORT) never meet on it.
const PORT = Number(process.env.E2E_PORT || 3999) + 51;
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = process.cwd();
const ROUTE = '/widgets/search';
const API = '/back/bo/widgets';

let server: ConfigServer | undefined;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startConfigServer(PORT, 'config-author');
});

test.afterAll(async () => {
  await server?.close();
});

test('screens added as JSON only: menu, title, grid, and a record page with a lines grid', async ({ page }) => {
  // manager@inspect.test is a MANAGER, the fixture screen's role. Start away from the screen
  // (home would open it: it is the first menu entry, order 10).
  await login(page, ACCOUNTS.manager, { path: '/about' });
  const menu = page.getByRole('navigation', { name: en('shell.menu') });
  const entry = menu.getByRole('link', { name: 'Widgets', exact: true });
  await expect(entry).toHaveAttribute('href', ROUTE);

  const initial = await searchAfter(page, API, () => entry.click());
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  expect(initial, 'a fresh store has no widget').toBe(0);
  // The header's title is the screen's: the page does not repeat it.
  await expect(page.getByTestId('page-title')).toHaveText('Widgets');
  await expect(page.getByRole('heading', { name: 'Widgets', exact: true })).toHaveCount(1);
  await expect(page).toHaveTitle(`Widgets · ${en('app.name')}`);
  expect(await gridHeaders(page)).toEqual(['Code', 'Name', 'Size', 'Made on', 'Count', 'Parts total']);
  await expect(page.getByText(en('engine.grid.noRows'))).toBeVisible();
  await expect(resultCount(page)).toHaveText(en('engine.search.count_other', { n: 0 }));
  await shot(page, 'config-author-widget-search');

  // Create one on the fixture's record page (widgetRecord.json): its create route, prefilled by its query.
  await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
  await expect(page).toHaveURL(/\/widgets\/create$/);
  // A link to the create route with a query: a fresh load (the create page already open reads its prefill when it starts).
  await page.goto('/widgets/create?name=Blue%20sprocket');
  const form = page.locator('form.rjsf').first();
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Widget');
  await expect(form.locator('#record_count')).toHaveValue('1');
  await expect(form.locator('#record_madeOn')).not.toHaveValue('');
  await expect(form.locator('#record_name')).toHaveValue('Blue sprocket');
  await pick(page, form.locator('#record_size'), 'M');

  // Parts in the lines grid: the line dialog asks for the part name first, totals follow as one types.
  const parts = page.getByRole('region', { name: 'Parts' });
  const addPart = async (name: string, quantity: string, price: string) => {
    await page.getByRole('button', { name: en('engine.lines.add') }).click();
    const dialog = page.getByRole('dialog', { name: en('engine.lines.newLine') });
    await expect(dialog.locator('#line_quantity')).toBeDisabled();
    await dialog.locator('#line_partName').fill(name);
    await expect(dialog.locator('#line_quantity')).toBeEnabled();
    await dialog.locator('#line_quantity').fill(quantity);
    await dialog.locator('#line_unitPrice').fill(price);
    await dialog.getByRole('button', { name: en('engine.lines.keep') }).click();
    await expect(dialog).toBeHidden();
  };
  await addPart('Axle', '3', '12.5');
  await addPart('Gear', '2', '0.1');
  await expect(parts.locator('.ag-row-pinned [col-id="total"]')).toHaveText('37.70');
  await expect(page.getByTestId('record-partsTotal')).toHaveText('37.70');
  // A cell typed into: the line's total and the sums follow.
  await parts.locator('.ag-row [col-id="quantity"]').first().click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await expect(parts.locator('.ag-row [col-id="total"]').first()).toHaveText('50.00');
  await expect(page.getByTestId('record-partsTotal')).toHaveText('50.20');
  await shot(page, 'config-author-widget-record-new');

  const created = page.waitForResponse((response) => response.url().endsWith(API) && response.request().method() === 'POST');
  await page.getByRole('button', { name: en('engine.action.save'), exact: true }).click();
  // The fixture has no x-messages: the engine's generic message.
  await expectSnack(page, en('engine.sheet.created'));
  const record = (await (await created).json()) as Record<string, unknown>;
  expect(record).toMatchObject({ name: 'Blue sprocket', size: 'M', count: 1, madeOn: today(), createdOn: today(), partsTotal: 50.2 });
  expect(record.parts).toEqual([
    { partName: 'Axle', quantity: 4, unitPrice: 12.5, total: 50 },
    { partName: 'Gear', quantity: 2, unitPrice: 0.1, total: 0.2 },
  ]);
  expect(record.code).toMatch(/^WG-\d{6}$/);
  // The new record's page is its own address, read anew from the server.
  await expect(page).toHaveURL(new RegExp(`/widgets/${record.widgetId}$`));
  await expect(page.getByRole('heading', { level: 2 })).toContainText(String(record.code));
  await expect(parts.locator('.ag-row-pinned [col-id="total"]')).toHaveText('50.20');

  // Unsaved edits are guarded: leaving asks first.
  await parts.locator('.ag-row [col-id="quantity"]').first().click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: 'Widgets' }).first().click();
  await expect(page.getByRole('dialog', { name: en('engine.sheet.leaveTitle') })).toBeVisible();
  await page.getByRole('button', { name: en('engine.sheet.discard') }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));

  const row = gridRow(page, 'Blue sprocket');
  await expect(row).toHaveCount(1);
  await expect(cell(row, 'code')).toHaveText(String(record.code));
  await expect(cell(row, 'size')).toHaveText('M');
  await expect(cell(row, 'count')).toHaveText('1');
  await expect(cell(row, 'partsTotal')).toHaveText('50.20');
  await expect(gridRows(page)).toHaveCount(1);
  await expect(resultCount(page)).toHaveText(en('engine.search.count_one', { n: 1 }));
  // A row opens its record page.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/widgets/${record.widgetId}$`));
  await expect(page.getByTestId('record-partsTotal')).toHaveText('50.20');
  await shot(page, 'config-author-widget-created');
});

test('a workflow and a wizard written as JSON: the record page moves the widget, the wizard creates one', async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, ACCOUNTS.manager, { path: ROUTE });
  await gridRow(page, 'Blue sprocket').click();
  await expect(page).toHaveURL(/\/widgets\/\d+$/);
  // The widget machine (machines/widget.json): APPROVE is offered because the widget has parts.
  const status = page.getByTestId('record-status');
  await expect(status).toHaveText('Draft');
  // The badge takes the colours the fixture's status gives (x-colors): no code knows them.
  await expect(status).toHaveAttribute('style', /--mantine-color-yellow-light\b/);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(status).toHaveText('Approved');
  await expect(status).toHaveAttribute('style', /--mantine-color-teal-light\b/);
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: en('engine.workflow.button') }).click();
  const diagram = page.getByRole('dialog', { name: en('engine.workflow.title', { machine: 'widget' }) }).getByTestId('workflow-diagram');
  await expect(diagram).toHaveAttribute('data-current', 'APPROVED');
  // The reader's drawing names the events; the technical one shows their codes and guards.
  await expect(diagram).toContainText('Approve');
  await page.getByRole('switch', { name: en('engine.workflow.technical') }).check();
  await expect(diagram).toContainText('APPROVE [filled(parts)]');
  await page.keyboard.press('Escape');

  // The wizard (screens/widgetWizard.json, machines/widgetWizard.json): a large widget needs its maker.
  await openInApp(page, '/widgets/wizard');
  const step = page.locator('[data-active-step]');
  await expect(step).toHaveAttribute('data-active-step', 'identity');
  await page.locator('#wizard_name').fill('Wizard gear');
  await pick(page, page.locator('#wizard_size'), 'L');
  await page.getByRole('button', { name: en('engine.wizard.next') }).click();
  await expect(step).toHaveAttribute('data-active-step', 'making');
  // The machine refuses to go on without a maker (guard `filled`).
  await page.getByRole('button', { name: en('engine.wizard.next') }).click();
  await expect(page.getByText(en('engine.wizard.notReady'))).toBeVisible();
  await expect(step).toHaveAttribute('data-active-step', 'making');
  await page.locator('#wizard_maker').click();
  const maker = page.getByRole('option').first();
  const makerName = (await maker.textContent()) ?? '';
  await maker.click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: en('engine.wizard.next') }).click();
  await expect(step).toHaveAttribute('data-active-step', 'summary');
  await expect(page.getByTestId('summary-identity')).toContainText('Wizard gear');
  await expect(page.getByTestId('summary-making')).toContainText(makerName);
  await shot(page, 'config-author-widget-wizard-summary');
  // Back goes where the machine says, and the typed values stay.
  await page.getByRole('button', { name: en('engine.action.back') }).click();
  await expect(step).toHaveAttribute('data-active-step', 'identity');
  await expect(page.locator('#wizard_name')).toHaveValue('Wizard gear');
  await page.getByRole('button', { name: en('engine.wizard.next') }).click();
  await page.getByRole('button', { name: en('engine.wizard.next') }).click();
  const created = page.waitForResponse((response) => response.url().endsWith(API) && response.request().method() === 'POST');
  await page.getByRole('button', { name: en('engine.wizard.create') }).click();
  const record = (await (await created).json()) as Record<string, unknown>;
  expect(record).toMatchObject({ name: 'Wizard gear', size: 'L', status: 'DRAFT' });
  const result = page.getByTestId('wizard-result');
  await expect(result).toContainText(String(record.code));
  await shot(page, 'config-author-widget-wizard-result');
  await result.getByRole('link', { name: en('engine.wizard.open') }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/${record.widgetId}$`));
  await expect(page.getByRole('heading', { level: 2 })).toContainText(String(record.code));
});

test('a wizard mode of the address (`?mode=`): its machine, its title, a step\'s description and heading, Cancel where the mode says', async ({ page }) => {
  const labels = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/config-author/locales/widget.en.json'), 'utf8')) as Record<string, string>;
  await login(page, ACCOUNTS.manager, { path: '/widgets/wizard?mode=short' });
  // modes.SHORT of screens/widgetWizard.json: machines/widgetWizardShort.json walks two of the three steps.
  await expect(page.getByRole('heading', { name: labels['screen.widgetWizardShort'] })).toBeVisible();
  await expect(page.locator('[data-step]')).toHaveCount(2);
  await expect(page.locator('[data-step="identity"]')).toContainText(labels['widget.step.identity.description']);
  await expect(page.getByText(labels['widget.step.identity.heading'])).toBeVisible();
  const step = page.locator('[data-active-step]');
  await page.locator('#wizard_name').fill('Short gear');
  await pick(page, page.locator('#wizard_size'), 'L');
  // A large widget needs no maker here: this mode's machine goes straight to the summary.
  await page.getByRole('button', { name: en('engine.wizard.next') }).click();
  await expect(step).toHaveAttribute('data-active-step', 'summary');
  await shot(page, 'config-author-widget-wizard-mode');
  await page.getByRole('button', { name: en('engine.action.back') }).click();
  await expect(step).toHaveAttribute('data-active-step', 'identity');
  // The first step's way out is Cancel, to the mode's `cancel`; typed values are not lost without a question.
  await page.getByRole('button', { name: en('engine.action.cancel') }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: en('engine.sheet.discard') }).click();
  await expect(page).toHaveURL(/\/widgets\/wizard$/);
  await expect(page.locator('[data-step]')).toHaveCount(3);
});

test('a record page of read-only panels: a fields card, lines with a link, tabs for the caller\'s roles kept in the address, no Save', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  const answer = await page.request.post(API, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: 'Glance widget', size: 'M', madeOn: '2026-03-14', parts: [{ partName: 'Spring', quantity: 1200, unitPrice: 2.5 }] },
  });
  expect(answer.status()).toBe(201);
  const widgetId = ((await answer.json()) as { widgetId: number }).widgetId;

  // The address opens a tab; a tab the manager's roles do not allow (Audit: SUPER_ADMIN) is not there.
  await page.goto(`/widgets/${widgetId}/view?tab=history`);
  await expect(page.getByRole('tab')).toHaveText(['Card', 'Dates']);
  await expect(page.getByRole('tab', { name: 'Dates' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Card' }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/${widgetId}/view$`));

  // The fields card: schema labels over values as a person reads them.
  const card = page.getByTestId('widget-card');
  await expect(card.getByTestId('field-name')).toContainText('Glance widget');
  await expect(card.getByTestId('field-madeOn')).toHaveText(/Made on\s*14 Mar 2026/i);
  // Read-only lines: no grid to type into, the values, and the configured link on each line.
  const parts = page.getByTestId('widget-parts');
  await expect(parts.getByRole('row', { name: /Spring/ })).toContainText('1,200');
  await expect(parts.getByRole('textbox')).toHaveCount(0);
  // Nothing on the page edits the record: no Save.
  await expect(page.getByRole('button', { name: en('engine.action.save') })).toHaveCount(0);
  await shot(page, 'config-author-widget-view');
  await parts.getByRole('link', { name: 'Edit the parts of Spring' }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/${widgetId}$`));
  await expect(page.getByRole('button', { name: en('engine.action.save') })).toBeVisible();
});

test('a record header written as JSON: a confirmed action with its success message, and an alert while a condition holds', async ({ page }) => {
  const labels = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/config-author/locales/widget.en.json'), 'utf8')) as Record<string, string>;
  const say = (key: string, values: Record<string, string>) => labels[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]);
  await login(page, ACCOUNTS.manager, { path: ROUTE });
  await gridRow(page, 'Blue sprocket').click();
  await expect(page).toHaveURL(/\/widgets\/\d+$/);
  const widget = (await (await page.request.get(`${API}/${/\/widgets\/(\d+)$/.exec(page.url())![1]}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()) as { code: string; madeOn: string };
  const status = page.getByTestId('record-status');
  await expect(status).toHaveText('Approved');
  // The alert of screens/widgetRecord.json `header.alerts`: shown while the widget is approved, its date formatted.
  // In the page (a snack saying the same is a status too, outside the main area).
  const alert = page.getByRole('main').getByRole('status').filter({ hasText: labels['widget.approvedTitle'] });
  const madeOn = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${widget.madeOn}T00:00:00Z`));
  await expect(alert).toContainText(say('widget.approvedText', { day: madeOn }));

  // REOPEN asks first (`confirm`): "Back" leaves the widget as it is.
  await page.getByRole('button', { name: 'Reopen', exact: true }).click();
  const question = page.getByRole('alertdialog').filter({ hasText: say('widget.reopenQuestion', { code: widget.code }) });
  await expect(question.getByText(say('widget.reopenQuestion', { code: widget.code }))).toBeVisible();
  await shot(page, 'config-author-widget-confirm');
  await question.getByRole('button', { name: en('engine.action.back'), exact: true }).click();
  await expect(question).toHaveCount(0);
  await expect(status).toHaveText('Approved');

  // Confirmed: the configured success message (not the engine's "status changed"), and the alert goes.
  await page.getByRole('button', { name: 'Reopen', exact: true }).click();
  await question.getByRole('button', { name: 'Reopen', exact: true }).click();
  await expectSnack(page, say('widget.reopened', { code: widget.code }));
  await expect(status).toHaveText('Draft');
  await expect(alert).toHaveCount(0);
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: en('engine.sheet.statusChanged', { status: 'Draft' }) })).toHaveCount(0);

  // APPROVE has no question: it runs at once, with its own message.
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expectSnack(page, say('widget.approved', { code: widget.code }));
  await expect(status).toHaveText('Approved');
  await expect(alert).toBeVisible();
});

test('a search screen written as JSON with a toolbar search box and a create menu chosen by the caller’s profile; the period searches once it settles', async ({ page }) => {
  const labels = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/config-author/locales/widget.en.json'), 'utf8')) as Record<string, string>;
  await signIn(page, ACCOUNTS.manager);
  for (const [name, madeOn] of [['Toolbar pinwheel', today()], ['Old pinwheel', '2020-01-15']]) {
    const made = await page.request.post(API, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { name, size: 'S', madeOn } });
    expect(made.status()).toBe(201);
  }
  expect(await searchAfter(page, API, () => page.goto('/widgets/find'))).toBeGreaterThan(0);
  // A screen outside the menu: the header shows its title, the page does not repeat it.
  await expect(page.getByTestId('page-title')).toHaveText(labels['screen.widgetFinder']);
  await expect(page.getByRole('heading', { name: labels['screen.widgetFinder'], exact: true })).toHaveCount(1);

  // A change of the period searches 1000 ms after the last change (spec §9), not at once.
  const widened: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === `${API}/` && !url.searchParams.has('fromDate')) widened.push(Date.now());
  });
  const clicked = Date.now();
  await searchAfter(page, API, () => page.getByTestId('window-hint').getByRole('button', { name: en('engine.search.widen') }).click(), (query) => !query.has('fromDate'));
  expect(widened[0] - clicked).toBeGreaterThanOrEqual(900);

  // screens/widgetFinder.json `toolbar`: the form's keywords in a box of the toolbar, searched once typing pauses.
  const box = page.getByRole('toolbar').getByRole('textbox', { name: labels['widget.finder.keywords'] });
  expect(await searchAfter(page, API, () => box.pressSequentially('pinwh'), (query) => query.get('keywords') === 'pinwh')).toBe(2);
  await expect(gridRow(page, 'Toolbar pinwheel')).toBeVisible();
  // …and not in the filter panel, which keeps the form's other fields; the keywords count as a filter.
  await page.getByRole('button', { name: new RegExp(`^${en('engine.search.filters')}\\s*1$`) }).click();
  const panel = page.getByRole('complementary', { name: en('engine.search.filters') });
  await expect(panel.getByRole('combobox', { name: labels['widget.sizes'] })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: en('search.keywords') })).toHaveCount(0);

  // `create`: the items whose `when` holds on the manager's profile, as a menu (the engine's New is not there).
  await expect(page.getByRole('button', { name: en('engine.action.new'), exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: labels['widget.finder.new'] }).click();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText([labels['widget.finder.withForm'], labels['widget.finder.withWizard']]);
  await expect(items.first()).toHaveAttribute('href', '/widgets/create');
  await shot(page, 'config-author-widget-finder');
  await items.last().click();
  await expect(page).toHaveURL(/\/widgets\/wizard$/);
});

test('an action form and a list read from a call, written as JSON: a widget of the same size added from the glance page', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  const name = `Small widget ${Date.now() % 100000}`;
  const answer = await page.request.post(API, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { name: 'Small source', size: 'S', madeOn: '2026-05-04' } });
  expect(answer.status()).toBe(201);
  const { widgetId, code } = (await answer.json()) as { widgetId: number; code: string };

  await page.goto(`/widgets/${widgetId}/view`);
  // The rows of the list call (widgets of size S), newest first, with a link on each.
  const same = page.getByTestId('widget-same-size');
  await expect(same.getByRole('row', { name: /Small source/ })).toBeVisible();
  await expect(same.getByRole('link', { name: 'Open Small source' })).toHaveAttribute('href', `/widgets/${widgetId}/view`);

  // The button opens the configured form: the notice and title fill from the record, a value from it too.
  await same.getByRole('button', { name: 'Add one of this size' }).click();
  const dialog = page.getByRole('dialog', { name: 'A new widget of size S' });
  await expect(dialog).toContainText(`It takes the size of ${code}; give it a name.`);
  await expect(dialog.getByRole('textbox', { name: 'Made on' })).toHaveValue('4 May 2026');
  // The form's own rules first: the name is required.
  await dialog.getByRole('button', { name: 'Add the widget' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: 'Name' }).pressSequentially(name);
  await shot(dialog, 'config-author-action-form');
  await dialog.getByRole('button', { name: 'Add the widget' }).click();
  await expectSnack(page, `${name} is added.`);
  await expect(dialog).toBeHidden();
  // The list is read again: the new widget is there, of the source's size.
  await expect(same.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  const created = (await (await page.request.get(API, { params: { keywords: name }, headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()) as { size: string; madeOn: string }[];
  expect(created.map(({ size, madeOn }) => [size, madeOn])).toEqual([['S', '2026-05-04']]);
});

test('read-only lines as cards, written as JSON: a range, a sentence of the line\'s fields, a tint and a note on the lines a condition picks', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  const name = `Card widget ${Date.now() % 100000}`;
  const answer = await page.request.post(API, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { name, size: 'L', madeOn: '2026-05-04' } });
  expect(answer.status()).toBe(201);
  const { widgetId, code } = (await answer.json()) as { widgetId: number; code: string };

  await page.goto(`/widgets/${widgetId}/view`);
  const panel = page.getByTestId('widget-same-size-cards');
  await expect(panel.getByRole('heading', { name: 'Same size, as cards' })).toBeVisible();
  // Cards, not a table: the narrow column reads each line on its own.
  await expect(panel.getByRole('table')).toHaveCount(0);
  const card = panel.getByTestId('widget-card-line').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  // madeOn → createdOn (today), in the screen's locale; the code in its sentence.
  const createdOn = new Date(`${today()}T12:00:00`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  await expect(card).toContainText(`4 May 2026 → ${createdOn}`);
  await expect(card).toContainText(`Code ${code}, made on 4 May 2026`);
  // A new widget is a draft: tinted, with the configured note.
  await expect(card).toContainText('Still a draft');
  await expect(card).toHaveAttribute('style', /mantine-color-blue-light/);
  await shot(panel, 'config-author-line-cards');
});
