import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';

/**
 * The service sheet's history tab shows the history of its references (GET
 * /back/bo/services/{id}/historyReferences, docs/services.md "Services and references"): for
 * each reference of its lines, the earlier services of it with their step and report, a click on
 * one opening it — in French and Italian, 1024 px wide.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

interface HistoryRow {
  reference: string;
  serviceId: number;
  number: string;
}

/** A demo service of the brand whose references have earlier services, with those rows. */
async function serviceWithHistory(page: Page): Promise<{ serviceId: number; rows: HistoryRow[] }> {
  const reply = await page.request.get('/back/bo/services/', { headers: XHR, params: { fromDate: '2020-01-01', toDate: '2035-12-31' } });
  const { services } = (await reply.json()) as { services: { serviceId: number }[] };
  for (const { serviceId } of services.slice(0, 60)) {
    const rows = (await (await page.request.get(`/back/bo/services/${serviceId}/historyReferences`, { headers: XHR })).json()) as HistoryRow[];
    if (rows.length >= 2) return { serviceId, rows };
  }
  throw new Error('no demo service whose references have earlier services');
}

/** No heading, column heading or link of the panel is wider than its box. */
async function expectNoOverflow(page: Page) {
  const overflowing = await page.locator('[data-panel-kind="dataTable"] h3, [data-panel-kind="dataTable"] th, [data-panel-kind="dataTable"] a').evaluateAll((nodes) =>
    nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent),
  );
  expect(overflowing).toEqual([]);
}

test.describe("the history of a service's references", () => {
  restoreEnglishAfterAll(ACCOUNTS.quality);

  test('lists the earlier services of each reference and opens one (fr, then it)', async ({ page }) => {
    test.setTimeout(2 * 60_000); // two languages
    await page.setViewportSize({ width: 1024, height: 900 });
    await signIn(page, ACCOUNTS.quality);
    for (const locale of ['fr', 'it'] as const) {
      const t = (key: string) => labels[locale][key];
      // The account's language is read when the app starts: each language loads the service afresh.
      await setAccountLocale(page, locale);
      const { serviceId, rows } = await serviceWithHistory(page);
      await page.goto(`/services/${serviceId}?tab=history`);
      await waitForApp(page);

      await expect(page.getByRole('tab', { name: t('serviceSheet.tab.history') })).toHaveAttribute('aria-selected', 'true');
      const table = page.getByRole('table', { name: t('referenceLinks.history.title') });
      for (const heading of ['referenceLinks.column.reference', 'referenceLinks.column.number', 'service.serviceStep', 'service.reportResult', 'service.clientDecision']) {
        await expect(table.getByRole('columnheader', { name: t(heading) })).toBeVisible();
      }
      await expect(table.locator('tbody tr')).toHaveCount(rows.length);
      await expect(table.locator('tbody tr').first()).toContainText(rows[0].reference);
      await page.waitForLoadState('networkidle');
      await expectNoOverflow(page);
      await table.scrollIntoViewIfNeeded();
      await shot(page, `reference-history-${locale}`);

      // The service number opens that service.
      await table.getByRole('link', { name: rows[0].number, exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`/services/${rows[0].serviceId}$`));
      await waitForApp(page);
      await expect(page.getByText(rows[0].number).first()).toBeVisible();
    }
  });
});
