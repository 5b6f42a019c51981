import type { Locator, Page } from '@playwright/test';
import { expect, test } from './axe';
import { readFileSync } from 'node:fs';
import { ACCOUNTS, en, futureDay, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';
import { openInApp } from './openInApp';
import { createProvidedService } from './providedService';

/**
 * Screens read in the person's language and fit their space: the workflow diagrams (laid out to
 * the panel, zoomable, states and events translated; the service sheet's Workflow button), the
 * assignment's double-booking warning while editing, role selects and the currency list that
 * show their whole labels, and the shell's help button and top snackbar (spec §2).
 */
test.describe.configure({ mode: 'serial' });
restoreEnglishAfterAll(ACCOUNTS.manager);
restoreEnglishAfterAll(ACCOUNTS.quality);

type Language = 'en' | 'fr' | 'it';
const LANGUAGES: Language[] = ['en', 'fr', 'it'];
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** Mermaid and ELK load with the first diagram: seconds on a busy machine. */
const DRAWN = { timeout: 20_000 };

/** A label of the app in one language, with its `{{values}}`. */
function say(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const text = labels[language][key];
  if (text === undefined) throw new Error(`no ${language} label for ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A day as the screen shows it (engine/format/localDates.ts): `27 avr. 2027` in French. */
const shownDay = (day: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** `dd/mm/yyyy`, as a person types a day in French or Italian. */
const typedDay = (iso: string) => iso.split('-').reverse().join('/');

async function inLanguage(page: Page, language: Language, path: string) {
  await setAccountLocale(page, language);
  await page.goto(path);
  await waitForApp(page);
}

// ---------------------------------------------------------------- the workflow diagrams (23)

/** The drawn SVG's width and the panel's: the diagram fits when the first is at most the second. */
const widths = (dialog: Locator) =>
  dialog.getByTestId('workflow-frame').evaluate((frame) => ({ svg: frame.querySelector('svg')!.getBoundingClientRect().width, panel: frame.clientWidth }));

test('the service sheet’s Workflow button draws the service workflow in French, fitted to its panel and zoomable', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.quality);
  const { services } = (await (await page.request.get('/back/bo/services/', { params: { fromDate: '2000-01-01', toDate: '2100-12-31' }, headers: XHR })).json()) as { services: { serviceId: number; serviceStep: string }[] };
  const confirmed = services.find((service) => service.serviceStep === 'CONFIRMED') ?? services[0];
  await inLanguage(page, 'fr', `/services/${confirmed.serviceId}`);
  await page.getByRole('button', { name: say('fr', 'engine.workflow.button') }).click();
  const dialog = page.getByRole('dialog', { name: say('fr', 'engine.workflow.title', { machine: 'service' }) });
  const diagram = dialog.getByTestId('workflow-diagram');
  await expect(diagram.locator('svg')).toBeVisible(DRAWN);

  // States and events in French, no code.
  for (const step of ['OPENED', 'REQUESTED', 'CONFIRMED', 'TERMINATED', 'CANCELLED']) await expect(diagram).toContainText(say('fr', `enum.serviceStep.${step}`));
  for (const event of ['REQUEST_DATE', 'ACCEPT_DATE', 'COMPLETE', 'REOPEN']) await expect(diagram).toContainText(say('fr', `enum.serviceHistoryEvent.${event}`));
  for (const code of ['CONFIRMED', 'REQUEST_DATE', 'byOrderTaker', 'refused']) await expect(diagram).not.toContainText(code);
  await expect(diagram.locator('g.current')).toContainText(say('fr', `enum.serviceStep.${confirmed.serviceStep}`));
  await expect(dialog.getByTestId('workflow-now')).toContainText(say('fr', `enum.serviceStep.${confirmed.serviceStep}`));

  // Fitted to the panel; zooming in enlarges it (the panel scrolls), "fit" brings it back.
  const fitted = await widths(dialog);
  expect(fitted.svg).toBeGreaterThan(200);
  expect(fitted.svg).toBeLessThanOrEqual(fitted.panel);
  await shot(dialog, 'workflow-service-fr');
  await dialog.getByRole('button', { name: say('fr', 'engine.workflow.zoomIn') }).click();
  await dialog.getByRole('button', { name: say('fr', 'engine.workflow.zoomIn') }).click();
  expect((await widths(dialog)).svg).toBeGreaterThan(fitted.svg * 1.4);
  await dialog.getByRole('button', { name: say('fr', 'engine.workflow.fit') }).click();
  expect((await widths(dialog)).svg).toBeLessThanOrEqual(fitted.panel);

  // The technical drawing, for those who review the machine: codes and guards.
  await dialog.getByRole('switch', { name: say('fr', 'engine.workflow.technical') }).check();
  await expect(diagram).toContainText('[byOrderTaker]');
  expect((await widths(dialog)).svg).toBeLessThanOrEqual(fitted.panel);
});

test('the workflow viewer fits the service workflow to its panel; a record’s diagram names its status field', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/admin/workflows?machine=service');
  await waitForApp(page);
  const diagram = page.getByTestId('workflow-diagram');
  await expect(diagram.locator('svg')).toBeVisible(DRAWN);
  const panel = page.locator('main');
  const { svg, width } = await panel.evaluate((main) => ({ svg: main.querySelector('[data-testid="workflow-diagram"] svg')!.getBoundingClientRect().width, width: (main.querySelector('[data-testid="workflow-frame"]') as HTMLElement).clientWidth }));
  expect(svg).toBeLessThanOrEqual(width);
  await shot(page, 'workflows-service-en');

  // A record workflow in French and Italian: the status field by its title, the states by their labels.
  const capa = JSON.parse(readFileSync('schemas/entities/capa.json', 'utf8')) as { 'x-status': string; properties: Record<string, { title: string }> };
  const fieldTitle = capa.properties[capa['x-status']].title;
  for (const language of ['fr', 'it'] as const) {
    await inLanguage(page, language, '/admin/workflows?machine=capa');
    await expect(diagram.locator('svg')).toBeVisible(DRAWN);
    await expect(page.getByText(say(language, 'engine.workflow.entity', { field: say(language, fieldTitle), entity: say(language, 'capa.entity') }))).toBeVisible();
    await expect(diagram).toContainText(say(language, 'enum.capaStatus.IN_PROGRESS'));
    await expect(diagram).not.toContainText('IN_PROGRESS');
    await shot(page, `workflows-capa-${language}`);
  }
  await setAccountLocale(page, 'en');
});

// ---------------------------------------------------------------- the assignment popup (24, 25)

/** A service Atlas (the manager's company) provides to Maison Lumière at Shenzhen Textile Co, over these days. */
async function providedService(page: Page, startDate: string, endDate: string): Promise<{ serviceId: number; number: string }> {
  return createProvidedService(page, { startDate, endDate, exFactoryDate: futureDay(400), line: { poPrefix: 'PO-BUSY', designation: 'Linen shirt', quantity: 300 } });
}

const TOM = 'Tom Becker';
const MEI = 'Mei Lin';
const RAHUL = 'Rahul Mehta';
const busyDay = futureDay(150);
let booked: { serviceId: number; number: string };
let extending: { serviceId: number; number: string };

test('extending a service over a day its inspector works elsewhere warns of the double booking before Save', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.manager);
  // Tom leads another service on `busyDay`.
  booked = await providedService(page, busyDay, busyDay);
  const tom = ((await (await page.request.get('/back/bo/pln/planning/attendees', { params: { serviceId: String(booked.serviceId) }, headers: XHR })).json()) as { contactId: number; name: string }[]).find((one) => one.name === TOM)!;
  const saved = await page.request.post('/back/bo/pln/planning/assignment-form', { headers: XHR, data: { serviceId: booked.serviceId, endDate: busyDay, assignments: [{ contactId: tom.contactId, typePlannings: [{ date: busyDay, typePlanning: 'FIELD_LEADER' }] }] } });
  expect(saved.status(), await saved.text()).toBe(200);
  // This one ends the day before.
  extending = await providedService(page, futureDay(148), futureDay(149));

  await inLanguage(page, 'fr', `/services/${extending.serviceId}`);
  await page.getByRole('button', { name: say('fr', 'assignment.open'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: say('fr', 'assignment.addNamed', { name: TOM }) }).click();
  await dialog.getByRole('button', { name: say('fr', 'assignment.addNamed', { name: MEI }) }).click();
  await expect(dialog.getByTestId('role-grid').locator('thead th')).toHaveCount(3);
  await expect(dialog.getByTestId('double-booking')).toHaveCount(0);

  // The end date typed one day later: Tom is on the other service that day, and the popup says so before Save.
  const endDate = dialog.getByLabel(say('fr', 'assignment.endDate'));
  await endDate.fill('');
  await endDate.pressSequentially(typedDay(busyDay));
  await endDate.press('Tab');
  await expect(dialog.getByTestId('role-grid').locator('thead th')).toHaveCount(4);
  const warning = dialog.getByTestId('double-booking');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(say('fr', 'assignment.doubleBooking.day', { name: TOM, number: booked.number, day: shownDay(busyDay, 'fr-FR') }));
  await expect(warning).not.toContainText(MEI);
  await expect(dialog.getByRole('button', { name: say('fr', 'assignment.save') })).toBeEnabled();
  await shot(dialog, 'assignment-double-booking-fr');

  // Off the field that day: no double booking left.
  const tomOnBusyDay = dialog.getByRole('row').filter({ hasText: TOM }).getByRole('combobox').nth(2);
  await tomOnBusyDay.click();
  await page.getByRole('option', { name: say('fr', 'enum.typePlanning.NOT_ON_FIELD'), exact: true }).click();
  await expect(warning).toHaveCount(0);
});

test('the provider’s inspector sees the service but no Assign button (the provider’s managers assign)', async ({ page }) => {
  await signIn(page, ACCOUNTS.inspector);
  await inLanguage(page, 'en', `/services/${booked.serviceId}`);
  await expect(page.getByTestId('service-number')).toHaveText(booked.number);
  await expect(page.getByRole('button', { name: en('engine.workflow.button') })).toBeVisible();
  await expect(page.getByRole('button', { name: en('assignment.open'), exact: true })).toHaveCount(0);
});

test('at 1024 px the role selects show their whole label in French, Italian and English', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, ACCOUNTS.manager);
  for (const language of ['fr', 'it', 'en'] as const) {
    await inLanguage(page, language, `/services/${extending.serviceId}`);
    await page.getByRole('button', { name: say(language, 'assignment.open'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: say(language, 'assignment.addNamed', { name: TOM }) }).click();
    await dialog.getByRole('button', { name: say(language, 'assignment.addNamed', { name: MEI }) }).click();
    await dialog.getByRole('button', { name: say(language, 'assignment.addNamed', { name: RAHUL }) }).click();
    // Every role once on screen, the longest of each language among them.
    const cells = dialog.getByTestId('role-grid').getByRole('combobox');
    const roles = ['FIELD_LEADER', 'FIELD_BACKUP', 'FIELD_INSTRUCTOR', 'FIELD_TRAINEE', 'NOT_ON_FIELD'];
    for (const [i, role] of roles.entries()) {
      const cell = cells.nth(i);
      if ((await cell.inputValue()) === say(language, `enum.typePlanning.${role}`)) continue;
      await cell.click();
      await page.getByRole('option', { name: say(language, `enum.typePlanning.${role}`), exact: true }).click();
    }
    await expect(cells.first()).toBeVisible();
    const cut = await cells.evaluateAll((inputs) => (inputs as HTMLInputElement[]).filter((input) => input.scrollWidth > input.clientWidth).map((input) => `${input.value}: ${input.scrollWidth} > ${input.clientWidth}`));
    expect(cut, language).toEqual([]);
    await shot(dialog, `assignment-roles-1024-${language}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

// ---------------------------------------------------------------- the CAPA currency list (25)

test('the CAPA currency list shows each currency on one line', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  const capas = (await (await page.request.get('/back/bo/capas/', { headers: XHR })).json()) as { capaId: number; status: string }[];
  const open = capas.find((capa) => capa.status === 'IN_PROGRESS') ?? capas[0];
  for (const language of ['fr', 'en'] as const) {
    await inLanguage(page, language, `/capas/capa/search?open=${open.capaId}`);
    await page.getByRole('combobox', { name: say(language, 'engine.form.currency') }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toBeVisible();
    // Each option's text on a single line: all its line boxes share one top.
    const wrapped = await options.evaluateAll((items) =>
      items
        .filter((item) => {
          const range = document.createRange();
          range.selectNodeContents(item);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
        })
        .map((item) => item.textContent),
    );
    expect(wrapped, language).toEqual([]);
    await shot(page, `capa-currency-${language}`);
    await page.keyboard.press('Escape');
  }
});

// ---------------------------------------------------------------- the shell (26)

test('the shell has its help button, and snacks show at the top of the window', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ACCOUNTS.quality);
  for (const language of LANGUAGES) {
    await inLanguage(page, language, '/dashboard');
    const help = page.locator('header').first().getByRole('link', { name: say(language, 'shell.help') });
    await expect(help).toBeVisible();
    await expect(help).toHaveAttribute('href', '/guide');
    // A failed call's snack: under the header, at the top of the window.
    await page.route('**/back/bo/services/?*', (route) => route.fulfill({ status: 500, json: { level: 'ERROR', exception: 'Internal', message: `Search broke (${language})`, errors: [] } }));
    await openInApp(page, '/services/search');
    const snack = page.locator('.mantine-Notification-root').filter({ hasText: `Search broke (${language})` });
    await expect(snack).toBeVisible({ timeout: 25_000 });
    await page.unroute('**/back/bo/services/?*');
    const box = (await snack.boundingBox())!;
    const header = (await page.locator('header').first().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y).toBeLessThan(page.viewportSize()!.height / 4);
    await shot(page, `shell-top-snack-${language}`);
    await snack.getByRole('button').last().click();
  }
  expect(en('shell.help')).toBe('Help');
});
