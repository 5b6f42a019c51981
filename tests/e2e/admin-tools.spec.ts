import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { sentMails, waitForMails } from '../api/outbox';
import { expect, test } from './axe';
import { ACCOUNTS, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn } from './helpers';
import { openInApp } from './openInApp';
import { expectNoOverflow } from './overflow';

/**
 * The administrators' database page and contacts directory export, and the unsubscribe page an
 * e-mail's link opens logged out: in French and Italian at 1024 px and 1440 px, nothing overflowing
 * (axe checks every page: tests/e2e/axe.ts). The directory's download is read back as a workbook.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const WIDTHS = [1024, 1440];

async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page, `${name} at ${width} px`);
  }
}

/** The directory as the calls the page reads give it: every company of the universe, its contacts. */
async function directoryFromApi(page: Page): Promise<{ emails: string[]; companies: Map<string, string> }> {
  const companies = (await (await page.request.get('/back/bo/combospa/filters/toolcompany/companies', { headers: XHR })).json()) as { value: number; label: string }[];
  const emails: string[] = [];
  const companyOf = new Map<string, string>();
  for (const company of companies) {
    const contacts = (await (await page.request.get('/back/bo/contacts/admin/', { params: { companyId: company.value }, headers: XHR })).json()) as { email?: string }[];
    for (const contact of contacts) {
      if (!contact.email) continue;
      emails.push(contact.email);
      companyOf.set(contact.email, company.label);
    }
  }
  return { emails, companies: companyOf };
}

test.describe.configure({ mode: 'parallel' });
restoreEnglishAfterAll(ACCOUNTS.admin);

for (const locale of ['fr', 'it'] as const) {
  const say = (key: string) => labels[locale][key] ?? key;

  test(`database page and contacts directory export in ${locale} at 1024 and 1440 px`, async ({ page }) => {
    test.setTimeout(180_000);
    // The language is stored before the one page load (the app reads it when it starts); the rest opens in the app.
    await signIn(page, ACCOUNTS.admin);
    await setAccountLocale(page, locale);

    // The administration menu leads to both.
    await page.goto('/admin/menu');
    await expect(page.getByRole('link', { name: new RegExp(say('screen.adminDatabase')) })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('link', { name: new RegExp(say('screen.adminDatabase')) }).click();
    await expect(page).toHaveURL(/\/admin\/database$/);
    await expect(page.getByRole('heading', { name: say('screen.adminDatabase'), exact: true }).first()).toBeVisible();
    const store = page.getByRole('table', { name: say('adminDatabase.store.title') });
    await expect(store.getByRole('cell', { name: say('enum.databaseFact.JOURNAL_BYTES') })).toBeVisible({ timeout: 15_000 });
    await expect(store.getByText(say('enum.databaseState.EMBEDDED'))).toBeVisible();
    const collections = page.getByRole('table', { name: say('adminDatabase.collections.title') });
    await expect(collections.getByRole('cell', { name: 'services', exact: true })).toBeVisible();
    // The demo's known dangling references (the other universe's sector codes) are listed.
    const dangling = page.getByRole('table', { name: say('adminDatabase.dangling.title') });
    await expect(dangling.getByRole('row').filter({ hasText: 'services' }).filter({ hasText: 'sector' })).toBeVisible();
    await checkWidths(page, `${locale} /admin/database`);
    await shot(page, `admin-database-${locale}`);

    await openInApp(page, '/admin/menu');
    await page.getByRole('link', { name: new RegExp(say('screen.directoryExport')) }).click();
    await expect(page).toHaveURL(/\/admin\/export\/directory$/);
    await expect(page.getByRole('heading', { name: say('screen.directoryExport'), exact: true }).first()).toBeVisible();
    await checkWidths(page, `${locale} /admin/export/directory`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: say('directoryExport.button') }).click()]);
    expect(download.suggestedFilename()).toMatch(/^\d{8}_\d{6}_.+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0];
    const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1).map((value) => (value === null || value === undefined ? '' : String(value))));
    const [headers, ...contacts] = rows;
    expect(headers).toEqual(['contact.companyId', 'contact.lastName', 'contact.firstName', 'contact.email', 'contact.position', 'contact.phone', 'contact.language'].map(say));
    const expected = await directoryFromApi(page);
    const emails = contacts.map((row) => row[3]).filter(Boolean);
    expect(emails.sort()).toEqual([...expected.emails].sort());
    const admin = contacts.find((row) => row[3] === ACCOUNTS.admin)!;
    expect(admin[0]).toBe(expected.companies.get(ACCOUNTS.admin));
    // Sorted by company: the companies come in order.
    const companies = contacts.map((row) => row[0]);
    expect(companies).toEqual([...companies].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })));
    await expect(page.getByRole('status').filter({ hasText: download.suggestedFilename() })).toBeVisible();
    await checkWidths(page, `${locale} /admin/export/directory (exported)`);
    await shot(page, `admin-directory-${locale}`);

    // An address no route knows: the server's page, in the account's language, with the caller's menu as the ways on.
    await openInApp(page, '/nowhere/at/all');
    await expect(page.getByRole('heading', { name: say('page.notFound.title') })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('/nowhere/at/all')).toBeVisible();
    const ways = page.getByTestId('not-found-links').getByRole('link');
    await expect(ways.first()).toBeVisible();
    const menu = (await (await page.request.get('/back/bo/menu/', { headers: XHR })).json()) as { link: string }[];
    expect(await ways.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(menu.map((entry) => entry.link));
    await checkWidths(page, `${locale} catch-all page`);
    await shot(page, `catch-all-${locale}`);
  });
}

test('an e-mail’s unsubscribe link, opened logged out in French and Italian, turns that type off; a tampered one fails', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const outbox = process.env.QCFLOW_E2E_OUTBOX!;
  // The signed-in page only sets up and checks through the API: it loads no screen.
  await signIn(page, ACCOUNTS.quality);
  const settings = '/back/bo/profile/user/notificationconfig';
  const before = await (await page.request.get(settings, { headers: XHR })).json();
  const { contact } = await (await page.request.get('/back/auth/profile', { headers: XHR })).json();
  const { services } = (await (await page.request.get('/back/bo/services/', { params: { fromDate: '2000-01-01', toDate: '2100-12-31' }, headers: XHR })).json()) as { services: { serviceId: number }[] };
  // The notification form sends SERVICE_CONFIRMED to the quality manager herself.
  const count = (await sentMails(outbox)).length;
  const sent = await page.request.post(`/back/bo/notify/services/${services[0].serviceId}/rules/SERVICE_CONFIRMED`, {
    headers: XHR,
    data: { doSend: true, locale: null, subject: 'Unsubscribe check', tos: [contact.contactId], ccs: [], comment: '', attachments: [], lastSend: null },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const mail = (await waitForMails(outbox, count + 1)).slice(count).find((one) => one.to === ACCOUNTS.quality)!;
  const link = new URL(/https?:\/\/\S+\/unsubscribe\/\d+\/SERVICE_CONFIRMED\?token=[\w.-]+/.exec(mail.text)![0]);
  try {
    for (const locale of ['fr', 'it'] as const) {
      const context = await browser.newContext({ locale: locale === 'fr' ? 'fr-FR' : 'it-IT' });
      const anonymous = await context.newPage();
      await anonymous.goto(`${link.pathname}${link.search}`);
      await expect(anonymous.getByRole('status')).toContainText(labels[locale]['page.unsubscribe.doneTitle']);
      await expect(anonymous.getByRole('status')).toContainText(labels[locale]['enum.notificationType.SERVICE_CONFIRMED']);
      await checkWidths(anonymous, `${locale} unsubscribe done`);
      await shot(anonymous, `unsubscribe-done-${locale}`);
      // One character changed: spec §8's message, nothing else.
      const tampered = link.search.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
      await anonymous.goto(`${link.pathname}${tampered}`);
      await expect(anonymous.getByRole('alert')).toHaveText(labels[locale]['page.unsubscribe.failed']);
      await checkWidths(anonymous, `${locale} unsubscribe failed`);
      await shot(anonymous, `unsubscribe-failed-${locale}`);
      await context.close();
    }
    const after = await (await page.request.get(settings, { headers: XHR })).json();
    expect(after.notificationTypes).not.toContain('SERVICE_CONFIRMED');
    expect(after.notificationTypes).toContain('SERVICE_CREATED');
  } finally {
    await page.request.put(settings, { headers: XHR, data: before });
  }
});
