import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, fillDate, futureDay, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn, snackDuring, waitForApp } from './helpers';
import { openInApp } from './openInApp';
import { expectNoOverflow } from './overflow';
import { activeStep, choose, combo, next, textbox, WIZARD_ROUTE } from './serviceWizard';

/**
 * A company's settings sections of the company profile (docs/settings.md): Service defaults, Tasks
 * and Workflow, in French and Italian at 1024 and 1440 px (nothing overflows; axe checks each page),
 * saved as a person types them; and the wizards of a new service, full and light, prefilled with the service defaults.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SECTIONS = [
  { route: 'companyServiceDefault', title: 'screen.companyServiceDefault', call: 'servicedefault' },
  { route: 'companyTask', title: 'screen.companyTask', call: 'taskconfig' },
  { route: 'CompanyWorkflow', title: 'screen.companyWorkflow', call: 'workflowconfig' },
] as const;

const companyOf = async (page: Page): Promise<number> => (await (await page.request.get('/back/auth/profile', { headers: XHR })).json()).companyId;
const settingsCall = (companyId: number, call: string) => `/back/bo/profile/company/${companyId}/${call}`;

/** Puts the company's settings of `call` back to the defaults (the PUT replaces them all). */
async function reset(page: Page, companyId: number, call: string): Promise<void> {
  const current = await (await page.request.get(settingsCall(companyId, call), { headers: XHR })).json();
  const response = await page.request.put(settingsCall(companyId, call), { data: call === 'workflowconfig' ? { reportNeedsDecision: true, version: current.version } : { version: current.version }, headers: XHR });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe.configure({ mode: 'serial' });
restoreEnglishAfterAll(ACCOUNTS.quality);

test('the settings sections in fr, then it, at 1024 and 1440 px', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, ACCOUNTS.quality);
  const companyId = await companyOf(page);
  for (const locale of ['fr', 'it'] as const) {
    // The account's language is read when the app starts: each language opens the page afresh.
    await setAccountLocale(page, locale);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/profileCompany/${companyId}`);
    await waitForApp(page);
    for (const section of SECTIONS) await expect(page.getByText(labels[locale][section.title], { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    for (const section of SECTIONS) {
      await openInApp(page, `/profileCompany/${companyId}/${section.route}`);
      // One title (the header's): the page does not repeat it, and says what the settings are for once.
      await expect(page.getByRole('heading', { name: labels[locale][section.title], exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading')).toHaveCount(1);
      await expect(page.getByText(labels[locale][`${section.title}.description`], { exact: true })).toHaveCount(1);
      await expect(page.getByTestId('settings-form')).toBeVisible();
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoOverflow(page, `${locale} ${section.route} at ${width} px`);
        await shot(page, `settings-${locale}-${section.route}-${width}`);
      }
    }
  }
});

test('the workflow section saves a switch; the service defaults section a typed message and a chosen level', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  await setAccountLocale(page, 'en');
  const companyId = await companyOf(page);
  try {
    await page.goto(`/profileCompany/${companyId}/CompanyWorkflow`);
    const decision = page.getByRole('switch', { name: labels.en['companyWorkflowConfig.reportNeedsDecision'] });
    await expect(decision).toBeChecked();
    await decision.click();
    await snackDuring(page, labels.en['engine.settings.saved'], () => page.getByTestId('settings-save').click());
    expect(await (await page.request.get(settingsCall(companyId, 'workflowconfig'), { headers: XHR })).json()).toMatchObject({ reportNeedsDecision: false, version: expect.any(Number) });

    await openInApp(page, `/profileCompany/${companyId}/companyServiceDefault`);
    await page.getByRole('textbox', { name: labels.en['service.standardMessage'] }).pressSequentially('Keep the golden sample aside.');
    await page.getByRole('combobox', { name: labels.en['service.serviceLevel'], exact: true }).click();
    await page.getByRole('option', { name: labels.en['enum.serviceLevel.URGENT'] }).click();
    await snackDuring(page, labels.en['engine.settings.saved'], () => page.getByTestId('settings-save').click());
    // Polled: the workflow section's own "saved" snack may still show when this save's arrives.
    const saved = async () => (await page.request.get(settingsCall(companyId, 'servicedefault'), { headers: XHR })).json();
    await expect.poll(saved).toMatchObject({ standardMessage: 'Keep the golden sample aside.', serviceLevel: 'URGENT' });
    await shot(page, 'settings-service-defaults-saved');
  } finally {
    await reset(page, companyId, 'workflowconfig');
    await reset(page, companyId, 'servicedefault');
  }
});

test('a new service starts from the company’s service defaults in the wizard', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  await setAccountLocale(page, 'en');
  const companyId = await companyOf(page);
  const defaults = { thirdPartyDepartment: 'INSP', type: 'INSP_PRE_PRODUCTION', serviceLevel: 'URGENT', standardMessage: 'Keep the golden sample aside.' };
  expect((await page.request.put(settingsCall(companyId, 'servicedefault'), { data: defaults, headers: XHR })).status()).toBe(200);
  try {
    await page.goto(WIZARD_ROUTE);
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'ROLE', { timeout: 15_000 });
    await next(page);
    await page.getByRole('combobox', { name: labels.en['service.serviceProvider'], exact: true }).click();
    await page.getByRole('option', { name: 'Atlas Inspection' }).first().click();
    await page.getByRole('combobox', { name: labels.en['service.supplier'], exact: true }).click();
    await page.getByRole('option', { name: 'Shenzhen Textile Co' }).first().click();
    await page.getByRole('combobox', { name: labels.en['service.orderTakerContacts'], exact: true }).click();
    await page.getByRole('option', { name: /Zhang Wei/ }).first().click();
    await page.keyboard.press('Escape');
    await next(page);
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DETAILS');
    await expect(page.getByRole('combobox', { name: labels.en['service.type'], exact: true })).toHaveValue(labels.en['enum.serviceType.INSP_PRE_PRODUCTION']);
    await expect(page.getByRole('combobox', { name: labels.en['service.thirdPartyDepartment'], exact: true })).toHaveValue(labels.en['enum.department.INSP']);
    await expect(page.getByRole('combobox', { name: labels.en['service.serviceLevel'], exact: true })).toHaveValue(labels.en['enum.serviceLevel.URGENT']);
    await expect(page.getByRole('textbox', { name: labels.en['service.standardMessage'] })).toHaveValue(defaults.standardMessage);
    await shot(page, 'settings-wizard-prefilled');
  } finally {
    await reset(page, companyId, 'servicedefault');
  }
});

test('the light wizard starts from the service defaults, even when they arrive late, and the service keeps them', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  await setAccountLocale(page, 'en');
  const companyId = await companyOf(page);
  const defaults = { type: 'INSP_PRE_PRODUCTION', serviceLevel: 'URGENT', standardMessage: 'Keep the golden sample aside.' };
  expect((await page.request.put(settingsCall(companyId, 'servicedefault'), { data: defaults, headers: XHR })).status()).toBe(200);
  try {
    // The defaults' answer is held back: the form waits for it, so nothing typed can be replaced when it comes.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${settingsCall(companyId, 'servicedefault')}`, async (route) => {
      await held;
      await route.continue();
    });
    const asked = page.waitForRequest((request) => request.url().endsWith(settingsCall(companyId, 'servicedefault')));
    await page.goto(`${WIZARD_ROUTE}?mode=QUICK`);
    await asked;
    const form = page.getByRole('form', { name: labels.en['serviceWizard.quick.title'] });
    await expect(form).toHaveCount(0);
    release();
    await expect(combo(page, 'service.type')).toHaveValue(labels.en['enum.serviceType.INSP_PRE_PRODUCTION'], { timeout: 15_000 });
    await shot(page, 'settings-light-wizard-prefilled');

    // What the person chooses and types stays, over the default type.
    await choose(page, combo(page, 'service.type'), labels.en['enum.serviceType.INSP_DURING_PRODUCTION']);
    await form.getByRole('textbox', { name: labels.en['purchaseOrderLine.poNumber'] }).fill('PO-DEFAULTS-1');
    await fillDate(textbox(page, 'service.startDate'), futureDay(220));
    await choose(page, combo(page, 'service.serviceProvider'), 'Atlas Inspection');
    await choose(page, combo(page, 'service.supplier'), 'Shenzhen Textile Co');
    await choose(page, combo(page, 'service.orderTakerContacts'), /Zhang Wei/);
    await page.keyboard.press('Escape');
    await form.getByRole('textbox', { name: labels.en['purchaseOrderLine.designation'] }).fill('Linen shirt');
    await form.getByRole('textbox', { name: labels.en['purchaseOrderLine.orderedQuantity'] }).fill('120');
    await expect(combo(page, 'service.type')).toHaveValue(labels.en['enum.serviceType.INSP_DURING_PRODUCTION']);
    await expect(form.getByRole('textbox', { name: labels.en['purchaseOrderLine.poNumber'] })).toHaveValue('PO-DEFAULTS-1');

    // The defaults the form does not show reach the service, as from the full wizard.
    const answer = page.waitForResponse((response) => response.url().endsWith('/back/bo/quickService') && response.request().method() === 'POST');
    await form.getByRole('button', { name: labels.en['serviceWizard.create'] }).click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(201);
    const { service } = (await response.json()) as { service: Record<string, unknown> };
    expect(service).toMatchObject({ type: 'INSP_DURING_PRODUCTION', serviceLevel: 'URGENT', standardMessage: defaults.standardMessage });
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await reset(page, companyId, 'servicedefault');
  }
});

test('pages the header titles show that title once, and their headings stay in order', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  await setAccountLocale(page, 'en');
  const companyId = await companyOf(page);
  // [page, its title, whether it has sections under the title]
  const pages: [string, string, boolean][] = [
    [`/profileCompany/${companyId}/CompanyWorkflow`, 'screen.companyWorkflow', false],
    [`/profileCompany/${companyId}`, 'screen.companyProfile', false],
    ['/dashboard', 'screen.dashboard', true],
    ['/network', 'screen.network', true],
  ];
  for (const [index, [path, title, sections]] of pages.entries()) {
    if (index === 0) await page.goto(path);
    else await openInApp(page, path);
    await expect(page.getByTestId('page-title')).toHaveText(labels.en[title], { timeout: 15_000 });
    if (sections) await expect(page.getByRole('heading', { level: 2 }).first(), path).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: labels.en[title], exact: true }), path).toHaveCount(1);
    // Below the header's h1, no level is skipped (a section straight at h3 was one).
    const levels = await page.getByRole('heading').evaluateAll((nodes) => nodes.map((node) => Number(node.tagName.slice(1))));
    expect(levels[0], path).toBe(1);
    levels.reduce((previous, level) => {
      expect(level, `${path}: heading levels ${levels.join(', ')}`).toBeLessThanOrEqual(previous + 1);
      return level;
    });
  }
});
