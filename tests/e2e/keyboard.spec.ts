import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, test } from './axe';
import { nextFileChooser, onDisk, png } from './fileFixtures';
import { ACCOUNTS, DEMO_PASSWORD, en, futureDay, resultCount, sheet, signIn, today, waitForApp } from './helpers';
import { lookup } from './providedService';
import { arrowRightTo, arrowTo, expectFocusVisible, tabAndPress, tabTo } from './keyboard';

/**
 * Keyboard-only journeys (WCAG 2.1.1): each one done with Tab, Shift+Tab, Enter, Space, the arrows,
 * Escape and typing, never the mouse; the page is read through locators only to check where the
 * focus is and what is shown. Records are set up through the API; the journey itself is keyboard only.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

interface ServiceRow {
  serviceId: number;
  serviceStep: string;
}

/** Runs `action` and answers the services of the search it starts (the first matching `match`), once the grid counts them. */
async function servicesAfter(page: Page, action: () => Promise<unknown>, match: (query: URLSearchParams) => boolean = () => true): Promise<ServiceRow[]> {
  const answer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/back/bo/services/' && response.request().method() === 'GET' && match(url.searchParams);
  });
  await action();
  const { services } = (await (await answer).json()) as { services: ServiceRow[] };
  await expect(resultCount(page)).toHaveText(new RegExp(`^${services.length}\\D`));
  return services;
}

test.describe('keyboard only', () => {
  // A journey presses Tab and checks the focus tens of times: slower than a click on a busy machine.
  test.describe.configure({ timeout: 150_000 });

  test('signs in with two-factor', async ({ page }) => {
    // Setup: two-factor turned on for the buyer through the API (the profile's confirm call).
    await page.request.post('/back/login', { form: { username: ACCOUNTS.buyer, password: DEMO_PASSWORD } });
    const { secret } = (await (await page.request.post('/back/bo/profile/user/twoFactor/setup', { headers: XHR })).json()) as { secret: string };
    expect((await page.request.post('/back/bo/profile/user/twoFactor', { headers: XHR, data: { code: await generate({ secret }) } })).status()).toBe(200);
    await page.request.post('/back/logout', { headers: XHR });
    await page.context().clearCookies();
    try {
      await page.goto('/auth/login');
      const email = page.locator('input[name="username"]');
      await tabTo(page, email);
      await expectFocusVisible(page, email);
      await page.keyboard.type(ACCOUNTS.buyer);
      const password = page.locator('input[name="password"]');
      await tabTo(page, password, { max: 3 });
      await expectFocusVisible(page, password);
      await page.keyboard.type(DEMO_PASSWORD);
      await page.keyboard.press('Enter');
      // The server asks for the code: the code field takes the focus.
      const code = page.locator('input[name="code"]');
      await expectFocusVisible(page, code);
      // Not in error before anything is typed in it.
      await expect(code).not.toHaveAttribute('aria-invalid', 'true');
      await page.keyboard.type(await generate({ secret }));
      await tabAndPress(page, page.locator('form button[type="submit"]'), 'Enter', { max: 3 });
      await expect(page).not.toHaveURL(/\/auth\//);
      await waitForApp(page);
      await expect(page.getByTestId('profile-button')).toBeVisible();
    } finally {
      await offTwoFactor(page, secret);
    }
  });

  test('searches services with a filter, saves it and chooses it again', async ({ page }) => {
    await signIn(page, ACCOUNTS.quality);
    const first = await servicesAfter(page, () => page.goto('/services/search'));
    const step = first[0].serviceStep;
    const stepLabel = en(`enum.serviceStep.${step}`);
    try {
      // The Filters button opens the panel and the focus moves into it (its Close button, no list opened).
      const toolbar = page.getByRole('toolbar');
      const filtersButton = toolbar.getByRole('button', { name: new RegExp(`^${en('engine.search.filters')}`) });
      await tabAndPress(page, filtersButton, 'Enter', { max: 60 });
      const panel = page.getByRole('complementary', { name: en('engine.search.filters') });
      await expect(panel.getByRole('button', { name: en('engine.action.close') })).toBeFocused();
      await expect(page.getByRole('listbox')).toHaveCount(0);
      const steps = panel.getByRole('combobox', { name: en('service.search.serviceSteps') });
      await tabTo(page, steps, { max: 20 });
      await expectFocusVisible(page, steps);
      await arrowTo(page, page.getByRole('option', { name: stepLabel, exact: true }));
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await expect(steps).toBeFocused();
      const apply = panel.getByRole('button', { name: en('engine.search.apply') });
      const filtered = await servicesAfter(page, () => tabAndPress(page, apply, 'Enter', { max: 30 }), (query) => query.getAll('serviceSteps').join() === step);
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.every((service) => service.serviceStep === step)).toBe(true);
      // Closed from its own button, the panel gives the focus back to the Filters button.
      await tabAndPress(page, panel.getByRole('button', { name: en('engine.action.close') }), 'Enter', { max: 30, back: true });
      await expect(panel).toHaveCount(0);
      await expectFocusVisible(page, filtersButton);

      // Saved under a name from the saved filters menu, which returns the focus to its button when closed.
      const menuButton = toolbar.getByRole('button', { name: en('engine.filters.title') });
      await tabAndPress(page, menuButton, 'Enter', { max: 10, back: true });
      const menu = page.getByRole('dialog').filter({ hasText: en('engine.filters.title') });
      const saveAs = menu.getByRole('textbox', { name: en('engine.filters.saveAs') });
      await tabTo(page, saveAs, { max: 5 });
      await page.keyboard.type('Keyboard step');
      await tabAndPress(page, menu.getByRole('button', { name: en('engine.action.save'), exact: true }), 'Enter', { max: 5 });
      await expect(menu.getByRole('button', { name: 'Keyboard step', exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expectFocusVisible(page, toolbar.getByRole('button', { name: 'Keyboard step' }));

      // Filters cleared, then the saved filter chosen again from the menu: the same step is searched.
      await tabAndPress(page, filtersButton, 'Enter', { max: 10 });
      await tabAndPress(page, panel.getByRole('button', { name: en('engine.search.clear') }), 'Enter', { max: 30 });
      await servicesAfter(page, () => tabAndPress(page, apply, 'Enter', { max: 3 }), (query) => !query.has('serviceSteps'));
      await tabAndPress(page, panel.getByRole('button', { name: en('engine.action.close') }), 'Enter', { max: 30, back: true });
      await expectFocusVisible(page, filtersButton);
      await tabAndPress(page, toolbar.getByRole('button', { name: 'Keyboard step' }), 'Enter', { max: 10, back: true });
      const again = await servicesAfter(page, () => tabAndPress(page, menu.getByRole('button', { name: 'Keyboard step', exact: true }), 'Enter', { max: 5 }), (query) => query.getAll('serviceSteps').join() === step);
      expect(again.map((service) => service.serviceId)).toEqual(filtered.map((service) => service.serviceId));
    } finally {
      const filters = (await (await page.request.get('/back/bo/userfilter/service', { headers: XHR })).json()) as { userFilterId: number }[];
      for (const filter of filters) await page.request.delete(`/back/bo/userfilter/${filter.userFilterId}`, { headers: XHR });
    }
  });

  test('opens a service from the search and proposes a date', async ({ page }) => {
    // Setup: the client's service in a few days, whose proposal the provider refused (date-proposals.spec.ts).
    await signIn(page, ACCOUNTS.quality);
    const created = await page.request.post('/back/bo/services', {
      headers: XHR,
      data: {
        roles: ['DECISION_MAKER'],
        service: {
          thirdPartyDepartment: 'INSP', type: 'INSP_FINAL_RANDOM',
          client: await lookup(page, 'decisionmakers', 'Maison Lumière'), supplier: await lookup(page, 'ordertakers', 'Shenzhen Textile Co'),
          serviceProvider: await lookup(page, 'serviceproviders', 'Atlas Inspection'),
          startDate: futureDay(3), endDate: futureDay(4), exFactoryDate: futureDay(6), orderTakerContacts: [await lookup(page, 'contacts', 'Li Wei')],
        },
        purchaseOrderLines: [{ poNumber: `PO-KEYS-${Date.now() % 100000}`, designation: 'Linen shirt', orderedQuantity: { quantity: 60, unit: 'PIECE' } }],
        laboratoryLines: [],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { serviceId, number } = ((await created.json()) as { service: { serviceId: number; number: string } }).service;
    await signIn(page, ACCOUNTS.manager);
    const [line] = (await (await page.request.get(`/back/bo/serviceDateLines/${serviceId}`, { headers: XHR })).json()) as { dateLineId: number }[];
    const { version } = (await (await page.request.get(`/back/bo/services/${serviceId}`, { headers: XHR })).json()) as { version: number };
    const refused = await page.request.post('/back/bo/serviceDateLines/refuseDate', { headers: XHR, data: { serviceId, dateLineId: line.dateLineId, version, comment: 'Booked that week.' } });
    expect(refused.status(), await refused.text()).toBe(200);

    // Found by its number in the search box, opened from the grid with Enter.
    await page.goto('/services/search');
    await waitForApp(page);
    const keywords = page.getByRole('textbox', { name: en('serviceSearch.keywords') });
    await tabTo(page, keywords, { max: 60 });
    await expectFocusVisible(page, keywords);
    const found = await servicesAfter(page, () => page.keyboard.type(number), (query) => query.get('keywords') === number);
    expect(found.map((service) => service.serviceId)).toEqual([serviceId]);
    const numberCell = page.locator(`.ag-row[row-id="${serviceId}"] [col-id="number"]`);
    await tabTo(page, page.locator('.ag-header-cell').first(), { max: 20 });
    await page.keyboard.press('ArrowDown');
    await arrowRightTo(page, numberCell);
    await expectFocusVisible(page, numberCell);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/services/${serviceId}$`));

    // Request date: the dialog's date field, typed over, then Send; the focus comes back to the button.
    const request = page.getByRole('button', { name: en('serviceSheet.dateLines.requestDate') });
    await tabAndPress(page, request, 'Enter', { max: 80 });
    const propose = page.getByRole('dialog').filter({ hasText: en('serviceSheet.dateLines.proposeHelp') });
    const start = propose.getByRole('textbox', { name: en('serviceDateLine.startDate'), exact: true });
    await tabTo(page, start, { max: 10 });
    await expectFocusVisible(page, start);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(new Date(`${futureDay(10)}T12:00:00`).toLocaleDateString('en-GB'));
    const end = propose.getByRole('textbox', { name: en('serviceDateLine.endDate'), exact: true });
    await tabTo(page, end, { max: 5 });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(new Date(`${futureDay(11)}T12:00:00`).toLocaleDateString('en-GB'));
    const sent = page.waitForRequest((sending) => sending.url().endsWith('/back/bo/serviceDateLines/requestDate'));
    await tabAndPress(page, propose.getByRole('button', { name: en('serviceSheet.dateLines.send') }), 'Enter', { max: 10 });
    expect((await sent).postDataJSON()).toMatchObject({ serviceId, startDate: futureDay(10), endDate: futureDay(11) });
    await expect(propose).toHaveCount(0);
    const lines = page.getByTestId('date-lines').getByTestId('date-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toContainText(en('enum.dateLineStatus.PROPOSED'));
    await expectFocusVisible(page, request);
  });

  test('creates a CAPA and attaches a file', async ({ page }) => {
    await signIn(page, ACCOUNTS.quality);
    await page.goto('/capas/capa/search');
    await waitForApp(page);
    const chooser = nextFileChooser(page);
    const title = `Keyboard containment ${Date.now() % 100000}`;
    const newButton = page.getByRole('button', { name: en('engine.action.new'), exact: true });
    await tabAndPress(page, newButton, 'Enter', { max: 60 });
    const form = sheet(page);
    // The sheet's code is loaded on its first opening: slow on a busy machine.
    await expect(form).toBeVisible({ timeout: 30_000 });

    // The fields in reading order: title, type (a select opened with the arrows), start date.
    const titleField = form.locator('#sheet_title');
    await tabTo(page, titleField, { max: 10 });
    await expectFocusVisible(page, titleField);
    await page.keyboard.type(title);
    const type = form.locator('#sheet_capaType');
    await tabTo(page, type, { max: 3 });
    await expectFocusVisible(page, type);
    await arrowTo(page, page.getByRole('option', { name: en('enum.capaType.CONTAINMENT'), exact: true }));
    await page.keyboard.press('Enter');
    await expect(type).toHaveValue(en('enum.capaType.CONTAINMENT'));
    const start = form.locator('#sheet_startDate');
    await tabTo(page, start, { max: 5 });
    await expectFocusVisible(page, start);
    await page.keyboard.type(new Date(`${today()}T12:00:00`).toLocaleDateString('en-GB'));
    const created = page.waitForResponse((response) => new URL(response.url()).pathname === '/back/bo/capas' && response.request().method() === 'POST');
    await tabAndPress(page, form.getByRole('button', { name: en('engine.action.save') }), 'Enter', { max: 40 });
    expect((await created).status()).toBe(201);
    await expect(form.locator('.mantine-Modal-title')).toContainText(title);

    // The drop zone opens the file chooser from the keyboard too (the chooser itself is the system's, not the page's).
    const drop = form.getByTestId('attachments-dropzone');
    await tabTo(page, drop, { max: 60 });
    await expectFocusVisible(page, drop);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(onDisk('keyboard-defect.png', png(64, 48, [40, 120, 200])));
    const rows = form.getByTestId('attachment-row');
    await expect(rows.filter({ hasText: 'keyboard-defect.png' })).toHaveCount(1, { timeout: 30_000 });

    // Escape closes the sheet; the focus is back on the New button that opened it.
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expectFocusVisible(page, newButton);
  });

  test('adds a fee line, edits it in the lines grid and asks for validation', async ({ page }) => {
    await signIn(page, ACCOUNTS.inspector);
    const me = (await (await page.request.get('/back/auth/profile')).json()) as { contactId: number; userFullName: string };
    await page.goto(`/billing/fees/create?contactId=${me.contactId}&reference=KEYS-FEE`);
    await waitForApp(page);
    await expect(page.locator('#record_reference')).toHaveValue('KEYS-FEE');

    // A line through the line dialog: date and contributor first, then an amount.
    const add = page.getByRole('button', { name: en('engine.lines.add') });
    await tabAndPress(page, add, 'Enter', { max: 60 });
    const dialog = page.getByRole('dialog', { name: en('engine.lines.newLine') });
    const date = dialog.locator('#line_date');
    await tabTo(page, date, { max: 5 });
    await expectFocusVisible(page, date);
    await page.keyboard.type('05/11/2026');
    const contributors = dialog.locator('#line_contributors');
    await tabTo(page, contributors, { max: 5 });
    await expectFocusVisible(page, contributors);
    await page.keyboard.type(me.userFullName.split(' ')[0]);
    await arrowTo(page, page.getByRole('option', { name: new RegExp(me.userFullName) }).first());
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    const hotel = dialog.locator('#line_hotel');
    await expect(hotel).toBeEnabled();
    await tabTo(page, hotel, { max: 30 });
    await page.keyboard.type('80');
    await tabAndPress(page, dialog.getByRole('button', { name: en('engine.lines.keep') }), 'Enter', { max: 30 });
    await expect(dialog).toHaveCount(0);
    await expectFocusVisible(page, add);

    // In the grid: into its header, down to the line, right to the hotel cell, Enter to edit, Enter to keep.
    const lines = page.getByRole('region', { name: en('fee.feeLines') });
    await tabTo(page, lines.locator('.ag-header-cell').first(), { max: 10 });
    await page.keyboard.press('ArrowDown');
    const hotelCell = lines.locator('.ag-row:not(.ag-row-pinned) [col-id="hotel"]').first();
    await arrowRightTo(page, hotelCell);
    await expectFocusVisible(page, hotelCell);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('95');
    await page.keyboard.press('Enter');
    await expect(hotelCell).toHaveText('95.00');
    await expect(lines.locator('.ag-row-pinned [col-id="total"]')).toHaveText('95.00');

    // Saved, then sent for validation, from the keyboard.
    const created = page.waitForResponse((response) => response.url().endsWith('/back/bo/fee') && response.request().method() === 'POST');
    await tabAndPress(page, page.getByRole('button', { name: en('engine.action.save'), exact: true }), 'Enter', { max: 60, back: true });
    expect((await created).status()).toBe(201);
    await expect(page.getByTestId('record-status')).toHaveText(en('enum.feeStatus.CREATED'));
    await tabAndPress(page, page.getByRole('button', { name: en('workflow.fee.REQUEST_VALIDATION') }), 'Enter', { max: 60 });
    await expect(page.getByTestId('record-status')).toHaveText(en('enum.feeStatus.TOVALIDATE'));
  });

  test('steps through the report wizard', async ({ page }) => {
    await signIn(page, ACCOUNTS.inspector);
    const service = await serviceWithoutReport(page);
    await page.goto(`/services/${service}/report`);
    await waitForApp(page);
    const step = (name: string) => expect(page.locator(`[data-active-step="${name}"]`)).toBeVisible();
    const next = page.getByRole('button', { name: en('engine.wizard.next') });

    // Quantities: typed into the lines grid, reached by Tab and the arrows.
    await step('quantities');
    const firstRow = page.locator('.ag-row:not(.ag-row-pinned)').first();
    await tabTo(page, page.locator('.ag-header-cell').first(), { max: 60 });
    await page.keyboard.press('ArrowDown');
    for (const [field, value] of [['presentedQuantity', '1000'], ['inspectedQuantity', '80']]) {
      const target = firstRow.locator(`[col-id="${field}"]`);
      await arrowRightTo(page, target);
      await expectFocusVisible(page, target);
      await page.keyboard.press('Enter');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(value);
      await page.keyboard.press('Enter');
    }
    await expect(firstRow.locator('[col-id="presentedQuantity"]')).toHaveText('1,000');
    await expect(firstRow.locator('[col-id="inspectedQuantity"]')).toHaveText('80');
    await tabAndPress(page, next, 'Enter', { max: 40 });

    // AQL: the major AQL chosen with the arrows.
    await step('aql');
    const major = page.getByRole('combobox', { name: 'Major AQL' });
    await tabTo(page, major, { max: 40, back: true });
    await expectFocusVisible(page, major);
    await arrowTo(page, page.getByRole('option', { name: '1.0', exact: true }));
    await page.keyboard.press('Enter');
    await expect(major).toHaveValue('1.0');
    await tabAndPress(page, next, 'Enter', { max: 40 });

    // Defects: one from the library, found by typing, with its count.
    await step('defects');
    const library = page.getByRole('combobox', { name: 'Add a defect from the library' });
    await tabTo(page, library, { max: 40, back: true });
    await expectFocusVisible(page, library);
    await page.keyboard.type('WRK-01');
    await arrowTo(page, page.getByRole('option', { name: /WRK-01/ }).first());
    await page.keyboard.press('Enter');
    const defect = page.getByTestId('report-defect');
    await expect(defect).toHaveCount(1);
    const count = defect.getByRole('textbox', { name: 'Count' });
    await tabTo(page, count, { max: 20 });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1');
    await tabAndPress(page, next, 'Enter', { max: 40 });

    // Conclusion, then the summary and Create.
    await step('conclusion');
    const conclusion = page.getByRole('textbox', { name: 'Conclusion' });
    await tabTo(page, conclusion, { max: 40, back: true });
    await expectFocusVisible(page, conclusion);
    await page.keyboard.type('Typed with the keyboard only.');
    await tabAndPress(page, next, 'Enter', { max: 40 });
    await step('summary');
    await tabAndPress(page, page.getByRole('button', { name: 'Create' }), 'Enter', { max: 40 });
    await expect(page).toHaveURL(new RegExp(`/services/${service}$`));
    const report = (await (await page.request.get(`/back/bo/reports/${service}`, { headers: XHR })).json()) as Record<string, unknown>;
    expect(report).toMatchObject({ aql: { major: '1.0' }, conclusion: 'Typed with the keyboard only.' });
  });
});

/** Turns the buyer's two-factor off again (a current code is required), so other specs sign in with the password alone. */
async function offTwoFactor(page: Page, secret: string): Promise<void> {
  const request = page.context().request;
  await request.post('/back/login', { form: { username: ACCOUNTS.buyer, password: DEMO_PASSWORD, code: await generate({ secret }) } });
  const off = await request.post('/back/bo/profile/user/twoFactor/disable', { headers: XHR, data: { code: await generate({ secret }) } });
  expect([200, 409]).toContain(off.status());
}

/** A confirmed inspection with no report yet that the signed-in inspector may write (report-wizard.spec.ts). */
async function serviceWithoutReport(page: Page): Promise<number> {
  const { services } = (await (await page.request.get('/back/bo/services?serviceSteps=CONFIRMED', { headers: XHR })).json()) as { services: { serviceId: number; thirdPartyDepartment: string }[] };
  for (const { serviceId } of services.filter((service) => service.thirdPartyDepartment === 'INSP')) {
    const overview = (await (await page.request.get(`/back/bo/reports/${serviceId}/overview`, { headers: XHR })).json()) as { exists: boolean; rights: { report: string } };
    if (!overview.exists && overview.rights.report === 'WRITE') return serviceId;
  }
  throw new Error('no confirmed inspection without a report in the demo data');
}
