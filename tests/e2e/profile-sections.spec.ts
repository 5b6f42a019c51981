import type { Page } from '@playwright/test';
import { linkToken, sentMails, waitForMails } from '../api/outbox';
import { expect, test } from './axe';
import { ACCOUNTS, DEMO_PASSWORD, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn } from './helpers';
import { openInApp } from './openInApp';
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

/** The first section after a sign-in or a language change is loaded; the next ones open in the running app. */
async function checkSection(page: Page, path: string, screen: Screen, locale: 'fr' | 'it', { load = false } = {}): Promise<void> {
  const name = `${locale} ${path}`;
  if (load) await page.goto(path);
  else await openInApp(page, path);
  // One heading of that title (a doubled one fails, as a locator matching two).
  await expect(page.getByRole('heading', { name: labels[locale][screen.title] ?? screen.title, exact: true }), name).toBeVisible({ timeout: 15_000 });
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

/**
 * The decision maker's defect and product lists belong to the company's ADMIN and LOCAL_ADMIN flags (spec §6.1),
 * which no demo account of a decision maker holds: the super admin gives a new contact of Maison Lumière the
 * LOCAL_OWNER profile (LOCAL_ADMIN without MANAGER), who chooses a password from the welcome e-mail as a
 * customer's administrator would. Archived after the walk.
 */
const LUMIERE_ADMIN = { email: `sections.admin.${Date.now()}@brand.test`, password: 'Harbor-Lantern-Quartz-81' };
const ADMIN_SECTIONS = ['defectFamilies', 'defects', 'productFamilies', 'products'].map((section) => `/profileCompany/:companyId/${section}`);
const CONTACTS = '/back/bo/contacts/admin';
let lumiereAdminId: number | undefined;

async function asSuperAdmin<T>(browser: import('@playwright/test').Browser, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.request.post('/back/login', { form: { username: ACCOUNTS.admin, password: DEMO_PASSWORD } });
  try {
    return await work(page);
  } finally {
    await context.close();
  }
}

test.beforeAll(async ({ browser }) => {
  const outbox = process.env.QCFLOW_E2E_OUTBOX!;
  await asSuperAdmin(browser, async (page) => {
    const companies = (await (await page.request.get('/back/bo/combospa/filters/toolcompany/companies', { params: { q: 'Maison Lumière' }, headers: XHR })).json()) as { value: number; label: string }[];
    const lumiere = companies.find((company) => company.label === 'Maison Lumière');
    expect(lumiere, 'Maison Lumière among the companies').toBeDefined();
    const contact = { firstName: 'Inès', lastName: 'Moreau', email: LUMIERE_ADMIN.email, position: 'Administrator', language: 'en', companyId: lumiere!.value, profiles: ['LOCAL_OWNER'] };
    const created = await page.request.post(CONTACTS, { data: contact, headers: XHR });
    expect(created.status(), await created.text()).toBe(201);
    lumiereAdminId = (await created.json()).contactId;
    const before = (await sentMails(outbox)).length;
    expect((await page.request.get(`${CONTACTS}/${lumiereAdminId}/welcome`, { headers: XHR })).status()).toBe(200);
    const welcome = (await waitForMails(outbox, before + 1)).slice(before).find((mail) => mail.to.includes(LUMIERE_ADMIN.email));
    expect(welcome, 'the welcome e-mail').toBeDefined();
    const { token } = linkToken(welcome!);
    const reset = await page.request.post('/back/password/reset', { data: { token, password: LUMIERE_ADMIN.password, confirmation: LUMIERE_ADMIN.password }, headers: XHR });
    expect(reset.status(), await reset.text()).toBe(200);
  });
});

test.afterAll(async ({ browser }) => {
  if (lumiereAdminId === undefined) return;
  await asSuperAdmin(browser, async (page) => {
    expect((await page.request.delete(`${CONTACTS}/${lumiereAdminId}`, { headers: XHR })).status()).toBe(200);
  });
});

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
      // Signed in through the API: the first section below is the page load, in the language just set.
      await signIn(page, ACCOUNTS[account]);
      await setAccountLocale(page, locale);
      const found = await sections(page);
      const routes = found.map(({ screen }) => screen.route);
      expect(routes).toEqual(expect.arrayContaining(['/profileCompany/:companyId/tags', '/profileCompany/:companyId/sectors']));
      if (account === 'admin') expect(routes).toEqual(expect.arrayContaining(['/profileUniverse/checkpoints', '/profileCompany/:companyId/profileCompanyServiceBudget', '/admin/menu']));
      else expect(routes).toContain('/profileCompany/:companyId/brands');
      let load = true;
      for (const { path, screen } of found) {
        if (walked.has(screen.route) && screen.type !== 'menu') continue;
        walked.add(screen.route);
        await checkSection(page, path, screen, locale, { load });
        load = false;
      }
    }
    // The company's administrator: only the defect and product lists, which no other account reaches.
    await signIn(page, LUMIERE_ADMIN.email, LUMIERE_ADMIN.password);
    await setAccountLocale(page, locale);
    const own = (await sections(page)).filter(({ screen }) => ADMIN_SECTIONS.includes(screen.route));
    expect(own.map(({ screen }) => screen.route).sort()).toEqual([...ADMIN_SECTIONS].sort());
    for (const [index, { path, screen }] of own.entries()) await checkSection(page, path, screen, locale, { load: index === 0 });
  });
}

test('the report builder is a disabled entry of the company profile whose tooltip says why', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
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
