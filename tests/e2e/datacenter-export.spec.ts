import type { Download, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './axe';
import { ACCOUNTS, labels, login, restoreEnglishAfterAll, setAccountLocale, shot } from './helpers';
import { expectNoOverflow } from './overflow';

/**
 * The datacenter's exports and its KPI builder, as the administrator, in English, French and
 * Italian at 1024 px and 1440 px with the overflow check: each export downloads a workbook made in
 * the browser whose rows are read back here and compared with the call's answer; the builder's
 * table and chart match the dynamic KPI's answer; a builder configuration saved as a `kpiGenerate`
 * filter opens again with its grouping and measure.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const WIDTHS = [1024, 1440];
type Locale = 'en' | 'fr' | 'it';
type Row = Record<string, unknown>;

async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page, `${name} at ${width} px`);
  }
}

/** The header names the datacenter, the area the page belongs to; the page names itself. */
async function expectTitled(page: Page, say: (key: string) => string, title: string): Promise<void> {
  await expect(page.getByTestId('page-title')).toHaveText(say('screen.datacenter'));
  await expect(page.getByRole('heading', { name: say(title), exact: true })).toBeVisible();
}

/** The first sheet's rows as texts (numbers as they are), the header first. */
async function workbookRows(download: Download): Promise<unknown[][]> {
  expect(download.suggestedFilename()).toMatch(/^\d{8}_\d{6}_.+\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const values = workbook.worksheets[0].getSheetValues() as unknown[][];
  return values.filter(Boolean).map((row) => Array.from({ length: row.length - 1 }, (_, index) => row[index + 1] ?? null));
}

/** Presses the export button of a panel and answers the rows of the file it downloads. */
async function exportOf(page: Page, panel: Locator, say: (key: string) => string): Promise<unknown[][]> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), panel.getByRole('button', { name: say('engine.search.export') }).click()]);
  const rows = await workbookRows(download);
  await expect(panel.getByRole('status').filter({ hasText: download.suggestedFilename() })).toBeVisible();
  return rows;
}

const kpiQuery = (url: string) => Object.fromEntries([...new URL(url).searchParams.keys()].map((key) => [key, new URL(url).searchParams.getAll(key)]));

async function apiGet(page: Page, url: string, params: Record<string, string | string[]>): Promise<Row> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const one of [value].flat()) search.append(key, one);
  const response = await page.request.get(`${url}?${search}`, { headers: XHR });
  expect(response.ok(), url).toBeTruthy();
  return (await response.json()) as Row;
}

restoreEnglishAfterAll(ACCOUNTS.admin);

for (const locale of ['en', 'fr', 'it'] as Locale[]) {
  const say = (key: string) => labels[locale][key] ?? key;

  test(`exports of the planning, the KPI tables and the directory in ${locale}`, async ({ page }) => {
    test.setTimeout(180_000);
    await login(page, ACCOUNTS.admin);
    await setAccountLocale(page, locale);

    // The planning: the current month's contributor-days, as the rows call answers them.
    const planningAsked = page.waitForResponse((response) => response.url().includes('/back/bo/pln/planning/rows'));
    await page.goto('/datacenter/export/');
    await expectTitled(page, say, 'screen.datacenterExport');
    const planning = page.getByTestId('export-planning');
    await expect(planning.getByRole('heading', { name: say('datacenterExport.planning.title') })).toBeVisible();
    await checkWidths(page, `${locale} planning export`);
    const planningRows = await exportOf(page, planning, say);
    const asked = await planningAsked;
    const expected = (await apiGet(page, '/back/bo/pln/planning/rows', kpiQuery(asked.url()))).rows as Row[];
    const columns = ['date', 'contributor', 'role', 'service', 'type', 'client', 'site', 'country', 'city'];
    expect(planningRows[0]).toEqual(columns.map((column) => say(`datacenterExport.planning.${column}`)));
    expect(planningRows.length - 1).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
    expect(planningRows.slice(1).map((row) => row.map((value) => value ?? ''))).toEqual(expected.map((row) => columns.map((column) => row[column] ?? '')));
    await checkWidths(page, `${locale} planning exported`);
    await shot(page, `datacenter-export-planning-${locale}`);

    // The KPI table, grouped by supplier: one row per group with its figures.
    await page.getByRole('tab', { name: say('datacenterExport.tab.kpi') }).click();
    const kpi = page.getByTestId('export-kpi');
    await expect(kpi).toBeVisible();
    await page.getByRole('search').getByRole('combobox', { name: say('kpi.groupBy') }).click();
    await page.getByRole('option', { name: say('enum.kpiGrouping.supplier'), exact: true }).click();
    await page.keyboard.press('Escape');
    const kpiAsked = page.waitForResponse((response) => response.url().includes('/back/bo/kpi/generate'));
    const kpiRows = await exportOf(page, kpi, say);
    const kpiUrl = (await kpiAsked).url();
    expect(kpiUrl).toContain('groupBy=supplier');
    const groups = (await apiGet(page, '/back/bo/kpi/generate', kpiQuery(kpiUrl))).rows as { label: string; figures: { services: number; inspections: number } }[];
    expect(groups.length).toBeGreaterThan(1);
    expect(kpiRows[0].slice(0, 3)).toEqual([say('kpiBuilder.group'), say('kpiBuilder.measure.services'), say('kpiBuilder.measure.inspections')]);
    expect(kpiRows.slice(1).map((row) => row.slice(0, 3))).toEqual(groups.map((group) => [group.label, group.figures.services, group.figures.inspections]));
    await checkWidths(page, `${locale} KPI export`);
    await shot(page, `datacenter-export-kpi-${locale}`);

    // The contacts directory (an administrator's tab).
    await page.getByRole('tab', { name: say('datacenterExport.tab.directory') }).click();
    const directory = page.getByTestId('export-directory');
    const directoryRows = await exportOf(page, directory, say);
    expect(directoryRows[0]).toEqual(['contact.companyId', 'contact.lastName', 'contact.firstName', 'contact.email', 'contact.position', 'contact.phone', 'contact.language'].map(say));
    expect(directoryRows.map((row) => row[3])).toContain(ACCOUNTS.admin);
    await checkWidths(page, `${locale} directory export`);
  });

  test(`the KPI builder's table and chart, and a saved kpiGenerate filter, in ${locale}`, async ({ page }) => {
    test.setTimeout(180_000);
    await login(page, ACCOUNTS.admin);
    await setAccountLocale(page, locale);
    const first = page.waitForResponse((response) => response.url().includes('/back/bo/kpi/generate'));
    await page.goto('/datacenter/search');
    await expectTitled(page, say, 'screen.datacenterSearch');
    await first;

    // Grouped by service type, the measure the pass rate.
    const byType = page.waitForResponse((response) => response.url().includes('/back/bo/kpi/generate') && response.url().includes('groupBy=type'));
    await page.getByRole('search').getByRole('combobox', { name: say('kpi.groupBy') }).click();
    await page.getByRole('option', { name: say('enum.kpiGrouping.period'), exact: true }).click();
    await page.getByRole('option', { name: say('enum.kpiGrouping.type'), exact: true }).click();
    await page.keyboard.press('Escape');
    const answer = (await (await byType).json()) as { rows: { label: string; figures: { services: number; resultRate: number | null } }[] };
    expect(answer.rows.length).toBeGreaterThan(1);
    await page.getByRole('combobox', { name: say('kpiBuilder.measure') }).click();
    await page.getByRole('option', { name: say('kpiBuilder.measure.resultRate'), exact: true }).click();

    // The table: one row per group, its label and services as the call answers.
    const table = page.getByRole('table', { name: say('kpiBuilder.table') });
    await expect(table.locator('tbody tr')).toHaveCount(answer.rows.length);
    const number = new Intl.NumberFormat(locale, { useGrouping: 'always' } as Intl.NumberFormatOptions);
    for (const [index, row] of answer.rows.entries()) {
      const cells = table.locator('tbody tr').nth(index).locator('td');
      await expect(cells.nth(0)).toHaveText(row.label);
      await expect(cells.nth(1)).toHaveText(number.format(row.figures.services));
    }
    // The chart: a bar per group with a rate, the groups on its axis.
    const chart = page.getByTestId('kpi-chart');
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
    const rated = answer.rows.filter((row) => row.figures.resultRate !== null);
    await expect.poll(() => chart.locator('.recharts-bar-rectangle').count()).toBe(rated.length);
    const axisTexts = await chart.locator('svg text').allTextContents();
    for (const row of answer.rows) expect(axisTexts).toContain(row.label);
    await expect(chart).toContainText(' %');
    // A bar's tooltip names the measure (its series is a dotted path of the rows).
    await chart.locator('.recharts-bar-rectangle').first().hover();
    await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText(say('kpiBuilder.measure.resultRate'));
    await page.mouse.move(0, 0);
    await checkWidths(page, `${locale} KPI builder`);
    await shot(page, `datacenter-search-${locale}`);

    // Saved as a filter of its own type, then opened again on a fresh page.
    const name = `KPI ${locale} by type`;
    await page.getByRole('button', { name: say('engine.filters.title') }).click();
    const menu = page.getByRole('dialog').filter({ hasText: say('engine.filters.title') });
    await menu.getByRole('textbox').fill(name);
    const saved = page.waitForResponse((response) => response.url().includes('/back/bo/userfilter/kpiGenerate') && response.request().method() === 'POST');
    await menu.getByRole('textbox').press('Enter');
    const stored = (await (await saved).json()) as { filter: Row; type: string; userFilterId: number };
    expect(stored.type).toBe('kpiGenerate');
    expect(stored.filter).toMatchObject({ groupBy: ['type'], measure: 'resultRate' });
    await page.keyboard.press('Escape');

    await page.goto('/datacenter/search');
    await expectTitled(page, say, 'screen.datacenterSearch');
    await expect(page.getByRole('combobox', { name: say('kpiBuilder.measure') })).toHaveValue(say('kpiBuilder.measure.services'));
    const reopened = page.waitForResponse((response) => response.url().includes('/back/bo/kpi/generate') && response.url().includes('groupBy=type'));
    await page.getByRole('button', { name: say('engine.filters.title') }).click();
    await page.getByRole('dialog').getByText(name, { exact: true }).click();
    await reopened;
    await page.keyboard.press('Escape');
    await expect(page.getByRole('combobox', { name: say('kpiBuilder.measure') })).toHaveValue(say('kpiBuilder.measure.resultRate'));
    await expect(table.locator('tbody tr')).toHaveCount(answer.rows.length);
    await checkWidths(page, `${locale} KPI builder reopened`);
    // The next language's run saves the same configuration: this one goes (an identical filter is refused).
    expect((await page.request.delete(`/back/bo/userfilter/${stored.userFilterId}`, { headers: XHR })).ok()).toBeTruthy();
  });
}

test('a large export is built off the page with its progress, and can be cancelled', async ({ page }) => {
  test.setTimeout(180_000);
  const say = (key: string) => labels.en[key] ?? key;
  await login(page, ACCOUNTS.admin);
  await setAccountLocale(page, 'en');
  // The rows call answers many contributor-days: what the browser does with them is under test.
  let count = 60_000;
  await page.route('**/back/bo/pln/planning/rows**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ rows: Array.from({ length: count }, (_, index) => ({ date: '2026-11-02', contributor: `Inspector ${index}`, role: 'Leader', service: String(100000 + index) })) }),
    }),
  );
  await page.goto('/datacenter/export/');
  const planning = page.getByTestId('export-planning');
  await planning.getByRole('button', { name: say('engine.search.export') }).click();
  const progress = planning.getByTestId('export-progress');
  await expect(progress.getByRole('progressbar')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'datacenter-export-progress-en');
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await progress.getByRole('button', { name: say('engine.export.cancel') }).click();
  await expect(planning.getByRole('status').filter({ hasText: say('engine.export.cancelled') })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(downloaded).toBe(false);

  // Fewer rows, still past the worker's threshold: the whole file arrives.
  count = 5_000;
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), planning.getByRole('button', { name: say('engine.search.export') }).click()]);
  const rows = await workbookRows(download);
  expect(rows).toHaveLength(5_001);
  expect(rows[5_000].slice(0, 4)).toEqual(['2026-11-02', 'Inspector 4999', 'Leader', '104999']);
});
