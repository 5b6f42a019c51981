import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { onDisk } from './fileFixtures';
import { ACCOUNTS, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';

/**
 * The order import screen (docs/imports.md) as a brand's quality manager uses it, in French and in
 * Italian at 1024 px: upload a spreadsheet, map a column and confirm it, see the preview's errors,
 * start, watch the progress bar, open the history (the demo store's import is there) and download
 * the refused rows.
 */
restoreEnglishAfterAll(ACCOUNTS.quality);
// Both tests read the screen at 1024 px: the test's own page, not a second browser context.
test.use({ viewport: { width: 1024, height: 800 } });

/** The server's messages (a preview cell's error), per language. */
const serverText = (lang: Lang, key: string) => (JSON.parse(readFileSync(`server/locales/${lang}.json`, 'utf8')) as Record<string, string>)[key];
/** The demo store's finished order import (server/seed/imports.ts). */
const SEEDED = { fileName: 'lumiere-orders-FW27.xlsx', created: '6', updated: '2', refused: '2' };

type Lang = 'fr' | 'it';
const ARTICLE: Record<Lang, string> = { fr: 'Article', it: 'Articolo' };
const label = (lang: Lang, key: string, values: Record<string, string | number> = {}) => {
  const text = labels[lang][key];
  if (text === undefined) throw new Error(`no ${lang} label for ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
};

async function workbook(lang: Lang, zip: { compression: 'DEFLATE' | 'STORE' } = { compression: 'DEFLATE' }): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('OF');
  // A header of its own per language: the company's mapping is remembered from one import to the next.
  // Each row gives its order's date: an order needs one (the API's rule, which the import applies).
  sheet.addRow(['PO number', 'Supplier', 'SKU', 'Ordered quantity', ARTICLE[lang], 'Order date']);
  const orderDate = new Date(Date.UTC(2031, 4, 1));
  // Its second row (line 3) names a supplier outside the network: refused, and marked in the preview.
  sheet.addRow([`E2E-${lang}-PO-1`, 'Shenzhen Textile Co', `E2E-${lang}-SKU-1`, 10, 'Article 1', orderDate]);
  sheet.addRow([`E2E-${lang}-PO-9`, 'Unknown Supplier Ltd', `E2E-${lang}-SKU-X`, 5, 'Refused', orderDate]);
  for (let i = 2; i <= 40; i++) sheet.addRow([`E2E-${lang}-PO-${Math.ceil(i / 10)}`, 'Shenzhen Textile Co', `E2E-${lang}-SKU-${i}`, i * 10, `Article ${i}`, orderDate]);
  return Buffer.from(await book.xlsx.writeBuffer({ zip } as ExcelJS.XlsxWriteOptions));
}

/** The same workbook stored uncompressed with its last quantity changed in place: its rows parse, its worksheet's CRC-32 fails. */
async function damaged(lang: Lang): Promise<Buffer> {
  const bytes = await workbook(lang, { compression: 'STORE' });
  const at = bytes.lastIndexOf('<v>400</v>');
  if (at < 0) throw new Error('no quantity 400 in the worksheet');
  bytes.write('<v>401</v>', at);
  return bytes;
}

async function importOnce(page: Page, lang: Lang) {
  await setAccountLocale(page, lang);
  await page.goto('/importOrder');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: label(lang, 'imports.step.document') })).toBeVisible();
  // The demo store's import is listed with its counts.
  const seeded = page.getByTestId('import-histories').locator('tbody tr', { hasText: SEEDED.fileName });
  await expect(seeded.locator('td').nth(2)).toHaveText(label(lang, 'enum.importStatus.DONE'));
  await expect(seeded.locator('td').nth(3)).toHaveText(SEEDED.created);
  await expect(seeded.locator('td').nth(4)).toHaveText(SEEDED.updated);
  await expect(seeded.locator('td').nth(5)).toHaveText(SEEDED.refused);

  await page.getByTestId('import-dropzone').locator('input[type="file"]').setInputFiles(onDisk(`orders-${lang}.xlsx`, await workbook(lang)));
  await expect(page.getByTestId('import-document')).toHaveText(`orders-${lang}.xlsx`);
  const mapping = page.getByTestId('import-mapping');
  await expect(mapping.locator('tbody tr')).toHaveCount(6);

  // Map "Article" to the reference's name: waiting for its confirmation, Start is held.
  const article = page.getByRole('combobox', { name: label(lang, 'imports.targetOf', { column: ARTICLE[lang] }) });
  await article.click();
  await article.clear();
  await article.pressSequentially(label(lang, 'reference.name').slice(0, 4));
  await page.getByRole('option', { name: new RegExp(`^${label(lang, 'reference.name')} \\(`) }).click();
  await expect(page.getByTestId('import-confirm-4')).toBeVisible();
  await expect(page.getByTestId('import-start')).toBeDisabled();
  await shot(page, `imports-mapping-${lang}`);
  await page.getByTestId('import-confirm-4').click();
  await expect(page.getByTestId('import-column-4')).toContainText(label(lang, 'imports.ready'));

  // The preview marks the refused row's supplier cell, with the server's message in the person's language.
  const preview = page.getByTestId('import-preview');
  await expect(page.getByTestId('import-preview-summary')).toHaveText(label(lang, 'imports.previewSummary', { rows: 20, errors: 1 }));
  const bad = page.getByTestId('import-preview-row-3').locator('td[data-error="true"]');
  await expect(bad).toHaveCount(1);
  await expect(bad).toHaveAttribute('title', serverText(lang, 'import.error.unknownCompany'));
  await expect(preview.locator('td[data-error="true"]')).toHaveCount(1);
  await expect(preview.locator('thead')).toContainText(label(lang, 'reference.name'));
  await shot(page, `imports-preview-${lang}`);

  await page.getByTestId('import-start').click();
  const bar = page.getByTestId('import-progress').getByRole('progressbar', { name: label(lang, 'imports.progress') });
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('import-progress')).toContainText('41 / 41', { timeout: 30_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  const history = page.getByTestId('import-histories').locator('tbody tr').first();
  await expect(history).toContainText(`orders-${lang}.xlsx`);
  await expect(history).toContainText(label(lang, 'enum.importStatus.DONE'));
  await expect(history.locator('td').nth(3)).toHaveText('40');
  await expect(history.locator('td').nth(5)).toHaveText('1');
  await shot(page, `imports-history-${lang}`);

  const [download] = await Promise.all([page.waitForEvent('download'), history.getByTestId('import-refused-download').click()]);
  expect(download.suggestedFilename()).toBe(`orders-${lang}-refused.xlsx`);
  const refused = new ExcelJS.Workbook();
  await refused.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  refused.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
  expect(rows).toHaveLength(2);
  expect(rows[1][0]).toBe('3');
  expect(rows[1][2]).toBe('Unknown Supplier Ltd');
  expect(rows[1].at(-1)).toBe(`${label(lang, 'purchaseOrder.supplier')}: ${serverText(lang, 'import.error.unknownCompany')}`);
}

test('a brand manager imports orders in French and Italian at 1024 px: upload, map, preview errors, progress, history, refused rows', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ACCOUNTS.quality);
  for (const lang of ['fr', 'it'] as const) await importOnce(page, lang);
});

test('a damaged document fails its import, and the history tells why (it, 1024 px)', async ({ page }) => {
  test.setTimeout(120_000);
  const lang = 'it';
  await signIn(page, ACCOUNTS.quality);
  await setAccountLocale(page, lang);
  await page.goto('/importOrder');
  await waitForApp(page);
  await page.getByTestId('import-dropzone').locator('input[type="file"]').setInputFiles(onDisk('orders-damaged.xlsx', await damaged(lang)));
  await expect(page.getByTestId('import-document')).toHaveText('orders-damaged.xlsx');
  // Its header and first rows read: the mapping remembered from the Italian import, the preview shown.
  await expect(page.getByTestId('import-preview-summary')).toHaveText(label(lang, 'imports.previewSummary', { rows: 20, errors: 1 }));
  await page.getByTestId('import-start').click();
  const history = page.getByTestId('import-histories').locator('tbody tr').first();
  await expect(history).toContainText('orders-damaged.xlsx');
  await expect(history).toContainText(label(lang, 'enum.importStatus.FAILED'), { timeout: 30_000 });
  await expect(history.getByTestId('import-history-reason')).toHaveText(serverText(lang, 'import.error.sheetIncomplete'));
  await expect(history.locator('td').nth(3)).toHaveText('0');
  await shot(page.getByTestId('import-histories'), 'imports-failed-it');
});
