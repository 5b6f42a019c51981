import type { Locator, Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, expectSnack, gridRows, pick, restoreEnglishAfterAll, setAccountLocale, sheet, shot as keep, signIn, waitForApp } from './helpers';
import { openInApp } from './openInApp';

/**
 * Families and their items on one screen (docs/schemas.md "Families and their items — `tree`"):
 * the universe admin picks a defect family in the pane beside the grid, adds a defect to it with
 * its names in three languages typed side by side, and the inspector's report wizard offers it at
 * once; archived, it leaves the wizard's picker. The screen in en, fr and it.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const shot = (page: Page, name: string) => keep(page, `admin-families-${name}`);
const DEFECTS = '/profileUniverse/defects';

test.describe.configure({ mode: 'serial' });
// Two browsers (the admin's and the inspector's) and the report wizard's steps, on a shared machine.
test.setTimeout(300_000);
restoreEnglishAfterAll(ACCOUNTS.admin);

/** A confirmed inspection the inspector may write the report of (none yet). */
async function serviceWithoutReport(page: Page): Promise<number> {
  const body = await (await page.request.get('/back/bo/services?serviceSteps=CONFIRMED', { headers: XHR })).json();
  for (const row of (body.services as { serviceId: number; thirdPartyDepartment: string }[]).filter((service) => service.thirdPartyDepartment === 'INSP')) {
    const overview = await (await page.request.get(`/back/bo/reports/${row.serviceId}/overview`, { headers: XHR })).json();
    if (!overview.exists && overview.rights.report === 'WRITE') return row.serviceId;
  }
  throw new Error('no confirmed inspection without a report in the demo data');
}

/** The wizard's defect picker, reached from wherever the wizard (or its draft) opens. */
async function defectPicker(page: Page, serviceId: number): Promise<Locator> {
  await page.goto(`/services/${serviceId}/report`);
  await waitForApp(page);
  // The wizard opens on its first step, or where a draft left it.
  const active = page.locator('[data-active-step]');
  await expect(active).toBeVisible();
  for (const step of ['quantities', 'aql']) {
    if ((await active.getAttribute('data-active-step')) !== step) continue;
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(active).not.toHaveAttribute('data-active-step', step);
  }
  await expect(page.locator('[data-active-step="defects"]')).toBeVisible();
  return page.getByRole('combobox', { name: 'Add a defect from the library' });
}

async function offered(page: Page, picker: Locator, text: string): Promise<number> {
  await picker.click();
  await picker.fill(text);
  const count = await page.getByRole('option', { name: new RegExp(text) }).count();
  await page.keyboard.press('Escape');
  return count;
}

const families = (page: Page) => page.getByRole('navigation', { name: 'Defect family' });

test('a universe admin adds a defect to a family in the tree; the inspector’s wizard offers it at once, archived it leaves', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ACCOUNTS.admin);
  await page.goto(DEFECTS);
  await waitForApp(page);

  // The families pane: every family with its number of defects; choosing one lists its defects only.
  await expect(page.getByTestId('page-title')).toHaveText('Defects');
  await expect(gridRows(page).first()).toBeVisible();
  const all = await gridRows(page).count();
  expect(all).toBeGreaterThan(15);
  await expect(families(page).getByRole('button', { name: /All families/ })).toHaveAttribute('aria-current', 'true');
  const appearance = families(page).getByRole('button', { name: /^Appearance/ });
  await expect(appearance).toContainText('4');
  await appearance.click();
  await expect(appearance).toHaveAttribute('aria-current', 'true');
  await expect(gridRows(page)).toHaveCount(4);
  await expect(gridRows(page).first()).toContainText('Appearance');

  // New: the chosen family is already filled in; the names are typed side by side, one per language.
  await page.getByRole('button', { name: 'New' }).click();
  const form = sheet(page);
  await expect(form.getByRole('combobox', { name: 'Defect family' })).toHaveValue('Appearance');
  await form.getByRole('textbox', { name: 'Code' }).fill('APP-05');
  const english = form.getByRole('textbox', { name: 'English' });
  const french = form.getByRole('textbox', { name: 'French' });
  const italian = form.getByRole('textbox', { name: 'Italian' });
  const [a, b, c] = await Promise.all([english, french, italian].map((input) => input.boundingBox()));
  expect(Math.abs(a!.y - b!.y) + Math.abs(b!.y - c!.y)).toBeLessThan(2); // one row
  await english.fill('Faded print');
  await french.fill('Impression délavée');
  await italian.fill('Stampa sbiadita');
  await pick(page, form.getByRole('combobox', { name: 'Category' }), 'Appearance');
  await shot(page, 'new-defect');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectSnack(page, 'Defect created');
  await page.keyboard.press('Escape');
  await expect(gridRows(page)).toHaveCount(5);
  await expect(gridRows(page).filter({ hasText: 'APP-05' })).toContainText('Faded print');
  await expect(appearance).toContainText('5');
  await shot(page, 'en');

  // The inspector's report wizard offers it without a restart.
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const inspector = await context.newPage();
  await signIn(inspector, ACCOUNTS.inspector);
  const serviceId = await serviceWithoutReport(inspector);
  expect(await offered(inspector, await defectPicker(inspector, serviceId), 'APP-05')).toBe(1);
  await expect(inspector.locator('[data-active-step="defects"]')).toBeVisible();

  // Archived by the admin: it leaves the picker.
  await gridRows(page).filter({ hasText: 'APP-05' }).click();
  await sheet(page).getByRole('checkbox', { name: 'Archived' }).check();
  await sheet(page).getByRole('button', { name: 'Save' }).click();
  await expectSnack(page, 'Defect saved');
  const picker = await defectPicker(inspector, serviceId);
  expect(await offered(inspector, picker, 'APP-05')).toBe(0);
  expect(await offered(inspector, picker, 'APP-01')).toBe(1);
  await context.close();
});

test('the admin reorders the defect families by dragging one in the pane, or with Alt+arrows; the order is saved', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ACCOUNTS.admin);
  await page.goto(DEFECTS);
  await waitForApp(page);
  const names = async () => (await families(page).getByRole('button').allInnerTexts()).slice(1).map((text) => text.split('\n')[0]);
  await expect.poll(names).toEqual(['Appearance', 'Workmanship', 'Measurements', 'Labelling and packing', 'Accessories', 'Safety', 'Maison Lumière finish']);

  // Safety dragged onto Appearance's place: first, and saved (a reload keeps it).
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/back/bo/defects/admin/families/'));
  await families(page).getByRole('button', { name: /^Safety/ }).dragTo(families(page).getByRole('button', { name: /^Appearance/ }));
  expect((await saved).status()).toBe(200);
  await expect.poll(names).toEqual(['Safety', 'Appearance', 'Workmanship', 'Measurements', 'Labelling and packing', 'Accessories', 'Maison Lumière finish']);
  await shot(page, 'reordered');
  await page.reload();
  await waitForApp(page);
  await expect.poll(names).toEqual(['Safety', 'Appearance', 'Workmanship', 'Measurements', 'Labelling and packing', 'Accessories', 'Maison Lumière finish']);

  // From the keyboard: Alt+Down moves the focused family one place down.
  await families(page).getByRole('button', { name: /^Safety/ }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(names).toEqual(['Appearance', 'Safety', 'Workmanship', 'Measurements', 'Labelling and packing', 'Accessories', 'Maison Lumière finish']);
  const stored = await (await page.request.get('/back/bo/defects/admin/families/', { headers: XHR })).json();
  const orderOf = (code: string) => stored.find((family: { code: string; companyId?: number }) => family.code === code && !family.companyId).order;
  expect([orderOf('APP'), orderOf('SEC'), orderOf('WRK')]).toEqual([10, 20, 30]);
});

test('the families and items screens read in French and Italian, at 1024 and 1440 px, nothing cut', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  for (const [locale, title, family] of [
    ['fr', 'Défauts', 'Aspect'],
    ['it', 'Difetti', 'Aspetto'],
  ] as const) {
    await setAccountLocale(page, locale);
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: 860 });
      // Loaded once in the language (the app reads it when it starts); the wider window is the same page resized.
      if (width === 1024) {
        await page.goto(DEFECTS);
        await waitForApp(page);
      }
      await expect(page.getByTestId('page-title')).toHaveText(title);
      const pane = page.getByRole('navigation').filter({ hasText: family });
      await pane.getByRole('button', { name: new RegExp(`^${family}`) }).click();
      await expect(gridRows(page).first()).toContainText(family);
      // Names in the reader's language; no label wider than its box.
      const cut = await page.locator('nav .mantine-NavLink-label, .ag-header-cell-text').evaluateAll((nodes) => nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent));
      expect(cut).toEqual([]);
      await shot(page, `${locale}-${width}`);
    }
    await openInApp(page, '/profileUniverse/defectFamilies');
    await expect(gridRows(page).first()).toBeVisible();
    await shot(page, `${locale}-families`);
    // The platform's laboratory tests and the universe's products, with their families' panes.
    for (const [route, name] of [
      ['/admin/laboratoryTests', 'laboratory-tests'],
      ['/profileUniverse/products', 'products'],
    ] as const) {
      await openInApp(page, route);
      await expect(gridRows(page).first()).toBeVisible();
      const cut = await page.locator('nav .mantine-NavLink-label, .ag-header-cell-text').evaluateAll((nodes) => nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent));
      expect(cut).toEqual([]);
      await shot(page, `${locale}-${name}`);
    }
  }
  await setAccountLocale(page, 'en');
});
