import type { Locator, Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, cell, en, expectSnack, grid, gridHeaders, gridRow, gridRows, pick, resultCount, shot, signIn, today, waitForApp } from './helpers';

/**
 * The service search page (/services/search): the default ±7-day period, a step filter, a saved
 * filter, and the user's priority list (add, reorder, save, reload, remove).
 */
const ROUTE = '/services/search';
const SEARCH = '/back/bo/services/';
const PRIORITY = '/back/bo/services/priority';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

interface Answer {
  services: { serviceId: number; number: string; serviceStep: string; client: number }[];
  hitLimit: boolean;
  /** The caller's company's highest open task level per service (none: no open task). */
  taskLevels: Record<string, string>;
}

/** `today` ± days as YYYY-MM-DD, in the browser's (same machine's) calendar. */
function shiftedDay(days: number): string {
  const [y, m, d] = today().split('-').map(Number);
  const date = new Date(y, m - 1, d + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Runs `action` and waits until the grid shows the search answer matching `match`. */
async function searchAfter(page: Page, action: () => Promise<unknown>, match: (query: URLSearchParams) => boolean = () => true): Promise<Answer> {
  const response = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === SEARCH && r.request().method() === 'GET' && match(url.searchParams);
  });
  await action();
  const answer = await response;
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as Answer;
  expect(Array.isArray(body.services)).toBe(true);
  await expect(resultCount(page)).toHaveText(new RegExp(`^${body.services.length}\\D`));
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(body.services.length + 1));
  return body;
}

const prioritiesPanel = (page: Page) => page.getByRole('complementary', { name: en('serviceSearch.priorities.title') });
const priorityItems = (page: Page) => prioritiesPanel(page).getByRole('listitem');
const priorityItem = (page: Page, number: string) => priorityItems(page).filter({ hasText: number });
const panelButton = (page: Page, key: string) => prioritiesPanel(page).getByRole('button', { name: en(key), exact: true });

/** The ranked numbers as the list shows them, e.g. ["1 S-000004", "2 S-000001"]. */
async function shownOrder(items: Locator): Promise<string[]> {
  return (await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''))) as string[];
}
const expectedOrder = (numbers: string[]) => numbers.map((number, index) => en('serviceSearch.priorities.item', { rank: index + 1, number }));

test.describe('service search', () => {
  test.afterEach(async ({ page }) => {
    // Saved filters and priorities live on the account: leave none behind.
    const filters = await page.request.get('/back/bo/userfilter/service', { headers: XHR });
    if (filters.ok()) for (const filter of (await filters.json()) as { userFilterId: number }[]) await page.request.delete(`/back/bo/userfilter/${filter.userFilterId}`, { headers: XHR });
    await page.request.post(PRIORITY, { headers: XHR, data: [] });
  });

  test('opens from the menu on the ±7-day period, filters by a step and saves the filter', async ({ page }) => {
    // Start elsewhere (the home page may already be the first menu entry), then take the menu.
    await signIn(page, ACCOUNTS.quality);
    await page.goto('/capas');
    await waitForApp(page);
    const menu = page.getByRole('navigation', { name: en('shell.menu') });
    const period = { fromDate: '', toDate: '' };
    const first = await searchAfter(page, () => menu.getByRole('link', { name: en('screen.serviceSearch'), exact: true }).click(), (query) => {
      period.fromDate = query.get('fromDate') ?? '';
      period.toDate = query.get('toDate') ?? '';
      return true;
    });
    expect(period).toEqual({ fromDate: shiftedDay(-7), toDate: shiftedDay(7) });
    await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
    // The header's title is the screen's: the page does not repeat it.
    await expect(page.getByTestId('page-title')).toHaveText(en('screen.serviceSearch'));
    await expect(page.getByRole('heading', { name: en('screen.serviceSearch'), exact: true })).toHaveCount(1);
    expect(first.services.length, 'the demo seed has services around today').toBeGreaterThan(2);
    expect(first.hitLimit).toBe(false);
    await expect(page.getByRole('status').filter({ hasText: en('engine.search.hitLimit') })).toHaveCount(0);

    // Labels, never keys; names, never ids.
    const headers = await gridHeaders(page);
    for (const key of ['engine.grid.actions', 'service.number', 'service.type', 'service.serviceStep', 'service.client']) expect(headers).toContain(en(key));
    // Rows are keyed by service id (their text changes as the grid scrolls sideways).
    const row = page.locator(`.ag-row[row-id="${first.services[0].serviceId}"]`);
    await expect(cell(row, 'number')).toHaveText(first.services[0].number);
    await expect(cell(row, 'client')).not.toHaveText(/^#?\d*$/);
    await expect(cell(row, 'client')).not.toHaveText(/#\d+/);
    await expect(cell(row, 'serviceStep')).toHaveText(en(`enum.serviceStep.${first.services[0].serviceStep}`));
    await expect(row.getByRole('button', { name: en('serviceSearch.priorities.add') })).toBeVisible();
    await shot(page, 'services-search');
    // The right-hand columns (rendered once scrolled to): task level as a label, PO numbers.
    await page.locator('.ag-body-horizontal-scroll-viewport').evaluate((viewport) => (viewport.scrollLeft = viewport.scrollWidth));
    await expect(page.locator('.ag-header-cell[col-id="poNumbers"]')).toHaveText(en('serviceSearch.column.poNumbers'));
    expect(await gridHeaders(page)).toContain(en('serviceSearch.column.taskLevel'));
    const level = first.taskLevels[String(first.services[0].serviceId)];
    await expect(cell(row, 'taskLevel')).toHaveText(level ? en(`enum.taskLevel.${level}`) : '');
    await expect(cell(row, 'poNumbers')).toHaveText(/\S/);
    await shot(page, 'services-search-right-columns');
    await expect(page.getByRole('link', { name: en('serviceSearch.newService') })).toHaveAttribute('href', '/services/wizard');

    // Filter by the step of the first service: only that step is listed.
    const step = first.services[0].serviceStep;
    await page.getByRole('button', { name: en('engine.search.filters'), exact: true }).click();
    const panel = page.getByRole('complementary', { name: en('engine.search.filters') });
    await pick(page, panel.getByRole('combobox', { name: en('service.search.serviceSteps') }), en(`enum.serviceStep.${step}`));
    await shot(page, 'services-search-filter-panel');
    const filtered = await searchAfter(page, () => panel.getByRole('button', { name: en('engine.search.apply') }).click(), (query) => query.getAll('serviceSteps').join() === step);
    expect(filtered.services.length).toBeGreaterThan(0);
    expect(filtered.services.length).toBeLessThanOrEqual(first.services.length);
    expect(filtered.services.every((service) => service.serviceStep === step)).toBe(true);
    for (const text of await gridRows(page).locator('[col-id="serviceStep"]').allInnerTexts()) expect(text.trim()).toBe(en(`enum.serviceStep.${step}`));
    // Flags left false are not filters: the Filters button counts one.
    await expect(page.getByRole('button', { name: new RegExp(`^${en('engine.search.filters')}\\s*1$`) })).toBeVisible();
    await panel.getByRole('button', { name: en('engine.action.close') }).click();

    // Save it under a name: stored as a "service" filter with the step only.
    const name = 'One step';
    const menuButton = page.getByRole('toolbar').getByRole('button', { name: en('engine.filters.title') });
    await menuButton.click();
    const filterMenu = page.getByRole('dialog').filter({ hasText: en('engine.filters.title') });
    await filterMenu.getByRole('textbox', { name: en('engine.filters.saveAs') }).fill(name);
    await filterMenu.getByRole('button', { name: en('engine.action.save'), exact: true }).click();
    await expectSnack(page, en('engine.filters.created'));
    const saved = await (await page.request.get('/back/bo/userfilter/service', { headers: XHR })).json();
    expect(saved.map((filter: { name: string; filter: unknown }) => [filter.name, filter.filter])).toEqual([[name, { serviceSteps: [step] }]]);
    await shot(page, 'services-search-saved-filter');
    await page.keyboard.press('Escape');

    // After a reload (no filter), choosing the saved filter searches that step again.
    const reloaded = await searchAfter(page, () => page.reload());
    expect(reloaded.services.length).toBe(first.services.length);
    await menuButton.click();
    const again = await searchAfter(page, () => filterMenu.getByRole('button', { name, exact: true }).click(), (query) => query.getAll('serviceSteps').join() === step);
    expect(again.services.map((s) => s.serviceId)).toEqual(filtered.services.map((s) => s.serviceId));
    await page.keyboard.press('Escape');

    // The search box adds keywords to the filter once typing pauses.
    const wanted = filtered.services[0].number;
    const byNumber = await searchAfter(page, () => page.getByRole('textbox', { name: en('serviceSearch.keywords') }).fill(wanted), (query) => query.get('keywords') === wanted);
    expect(byNumber.services.map((s) => s.number)).toEqual([wanted]);
  });

  test('says how many services the date window hides, and the link widens it to every date', async ({ page }) => {
    await signIn(page, ACCOUNTS.quality);
    const windowed = page.waitForResponse((r) => new URL(r.url()).pathname === SEARCH && new URL(r.url()).searchParams.has('fromDate'));
    const shown = await searchAfter(page, () => page.goto(ROUTE), (query) => query.has('fromDate'));
    const hidden = Number((await windowed).headers()['x-outside-window']);
    const all = ((await (await page.request.get(SEARCH)).json()) as Answer).services.length;
    expect(hidden, 'the demo seed has services outside ±7 days').toBeGreaterThan(0);
    expect(hidden).toBe(all - shown.services.length);
    const hint = page.getByTestId('window-hint');
    await expect(hint).toContainText(en('engine.search.outside', { count: hidden }));
    await shot(page, 'services-search-window-hint');

    const widened = await searchAfter(page, () => hint.getByRole('button', { name: en('engine.search.widen') }).click(), (query) => !query.has('fromDate'));
    expect(widened.services.length).toBe(all);
    await expect(hint).toBeHidden();
  });

  test('ranks priorities: add three, move the third to the top, save, reload, remove one', async ({ page }) => {
    await signIn(page, ACCOUNTS.quality);
    await page.request.post(PRIORITY, { headers: XHR, data: [] });
    const loadedList = page.waitForResponse((r) => new URL(r.url()).pathname === PRIORITY && r.request().method() === 'GET');
    const answer = await searchAfter(page, () => page.goto(ROUTE));
    await loadedList;
    await expect(prioritiesPanel(page).getByText(en('serviceSearch.priorities.empty'))).toBeVisible();
    await expect(panelButton(page, 'serviceSearch.priorities.save')).toBeDisabled();
    const [a, b, c] = answer.services.slice(0, 3).map((service) => service.number);

    // Add three services from their rows: each goes to the end of the list.
    for (const number of [a, b, c]) await gridRow(page, number).getByRole('button', { name: en('serviceSearch.priorities.add') }).click();
    expect(await shownOrder(priorityItems(page))).toEqual(expectedOrder([a, b, c]));
    await expect(prioritiesPanel(page).getByText(en('serviceSearch.priorities.unsaved'))).toBeVisible();

    // A service already ranked is not added twice.
    await gridRow(page, a).getByRole('button', { name: en('serviceSearch.priorities.add') }).click();
    await expectSnack(page, en('serviceSearch.priorities.already', { number: a }));
    await expect(priorityItems(page)).toHaveCount(3);

    // Move the third to the top.
    const third = priorityItem(page, c);
    await expect(third.getByRole('button', { name: en('serviceSearch.priorities.moveDown') })).toBeDisabled();
    await third.getByRole('button', { name: en('serviceSearch.priorities.moveUp') }).click();
    await priorityItem(page, c).getByRole('button', { name: en('serviceSearch.priorities.moveUp') }).click();
    expect(await shownOrder(priorityItems(page))).toEqual(expectedOrder([c, a, b]));
    await expect(priorityItem(page, c).getByRole('button', { name: en('serviceSearch.priorities.moveUp') })).toBeDisabled();
    await shot(page, 'services-priorities-unsaved');

    // Save: the server stores ranks 1..3 in that order.
    const posted = page.waitForResponse((r) => new URL(r.url()).pathname === PRIORITY && r.request().method() === 'POST');
    await panelButton(page, 'serviceSearch.priorities.save').click();
    const saveAnswer = await posted;
    expect(saveAnswer.status()).toBe(200);
    const sent = saveAnswer.request().postDataJSON() as { service: { serviceId: number }; priority: number }[];
    const idOf = (number: string) => answer.services.find((s) => s.number === number)!.serviceId;
    expect(sent).toEqual([c, a, b].map((number, index) => ({ service: { serviceId: idOf(number) }, priority: index + 1 })));
    await expectSnack(page, en('serviceSearch.priorities.saved'));
    await expect(panelButton(page, 'serviceSearch.priorities.save')).toBeDisabled();
    await expect(prioritiesPanel(page).getByText(en('serviceSearch.priorities.unsaved'))).toHaveCount(0);

    // Reload: the saved order comes back from the server.
    const reloadedList = page.waitForResponse((r) => new URL(r.url()).pathname === PRIORITY && r.request().method() === 'GET');
    await page.reload();
    await reloadedList;
    await expect(priorityItems(page)).toHaveCount(3);
    expect(await shownOrder(priorityItems(page))).toEqual(expectedOrder([c, a, b]));
    await expect(priorityItem(page, c).getByRole('link', { name: c })).toHaveAttribute('href', `/services/${idOf(c)}`);
    await shot(page, 'services-priorities-saved');

    // Remove the second: the rest is renumbered from 1; discard brings it back, save stores it.
    await priorityItem(page, a).getByRole('button', { name: en('serviceSearch.priorities.remove') }).click();
    expect(await shownOrder(priorityItems(page))).toEqual(expectedOrder([c, b]));
    await panelButton(page, 'serviceSearch.priorities.discard').click();
    expect(await shownOrder(priorityItems(page))).toEqual(expectedOrder([c, a, b]));
    await priorityItem(page, a).getByRole('button', { name: en('serviceSearch.priorities.remove') }).click();
    expect(await shownOrder(priorityItems(page))).toEqual(expectedOrder([c, b]));
    await shot(page, 'services-priorities-removed');
    const savedAgain = page.waitForResponse((r) => new URL(r.url()).pathname === PRIORITY && r.request().method() === 'POST');
    await panelButton(page, 'serviceSearch.priorities.save').click();
    expect((await savedAgain).status()).toBe(200);
    const stored = (await (await page.request.get(PRIORITY, { headers: XHR })).json()) as { service: { serviceId: number }; priority: number }[];
    expect(stored.map((p) => [p.service.serviceId, p.priority])).toEqual([[idOf(c), 1], [idOf(b), 2]]);

    // Clearing asks first, then empties the list.
    await panelButton(page, 'serviceSearch.priorities.clear').click();
    await page.getByRole('alertdialog').getByRole('button', { name: en('serviceSearch.priorities.clear') }).click();
    await expect(priorityItems(page)).toHaveCount(0);
    await expect(panelButton(page, 'serviceSearch.priorities.save')).toBeEnabled();
  });
});
