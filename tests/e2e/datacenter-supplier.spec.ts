import type { Page, Response } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, grid, labels, resultCount, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';
import { expectNoOverflow } from './overflow';

/**
 * The supplier KPI page of the datacenter (schemas/screens/kpiSupplier.json) as the brand's
 * quality manager: its figures, charts, ranking, compare and heatmap in English, French and
 * Italian at 1024 and 1440 px with nothing cut; a click on a month's bar opening the service
 * search filtered to exactly the services that bar counts; two quarters, then two seasons, compared. The figures
 * asserted are the KPI calls' answers for the same data (docs/kpis.md), never constants.
 */
const PAGE = '/datacenter/kpi/supplier';
const KPI = '/back/bo/kpi/supplier';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const LOCALES = ['en', 'fr', 'it'] as const;
type Locale = (typeof LOCALES)[number];

interface Figures {
  services: number;
  resultRate: number | null;
}
interface Series extends Figures {
  period: string;
}

const label = (locale: Locale, key: string) => {
  const text = labels[locale][key];
  if (text === undefined) throw new Error(`no ${locale} label for ${key}`);
  return text;
};
const panel = (page: Page, kind: string, title: string) => page.locator(`[data-panel-kind="${kind}"]`).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const kpi = async <T,>(page: Page, call: string, params: Record<string, string> = {}): Promise<T> => {
  const reply = await page.request.get(`${KPI}/${call}`, { headers: XHR, params });
  expect(reply.status(), await reply.text()).toBe(200);
  return (await reply.json()) as T;
};
/** Every panel has its data (no loader left). */
const settled = async (page: Page) => {
  await expect(page.locator('[data-panel-kind="figures"] [data-figure]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-panel-kind] .mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
};
const number = (locale: Locale, value: number, digits = 0) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits, useGrouping: 'always' } as Intl.NumberFormatOptions).format(value);

test.describe('datacenter: supplier KPIs', () => {
  restoreEnglishAfterAll(ACCOUNTS.quality);

  test('the page in English, French and Italian at 1024 and 1440 px, nothing cut', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, ACCOUNTS.quality);
    const overview = await kpi<{ totals: Figures; suppliers: { name: string; figures: Figures }[] }>(page, 'overview');
    const heatmap = await kpi<{ start: string; series: Series[] }>(page, 'heatmap');
    expect(overview.totals.services, 'the demo seed has services in the last six months').toBeGreaterThan(0);
    for (const locale of LOCALES) {
      await setAccountLocale(page, locale);
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        // Loaded once in the language (the app reads it when it starts); the wider window is the same page resized.
        if (width === 1024) {
          await page.goto(PAGE);
          await waitForApp(page);
        }
        // The header names the datacenter, the area the page belongs to; the page names itself.
        await expect(page.getByTestId('page-title')).toHaveText(label(locale, 'screen.datacenter'));
        await expect(page.getByRole('heading', { name: label(locale, 'screen.kpiSupplier'), exact: true })).toBeVisible();
        await settled(page);
        // The overview's figures in the screen's language.
        const figures = page.locator('[data-panel-kind="figures"]');
        await expect(figures.locator('[data-figure="services"]')).toContainText(label(locale, 'kpi.figure.services'));
        await expect(figures.locator('[data-figure="services"]')).toContainText(number(locale, overview.totals.services));
        if (overview.totals.resultRate !== null) await expect(figures.locator('[data-figure="resultRate"]')).toContainText(`${number(locale, overview.totals.resultRate * 100, 1)} %`);
        // Charts drawn, with their legends as labels.
        await expect(panel(page, 'chart', label(locale, 'kpi.chart.services.title')).locator('.recharts-bar-rectangle').first()).toBeVisible();
        await expect(panel(page, 'chart', label(locale, 'kpi.chart.decisions.title'))).toContainText(label(locale, 'enum.clientDecision.SUBJECTED'));
        // The ranking lists every supplier of the overview, first the one with most services.
        const ranking = page.getByRole('table', { name: label(locale, 'kpi.ranking.title') });
        await expect(ranking.locator('tbody tr')).toHaveCount(overview.suppliers.length);
        await expect(ranking.locator('tbody tr').first()).toContainText(overview.suppliers[0].name);
        // The heatmap: the year's days, their values written in the cells, a legend.
        const map = page.locator('[data-panel-kind="heatmap"]');
        const busiest = heatmap.series.reduce((best, day) => (day.services > best.services ? day : best));
        await expect(map.locator(`[data-day="${busiest.period}"]`)).toHaveText(number(locale, busiest.services));
        await expect(map.getByRole('listitem')).not.toHaveCount(0);
        await expectNoOverflow(page, `${locale} ${width}px`);
        // No panel heading, table heading or link is wider than its box.
        const cut = await page.locator('[data-panel-kind] h3, [data-panel-kind] th, [data-panel-kind] a, [data-figure] p').evaluateAll((nodes) =>
          nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent),
        );
        expect(cut, `${locale} ${width}px`).toEqual([]);
        await shot(page, `datacenter-supplier-${locale}-${width}`);
      }
    }
    await setAccountLocale(page, 'en');
  });

  test("a click on a month's bar opens the search with exactly the services it counts", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ACCOUNTS.quality);
    const chart = await kpi<{ start: string; end: string; series: Series[] }>(page, 'chart');
    await page.goto(PAGE);
    await waitForApp(page);
    await settled(page);
    const bars = panel(page, 'chart', label('en', 'kpi.chart.services.title')).locator('.recharts-bar-rectangle path');
    await expect(bars.first()).toBeVisible();
    // The tallest bar: the month with most services.
    const heights = await bars.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().height));
    const tallest = heights.indexOf(Math.max(...heights));
    const answer = page.waitForResponse((response: Response) => new URL(response.url()).pathname === '/back/bo/services/' && response.request().method() === 'GET');
    await bars.nth(tallest).click();
    await expect(page).toHaveURL(/\/services\/search\?/);
    const address = new URL(page.url()).searchParams;
    const month = address.get('fromDate')!.slice(0, 7);
    const counted = chart.series.find((row) => row.period === month);
    expect(counted, `the bar clicked is a month of the chart: ${month}`).toBeDefined();
    expect(counted!.services).toBe(Math.max(...chart.series.map((row) => row.services)));
    // The month, cut to the chart's period, and no cancelled service.
    expect(address.get('fromDate')! >= chart.start && address.get('toDate')! <= chart.end).toBe(true);
    expect(address.getAll('serviceSteps')).not.toContain('CANCELLED');
    const reply = await answer;
    expect(new URL(reply.url()).searchParams.get('fromDate')).toBe(address.get('fromDate'));
    const { services } = (await reply.json()) as { services: { serviceId: number; startDate: string; serviceStep: string }[] };
    // Exactly the services of the figure: as many, each started in that month and not cancelled.
    expect(services.length).toBe(counted!.services);
    for (const service of services) {
      expect(service.startDate.slice(0, 7)).toBe(month);
      expect(service.serviceStep).not.toBe('CANCELLED');
    }
    await expect(resultCount(page)).toHaveText(new RegExp(`^${services.length}\\D`));
    await expect(grid(page)).toHaveAttribute('aria-rowcount', String(services.length + 1));
    // The search says why: its filter panel shows the start-date rule checked (and fits at 1024 px).
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.getByRole('button', { name: new RegExp(`^${label('en', 'engine.search.filters')}`) }).click();
    const started = page.getByRole('complementary', { name: label('en', 'engine.search.filters') }).getByRole('switch', { name: label('en', 'service.search.startedInPeriod') });
    await expect(started).toBeChecked();
    await started.scrollIntoViewIfNeeded();
    await expectNoOverflow(page, 'search opened by a bar, 1024px');
    await shot(page, 'datacenter-supplier-through');
    const clicked = page.url();

    // Without a mouse: Tab from the chart's title reaches the bars, each a link named by what it opens, ringed while focused; Enter opens the same search.
    await page.goBack();
    await settled(page);
    const chartPanel = panel(page, 'chart', label('en', 'kpi.chart.services.title'));
    await chartPanel.getByRole('heading').click();
    const monthName = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)) - 1, 1));
    const barName = `${monthName}: ${number('en', counted!.services)} ${label('en', 'kpi.figure.services')}, open the search`;
    const bar = chartPanel.getByRole('link', { name: barName, exact: true });
    await expect(bar).toHaveCount(1);
    for (let step = 0; step < 30 && !(await bar.evaluate((node) => node === document.activeElement)); step++) await page.keyboard.press('Tab');
    await expect(bar).toBeFocused();
    expect(await bar.locator('rect').last().evaluate((ring) => getComputedStyle(ring).stroke), 'a visible ring around the focused bar').not.toMatch(/none|transparent|rgba\(0, 0, 0, 0\)/);
    await shot(chartPanel, 'datacenter-supplier-bar-focus');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(clicked);
  });

  test('a ranked supplier and a day of the heatmap (by the keyboard) open the search of their services', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, ACCOUNTS.quality);
    const overview = await kpi<{ start: string; end: string; suppliers: { supplier: number; name: string; figures: Figures }[] }>(page, 'overview');
    const first = overview.suppliers[0];
    await page.goto(PAGE);
    await waitForApp(page);
    await settled(page);
    const answer = page.waitForResponse((response: Response) => new URL(response.url()).pathname === '/back/bo/services/' && response.request().method() === 'GET');
    // The link says what it opens: the supplier, its services, the search.
    const link = page.getByRole('table', { name: label('en', 'kpi.ranking.title') }).getByRole('link', { name: `${first.name}: ${number('en', first.figures.services)} ${label('en', 'kpi.figure.services')}, open the search`, exact: true });
    await link.click();
    const address = new URL((await answer).url()).searchParams;
    expect([address.getAll('supplierIds'), address.get('fromDate'), address.get('toDate'), address.get('startedInPeriod')]).toEqual([[String(first.supplier)], overview.start, overview.end, 'true']);
    await expect(resultCount(page)).toHaveText(new RegExp(`^${first.figures.services}\\D`));

    // The heatmap's busiest day by the keyboard: a link named by its figure, Enter opens that day's services.
    const heatmap = await kpi<{ series: Series[] }>(page, 'heatmap');
    const busiest = heatmap.series.reduce((best, day) => (day.services > best.services ? day : best));
    await page.goBack();
    await settled(page);
    const cell = page.locator(`[data-panel-kind="heatmap"] [data-day="${busiest.period}"]`);
    await expect(cell).toHaveAttribute('role', 'link');
    await expect(cell).toHaveAttribute('aria-label', new RegExp(`: ${number('en', busiest.services)} ${label('en', 'kpi.figure.services')}, open the search$`));
    await cell.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`fromDate=${busiest.period}&toDate=${busiest.period}`));
    await expect(resultCount(page)).toHaveText(new RegExp(`^${busiest.services}\\D`));
  });

  test('two quarters, then two seasons, compared side by side with the change in per cent', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, ACCOUNTS.quality);
    // By default: the current quarter against the previous one, the dates the server chose.
    const defaults = await kpi<{ period1: { start: string; end: string }; period2: { start: string; end: string } }>(page, 'compare');
    await page.goto(PAGE);
    await waitForApp(page);
    await settled(page);
    const compare = page.locator('[data-panel-kind="compare"]');
    await expect(compare.locator('th').filter({ hasText: label('en', 'kpi.compare.period1') })).toContainText(defaults.period1.start.slice(0, 4));

    // The current quarter against the same quarter a year before, given in the address as a link would.
    const year = Number(defaults.period1.start.slice(0, 4));
    const quarter = { period1FromDate: defaults.period1.start, period1ToDate: defaults.period1.end, period2FromDate: `${year - 1}${defaults.period1.start.slice(4)}`, period2ToDate: `${year - 1}${defaults.period1.end.slice(4)}` };
    const expected = await kpi<{ period1: { figures: Figures }; period2: { figures: Figures }; change: { services: number | null } }>(page, 'compare', quarter);
    const asked = page.waitForResponse((response) => response.url().includes(`${KPI}/compare?`) && response.url().includes(`period2FromDate=${quarter.period2FromDate}`));
    await page.goto(`${PAGE}?${new URLSearchParams(quarter)}`);
    await waitForApp(page);
    expect((await asked).status()).toBe(200);
    await settled(page);
    // The pickers show the quarters; the table both periods' services and their change.
    await expect(page.getByRole('search').getByRole('button', { name: new RegExp(`^${label('en', 'kpi.compare.period2')}: `) })).toBeVisible();
    const services = compare.locator('[data-measure="services"] td');
    await expect(services.nth(0)).toHaveText(number('en', expected.period1.figures.services));
    await expect(services.nth(1)).toHaveText(number('en', expected.period2.figures.services));
    const change = expected.change.services;
    await expect(services.nth(2)).toHaveText(change === null ? '–' : `${change > 0 ? '+' : ''}${number('en', Math.round(change * 10) / 10, 1)} %`);
    await shot(compare, 'datacenter-supplier-compare');

    // Two seasons picked: the panel compares the seasons (compareSeason), each named by its code.
    const seasonsReply = await page.request.get('/back/bo/combospa/filters/cascading/seasons', { headers: XHR });
    const [first, second] = ((await seasonsReply.json()) as { value: number }[]).map((season) => String(season.value));
    const seasons = { period1Season: first, period2Season: second };
    const bySeason = await kpi<{ period1: { code: string; figures: Figures }; period2: { code: string; figures: Figures } }>(page, 'compareSeason', seasons);
    const seasonAsked = page.waitForResponse((response) => response.url().includes(`${KPI}/compareSeason?`) && response.url().includes(`period2Season=${second}`));
    await page.goto(`${PAGE}?${new URLSearchParams(seasons)}`);
    expect((await seasonAsked).status()).toBe(200);
    await settled(page);
    await expect(compare.locator('th').filter({ hasText: label('en', 'kpi.compare.period1') })).toContainText(bySeason.period1.code);
    await expect(compare.locator('th').filter({ hasText: label('en', 'kpi.compare.period2') })).toContainText(bySeason.period2.code);
    await expect(services.nth(0)).toHaveText(number('en', bySeason.period1.figures.services));
    await expect(services.nth(1)).toHaveText(number('en', bySeason.period2.figures.services));
  });
});
