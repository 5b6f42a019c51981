import type { Locator, Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, fillDate, futureDay, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn } from './helpers';

/**
 * A service started from a brand's purchase order (docs/purchaseOrders.md, docs/services.md): the
 * order's page lists its lines and offers "New service from this order"; the wizard comes with the
 * order's parties and lines, a line removed comes back through "Add lines from a purchase order", and
 * the created service's lines link back to the order and its lines. In French and Italian, at 1024 px.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

for (const lang of ['fr', 'it'] as const) {
  test.describe(`a service from a purchase order (${lang})`, () => {
    test.use({ viewport: { width: 1024, height: 800 } });
    restoreEnglishAfterAll(ACCOUNTS.quality);
    restoreEnglishAfterAll(ACCOUNTS.sales);

    const t = (key: string, values: Record<string, string | number> = {}) => {
      const text = labels[lang][key];
      if (text === undefined) throw new Error(`no ${lang} label for ${key}`);
      return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
    };
    const combo = (page: Page, key: string): Locator => page.getByRole('combobox', { name: t(key), exact: true });
    const next = (page: Page) => page.getByRole('button', { name: t('engine.wizard.next') }).click();
    const choose = async (page: Page, input: Locator, option: string | RegExp) => {
      await input.click();
      await page.getByRole('option', { name: option }).first().click();
    };
    const designation = (page: Page, row: number) => page.getByRole('textbox', { name: `${t('purchaseOrderLine.designation')} ${row}` });

    /** Maison Lumière's order to Shenzhen Textile Co (factory Ningbo), with two lines, made through the API. */
    async function makeOrder(page: Page): Promise<{ purchaseOrderId: number; poNumber: string; lines: { orderLineId: number }[] }> {
      const companyId = async (name: string) => ((await (await page.request.get(`/back/bo/networkcombo/ordertakers?q=${encodeURIComponent(name)}`, { headers: XHR })).json()) as { value: number }[])[0].value;
      const poNumber = `PO-E2E-${lang}-${Date.now()}`;
      const order = await page.request.post('/back/bo/purchaseOrders', { headers: XHR, data: { poNumber, supplier: await companyId('Shenzhen Textile'), factory: await companyId('Ningbo Garment'), orderDate: futureDay(-20) } });
      expect(order.status(), await order.text()).toBe(201);
      const { purchaseOrderId } = (await order.json()) as { purchaseOrderId: number };
      const lines = [];
      for (const line of [
        { sku: 'MLW-2410', designation: 'Chemise en lin', color: 'Navy', size: 'M', orderedQuantity: 1200 },
        { sku: 'MLW-2411', designation: 'Pantalon chino', color: 'Sand', size: '42', orderedQuantity: 800 },
      ]) {
        const reply = await page.request.post(`/back/bo/purchaseOrders/${purchaseOrderId}/lines`, { headers: XHR, data: { ...line, unit: 'PIECE', packing: 'BOX' } });
        expect(reply.status(), await reply.text()).toBe(201);
        lines.push((await reply.json()) as { orderLineId: number });
      }
      return { purchaseOrderId, poNumber, lines };
    }

    test('the order page opens the wizard with its parties and lines; the service created links back', async ({ page }) => {
      await signIn(page, ACCOUNTS.quality);
      await setAccountLocale(page, lang);
      const order = await makeOrder(page);

      // The order's page: its lines and the link to a new service.
      await page.goto(`/purchaseOrder/${order.purchaseOrderId}`);
      await expect(page.getByRole('heading', { name: `${t('screen.purchaseOrder')} ${order.poNumber}` })).toBeVisible();
      const lines = page.getByRole('table', { name: t('purchaseOrder.lines') });
      // The lines in the order they were written (the list call answers the newest first).
      await expect(lines.locator('tbody tr')).toHaveCount(2);
      await expect(lines.locator('tbody tr').first()).toContainText('Chemise en lin');
      await expect(lines.locator('tbody tr').last()).toContainText('Pantalon chino');
      await shot(page, `purchase-order-${lang}`);
      await page.getByRole('link', { name: t('purchaseOrder.newService') }).click();
      await expect(page).toHaveURL(new RegExp(`/services/wizard\\?purchaseOrderId=${order.purchaseOrderId}`));
      await expect(page.getByRole('heading', { name: t('serviceWizard.title.PURCHASE_ORDER') })).toBeVisible();

      // The parties come from the order: the provider and a site contact are chosen.
      await expect(page.locator('[data-active-step]')).toHaveAttribute('data-active-step', 'ROLE');
      await next(page);
      await expect(combo(page, 'service.supplier')).toHaveValue('Shenzhen Textile Co');
      await expect(combo(page, 'service.factory')).toHaveValue('Ningbo Garment Factory');
      await choose(page, combo(page, 'service.serviceProvider'), 'Atlas Inspection');
      await choose(page, combo(page, 'service.orderTakerContacts'), /Zhang Wei/);
      await page.keyboard.press('Escape');
      await next(page);

      // The order's lines came in, quantities and all.
      await expect(page.locator('[data-active-step]')).toHaveAttribute('data-active-step', 'DETAILS');
      await expect(designation(page, 1)).toHaveValue('Chemise en lin');
      await expect(designation(page, 2)).toHaveValue('Pantalon chino');
      await expect(page.getByRole('textbox', { name: `${t('purchaseOrderLine.orderedQuantity')} 2` })).toHaveValue(/800/);
      await choose(page, combo(page, 'service.thirdPartyDepartment'), t('enum.department.INSP'));
      await choose(page, combo(page, 'service.type'), t('enum.serviceType.INSP_FINAL_RANDOM'));
      // A day of its own per language: a service of the same parties, type and day would be merged into (docs/services.md).
      await fillDate(page.getByRole('textbox', { name: t('service.startDate'), exact: true }), futureDay(lang === 'fr' ? 41 : 43));

      // A line removed comes back from the order, chosen in the picker.
      await page.getByRole('button', { name: `${t('engine.lines.removeOne')} 2` }).click();
      await expect(designation(page, 2)).toHaveCount(0);
      const picker = page.getByTestId('purchase-order-picker');
      const orders = picker.getByRole('combobox', { name: t('serviceWizard.fromOrder.pick') });
      await orders.click();
      await orders.pressSequentially(order.poNumber.slice(0, 12));
      await page.getByRole('option', { name: order.poNumber }).click();
      await expect(picker.getByRole('checkbox', { name: /MLW-2410/ })).toBeDisabled();
      await expect(picker.getByRole('checkbox', { name: /MLW-2411/ })).toBeChecked();
      await shot(page, `purchase-order-wizard-${lang}`);
      await picker.getByRole('button', { name: t('serviceWizard.fromOrder.add', { count: 1 }) }).click();
      await expect(designation(page, 2)).toHaveValue('Pantalon chino');

      // Create: the service's lines name the order and its lines.
      await next(page);
      await expect(page.locator('[data-active-step]')).toHaveAttribute('data-active-step', 'NOTES');
      await next(page);
      const answer = page.waitForResponse((response) => response.url().endsWith('/back/bo/services') && response.request().method() === 'POST');
      await page.getByRole('button', { name: t('serviceWizard.create') }).click();
      const response = await answer;
      expect(response.status(), await response.text()).toBe(201);
      const { service } = (await response.json()) as { service: { serviceId: number; client: number; purchaseOrderLines: Record<string, unknown>[] } };
      expect(service.purchaseOrderLines.map((line) => [line.poNumber, line.purchaseOrderId, line.orderLineId, line.referenceObj, (line.orderedQuantity as { quantity: number }).quantity])).toEqual([
        [order.poNumber, order.purchaseOrderId, order.lines[0].orderLineId, 'MLW-2410', 1200],
        [order.poNumber, order.purchaseOrderId, order.lines[1].orderLineId, 'MLW-2411', 800],
      ]);
      const stored = (await (await page.request.get(`/back/bo/purchaseOrderLines/${service.serviceId}`, { headers: XHR })).json()) as Record<string, unknown>[];
      expect(stored.map((line) => line.orderLineId)).toEqual(order.lines.map((line) => line.orderLineId));
      await shot(page, `purchase-order-created-${lang}`);
    });

    test('the supplier the order names reads its page, with nothing to change', async ({ page }) => {
      await signIn(page, ACCOUNTS.quality);
      const order = await makeOrder(page);
      await page.context().clearCookies();
      await signIn(page, ACCOUNTS.sales);
      await setAccountLocale(page, lang);
      await page.goto(`/purchaseOrder/${order.purchaseOrderId}`);
      await expect(page.getByRole('heading', { name: `${t('screen.purchaseOrder')} ${order.poNumber}` })).toBeVisible();
      await expect(page.getByRole('table', { name: t('purchaseOrder.lines') }).locator('tbody tr')).toHaveCount(2);
      await expect(page.getByRole('textbox', { name: t('purchaseOrder.poNumber') })).toHaveAttribute('readonly', '');
      await expect(page.getByRole('button', { name: t('engine.action.save'), exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: t('engine.action.delete'), exact: true })).toHaveCount(0);
      await shot(page, `purchase-order-supplier-${lang}`);
    });
  });
}
