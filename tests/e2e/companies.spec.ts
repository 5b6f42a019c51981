import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './axe';
import { ACCOUNTS, labels, setAccountLocale, shot, signIn, waitForApp } from './helpers';
import { openInApp } from './openInApp';
import { expectNoOverflow } from './overflow';
import { startConfigServer, type ConfigServer } from './configServer';

/**
 * The companies search and a company merge in /admin/toolcompany (docs/companies.md), in French and Italian at
 * 1024 px and 1440 px with the overflow check: the merge is reviewed, its confirmation names the counts, then it
 * runs. On a second server with a fresh demo store (tests/fixtures/companies), so the merged companies are gone
 * there only.
 */
const PORT = Number(process.env.E2E_PORT || 3999) + 60;
const WIDTHS = [1024, 1440];
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
let server: ConfigServer;
/** The server's messages (server/locales), as the refused call answers them. */
const serverMessage = (locale: 'fr' | 'it', key: string): string => JSON.parse(readFileSync(join(process.cwd(), 'server', 'locales', `${locale}.json`), 'utf8'))[key];

test.use({ baseURL: `http://127.0.0.1:${PORT}` });
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = await startConfigServer(PORT, 'companies');
});
test.afterAll(async () => {
  await server?.close();
});

async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page, `${name} at ${width} px`);
  }
}

/** Picks an option of a lookup Select the way a person does: types part of its name, then clicks it. */
async function pick(page: Page, testId: string, typed: string, option: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.click();
  await input.pressSequentially(typed, { delay: 20 });
  await page.getByRole('option', { name: option, exact: true }).click();
}

const RESETS = { fr: 'Guangzhou Leather Goods', it: 'Istanbul Denim Sanayi' } as const;
const MERGES = { fr: { source: 'Bursa Örme Tekstil', target: 'Como Seta S.r.l.' }, it: { source: 'Chittagong Apparel Works', target: 'Dhaka Knitwear Ltd' } } as const;

for (const locale of ['fr', 'it'] as const) {
  test(`companies search and a company merge with its confirmation, in ${locale}`, async ({ page }) => {
    const text = labels[locale];
    await signIn(page, ACCOUNTS.admin);
    await setAccountLocale(page, locale);
    try {
      await page.goto('/companies/search');
      await waitForApp(page);
      await expect(page.getByRole('heading', { name: text['screen.companySearch'], exact: true }).first()).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('.ag-row').filter({ hasText: 'Prato Filati' })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('button', { name: text['companySearch.archive'] }).first()).toBeVisible();
      // A read-only screen: companies are created and edited elsewhere, so no New button.
      await expect(page.getByRole('button', { name: text['engine.action.new'], exact: true })).toHaveCount(0);
      await checkWidths(page, `${locale} /companies/search`);
      await shot(page, `companies-${locale}-search`);

      // A company's contacts, from its row.
      await page.locator('.ag-row').filter({ hasText: 'Porto Malhas Lda' }).getByRole('button', { name: text['companySearch.contacts'] }).click();
      await expect(page.getByRole('heading', { name: text['screen.companyContacts'], exact: true }).first()).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('.ag-row').filter({ hasText: 'Silva' })).toBeVisible({ timeout: 15_000 });
      await checkWidths(page, `${locale} a company's contacts`);
      await shot(page, `companies-${locale}-contacts`);

      const { source, target } = MERGES[locale];
      await openInApp(page, '/admin/toolcompany');
      await expect(page.getByRole('heading', { name: text['screen.toolCompany'], exact: true }).first()).toBeVisible({ timeout: 15_000 });
      await pick(page, 'merge-source', source.slice(0, 5), source);
      await pick(page, 'merge-target', target.slice(0, 5), target);
      await checkWidths(page, `${locale} /admin/toolcompany`);
      await shot(page, `companies-${locale}-toolcompany`);

      await page.getByTestId('merge-review').click();
      const confirm = page.getByTestId('merge-confirm');
      await expect(confirm).toBeVisible();
      const sourceId = (await (await page.request.get('/back/bo/companies/', { params: { name: source }, headers: XHR })).json())[0].companyId as number;
      const targetId = (await (await page.request.get('/back/bo/companies/', { params: { name: target }, headers: XHR })).json())[0].companyId as number;
      const preview = await (await page.request.get(`/back/bo/companies/${sourceId}/merge`, { params: { into: targetId }, headers: XHR })).json();
      expect(preview.total).toBeGreaterThan(0);
      // The confirmation names the total and one line per kind of record, with its count.
      await expect(confirm).toContainText(String(preview.total));
      await expect(confirm.getByRole('listitem')).toHaveCount(Object.keys(preview.counts).length);
      await expect(confirm.getByRole('listitem')).toHaveText(Object.values(preview.counts as Record<string, number>).map((count) => new RegExp(`\\D${count}$`)));
      await checkWidths(page, `${locale} merge confirmation`);
      await shot(page, `companies-${locale}-merge-confirm`);

      await page.getByTestId('merge-run').click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(text['toolCompany.merged'].replace('{{source}}', source).replace('{{target}}', target).replace('{{total}}', String(preview.total)))).toBeVisible();
      const left = await (await page.request.get('/back/bo/companies/', { params: { name: source }, headers: XHR })).json();
      expect(left).toEqual([]);
      const contacts = await (await page.request.get(`/back/bo/companies/${targetId}/contacts`, { headers: XHR })).json();
      expect(contacts.length).toBeGreaterThanOrEqual(preview.counts.contacts ?? 0);

      // Reset: typed in lower case it is refused with spec §8's message; in capitals it runs.
      const resetName = RESETS[locale];
      await pick(page, 'reset-company', resetName.slice(0, 5), resetName);
      const typed = page.getByTestId('reset-confirmation');
      await typed.pressSequentially('reset');
      await page.getByTestId('reset-run').click();
      await expect(page.getByText(serverMessage(locale, 'error.typeReset'), { exact: true })).toBeVisible();
      await typed.clear();
      await typed.pressSequentially('RESET');
      await page.getByTestId('reset-run').click();
      await expect(page.getByText(text['toolCompany.resetDone'])).toBeVisible();
      await checkWidths(page, `${locale} /admin/toolcompany after a reset`);
    } finally {
      await setAccountLocale(page, 'en');
    }
  });
}
