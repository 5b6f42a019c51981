import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, expectSnack, fr, futureDay, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';

/**
 * The dashboard, the landing page (docs/tasks.md): the provider's manager lands on it and sees, in
 * the HIGH column, the date requests of two services the brand just ordered (through the API);
 * marks one done from its card; once it accepts the other's date (the matching event), that task
 * is gone too. Screenshots in English and French.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The brand orders a final inspection from Atlas like one it already has, starting `days` from today: the service's number and id. */
async function order(page: Page, model: Record<string, unknown>, days: number): Promise<{ serviceId: number; number: string }> {
  const keep = ['thirdPartyDepartment', 'type', 'client', 'supplier', 'factory', 'serviceProvider', 'orderTakerContacts'];
  const startDate = futureDay(days);
  const service = { ...Object.fromEntries(keep.filter((key) => model[key] !== undefined).map((key) => [key, model[key]])), startDate, endDate: startDate };
  const body = { roles: ['DECISION_MAKER'], service, purchaseOrderLines: [{ poNumber: `PO-DASH-${days}`, designation: 'Linen shirt', orderedQuantity: { quantity: 500, unit: 'PIECE', packing: 'BOX' } }], laboratoryLines: [] };
  const response = await page.request.post('/back/bo/services', { data: body, headers: XHR });
  expect(response.status(), await response.text()).toBe(201);
  const { service: created } = await response.json();
  return { serviceId: created.serviceId, number: created.number };
}

test.describe('dashboard', () => {
  restoreEnglishAfterAll(ACCOUNTS.manager);

  test('lands on the dashboard; a date request appears for the provider, done from its card or gone once the date is accepted (en, fr)', async ({ page }) => {
    // The brand (decision maker) orders two services from Atlas.
    await signIn(page, ACCOUNTS.quality);
    const found = await page.request.get('/back/bo/services', { params: { types: 'INSP_FINAL_RANDOM' }, headers: XHR });
    const model = ((await found.json()).services as Record<string, unknown>[]).find((service) => service.side === 'DECISION_MAKER' && service.supplier && service.serviceProvider && (service.orderTakerContacts as unknown[] | undefined)?.length);
    expect(model, 'a final inspection of the brand to copy').toBeDefined();
    const days = 20 + (Date.now() % 8);
    const [first, second] = [await order(page, model!, days), await order(page, model!, days + 1)];

    // The provider's manager signs in and lands on the dashboard, tasks tab.
    await signIn(page, ACCOUNTS.manager);
    await page.goto('/');
    await waitForApp(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('tab', { name: en('dashboard.tab.tasks') })).toHaveAttribute('aria-selected', 'true');
    const high = page.getByTestId('board-column-HIGH');
    const cardOf = (number: string) => page.getByTestId('board-card').filter({ hasText: number });
    for (const { number } of [first, second]) {
      await expect(high.getByTestId('board-card').filter({ hasText: number })).toContainText(en('enum.taskType.REQUEST_INSPECTION_DATE'));
    }
    await expect(page.getByTestId('board-column-MID')).toContainText(en('enum.taskLevel.MID'));
    await shot(page, 'dashboard-en');

    // Done from the card: it leaves the board.
    await cardOf(second.number).getByRole('button', { name: en('dashboard.tasks.done') }).click();
    await expectSnack(page, en('dashboard.tasks.doneSuccess'));
    await expect(cardOf(second.number)).toHaveCount(0);
    await expect(cardOf(first.number)).toHaveCount(1);

    // In French.
    await setAccountLocale(page, 'fr');
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole('tab', { name: fr('dashboard.tab.tasks') })).toBeVisible();
    await expect(cardOf(first.number)).toContainText(fr('enum.taskType.REQUEST_INSPECTION_DATE'));
    await shot(page, 'dashboard-fr');

    // The matching event: the provider accepts the brand's date; the request is gone, the service (now confirmed) is to prepare.
    const accepted = await page.request.post('/back/bo/serviceDateLines/acceptDate', { data: { serviceId: first.serviceId }, headers: XHR });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await page.reload();
    await waitForApp(page);
    await expect(page.getByTestId('board-column-HIGH')).toBeVisible();
    await expect(page.getByTestId('board-column-HIGH').getByTestId('board-card').filter({ hasText: first.number })).toHaveCount(0);
    await expect(page.getByTestId('board-column-LOW').getByTestId('board-card').filter({ hasText: first.number })).toContainText(fr('enum.taskType.SERVICE_TO_PREPARE'));

    // A click on a card opens its service.
    await cardOf(first.number).click();
    await expect(page).toHaveURL(new RegExp(`/services/${first.serviceId}$`));
  });
});
