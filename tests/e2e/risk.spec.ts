import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, fr, labels, restoreEnglishAfterAll, shot, signIn, waitForApp } from './helpers';

/**
 * Risk analysis as the brand's quality manager: a terminated inspection's risk tab (its
 * references with their risk, the supplier's pass rate), then the supplier performance page it
 * links to (charts drawn with data, the defect synthesis), its season filter, and the page in French.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** The Italian label of a key; fails loudly when the key is missing. */
function it(key: string): string {
  const text = labels.it[key];
  if (text === undefined) throw new Error(`no Italian label for ${key}`);
  return text;
}
/** A line's marks: its curve, or the dot of a lone month. */
const LINE_MARKS = '.recharts-line-curve, .recharts-line-dot';

interface Listed {
  serviceId: number;
  supplier?: number;
  season?: string;
  report?: { reportResult?: string };
}

async function terminatedInspection(page: Page): Promise<Listed> {
  const reply = await page.request.get('/back/bo/services/', { headers: XHR, params: { serviceSteps: 'TERMINATED' } });
  const { services } = (await reply.json()) as { services: Listed[] };
  // A verdict to chart: accepted or refused (goods not ready and reports outside AQL have none).
  const found = services.find((service) => ['ACCEPTED', 'REFUSED'].includes(String(service.report?.reportResult)) && service.supplier && service.season);
  if (!found) throw new Error('no terminated inspection with a report in the demo data');
  return found;
}

/** A chart panel (by its title) has drawn an SVG with marks of data. */
async function expectDrawn(page: Page, title: string, marks: string) {
  const panel = page.locator('[data-panel-kind="chart"]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(panel.locator('svg.recharts-surface').first()).toBeVisible();
  await expect.poll(() => panel.locator(marks).count(), { message: `${title}: ${marks}` }).toBeGreaterThan(0);
}

/** No heading of a panel is wider than its box (long French and Italian words). */
async function expectNoOverflow(page: Page) {
  const overflowing = await page.locator('[data-panel-kind] h3, [data-panel-kind] th, [data-panel-kind] a').evaluateAll((nodes) =>
    nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent),
  );
  expect(overflowing).toEqual([]);
}

test.describe('risk analysis', () => {
  restoreEnglishAfterAll(ACCOUNTS.quality);

  test('from the risk tab of an inspection to the performance of its supplier, in English and French', async ({ page }) => {
    await signIn(page, ACCOUNTS.quality);
    const service = await terminatedInspection(page);
    await page.goto(`/services/${service.serviceId}?tab=risk`);
    await waitForApp(page);

    // The references with their risk.
    await expect(page.getByRole('tab', { name: en('serviceSheet.tab.risk') })).toHaveAttribute('aria-selected', 'true');
    const references = page.getByRole('table', { name: en('risk.references.title') });
    await expect(references.getByRole('columnheader', { name: en('risk.references.risk') })).toBeVisible();
    await expect(references.locator('tbody tr').first()).toBeVisible();
    const risks = ['LOW', 'MODERATE', 'HIGH', 'NA'].map((value) => en(`enum.risk.${value}`));
    const shown = await references.locator('tbody tr td:nth-child(5)').allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(risks).toContain(text.trim());
    // The supplier's pass rate over the last twelve months.
    await expectDrawn(page, en('risk.supplierPassRate.title'), LINE_MARKS);
    await shot(page, 'risk-tab');

    // The supplier performance page.
    await page.getByRole('link', { name: en('risk.openSupplierPerformance') }).click();
    await expect(page).toHaveURL(new RegExp(`/supplierPerfomance/${service.supplier}$`));
    await expect(page.getByTestId('page-title')).toHaveText(en('screen.supplierPerformance'));
    await expect(page.getByTestId('panels-subtitle')).not.toBeEmpty();
    await expectDrawn(page, en('risk.passRate.title'), LINE_MARKS);
    await expectDrawn(page, en('risk.results.title'), '.recharts-pie-sector');
    await expectDrawn(page, en('risk.defectsByCategory.title'), '.recharts-bar-rectangle');
    await expectDrawn(page, en('risk.topDefects.title'), '.recharts-bar-rectangle');
    const synthesis = page.getByRole('table', { name: en('risk.synthesis.title') });
    await expect(synthesis.locator('tbody tr').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot(page, 'supplier-performance');

    // A season takes the place of the period (spec §7.4): the dates are cleared, every call asks with the season, the charts are drawn again.
    // The season of the inspection we came from: it has at least that one.
    const season = String(service.season);
    const seasonal = page.waitForResponse((response) => response.url().includes('/charts?') && response.url().includes(`seasonIds=${season}`) && !response.url().includes('fromDate'));
    await page.getByRole('combobox', { name: en('risk.seasonIds') }).click();
    await page.getByRole('option', { name: en(`enum.season.${season}`) }).click();
    await page.keyboard.press('Escape');
    expect((await seasonal).status()).toBe(200);
    await expectDrawn(page, en('risk.results.title'), '.recharts-pie-sector');

    // In French.
    await page.getByTestId('locale-selector').click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await expect(page.getByTestId('locale-selector')).toHaveText('FR');
    await expect(page.getByTestId('page-title')).toHaveText(fr('screen.supplierPerformance'));
    await expect(page.getByRole('heading', { name: fr('risk.passRate.title') })).toBeVisible();
    await expect(page.getByRole('table', { name: fr('risk.synthesis.title') }).getByRole('columnheader', { name: fr('risk.synthesis.family') })).toBeVisible();
    // The names the server gives (defects, families) follow the language too.
    const named = (await (await page.request.get(`/back/bo/risk/company/${service.supplier}/defectSynthesis`, { headers: XHR, params: { seasonIds: String(service.season) } })).json()) as { label: string; family: string }[];
    if (named.length) await expect(page.getByRole('table', { name: fr('risk.synthesis.title') }).locator('tbody tr').first()).toContainText(named[0].family);
    await page.waitForLoadState('networkidle');
    await expectNoOverflow(page);
    await shot(page, 'supplier-performance-fr');

    // Italian: no heading overflows its box either.
    await page.getByTestId('locale-selector').click();
    await page.getByRole('menuitem', { name: 'Italiano' }).click();
    await expect(page.getByTestId('locale-selector')).toHaveText('IT');
    await page.waitForLoadState('networkidle');
    await expectNoOverflow(page);
    await shot(page, 'supplier-performance-it');
  });

  test("the risk tab's references carry their effective risk and the manager's override as badges, in French and Italian", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await signIn(page, ACCOUNTS.quality);
    const service = await terminatedInspection(page);
    const answer = (await (await page.request.get(`/back/bo/risk/services/${service.serviceId}/references`, { headers: XHR })).json()) as { reference: string; effectiveRisk: string; riskOverride: string | null; score: number | null }[];
    expect(answer.length).toBeGreaterThan(0);
    for (const [locale, language, label] of [['fr', 'Français', fr], ['it', 'Italiano', it]] as const) {
      await page.goto(`/services/${service.serviceId}?tab=risk`);
      await waitForApp(page);
      await page.getByTestId('locale-selector').click();
      await page.getByRole('menuitem', { name: language }).click();
      await expect(page.getByTestId('locale-selector')).toHaveText(locale.toUpperCase());
      const references = page.getByRole('table', { name: label('risk.references.title') });
      const headers = ['risk.references.reference', 'risk.references.risk', 'risk.references.riskOverride', 'risk.references.score'].map((key) => label(key));
      for (const name of headers) await expect(references.getByRole('columnheader', { name, exact: true })).toBeVisible();
      await expect(references.locator('tbody tr')).toHaveCount(answer.length);
      // Each row: its reference, its effective risk as a badge; the override as a badge when a manager set one, else a dash.
      for (const [index, row] of answer.entries()) {
        const cells = references.locator('tbody tr').nth(index).locator('td');
        await expect(cells.nth(0)).toHaveText(row.reference);
        await expect(cells.nth(4).locator('.mantine-Badge-root')).toHaveText(label(`enum.risk.${row.effectiveRisk}`));
        if (row.riskOverride) await expect(cells.nth(5).locator('.mantine-Badge-root')).toHaveText(label(`enum.risk.${row.riskOverride}`));
        else await expect(cells.nth(5)).toHaveText('–');
      }
      await page.waitForLoadState('networkidle');
      await expectNoOverflow(page);
      // No badge cut short ("Non applicable" is long): every label shows whole.
      const cut = await references.locator('.mantine-Badge-label').evaluateAll((nodes) => nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent));
      expect(cut).toEqual([]);
      await shot(page, `risk-tab-references-${locale}`);
    }
  });
});
