import type { Page, Response } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';
import { openInApp } from './openInApp';
import { expectNoOverflow } from './overflow';

/**
 * The datacenter (issue 33): its menu, the internal and service provider KPI pages and the activity
 * figures under it, as the brand's quality manager (two years of seeded inspections), in English,
 * French and Italian at 1024 px and 1440 px with the overflow check; the figures shown are the API's
 * answer for the same filter. The figures themselves are tested by tests/api/kpi-calls.test.ts.
 */
const LOCALES = ['en', 'fr', 'it'] as const;
const WIDTHS = [1024, 1440];
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
type Locale = (typeof LOCALES)[number];
type Row = Record<string, unknown>;

const BARS = '.recharts-bar-rectangle';
const LINES = '.recharts-line-curve';
const SECTORS = '.recharts-pie-sector';

/** A chart panel (by its title) has drawn marks of data. */
async function expectDrawn(page: Page, title: string, marks: string) {
  const panel = page.locator('[data-panel-kind="chart"]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect.poll(() => panel.locator(marks).count(), { message: `${title}: ${marks}` }).toBeGreaterThan(0);
}

/** The answer the page got from a call, and the same call asked again by the test with the page's query. */
async function sameAnswer(page: Page, response: Response): Promise<Row> {
  expect(response.status()).toBe(200);
  const asked = new URL(response.url());
  const again = await page.request.get(`${asked.pathname}${asked.search}`, { headers: XHR });
  const answer = (await again.json()) as Row;
  expect(answer).toEqual(await response.json());
  return answer;
}

const callTo = (page: Page, path: string) => page.waitForResponse((response) => new URL(response.url()).pathname === path && response.request().method() === 'GET');

/** A number as the tables write it in the locale: whole numbers grouped, shares as per cents with one decimal. */
const integer = (locale: Locale, value: number) => new Intl.NumberFormat(locale, { useGrouping: 'always' } as Intl.NumberFormatOptions).format(value);
const share = (locale: Locale, value: number | null) =>
  value === null ? '–' : `${new Intl.NumberFormat(locale, { maximumFractionDigits: value !== 0 && Math.abs(value) < 0.01 ? 2 : 1, useGrouping: 'always' } as Intl.NumberFormatOptions).format(value * 100)}\u00a0%`;

const cells = (page: Page, table: string, row: number) => page.getByRole('table', { name: table, exact: true }).locator('tbody tr').nth(row).locator('td');

async function atWidths(page: Page, name: string, locale: Locale) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page, `${locale} ${name} at ${width} px`);
    await shot(page, `datacenter-${name}-${locale}-${width}`);
  }
}

test.describe('datacenter pages', () => {
  restoreEnglishAfterAll(ACCOUNTS.quality);

  for (const locale of LOCALES) {
    test(`the datacenter menu, internal and provider KPIs and activity figures in ${locale}`, async ({ page }) => {
      test.setTimeout(240_000);
      const t = (key: string) => labels[locale][key] ?? `missing ${key}`;
      await signIn(page, ACCOUNTS.quality);
      await setAccountLocale(page, locale);

      // The menu: the spec's six entries, each a card opening its page.
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/datacenter');
      await waitForApp(page);
      const cards = page.locator('a.mantine-Card-root');
      const entries = ['screen.kpiSupplier', 'screen.kpiInternal', 'screen.kpiServiceProvider', 'screen.datacenterSearch', 'screen.activity', 'screen.datacenterExport'];
      await expect(cards).toHaveCount(entries.length);
      for (const [index, key] of entries.entries()) await expect(cards.nth(index)).toContainText(t(key));
      await atWidths(page, 'menu', locale);

      // Internal KPIs: the months and seasons of the last six months, drawn, and the table the API's answer.
      await page.setViewportSize({ width: 1440, height: 900 });
      const months = callTo(page, '/back/bo/kpi/internal/yearMonth');
      const seasons = callTo(page, '/back/bo/kpi/internal/bySeason');
      await cards.nth(1).click();
      await expect(page).toHaveURL(/\/datacenter\/kpi\/internal$/);
      const perMonth = await sameAnswer(page, await months);
      const perSeason = await sameAnswer(page, await seasons);
      await expectDrawn(page, t('datacenter.resultsPerMonth.title'), BARS);
      await expectDrawn(page, t('datacenter.results.title'), SECTORS);
      await expectDrawn(page, t('datacenter.ratesPerMonth.title'), LINES);
      await expectDrawn(page, t('datacenter.defectsPerMonth.title'), BARS);
      await expectDrawn(page, t('datacenter.manDaysPerMonth.title'), BARS);
      await expectDrawn(page, t('datacenter.resultsPerSeason.title'), BARS);
      const series = perMonth.series as Row[];
      expect(series.length).toBeGreaterThanOrEqual(6);
      const table = t('datacenter.figuresPerMonth.title');
      await expect(page.getByRole('table', { name: table, exact: true }).locator('tbody tr')).toHaveCount(series.length);
      for (const index of [0, series.length - 1]) {
        const row = series[index];
        await expect(cells(page, table, index).nth(1)).toHaveText(integer(locale, row.services as number));
        await expect(cells(page, table, index).nth(4)).toHaveText(share(locale, row.resultRate as number | null));
        await expect(cells(page, table, index).nth(11)).toHaveText(integer(locale, row.manDays as number));
      }
      await expect(page.getByRole('table', { name: t('datacenter.figuresPerSeason.title'), exact: true }).locator('tbody tr')).toHaveCount((perSeason.series as Row[]).length);
      await atWidths(page, 'internal', locale);

      // Service providers: the ranking and its table, then the comparison of two quarters.
      await page.setViewportSize({ width: 1440, height: 900 });
      const overview = callTo(page, '/back/bo/kpi/serviceprovider/overview');
      await openInApp(page, '/datacenter/kpi/serviceProvider');
      const providers = (await sameAnswer(page, await overview)).serviceProviders as { name: string; figures: Row }[];
      expect(providers.length).toBeGreaterThan(0);
      await expectDrawn(page, t('datacenter.providerRanking.title'), BARS);
      const ranking = t('datacenter.providerFigures.title');
      for (const [index, provider] of providers.entries()) {
        await expect(cells(page, ranking, index).nth(0)).toHaveText(provider.name);
        await expect(cells(page, ranking, index).nth(1)).toHaveText(integer(locale, provider.figures.services as number));
      }
      await atWidths(page, 'provider', locale);

      await page.setViewportSize({ width: 1440, height: 900 });
      const compare = callTo(page, '/back/bo/kpi/serviceprovider/compare');
      await page.getByRole('tab', { name: t('datacenter.tab.compare') }).click();
      const compared = await sameAnswer(page, await compare);
      // The page's periods are the call's defaults: the current and the previous quarter.
      const asked = new URL((await compare).url()).searchParams;
      expect([asked.get('period1FromDate'), asked.get('period2FromDate')]).toEqual([(compared.period1 as Row).start, (compared.period2 as Row).start]);
      for (const period of ['period1', 'period2'] as const) {
        const figures = (compared[period] as Row).figures as Row;
        await expect(cells(page, t(`datacenter.compare.${period}`), 0).nth(0)).toHaveText(integer(locale, figures.services as number));
        await expect(cells(page, t(`datacenter.compare.${period}`), 0).nth(2)).toHaveText(share(locale, figures.resultRate as number | null));
      }
      await expect(page.getByRole('table', { name: t('datacenter.compare.change'), exact: true }).locator('tbody tr')).toHaveCount(1);
      await atWidths(page, 'provider-compare', locale);

      // The activity figures, the /activity screen at the datacenter's address: its window and its default group.
      await page.setViewportSize({ width: 1440, height: 900 });
      const activity = callTo(page, '/back/bo/activity/figures');
      await openInApp(page, '/datacenter/activityFigures');
      const activityAsked = new URL((await activity).url()).searchParams;
      expect(activityAsked.getAll('serviceGroups')).toEqual(['INSP']);
      const days = (Date.parse(activityAsked.get('toDate')!) - Date.parse(activityAsked.get('fromDate')!)) / 86_400_000;
      expect(days).toBe(30);
      await expect(page.getByRole('search')).toContainText(t('enum.department.INSP'));
      await expectDrawn(page, t('activity.byDay.title'), BARS);
      await atWidths(page, 'activity', locale);
      if (locale !== 'en') return;

      // Two seasons in the address: the providers' Compare tab compares them (compareSeason), not two quarters.
      await page.setViewportSize({ width: 1440, height: 900 });
      const seasonIds = ((await (await page.request.get('/back/bo/combospa/filters/cascading/seasons', { headers: XHR })).json()) as { value: number }[]).map((season) => String(season.value));
      expect(seasonIds.length).toBeGreaterThanOrEqual(2);
      await openInApp(page, `/datacenter/kpi/serviceProvider?${new URLSearchParams({ period1Season: seasonIds[0], period2Season: seasonIds[1] })}`);
      const bySeason = callTo(page, '/back/bo/kpi/serviceprovider/compareSeason');
      await page.getByRole('tab', { name: t('datacenter.tab.compare') }).click();
      const seasonAnswer = await sameAnswer(page, await bySeason);
      const seasonAsked = new URL((await bySeason).url()).searchParams;
      expect([seasonAsked.get('period1Season'), seasonAsked.get('period2Season')]).toEqual([seasonIds[0], seasonIds[1]]);
      for (const period of ['period1', 'period2'] as const) {
        const figures = (seasonAnswer[period] as Row).figures as Row;
        await expect(cells(page, t(`datacenter.compare.${period}`), 0).nth(0)).toHaveText(integer(locale, figures.services as number));
      }
    });
  }

  test("a supplier's row of the companies list opens its performance page; other companies have no such action", async ({ page }) => {
    await signIn(page, ACCOUNTS.quality);
    // The tests above leave the account in another language until all of them are done.
    await setAccountLocale(page, 'en');
    await page.goto('/companies/search');
    await waitForApp(page);
    const action = en('companySearch.supplierPerformance');
    await expect(page.locator('.ag-row').filter({ hasText: 'Atlas Inspection' }).getByRole('button', { name: action })).toHaveCount(0);
    await page.locator('.ag-row').filter({ hasText: 'Shenzhen Textile Co' }).getByRole('button', { name: action }).click();
    await expect(page).toHaveURL(/\/supplierPerfomance\/\d+$/);
    await waitForApp(page);
    await expect(page.getByTestId('page-title')).toHaveText(en('screen.supplierPerformance'));
    await expect(page.getByTestId('panels-subtitle')).toHaveText('Shenzhen Textile Co');
  });
});
