import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import ExcelJS from 'exceljs';
import {
  ACCOUNTS, DEMO_PASSWORD, cell, currentMonthRange, en, expectSnack, snackDuring, fillDate, fr, gridHeaders, gridRow, gridRows, pick,
  resultCount, searchAfter, signIn, sheet, sheetStatus, shot, today, waitForApp, restoreEnglishAfterAll,
} from './helpers';

/**
 * The main path of a quality manager (quality@brand.test, MANAGER at Maison Lumière) on the
 * CAPA screen: sign in, find CAPA from the menu, filter, create, move through the workflow,
 * edit, export to Excel, and read the screen in French.
 */
const ROUTE = '/capas/capa/search';
const API = '/back/bo/capas';
/** The CAPA screen's visible columns (schemas/screens/capaSearch.json without the hidden ones), as header keys. */
const VISIBLE_COLUMNS = ['capaId', 'title', 'capaType', 'status', 'startDate', 'expectingEndDate', 'actionLeader', 'site', 'target', 'cost'];
const WORKFLOW = ['START', 'COMPLETE', 'REOPEN'] as const;

test.describe.configure({ mode: 'serial' });

/** The workflow buttons of the open sheet: exactly `allowed` are shown. */
async function expectActions(page: Page, allowed: (typeof WORKFLOW)[number][]) {
  for (const event of WORKFLOW) {
    const button = sheet(page).getByRole('button', { name: en(`workflow.capa.${event}`), exact: true });
    if (allowed.includes(event)) await expect(button, `${event} is offered`).toBeVisible();
    else await expect(button, `${event} is not offered`).toHaveCount(0);
  }
}

test.describe('CAPA main path (quality manager)', () => {
  const title = `E2E containment of lot ${Date.now() % 100000}`;
  const revisedTitle = `${title} (revised)`;

  restoreEnglishAfterAll(ACCOUNTS.quality);

  test('signs in with the form, opens CAPA from the menu and filters the grid', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.locator('input[name="username"]')).toBeVisible();
    await shot(page, 'login');
    await page.locator('input[name="username"]').fill(ACCOUNTS.quality);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).not.toHaveURL(/\/auth\//);
    await waitForApp(page);
    await expect(page.getByTestId('profile-button')).toContainText('Maison Lumière');

    // The icon menu leads to the CAPA & quality menu page, whose cards lead to the screens.
    const menu = page.getByRole('navigation', { name: en('shell.menu') });
    // The landing redirect after sign-in may still be on its way: click again until the menu page shows.
    await expect(async () => {
      await menu.getByRole('link', { name: en('screen.capas'), exact: true }).click();
      await expect(page).toHaveURL(/\/capas$/, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId('page-title')).toHaveText(en('screen.capas'));
    for (const key of ['screen.capaSearch', 'screen.qualityAlertSearch', 'screen.nonComplianceSearch', 'screen.matrix8dSearch']) {
      await expect(page.getByRole('main').getByRole('link').filter({ hasText: en(key) }).first()).toBeVisible();
    }
    await shot(page, 'shell-capas-menu');

    const total = await searchAfter(page, API, () => page.getByRole('main').getByRole('link').filter({ hasText: en('screen.capaSearch.description') }).click());
    await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
    // The header names the area, the page its screen.
    await expect(page.getByTestId('page-title')).toHaveText(en('screen.capas'));
    await expect(page.getByRole('heading', { level: 2, name: en('screen.capaSearch'), exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${en('screen.capaSearch')} · ${en('app.name')}`);
    expect(total, 'the demo seed has CAPA in the current month').toBeGreaterThan(1);
    expect(await gridHeaders(page)).toEqual(expect.arrayContaining([en('capa.title'), en('capa.status'), en('capa.startDate')]));
    await shot(page, 'capa-search');

    // Filter panel: Status = In progress → fewer rows, all in progress, as many as the API gives.
    await page.getByRole('button', { name: en('engine.search.filters'), exact: true }).click();
    const panel = page.getByRole('complementary', { name: en('engine.search.filters') });
    await expect(panel).toBeVisible();
    const statusFilter = panel.getByRole('combobox', { name: en('capa.statuses') });
    await pick(page, statusFilter, en('enum.capaStatus.IN_PROGRESS'));
    await statusFilter.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await shot(page, 'capa-filter-panel');
    const filtered = await searchAfter(page, API, () => panel.getByRole('button', { name: en('engine.search.apply') }).click());
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(total);
    const expected = await page.request.get(`${API}/`, { params: { ...currentMonthRange(), statuses: 'IN_PROGRESS' } });
    expect((await expected.json()).length).toBe(filtered);
    const statuses = await gridRows(page).locator('[col-id="status"]').allInnerTexts();
    expect(statuses).toHaveLength(filtered);
    for (const status of statuses) expect(status.trim()).toBe(en('enum.capaStatus.IN_PROGRESS'));
    // The Filters button counts the active filters.
    await expect(page.getByRole('button', { name: new RegExp(`^${en('engine.search.filters')}\\s*1$`) })).toBeVisible();

    // Clear + Apply → every row of the period again.
    await panel.getByRole('button', { name: en('engine.search.clear') }).click();
    await expect(panel.getByRole('combobox', { name: en('capa.statuses') })).toHaveAttribute('placeholder', en('engine.search.any'));
    const cleared = await searchAfter(page, API, () => panel.getByRole('button', { name: en('engine.search.apply') }).click());
    expect(cleared).toBe(total);
  });

  test('creates a CAPA, moves it through its workflow and edits it', async ({ page }) => {
    await signIn(page, ACCOUNTS.quality);
    const before = await searchAfter(page, API, () => page.goto(ROUTE));

    // New → the sheet, empty, with the defaults of the schema.
    await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
    const form = sheet(page);
    await expect(form).toBeVisible();
    await expect(form.locator('.mantine-Modal-title')).toContainText(en('engine.sheet.new'));
    await expect(form.locator('#sheet_cost')).toHaveValue('0.00');
    await shot(page, 'capa-sheet-new');

    await form.locator('#sheet_title').fill(title);
    await pick(page, form.locator('#sheet_capaType'), en('enum.capaType.CONTAINMENT'));
    await fillDate(form.locator('#sheet_startDate'), today());
    await form.locator('#sheet_description').fill('Quarantine the lot and re-inspect every carton before shipment.');
    await form.locator('#sheet_cost').fill('1250.5');
    await form.locator('#sheet_cost').blur();
    const saved = await snackDuring(page, en('capa.created'), () => searchAfter(page, API, () => form.getByRole('button', { name: en('engine.action.save') }).click()));
    expect(saved).toBe(before + 1);

    // The sheet now shows the stored record: its title, status New, and the actions of NEW.
    await expect(form.locator('.mantine-Modal-title')).toContainText(title);
    await expect(sheetStatus(page)).toHaveText(en('enum.capaStatus.NEW'));
    await expectActions(page, ['START', 'COMPLETE']);
    await form.getByRole('button', { name: en('engine.action.cancel') }).click();
    await expect(form).toBeHidden();

    // It is in the grid, with its type and status.
    const row = gridRow(page, title);
    await expect(row).toHaveCount(1);
    await expect(cell(row, 'capaType')).toHaveText(en('enum.capaType.CONTAINMENT'));
    await expect(cell(row, 'status')).toHaveText(en('enum.capaStatus.NEW'));

    // Open it again and move it: NEW → IN_PROGRESS → COMPLETED.
    await row.locator('[col-id="title"]').click();
    await expect(form).toBeVisible();
    await expect(sheetStatus(page)).toHaveText(en('enum.capaStatus.NEW'));
    await expect(form.locator('#sheet_title')).toHaveValue(title);
    await shot(page, 'capa-sheet-edit');

    await form.getByRole('button', { name: en('workflow.capa.START'), exact: true }).click();
    await expectSnack(page, en('engine.sheet.statusChanged', { status: en('enum.capaStatus.IN_PROGRESS') }));
    await expect(sheetStatus(page)).toHaveText(en('enum.capaStatus.IN_PROGRESS'));
    await expectActions(page, ['COMPLETE']);
    await expect(cell(row, 'status')).toHaveText(en('enum.capaStatus.IN_PROGRESS'));

    await form.getByRole('button', { name: en('workflow.capa.COMPLETE'), exact: true }).click();
    await expectSnack(page, en('engine.sheet.statusChanged', { status: en('enum.capaStatus.COMPLETED') }));
    await expect(sheetStatus(page)).toHaveText(en('enum.capaStatus.COMPLETED'));
    await expectActions(page, ['REOPEN']);
    await shot(page, 'capa-sheet-completed');

    // Edit and save: the workflow buttons wait while the form has unsaved changes.
    await form.locator('#sheet_title').fill(revisedTitle);
    await expect(form.getByRole('button', { name: en('workflow.capa.REOPEN'), exact: true })).toBeDisabled();
    await form.getByRole('button', { name: en('engine.action.save') }).click();
    await expectSnack(page, en('capa.updated'));
    await expect(form.locator('.mantine-Modal-title')).toContainText(revisedTitle);
    await expect(sheetStatus(page)).toHaveText(en('enum.capaStatus.COMPLETED'));
    await expect(form.getByRole('button', { name: en('workflow.capa.REOPEN'), exact: true })).toBeEnabled();
    await form.getByRole('button', { name: en('engine.action.close') }).first().click();
    await expect(form).toBeHidden();
    const revised = gridRow(page, revisedTitle);
    await expect(revised).toHaveCount(1);
    await expect(cell(revised, 'status')).toHaveText(en('enum.capaStatus.COMPLETED'));

    // The server agrees.
    const stored = (await (await page.request.get(`${API}/`, { params: { ...currentMonthRange(), keywords: 'revised' } })).json()) as Record<string, unknown>[];
    expect(stored.find((capa) => capa.title === revisedTitle)).toMatchObject({ status: 'COMPLETED', capaType: 'CONTAINMENT', startDate: today(), cost: 1250.5 });
  });

  test('keeps what was typed: a negative cost is marked, the closing service is a service picked by number, completing dates the closing', async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.quality);
    await searchAfter(page, API, () => page.goto(ROUTE));
    const service = ((await (await page.request.get('/back/bo/services/')).json()) as { services: { serviceId: number; number: string }[] }).services[0];

    await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
    const form = sheet(page);
    await form.locator('#sheet_title').fill(`${title} costs`);
    await pick(page, form.locator('#sheet_capaType'), en('enum.capaType.CONTAINMENT'));
    await fillDate(form.locator('#sheet_startDate'), today());

    // −500: the amount stays as typed, and Save is refused with a message on the field.
    await form.locator('#sheet_cost').fill('-500');
    await form.locator('#sheet_cost').blur();
    await expect(form.locator('#sheet_cost')).toHaveValue('-500.00');
    await form.getByRole('button', { name: en('engine.action.save') }).click();
    await expect(form.locator('#sheet_cost')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('#sheet_cost-error')).toHaveText(en('validation.tooSmall'));
    await expect(form.locator('#sheet_cost')).toHaveValue('-500.00');
    await shot(page, 'capa-sheet-negative-cost');

    // The closing service: typed by number, picked from the services the person sees.
    await form.locator('#sheet_cost').fill('120');
    await form.locator('#sheet_closingService').fill(service.number);
    const option = page.getByRole('option', { name: new RegExp(`^${service.number}`) });
    await option.click();
    await expect(form.locator('#sheet_closingService')).toHaveValue(new RegExp(`^${service.number}`));
    await shot(page, 'capa-sheet-closing-service');
    const created = page.waitForResponse((r) => r.url().endsWith(API) && r.request().method() === 'POST');
    await form.getByRole('button', { name: en('engine.action.save') }).click();
    const saved = (await (await created).json()) as { capaId: number; closingService: number; cost: number };
    expect(saved).toMatchObject({ closingService: service.serviceId, cost: 120 });
    await expectSnack(page, en('capa.created'));
    await expect(form.locator('#sheet_closingService')).toHaveValue(new RegExp(`^${service.number}`));

    // Complete: the closing date is today's, shown at once.
    await expect(form.locator('#sheet_closingDate')).toHaveValue('');
    await form.getByRole('button', { name: en('workflow.capa.COMPLETE'), exact: true }).click();
    await expect(sheetStatus(page)).toHaveText(en('enum.capaStatus.COMPLETED'));
    await expect(form.locator('#sheet_closingDate')).not.toHaveValue('');
    expect((await (await page.request.get(`${API}/${saved.capaId}`)).json()).closingDate).toBe(today());
    await shot(page, 'capa-sheet-completed-closing-date');
  });

  test('the date window says what it hides, widens on the link, explains an empty list and announces a new CAPA it leaves out', async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.quality);
    const all = ((await (await page.request.get(`${API}/`)).json()) as unknown[]).length;
    const shown = await searchAfter(page, API, () => page.goto(ROUTE));
    const hint = page.getByTestId('window-hint');
    await expect(hint).toContainText(en('engine.search.outside', { count: all - shown }));
    const widen = hint.getByRole('button', { name: en('engine.search.widen') });
    expect(await searchAfter(page, API, () => widen.click(), (query) => !query.has('fromDate'))).toBe(all);
    await expect(hint).toBeHidden();

    // Back on the current month: a CAPA started long ago is saved, and the list says it leaves it out.
    await searchAfter(page, API, () => page.reload());
    const oldTitle = `Archive review ${Date.now() % 100000}`;
    await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
    const form = sheet(page);
    await form.locator('#sheet_title').fill(oldTitle);
    await pick(page, form.locator('#sheet_capaType'), en('enum.capaType.CONTAINMENT'));
    await fillDate(form.locator('#sheet_startDate'), '2024-03-05');
    await searchAfter(page, API, () => form.getByRole('button', { name: en('engine.action.save') }).click());
    await form.getByRole('button', { name: en('engine.action.cancel') }).click();
    await expect(hint).toContainText(en('engine.search.createdHidden', { name: oldTitle }));
    await expect(hint).toContainText(en('engine.search.outside', { count: all + 1 - shown }));
    await shot(page, 'capa-search-created-outside');

    // An empty list says why: the window (with the count outside it), or the filters.
    await page.getByRole('button', { name: en('engine.search.filters'), exact: true }).click();
    const panel = page.getByRole('complementary', { name: en('engine.search.filters') });
    const keywords = panel.getByRole('textbox', { name: en('search.keywords') });
    await keywords.fill(oldTitle);
    expect(await searchAfter(page, API, () => panel.getByRole('button', { name: en('engine.search.apply') }).click(), (query) => query.has('keywords'))).toBe(0);
    await expect(hint).toHaveText(en('engine.search.emptyOutside', { count: 1 }) + en('engine.search.widen'));
    await shot(page, 'capa-search-empty-outside');
    await keywords.fill('no such words anywhere');
    expect(await searchAfter(page, API, () => panel.getByRole('button', { name: en('engine.search.apply') }).click(), (query) => query.get('keywords') === 'no such words anywhere')).toBe(0);
    await expect(hint).toHaveText(en('engine.search.emptyFilters'));

    // The link shows the new CAPA.
    await keywords.fill(oldTitle);
    await panel.getByRole('button', { name: en('engine.search.apply') }).click();
    expect(await searchAfter(page, API, () => hint.getByRole('button', { name: en('engine.search.widen') }).click(), (query) => !query.has('fromDate'))).toBe(1);
    await expect(gridRow(page, oldTitle)).toHaveCount(1);
  });

  test('exports the grid to an A4 landscape Excel file', async ({ page }, testInfo) => {
    await signIn(page, ACCOUNTS.quality);
    const rows = await searchAfter(page, API, () => page.goto(ROUTE));
    expect(rows).toBeGreaterThan(0);
    const shown = await gridHeaders(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: en('engine.search.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^\d{8}_\d{6}_.+\.xlsx$/);
    expect(download.suggestedFilename()).toMatch(new RegExp(`_${en('screen.capaSearch')}\\.xlsx$`));
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets).toHaveLength(1);
    const sheetOut = workbook.worksheets[0];
    expect(sheetOut.name).toBe(en('screen.capaSearch'));

    // Header row: the visible columns, in grid order; the grid's rendered headers come in the same order.
    const header = (sheetOut.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(VISIBLE_COLUMNS.map((field) => en(`capa.${field}`)));
    expect(header.slice(0, shown.length)).toEqual(shown);
    expect(sheetOut.getRow(1).font?.bold).toBe(true);

    // One line per grid row.
    expect(sheetOut.rowCount - 1).toBe(rows);
    await expect(resultCount(page)).toHaveText(new RegExp(`^${rows}\\D`));
    const statusColumn = header.indexOf(en('capa.status')) + 1;
    const statusLabels = ['NEW', 'IN_PROGRESS', 'COMPLETED'].map((s) => en(`enum.capaStatus.${s}`));
    for (let r = 2; r <= sheetOut.rowCount; r++) expect(statusLabels).toContain(String(sheetOut.getRow(r).getCell(statusColumn).value));

    // Page setup: A4 landscape, one page wide, margins 0.7/0.7/0.75/0.75.
    const setup = sheetOut.pageSetup;
    expect(setup.paperSize).toBe(9);
    expect(setup.orientation).toBe('landscape');
    expect(setup.fitToWidth).toBe(1);
    expect(setup.margins).toMatchObject({ left: 0.7, right: 0.7, top: 0.75, bottom: 0.75 });
  });

  test('shows the screen in French with the locale selector, then back in English', async ({ page }) => {
    await signIn(page, ACCOUNTS.quality);
    await searchAfter(page, API, () => page.goto(ROUTE));

    await page.getByTestId('locale-selector').click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await expect(page.getByTestId('locale-selector')).toHaveText('FR');
    await expect(page.getByText(fr('screen.capaSearch.description'))).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText(fr('screen.capas'));
    await expect.poll(() => gridHeaders(page)).toEqual(expect.arrayContaining([fr('capa.title'), fr('capa.startDate'), fr('capa.status'), fr('capa.capaId')]));
    await expect(page.getByRole('button', { name: fr('engine.search.filters'), exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: fr('engine.action.new'), exact: true })).toBeVisible();
    await expect(resultCount(page)).toHaveText(/^\d+ résultats?$/);
    const statuses = await gridRows(page).locator('[col-id="status"]').allInnerTexts();
    for (const status of statuses) expect(['NEW', 'IN_PROGRESS', 'COMPLETED'].map((s) => fr(`enum.capaStatus.${s}`))).toContain(status.trim());
    await shot(page, 'capa-search-fr');

    // The choice is stored on the account: it survives a reload.
    await page.reload();
    await waitForApp(page);
    await expect(page.getByTestId('locale-selector')).toHaveText('FR');
    await expect(page.getByText(fr('screen.capaSearch.description'))).toBeVisible();

    // The sheet in French too.
    await page.getByRole('button', { name: fr('engine.action.new'), exact: true }).click();
    await expect(sheet(page).locator('#sheet_startDate-label')).toHaveText(new RegExp(`^${fr('capa.startDate')}`));
    await expect(sheet(page).locator('#sheet_capaType-label')).toHaveText(new RegExp(`^${fr('capa.capaType')}`));
    await expect(sheet(page).getByRole('button', { name: fr('engine.action.save') })).toBeVisible();
    await shot(page, 'capa-sheet-fr');
    await sheet(page).getByRole('button', { name: fr('engine.action.cancel') }).click();
    await expect(sheet(page)).toBeHidden();

    await page.getByTestId('locale-selector').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByTestId('locale-selector')).toHaveText('EN');
    await expect(page.getByText(en('screen.capaSearch.description'))).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText(en('screen.capas'));
    await expect.poll(() => gridHeaders(page)).toEqual(expect.arrayContaining([en('capa.title'), en('capa.startDate')]));
    // Stored too: a new page of the same account opens in English.
    await page.reload();
    await waitForApp(page);
    await expect(page.getByTestId('locale-selector')).toHaveText('EN');
  });
});
