import type { Locator, Page } from '@playwright/test';
import { expect, test } from './axe';
import { readFileSync } from 'node:fs';
import { largePdf, onDisk, png, slowChunks } from './fileFixtures';
import { ACCOUNTS, en, labels, setAccountLocale, sheet, shot as keep, signIn, waitForApp, restoreEnglishAfterAll } from './helpers';

/**
 * The upload queue (issue 15): a profile picture set through it and shown in the header's popup, then deleted after
 * a confirmation; a large file that resumes after a page reload from what the server holds; the panel in French and
 * Italian, and an abort.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const shot = (target: Page | Locator, name: string) => keep(target, `queue-${name}`);

test.describe.configure({ mode: 'serial' });

/** The server's English messages (a refusal's text comes from the server). */
const serverLabels = JSON.parse(readFileSync('server/locales/en.json', 'utf8')) as Record<string, string>;

const uploadPanel = (page: Page) => page.getByTestId('upload-panel');
const percentOf = async (item: Locator) => Number((await item.getByTestId('upload-percent').textContent())?.replace(/\D/g, '') || 0);

/** The image is loaded (naturalWidth > 0): the server made and served it. */
const expectLoaded = (image: Locator) =>
  expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);

/** The uuid of each upload the page declares. */
function declaredUploads(page: Page): string[] {
  const uuids: string[] = [];
  page.on('response', async (response) => {
    if (response.request().method() === 'POST' && /\/back\/bo\/uploads\/?$/.test(response.url()) && response.status() === 201) uuids.push((await response.json()).uuid);
  });
  return uuids;
}

async function openCapaSheet(page: Page): Promise<Locator> {
  const [capa] = (await (await page.request.get('/back/bo/capas/', { headers: XHR })).json()) as { capaId: number }[];
  await page.goto(`/capas/capa/search?open=${capa.capaId}`);
  await waitForApp(page);
  const panel = sheet(page).getByTestId('attachments-panel');
  await panel.scrollIntoViewIfNeeded();
  return panel;
}

test.describe('upload queue', () => {
  restoreEnglishAfterAll(ACCOUNTS.quality);

  test('a profile picture: uploaded through the queue, shown in the header popup, deleted after a confirmation', async ({ page }) => {
    await signIn(page, ACCOUNTS.quality);
    await page.goto('/profileUser/personalInformation');
    await waitForApp(page);
    const card = page.getByTestId('profile-picture');
    await expect(card.getByRole('heading', { name: en('profile.picture.title') })).toBeVisible();
    await expect(card.getByTestId('profile-picture-delete')).toHaveCount(0);

    // Not a picture: refused before anything is sent.
    await card.locator('input[type="file"]').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: largePdf(2_000) });
    await expect(page.getByText(en('engine.upload.refused.notPicture', { name: 'notes.pdf' }))).toBeVisible();
    await expect(uploadPanel(page)).toHaveCount(0);

    await card.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(400, 300, [235, 130, 40]) });
    await expect(page.getByText(en('profile.picture.saved'))).toBeVisible({ timeout: 15_000 });
    const preview = card.getByTestId('profile-picture-preview');
    await expect(preview).toHaveAttribute('src', /\/back\/photos\/160x160\/\d+_\d+\/picture$/);
    await expectLoaded(preview);
    // The queue's panel closes once the file is done.
    await expect(uploadPanel(page)).toHaveCount(0, { timeout: 10_000 });

    await page.getByTestId('profile-button').click();
    const popup = page.getByTestId('profile-popup');
    const avatar = popup.locator('img').first();
    await expect(avatar).toHaveAttribute('src', /\/back\/photos\/48x48\/\d+_\d+\/picture$/);
    await expectLoaded(avatar);
    await shot(page, 'profile-popup');
    await page.getByTestId('profile-button').click();
    await expect(popup).toBeHidden();
    await shot(card, 'profile-picture');

    await card.getByTestId('profile-picture-delete').click();
    const dialog = page.getByRole('alertdialog').filter({ hasText: en('profile.picture.deleteTitle') });
    await expect(dialog).toContainText(en('profile.picture.deleteMessage'));
    await dialog.getByRole('button', { name: en('profile.picture.delete') }).click();
    await expect(page.getByText(en('profile.picture.deleted'))).toBeVisible();
    await expect(card.getByTestId('profile-picture-preview')).toHaveCount(0);
    const profile = await (await page.request.get('/back/auth/profile', { headers: XHR })).json();
    expect(profile.pictureFileId ?? null).toBeNull();
  });

  test('a large file resumes after a page reload, from the bytes the server holds', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ACCOUNTS.quality);
    const declared = declaredUploads(page);
    const ranges: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') ranges.push(request.headers()['content-range']);
    });
    page.on('dialog', (dialog) => void dialog.accept()); // the browser's "leave the page?" question
    await slowChunks(page, 700);
    const panel = await openCapaSheet(page);

    const size = 24 * 1024 * 1024 + 12_345;
    await panel.locator('input[type="file"]').setInputFiles(onDisk('scan-report.pdf', largePdf(size)));
    const item = uploadPanel(page).getByTestId('upload-item');
    // Two chunks of seven sent (while the file is checked, the percentage is the part hashed).
    await expect(item).toHaveAttribute('data-state', 'sending', { timeout: 30_000 });
    await expect.poll(() => percentOf(item), { timeout: 30_000 }).toBeGreaterThanOrEqual(30);
    await expect(item).toContainText(en('uploads.state.sending'));
    await shot(uploadPanel(page), 'panel-mid-upload');
    await shot(page, 'panel-mid-upload-page');

    const sentBeforeReload = ranges.length;
    await page.reload();
    // Restored from the browser: it continues from the server's count, without declaring the file again.
    const restored = uploadPanel(page).getByTestId('upload-item');
    await expect(restored).toContainText('scan-report.pdf', { timeout: 30_000 });
    await expect.poll(() => percentOf(restored), { timeout: 30_000 }).toBeGreaterThanOrEqual(30);
    await expect(restored).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    expect(await percentOf(restored)).toBe(100);
    expect(declared).toHaveLength(1);
    const offsets = ranges.map((range) => Number(/bytes (\d+)-/.exec(range)![1]));
    expect(offsets[0]).toBe(0);
    expect(offsets[sentBeforeReload]).toBeGreaterThan(0);
    const upload = await (await page.request.get(`/back/bo/uploads/${declared[0]}`, { headers: XHR })).json();
    expect(upload).toMatchObject({ uploadState: 'DONE', transferredBytes: size, byteSize: size });
    // Stored once: the record lists it, and the panel closes.
    await expect(uploadPanel(page)).toHaveCount(0, { timeout: 10_000 });
  });

  test("a file the server refuses stops with the server's message until dismissed; the next file goes on", async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, ACCOUNTS.quality);
    const panel = await openCapaSheet(page);
    // Named and typed as a PDF, but plain text: the server reads the first chunk and refuses it.
    await panel.locator('input[type="file"]').setInputFiles([
      { name: 'not-really.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some notes, no PDF at all\n'.repeat(200)) },
      { name: 'real.pdf', mimeType: 'application/pdf', buffer: largePdf(30_000) },
    ]);
    const items = uploadPanel(page).getByTestId('upload-item');
    const refused = items.filter({ hasText: 'not-really.pdf' });
    await expect(refused).toHaveAttribute('data-state', 'refused', { timeout: 30_000 });
    await expect(refused.getByTestId('upload-error')).toHaveText(serverLabels['upload.wrongContent']!);
    await expect(items.filter({ hasText: 'real.pdf' })).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await shot(uploadPanel(page), 'panel-refused');
    // The finished file leaves the list; the refused one stays until dismissed, then the panel closes.
    await expect(items).toHaveCount(1, { timeout: 10_000 });
    await refused.getByRole('button', { name: en('uploads.dismiss') }).click();
    await expect(uploadPanel(page)).toHaveCount(0);
  });

  for (const locale of ['fr', 'it'] as const) {
    test(`the panel in ${locale}: labels fit; abort removes the file and discards it on the server`, async ({ page }) => {
      test.setTimeout(60_000);
      await signIn(page, ACCOUNTS.quality);
      await setAccountLocale(page, locale);
      const declared = declaredUploads(page);
      // Four chunks of 2 s each: the file is still sending when the test, slowed by a busy machine, reaches Abort.
      await slowChunks(page, 2000);
      const panel = await openCapaSheet(page);

      await panel.locator('input[type="file"]').setInputFiles(onDisk('rapport-d-inspection-final-signé.pdf', largePdf(13 * 1024 * 1024)));
      const item = uploadPanel(page).getByTestId('upload-item');
      await expect(item).toHaveAttribute('data-state', 'sending', { timeout: 30_000 });
      await expect.poll(() => percentOf(item), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect(item).toContainText(labels[locale]['uploads.state.sending']!);
      await shot(uploadPanel(page), `panel-${locale}`);
      // Nothing overflows the panel.
      const overflow = await uploadPanel(page).evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await item.getByRole('button').click();
      await expect(uploadPanel(page)).toHaveCount(0);
      await expect.poll(async () => (await page.request.get(`/back/bo/uploads/${declared[0]}`, { headers: XHR })).status()).toBe(404);
    });
  }
});
