import type { Locator, Page } from '@playwright/test';
import { expect, test } from './axe';
import { onDisk, png } from './fileFixtures';
import { ACCOUNTS, en, expectSnack, pick, setAccountLocale, sheet, shot as keep, signIn, waitForApp, restoreEnglishAfterAll } from './helpers';

/**
 * Attachments (issue 15): a picture and a PDF attached to a CAPA from its sheet (progress, h48
 * thumbnail, download, delete asked first), the service sheet's elements gallery with its lightbox
 * and edit popup, and /documents with its required document type; screenshots in en, fr and it.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const shot = (page: Page, name: string) => keep(page, `panels-${name}`);

test.describe.configure({ mode: 'serial' });

/** A PDF of about `kb` kB: its magic header is what the server's content check reads. */
const pdf = (kb = 8) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${'% packing list line\n'.repeat(Math.ceil((kb * 1024) / 20))}%%EOF\n`);

/** Drops files on the panel's zone (its file input, as a browse would), read from disk (fileFixtures `onDisk`). */
const attach = (panel: Locator, files: { name: string; buffer: Buffer }[]) => panel.locator('input[type="file"]').setInputFiles(files.map(({ name, buffer }) => onDisk(name, buffer)));

/** Every image in `scope` is loaded (naturalWidth > 0), i.e. the server made and served it. */
async function expectImagesLoaded(scope: Locator, count: number) {
  const images = scope.locator('img');
  await expect(images).toHaveCount(count);
  for (let i = 0; i < count; i += 1) {
    await expect.poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
  }
}

/** Slows each chunk so a percentage can be seen on the way. */
const slowChunks = (page: Page) =>
  page.route(/\/back\/bo\/uploads\/[^/]+$/, async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });

test.describe('attachments', () => {
  restoreEnglishAfterAll(ACCOUNTS.quality);

  test('a picture and a PDF attached to a CAPA: progress, thumbnail, download, delete asked first', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, ACCOUNTS.quality);
    const [capa] = (await (await page.request.get('/back/bo/capas/', { headers: XHR })).json()) as { capaId: number }[];
    await slowChunks(page);
    await page.goto(`/capas/capa/search?open=${capa.capaId}`);
    await waitForApp(page);
    const panel = sheet(page).getByTestId('attachments-panel');
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByRole('heading', { name: en('engine.attachments.title') })).toBeVisible();

    // Refused before anything is sent: an empty file, with the reason.
    await attach(panel, [{ name: 'empty.txt', buffer: Buffer.alloc(0) }]);
    await expect(panel.getByRole('alert')).toContainText('empty.txt');

    await attach(panel, [
      { name: 'defect.png', buffer: png(320, 240, [220, 60, 40]) },
      // 10 MB: three 4 MiB chunks, so the percentage moves on the way.
      { name: 'packing-list.pdf', buffer: pdf(10_000) },
    ]);
    // On their way: the record's own progress (the shell's upload panel shows them too).
    const uploading = panel.getByTestId('attachments-uploading');
    await expect(uploading).toContainText('defect.png');
    await expect(uploading.filter({ hasText: 'packing-list.pdf' })).toContainText(/(?<!\d)[1-9]\d?\s?%/, { timeout: 20_000 });
    await shot(page, 'capa-uploading');

    const rows = panel.getByTestId('attachment-row');
    await expect(rows).toHaveCount(2, { timeout: 30_000 });
    await expect(uploading).toHaveCount(0);
    const picture = rows.filter({ hasText: 'defect.png' });
    await expectImagesLoaded(picture, 1);
    await expect(picture.locator('img')).toHaveAttribute('src', /\/back\/photos\/h48\//);
    await expect(rows.filter({ hasText: 'packing-list.pdf' }).locator('img')).toHaveCount(0);

    // The name downloads the file, with its bytes.
    const link = rows.filter({ hasText: 'packing-list.pdf' }).getByRole('link', { name: 'packing-list.pdf' });
    const download = await page.request.get((await link.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');
    await rows.last().scrollIntoViewIfNeeded();
    await shot(page, 'capa-en');

    // Delete asks first; Cancel keeps the file, Delete removes it.
    await rows.filter({ hasText: 'packing-list.pdf' }).getByRole('button', { name: en('engine.attachments.deleteFile', { name: 'packing-list.pdf' }) }).click();
    const confirm = page.getByRole('dialog', { name: en('engine.attachments.deleteTitle') });
    await confirm.getByRole('button', { name: en('engine.action.cancel') }).click();
    await expect(rows).toHaveCount(2);
    await rows.filter({ hasText: 'packing-list.pdf' }).getByRole('button', { name: en('engine.attachments.deleteFile', { name: 'packing-list.pdf' }) }).click();
    await confirm.getByRole('button', { name: en('engine.action.delete') }).click();
    await expect(rows).toHaveCount(1);
    await expectSnack(page, en('engine.attachments.deleted', { name: 'packing-list.pdf' }));
  });

  test('the CAPA files panel reads in French and Italian; a new CAPA takes files once saved', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, ACCOUNTS.quality);
    const [capa] = (await (await page.request.get('/back/bo/capas/', { headers: XHR })).json()) as { capaId: number }[];
    for (const locale of ['fr', 'it'] as const) {
      await setAccountLocale(page, locale);
      await page.goto(`/capas/capa/search?open=${capa.capaId}`);
      await waitForApp(page);
      const panel = sheet(page).getByTestId('attachments-panel');
      await expect(panel.getByTestId('attachment-row')).toHaveCount(1, { timeout: 15_000 });
      await panel.getByTestId('attachment-row').scrollIntoViewIfNeeded();
      await shot(page, `capa-${locale}`);
    }
    await setAccountLocale(page, 'en');

    // A record not saved yet has nowhere to attach files.
    await page.goto('/capas/capa/search');
    await waitForApp(page);
    await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
    await expect(sheet(page).getByText(en('engine.attachments.saveFirst'))).toBeVisible({ timeout: 15_000 });
  });

  test('a fee sheet has its files in a tab of its record page', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, ACCOUNTS.manager);
    const [fee] = (await (await page.request.get('/back/bo/fee/', { headers: XHR })).json()) as { feeIdHK: number }[];
    await page.goto(`/billing/fees/${fee.feeIdHK}`);
    await waitForApp(page);
    await page.getByRole('tab', { name: en('screen.feeSheet.files') }).click();
    const panel = page.getByTestId('attachments-panel');
    await attach(panel, [{ name: 'taxi-receipt.png', buffer: png(200, 300, [250, 200, 40]) }]);
    const row = panel.getByTestId('attachment-row').filter({ hasText: 'taxi-receipt.png' });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expectImagesLoaded(row, 1);
    await shot(page, 'fee-files');
  });

  test('the service elements gallery: 200x200 tiles, the lightbox with the originals, the edit popup', async ({ page }) => {
    test.setTimeout(90_000);
    type Listed = { serviceId: number; rights: { sheet: { right: string }; addElements?: boolean } };
    const listed = async () => ((await (await page.request.get('/back/bo/services/', { headers: XHR })).json()) as { services: Listed[] }).services;
    const panel = page.getByTestId('attachments-panel');
    // A reader of the service (the supplier: not the provider's people, who add elements) sees them, with nothing to add or delete.
    await signIn(page, ACCOUNTS.sales);
    const readOnly = (await listed()).find((service) => service.rights.sheet.right === 'READ' && !service.rights.addElements)!;
    await page.goto(`/services/${readOnly.serviceId}?tab=elements`);
    await waitForApp(page);
    await expect(panel.getByRole('heading', { name: en('serviceSheet.elements.title') })).toBeVisible();
    await expect(panel.getByTestId('attachments-dropzone')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: en('engine.attachments.paste') })).toHaveCount(0);

    await page.context().clearCookies();
    await signIn(page, ACCOUNTS.manager);
    const services = await listed();
    const writable = services.find((service) => service.rights.sheet.right === 'WRITE')!;
    await page.goto(`/services/${writable.serviceId}?tab=elements`);
    await waitForApp(page);
    await attach(panel, [
      { name: 'carton-front.png', buffer: png(640, 400, [40, 110, 200]) },
      { name: 'carton-label.png', buffer: png(300, 500, [30, 160, 90]) },
    ]);
    const tiles = panel.getByTestId('gallery-tile');
    await expect(tiles).toHaveCount(2, { timeout: 30_000 });
    await expectImagesLoaded(panel.getByTestId('attachments-gallery'), 2);
    const box = await tiles.first().locator('img').boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([200, 200]);
    await shot(page, 'gallery-en');

    // The lightbox shows the original; next goes to the other picture.
    await tiles.filter({ hasText: 'carton-label.png' }).getByRole('button', { name: en('engine.attachments.view', { name: 'carton-label.png' }) }).click();
    const lightbox = page.locator('.yarl__root');
    await expect(lightbox).toBeVisible();
    const current = lightbox.locator('.yarl__slide_current img');
    await expect(current).toHaveAttribute('src', /\/back\/photos\/\d+\/ORIGINAL$/);
    await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    await shot(page, 'lightbox');
    await lightbox.getByRole('button', { name: en('engine.attachments.next') }).click();
    await expect.poll(() => lightbox.locator('.yarl__slide_current img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);

    // Edit from the lightbox: the popup changes the name and comment (PATCH).
    await lightbox.getByRole('button', { name: en('engine.attachments.edit') }).click();
    await expect(lightbox).toHaveCount(0);
    const popup = page.getByRole('dialog', { name: en('engine.attachments.editTitle') });
    await popup.getByLabel(en('engine.attachments.fileName')).fill('carton-front-side.png');
    await popup.getByLabel(en('engine.attachments.comment')).fill('Front side, lot 42');
    await shot(page, 'gallery-edit');
    await popup.getByRole('button', { name: en('engine.action.save') }).click();
    await expect(popup).toHaveCount(0);
    await expect(tiles.filter({ hasText: 'carton-front-side.png' })).toContainText('Front side, lot 42');
  });

  test('/documents: the company documents, each with its required document type', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, ACCOUNTS.quality);
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('navigation', { name: en('shell.menu') }).getByRole('link', { name: en('screen.documents'), exact: true }).click();
    await expect(page).toHaveURL(/\/documents$/);
    const panel = page.getByTestId('attachments-panel');
    await attach(panel, [{ name: 'iso-9001.pdf', buffer: pdf() }]);
    const ask = page.getByRole('dialog', { name: en('engine.attachments.documentTitle') });
    await expect(ask).toContainText('iso-9001.pdf');
    const upload = ask.getByRole('button', { name: en('engine.attachments.upload') });
    await expect(upload).toBeDisabled();
    await pick(page, ask.getByRole('combobox', { name: en('engine.attachments.documentType') }), en('enum.documentType.CERTIFICATE'));
    await shot(page, 'documents-type');
    await upload.click();
    const row = panel.getByTestId('attachment-row').filter({ hasText: 'iso-9001.pdf' });
    await expect(row).toContainText(en('enum.documentType.CERTIFICATE'), { timeout: 30_000 });
    await shot(page, 'documents-en');

    // A colleague who does not administer the company reads the documents, and adds or deletes none.
    await page.context().clearCookies();
    await signIn(page, ACCOUNTS.buyer);
    await page.goto('/documents');
    await waitForApp(page);
    await expect(row).toContainText(en('enum.documentType.CERTIFICATE'), { timeout: 15_000 });
    await expect(panel.getByTestId('attachments-dropzone')).toHaveCount(0);
    await expect(row.getByRole('button')).toHaveCount(0);
  });
});
