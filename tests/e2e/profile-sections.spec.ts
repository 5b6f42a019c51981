import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, labels, login, restoreEnglishAfterAll, setAccountLocale, shot } from './helpers';
import { expectNoOverflow } from './overflow';

/**
 * Every section of the company profile, the universe profile and the administration menu, as
 * GET /back/schemas lists them (the children a menu page shows: docs/schemas.md "Menu pages"), in
 * French and Italian at 1024 px and 1440 px: each page shows its title in the language, nothing
 * overflows, a list's New dialog opens (axe checks every page and dialog: tests/e2e/axe.ts).
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const MENUS = ['/profileCompany/:companyId', '/profileUniverse', '/admin/menu'];
const WIDTHS = [1024, 1440];

interface Screen { route: string; type: string; title: string; parent?: string; aliases?: string[]; entity?: string; items?: unknown[] }

/**
 * The menu pages and their children that are owned lists (an entity with `x-scope`: the lists of the
 * company and universe profiles and of the administration; the older sections such as contacts and the
 * monitors are walked by accessibility.spec and words.spec), those the signed-in caller may open, their
 * routes filled with the caller's company.
 */
async function sections(page: Page): Promise<{ path: string; screen: Screen }[]> {
  const { companyId } = await (await page.request.get('/back/auth/profile', { headers: XHR })).json();
  const { screens, entities } = (await (await page.request.get('/back/schemas', { headers: XHR })).json()) as { screens: Screen[]; entities: Record<string, { 'x-scope'?: string }> };
  const menus = screens.filter((screen) => screen.type === 'menu' && MENUS.includes(screen.route));
  const ownedList = (screen: Screen) => !!screen.entity && !!entities[screen.entity]?.['x-scope'];
  const children = screens.filter((screen) => ownedList(screen) && menus.some((menu) => [menu.route, ...(menu.aliases ?? [])].includes(screen.parent ?? '')));
  return [...menus, ...children].map((screen) => ({ screen, path: screen.route.replace(':companyId', String(companyId)) }));
}

/** Both widths on one page load: the window is resized rather than the page loaded again. */
async function checkWidths(page: Page, name: string, widths: number[]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page, `${name} at ${width} px`);
  }
}

async function checkSection(page: Page, path: string, screen: Screen, locale: 'fr' | 'it'): Promise<void> {
  const name = `${locale} ${path}`;
  await page.goto(path);
  await expect(page.getByRole('heading', { name: labels[locale][screen.title] ?? screen.title, exact: true }).first(), name).toBeVisible({ timeout: 15_000 });
  if (screen.type === 'search') await expect(page.locator('.ag-root'), name).toBeVisible({ timeout: 15_000 });
  await checkWidths(page, name, WIDTHS);
  await shot(page, `profile-sections-${locale}${path.replaceAll('/', '-')}`);
  const create = page.getByRole('button', { name: labels[locale]['engine.action.new'], exact: true });
  if (screen.type === 'search' && (await create.count())) {
    await create.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('form.rjsf'), name).toBeVisible({ timeout: 15_000 });
    await checkWidths(page, `${name} (new)`, [...WIDTHS].reverse());
    await shot(page, `profile-sections-${locale}${path.replaceAll('/', '-')}-new`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
}

// The two languages run side by side (each worker has a server and store of its own).
test.describe.configure({ mode: 'parallel' });
restoreEnglishAfterAll(ACCOUNTS.admin);
restoreEnglishAfterAll(ACCOUNTS.quality);

for (const locale of ['fr', 'it'] as const) {
  test(`every profile and administration section in ${locale} at 1024 and 1440 px`, async ({ page }) => {
    test.setTimeout(300_000);
    // The super admin of the service provider sees most sections; the brand's quality manager adds the
    // decision makers' own (brands, defects, products): each section is walked once.
    const walked = new Set<string>();
    for (const account of ['admin', 'quality'] as const) {
      await login(page, ACCOUNTS[account]);
      await setAccountLocale(page, locale);
      const found = await sections(page);
      const routes = found.map(({ screen }) => screen.route);
      expect(routes).toEqual(expect.arrayContaining(['/profileCompany/:companyId/tags', '/profileCompany/:companyId/sectors']));
      if (account === 'admin') expect(routes).toEqual(expect.arrayContaining(['/profileUniverse/checkpoints', '/profileCompany/:companyId/profileCompanyServiceBudget', '/admin/menu']));
      else expect(routes).toContain('/profileCompany/:companyId/brands');
      for (const { path, screen } of found) {
        if (walked.has(screen.route) && screen.type !== 'menu') continue;
        walked.add(screen.route);
        await checkSection(page, path, screen, locale);
      }
    }
  });
}

test('the report builder is a disabled entry of the company profile whose tooltip says why', async ({ page }) => {
  await login(page, ACCOUNTS.manager);
  const { companyId } = await (await page.request.get('/back/auth/profile', { headers: XHR })).json();
  await page.goto(`/profileCompany/${companyId}`);
  const entry = page.locator('[aria-disabled="true"]').filter({ hasText: labels.en['screen.companyReportBuilder'] });
  await expect(entry).toBeVisible();
  // Not a link: nothing to open yet.
  await expect(page.getByRole('link', { name: new RegExp(labels.en['screen.companyReportBuilder']) })).toHaveCount(0);
  await entry.hover();
  await expect(page.getByRole('tooltip')).toHaveText(labels.en['screen.companyReportBuilder.tooltip']);
  await shot(page, 'profile-sections-report-builder-tooltip');
});
