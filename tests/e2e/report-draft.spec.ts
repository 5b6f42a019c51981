import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, cell, en, expectSnack, fr, shot as keep, signIn, waitForApp } from './helpers';
import { nextFileChooser, png } from './fileFixtures';

/**
 * The report wizard as the inspector uses it on site: a picture taken from the defect step (queued,
 * stored among the service's elements, attached to the defect, shown as a thumbnail), a summary that
 * lists the quantity lines and the defects before Create, and a draft that survives a reload and a
 * browser restart until it is saved or discarded. And the workflow viewer says "not allowed" to a
 * person without its right.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const shot = (page: Page, name: string) => keep(page, `report-draft-${name}`);

test.describe.configure({ mode: 'serial' });

/** Confirmed inspections the inspector is assigned to, without a report yet (the last first: the report wizard spec takes the first). */
async function assignedWithoutReport(page: Page): Promise<number[]> {
  const profile = await (await page.request.get('/back/auth/profile', { headers: XHR })).json();
  const body = await (await page.request.get('/back/bo/services?serviceSteps=CONFIRMED', { headers: XHR })).json();
  const rows: { serviceId: number; thirdPartyDepartment: string; contributors?: number[] }[] = body.services;
  const found: number[] = [];
  for (const row of rows.filter((service) => service.thirdPartyDepartment === 'INSP' && service.contributors?.includes(profile.contactId)).reverse()) {
    const overview = await (await page.request.get(`/back/bo/reports/${row.serviceId}/overview`, { headers: XHR })).json();
    if (!overview.exists && overview.rights.report === 'WRITE') found.push(row.serviceId);
  }
  expect(found.length, 'confirmed inspections of the inspector without a report').toBeGreaterThanOrEqual(2);
  return found;
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const step = (page: Page, name: string) => expect(page.locator(`[data-active-step="${name}"]`)).toBeVisible();

async function typeQuantities(page: Page, presented: string, inspected: string) {
  const first = page.locator('.ag-row:not(.ag-row-pinned)').first();
  await expect(first).toContainText('PO');
  for (const [field, value] of [['presentedQuantity', presented], ['inspectedQuantity', inspected]]) {
    await cell(first, field).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
  }
}

async function addDefect(page: Page, code: string) {
  const add = page.getByRole('combobox', { name: 'Add a defect from the library' });
  await add.click();
  await add.pressSequentially(code);
  await page.getByRole('option', { name: new RegExp(code) }).click();
}

let services: number[] | undefined;

/** What the browser keeps of wizard drafts (IndexedDB `wizardDrafts`), as text: the last keystroke is written before a reload. */
const keptDrafts = (page: Page): Promise<string> =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('wizardDrafts');
        // Not there yet: not created here (the app creates it with its store).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve('');
          const all = db.transaction('drafts').objectStore('drafts').getAll();
          all.onsuccess = () => resolve(JSON.stringify(all.result));
          all.onerror = () => resolve('');
        };
      }),
  );

test('the inspector adds a picture from the defect step: stored with the service, shown on the defect, listed in the summary with the lines', async ({ page }) => {
  await signIn(page, ACCOUNTS.inspector);
  services ??= await assignedWithoutReport(page);
  const serviceId = services[0];
  await page.goto(`/services/${serviceId}/report`);
  await waitForApp(page);
  const chooser = nextFileChooser(page);
  await step(page, 'quantities');
  await typeQuantities(page, '1000', '80');
  await next(page);
  await step(page, 'aql');
  await next(page);

  await step(page, 'defects');
  await addDefect(page, 'WRK-01');
  const row = page.getByTestId('report-defect').first();
  await row.getByRole('textbox', { name: 'Comment' }).pressSequentially('Open seam on the left sleeve');
  await row.getByRole('button', { name: en('report.defectsPanel.takePicture') }).click();
  await (await chooser).setFiles({ name: 'left-sleeve.png', mimeType: 'image/png', buffer: png(320, 240, [200, 60, 60]) });
  // Through the upload queue to the service's elements, then on the defect: its thumbnail shows in the row.
  const thumbnail = row.getByTestId('defect-thumbnails').getByRole('img', { name: 'left-sleeve.png' });
  await expect(thumbnail).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(48);
  const elements: { fileId: number; fileName: string; picture: boolean }[] = await (await page.request.get(`/back/bo/serviceElements/${serviceId}/elements`, { headers: XHR })).json();
  const stored = elements.find((file) => file.fileName === 'left-sleeve.png');
  expect(stored?.picture).toBe(true);
  await shot(page, 'defect-picture');
  await next(page);

  await step(page, 'conclusion');
  await next(page);
  // The summary lists what will be saved: the quantity lines and the defects, before Create.
  await step(page, 'summary');
  const summary = page.locator('[data-active-step="summary"]');
  const line = summary.locator('.ag-row:not(.ag-row-pinned)').first();
  await expect(line).toContainText('PO');
  await expect(cell(line, 'presentedQuantity')).toHaveText('1,000');
  await expect(cell(line, 'inspectedQuantity')).toHaveText('80');
  const defect = summary.getByTestId('summary-defect');
  await expect(defect).toHaveCount(1);
  await expect(defect).toContainText('WRK-01');
  await expect(defect).toContainText('Open seam on the left sleeve');
  await expect(defect.getByRole('img', { name: 'left-sleeve.png' })).toBeVisible();
  await shot(page, 'summary');
  await page.getByRole('button', { name: 'Create' }).click();
  await expectSnack(page, 'Report saved');
  const report = await (await page.request.get(`/back/bo/reports/${serviceId}`, { headers: XHR })).json();
  expect(report.defects[0].pictures).toEqual([stored!.fileId]);
});

test('a reload and a browser restart mid-wizard keep the draft; Create and "discard draft" forget it', async ({ page, browser }) => {
  await signIn(page, ACCOUNTS.inspector);
  services ??= await assignedWithoutReport(page);
  const serviceId = services[1];
  await page.goto(`/services/${serviceId}/report`);
  await waitForApp(page);
  await step(page, 'quantities');
  await typeQuantities(page, '1200', '125');
  await next(page);
  await step(page, 'aql');
  await next(page);
  await step(page, 'defects');
  await addDefect(page, 'APP-01');
  await page.getByTestId('report-defect').first().getByRole('textbox', { name: 'Comment' }).pressSequentially('Shade difference between panels');

  const restored = async (target: Page) => {
    await expect(target.getByTestId('wizard-draft-notice')).toBeVisible();
    await expect(target.getByTestId('wizard-draft-notice')).toContainText(en('engine.wizard.discardDraft'));
    await step(target, 'defects');
    await expect(target.getByTestId('report-defect')).toHaveCount(1);
    await expect(target.getByTestId('report-defect').first().getByRole('textbox', { name: 'Comment' })).toHaveValue('Shade difference between panels');
  };
  // A reload: the draft comes back where it was, with its notice.
  await expect.poll(() => keptDrafts(page)).toContain('Shade difference between panels');
  await page.reload();
  await waitForApp(page);
  await restored(page);
  await shot(page, 'restored');

  // A browser restart: a new context with the same storage (cookies and IndexedDB).
  const state = await page.context().storageState({ indexedDB: true });
  const restarted = await browser.newContext({ storageState: state });
  const again = await restarted.newPage();
  await again.goto(`/services/${serviceId}/report`);
  await waitForApp(again);
  await restored(again);
  // The quantities typed before are there too.
  await again.locator('[data-step="quantities"]').click();
  await step(again, 'quantities');
  const first = again.locator('.ag-row:not(.ag-row-pinned)').first();
  await expect(cell(first, 'presentedQuantity')).toHaveText('1,200');
  await expect(cell(first, 'inspectedQuantity')).toHaveText('125');
  await restarted.close();

  // Discard: back to the values loaded from the server, and nothing kept for the next visit.
  await page.getByRole('button', { name: en('engine.wizard.discardDraft') }).click();
  await expect(page.getByTestId('wizard-draft-notice')).toHaveCount(0);
  await step(page, 'quantities');
  await expect(cell(page.locator('.ag-row:not(.ag-row-pinned)').first(), 'inspectedQuantity')).not.toHaveText('125');
  await page.reload();
  await waitForApp(page);
  await step(page, 'quantities');
  await expect(page.getByTestId('wizard-draft-notice')).toHaveCount(0);

  // Typed again, then created: the draft is forgotten, the next visit edits the saved report without a notice.
  await typeQuantities(page, '1200', '125');
  await next(page);
  await next(page);
  await next(page);
  await next(page);
  await step(page, 'summary');
  await page.getByRole('button', { name: 'Create' }).click();
  await expectSnack(page, 'Report saved');
  await page.goto(`/services/${serviceId}/report`);
  await waitForApp(page);
  await step(page, 'quantities');
  await expect(cell(page.locator('.ag-row:not(.ag-row-pinned)').first(), 'inspectedQuantity')).toHaveText('125');
  await expect(page.getByTestId('wizard-draft-notice')).toHaveCount(0);
});

test("on a terminated service, read-only for everyone, the inspector assigned to it still adds pictures to its elements", async ({ page }) => {
  await signIn(page, ACCOUNTS.inspector);
  type Listed = { serviceId: number; serviceStep: string; rights: { sheet: { right: string }; addElements?: boolean } };
  const body = await (await page.request.get('/back/bo/services?serviceSteps=TERMINATED', { headers: XHR })).json();
  const service = (body.services as Listed[]).find((row) => row.serviceStep === 'TERMINATED' && row.rights.addElements === true);
  expect(service?.rights.sheet.right).toBe('READ');
  await page.goto(`/services/${service!.serviceId}?tab=elements`);
  await waitForApp(page);
  const panel = page.getByTestId('attachments-panel');
  await panel.locator('input[type="file"]').setInputFiles({ name: 'carton-marks.png', mimeType: 'image/png', buffer: png(400, 300, [30, 90, 160]) });
  const tile = panel.getByTestId('gallery-tile').filter({ hasText: 'carton-marks.png' });
  await expect(tile).toBeVisible({ timeout: 30_000 });
  // Adding is not editing: no delete nor edit on a read-only sheet.
  await expect(tile.getByRole('button', { name: en('engine.attachments.deleteFile', { name: 'carton-marks.png' }) })).toHaveCount(0);
  await expect(tile.getByRole('button', { name: en('engine.attachments.edit') })).toHaveCount(0);
  await shot(page, 'terminated-elements');
});

test('the workflow viewer answers "not allowed" to a person without its right, in their language', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  await page.goto('/admin/workflows');
  await waitForApp(page);
  await expect(page.getByText(en('page.forbidden.title'))).toBeVisible();
  await expect(page.getByText(en('page.notImplemented.title'))).toHaveCount(0);
  await shot(page, 'workflows-forbidden');
  // In French too (the person's language, set and then put back).
  const locale = (value: string) => page.request.get(`/back/bo/menu/locale?locale=${value}`, { headers: XHR });
  expect((await locale('fr')).status()).toBe(200);
  try {
    await page.goto('/admin/workflows');
    await waitForApp(page);
    await expect(page.getByText(fr('page.forbidden.title'))).toBeVisible();
    await shot(page, 'workflows-forbidden-fr');
  } finally {
    await locale('en');
  }
});
