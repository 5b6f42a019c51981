import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { png, onDisk } from './fileFixtures';
import { ACCOUNTS, gridRow, gridRows, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn, snackDuring, waitForApp } from './helpers';

/**
 * References (issue 31) in French and Italian at 1024 px: the search with its keyword box, a
 * reference opened from the grid with its sub-references (one opened by a click), a picture added
 * to its gallery, a field edited and saved, and a refused delete showing spec §8's message.
 */
type Language = 'fr' | 'it';
const serverFr = JSON.parse(readFileSync('server/locales/fr.json', 'utf8')) as Record<string, string>;
const L = (language: Language, key: string, values: Record<string, string> = {}) => {
  const text = labels[language][key];
  if (text === undefined) throw new Error(`no ${language} label for ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
};

test.describe.configure({ mode: 'serial' });
restoreEnglishAfterAll(ACCOUNTS.quality);

async function openReference(page: Page, language: Language, sku: string) {
  await page.goto('/reference/search');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: L(language, 'screen.referenceSearch'), level: 1 })).toBeVisible();
  const answered = page.waitForResponse((response) => response.url().includes('/back/bo/smartdata/references/') && new URL(response.url()).searchParams.get('keywords') === sku);
  await page.getByRole('textbox', { name: L(language, 'reference.search.keywords') }).pressSequentially(sku);
  await answered;
  await expect(gridRows(page)).toHaveCount(1);
  await shot(page, `references-search-${language}`);
  await gridRow(page, sku).click();
  await expect(page).toHaveURL(/\/reference\/\d+/);
  await waitForApp(page);
}

test('a reference in fr, then it, at 1024 px: search, sub-references, pictures, edit and save, a refused delete', async ({ page }) => {
  test.setTimeout(2 * 120_000);
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, ACCOUNTS.quality);
  for (const [language, sku, theme] of [['fr', 'MLW-2401', 'Côte sauvage'], ['it', 'MLW-2404', 'Riviera ligure']] as const) {
    // The account's language is read when the app starts: each language opens the search afresh.
    await setAccountLocale(page, language);
    await openReference(page, language, sku);

    // Sub-references: the product's fabric (and trims), a click opens one.
    const subs = page.getByTestId('sub-references');
    await expect(subs.getByRole('heading', { name: L(language, 'reference.subReferences') })).toBeVisible();
    await expect(subs.locator('.ag-row').filter({ hasText: `${sku}-F1` })).toBeVisible();
    await shot(page, `references-sheet-${language}`);

    // Edit a field as a person types, save: the success message, the value kept.
    const themeField = page.getByLabel(L(language, 'reference.theme'), { exact: true });
    await themeField.fill('');
    await themeField.pressSequentially(theme);
    await snackDuring(page, L(language, 'reference.updated'), () => page.getByRole('button', { name: L(language, 'engine.action.save'), exact: true }).click());
    await page.reload();
    await waitForApp(page);
    await expect(page.getByLabel(L(language, 'reference.theme'), { exact: true })).toHaveValue(theme);

    // Spec §8: sub-references and service lines keep it; the refusal says so.
    await page.getByRole('button', { name: L(language, 'reference.menu.label') }).click();
    await page.getByTestId('reference-delete').click();
    const confirm = page.getByRole('dialog', { name: L(language, 'reference.delete.title', { sku }) });
    await snackDuring(page, L(language, 'reference.delete.refused'), () => confirm.getByRole('button', { name: L(language, 'reference.delete.label') }).click());
    await expect(page).toHaveURL(/\/reference\/\d+/);
    await shot(page, `references-delete-refused-${language}`);

    // Pictures: one added to the gallery of the files tab.
    await page.getByRole('tab', { name: L(language, 'reference.tab.files') }).click();
    const files = page.getByTestId('attachments-panel');
    await files.locator('input[type="file"]').setInputFiles(onDisk(`${sku}-front.png`, png(320, 240, [40, 90, 160])));
    await expect(files.getByText(`${sku}-front.png`)).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => files.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await shot(page, `references-files-${language}`);

    // A sub-reference opens from its product's page.
    await page.getByRole('tab', { name: L(language, 'reference.tab.sheet') }).click();
    await page.getByTestId('sub-references').locator('.ag-row').filter({ hasText: `${sku}-F1` }).click();
    await expect(page.getByLabel(L(language, 'reference.sku'), { exact: true })).toHaveValue(`${sku}-F1`);
  }
});

test('a brand manager creates a reference in French; a sku the brand already has is refused with the server\'s message', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, ACCOUNTS.quality);
  await setAccountLocale(page, 'fr');
  await page.goto('/reference/search');
  await waitForApp(page);
  await page.getByRole('link', { name: L('fr', 'reference.new') }).click();
  await expect(page).toHaveURL(/\/reference\/create/);
  await page.getByLabel(L('fr', 'reference.name'), { exact: true }).pressSequentially('Chemise lin Riviera');
  const sku = page.getByLabel(L('fr', 'reference.sku'), { exact: true });
  await sku.pressSequentially('mlw-2402');
  await page.getByRole('button', { name: L('fr', 'engine.action.save'), exact: true }).click();
  // The server's refusal (422 at /sku), in the caller's language; the page stays on the new reference.
  await expect(page.getByText(serverFr['error.codeInUse']).first()).toBeVisible();
  await expect(page).toHaveURL(/\/reference\/create/);
  await sku.fill('');
  await sku.pressSequentially('MLW-2600');
  await snackDuring(page, L('fr', 'reference.created'), () => page.getByRole('button', { name: L('fr', 'engine.action.save'), exact: true }).click());
  await expect(page).toHaveURL(/\/reference\/\d+$/);
  await expect(page.getByLabel(L('fr', 'reference.name'), { exact: true })).toHaveValue('Chemise lin Riviera');
  await shot(page, 'references-created-fr');
  await setAccountLocale(page, 'en');
});

test('a supplier reads a reference without Save nor Delete', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, ACCOUNTS.sales);
  await setAccountLocale(page, 'fr');
  await page.goto('/reference/search');
  await waitForApp(page);
  await expect(gridRows(page).first()).toBeVisible();
  await gridRows(page).first().click();
  await expect(page).toHaveURL(/\/reference\/\d+/);
  await waitForApp(page);
  // Read only for the supplier: the page says so, its fields are locked, neither Save nor Delete is offered.
  await expect(page.getByRole('status').filter({ hasText: L('fr', 'engine.record.notOwner') })).toBeVisible();
  await expect(page.getByLabel(L('fr', 'reference.name'), { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: L('fr', 'engine.action.save'), exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: L('fr', 'reference.menu.label') })).toHaveCount(0);
  await shot(page, 'references-supplier-fr');
  await setAccountLocale(page, 'en');
});

test('a brand manager reads a reference\'s orders, services and the inspections behind its risk (fr, then it, 1024 px)', async ({ page }) => {
  test.setTimeout(2 * 60_000);
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, ACCOUNTS.quality);
  for (const language of ['fr', 'it'] as const) {
    // The account's language is read when the app starts: each language loads the reference afresh.
    await setAccountLocale(page, language);
    // A demo reference that has orders and services, found through the calls its tabs read.
    const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
    const read = async (url: string) => (await page.request.get(url, { headers: XHR })).json();
    let chosen: { referenceId: number; sku: string } | undefined;
    let orders: { poNumber: string }[] = [];
    let services: { number: string }[] = [];
    for (const reference of (await read('/back/bo/smartdata/references/')) as { referenceId: number; sku: string }[]) {
      orders = await read(`/back/bo/purchaseOrders/references/${reference.referenceId}`);
      services = orders.length ? await read(`/back/bo/services/references?referenceId=${reference.referenceId}`) : [];
      if (services.length) {
        chosen = reference;
        break;
      }
    }
    expect(chosen, 'a demo reference with orders and services').toBeDefined();
    const figures = await read(`/back/bo/smartdata/operations/references/${chosen!.referenceId}`);
    await page.goto(`/reference/${chosen!.referenceId}`);
    await waitForApp(page);

    await page.getByRole('tab', { name: L(language, 'reference.tab.orders') }).click();
    const ordersTable = page.getByRole('table', { name: L(language, 'purchaseOrder.ofReference') });
    await expect(ordersTable.locator('tbody tr')).toHaveCount(orders.length);
    await expect(ordersTable.getByRole('link', { name: orders[0].poNumber, exact: true })).toBeVisible();
    await shot(page, `references-orders-${language}`);

    await page.getByRole('tab', { name: L(language, 'reference.tab.services') }).click();
    const servicesTable = page.getByRole('table', { name: L(language, 'referenceLinks.services.title') });
    await expect(servicesTable.locator('tbody tr')).toHaveCount(services.length);
    await expect(servicesTable.getByRole('link', { name: services[0].number, exact: true }).first()).toBeVisible();
    await shot(page, `references-services-${language}`);

    await page.getByRole('tab', { name: L(language, 'serviceSheet.tab.risk') }).click();
    const riskTable = page.getByRole('table', { name: L(language, 'risk.referenceServices.title') });
    await expect(riskTable.getByRole('columnheader', { name: L(language, 'risk.referenceServices.weight') })).toBeVisible();
    await expect(riskTable.locator('tbody tr')).toHaveCount((figures.services as unknown[]).length);
    await shot(page, `references-risk-${language}`);

    // An order opens its page.
    await page.getByRole('tab', { name: L(language, 'reference.tab.orders') }).click();
    await ordersTable.getByRole('link', { name: orders[0].poNumber, exact: true }).click();
    await expect(page).toHaveURL(/\/purchaseOrder\/\d+$/);
  }
});
