import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { readFileSync } from 'node:fs';
import { ACCOUNTS, en, expectSnack, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';

/**
 * The report card of the service sheet and the client's decision dialog: the brand sees the
 * verdict and the AQL plan of a terminated inspection, downloads the PDF and decides (at least
 * one recipient, or the server's message on the field); the supplier sees the summary only.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const serverText: Record<string, string> = JSON.parse(readFileSync('server/locales/en.json', 'utf8'));

interface Overview {
  exists: boolean;
  rights: { report: string; decision: string };
  downloadable: boolean;
  clientDecision?: string;
  computed?: { plans?: Record<string, unknown> };
}

/** The services of the signed-in account found by a search (by default: terminated, the report waiting for the client's decision). */
async function searchServices(page: Page, params: Record<string, string> = { waitingClientDecision: 'true' }): Promise<{ serviceId: number; number: string }[]> {
  const response = await page.request.get('/back/bo/services', { params, headers: XHR });
  expect(response.status()).toBe(200);
  const body = await response.json();
  return Array.isArray(body) ? body : body.services;
}

const overviewOf = async (page: Page, serviceId: number): Promise<Overview> =>
  (await page.request.get(`/back/bo/reports/${serviceId}/overview`, { headers: XHR })).json();

/** The first service of the search whose report overview passes `fits`. */
async function findService(page: Page, fits: (overview: Overview) => boolean, params?: Record<string, string>): Promise<{ serviceId: number; number: string }> {
  for (const service of await searchServices(page, params)) if (fits(await overviewOf(page, service.serviceId))) return service;
  throw new Error('no demo service fits');
}

test.describe.configure({ mode: 'serial' });

test.describe('report card and client decision', () => {
  restoreEnglishAfterAll(ACCOUNTS.quality);

  test('the brand sees the verdict and the plan, downloads the PDF and gives the decision SUBJECTED to one recipient', async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.quality);
    const service = await findService(page, (overview) => overview.rights.decision === 'WRITE' && overview.downloadable && !!overview.computed?.plans);
    await page.goto(`/services/${service.serviceId}`);
    await waitForApp(page);
    const card = page.getByTestId('report-card');
    await expect(card.getByTestId('report-result')).toBeVisible();
    await expect(card.getByTestId('report-decision')).toHaveText(en('enum.clientDecision.PENDING'));
    const plan = card.getByTestId('report-plan');
    await expect(plan.locator('tbody tr')).toHaveCount(3);
    await expect(plan.locator('tbody tr').first()).toContainText(en('enum.severity.CRITICAL'));
    // Found at or over Re is marked (red), below it is not.
    for (const row of await plan.locator('tbody tr').all()) {
      const [, , , reject, found] = (await row.locator('td').allInnerTexts()).map((text) => Number(text.replace(/\D/g, '')));
      const mark = row.locator('td').last();
      if (found >= reject) await expect(mark).toHaveAttribute('data-over', 'true');
      else await expect(mark).not.toHaveAttribute('data-over');
    }
    await card.scrollIntoViewIfNeeded();
    await shot(card, 'report-card-en');

    // The PDF: a download with a .pdf name; the file is served as application/pdf.
    const link = card.getByRole('link', { name: en('serviceSheet.report.download') });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await page.request.get((await link.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');

    // Saved without a recipient: the server's message on the recipients field, the dialog stays.
    await card.getByRole('button', { name: en('serviceSheet.report.giveDecision') }).click();
    const dialog = page.getByRole('dialog', { name: en('serviceSheet.report.decisionTitle', { number: service.number }) });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: en('enum.clientDecision.SUBJECTED') }).check();
    const comment = 'Ship after rework of the hems';
    await dialog.getByRole('textbox', { name: en('report.decision.comment') }).fill(comment);
    const recipients = dialog.getByRole('combobox', { name: en('serviceSheet.report.recipients') });
    await expect(recipients).toBeEnabled();
    // The author of the report is offered first.
    const author = (await dialog.locator('.mantine-MultiSelect-pill').first().innerText()).trim();
    expect(author).toMatch(/\(Atlas Inspection\)$/);
    await recipients.click();
    const pills = dialog.locator('.mantine-MultiSelect-pill');
    while ((await pills.count()) > 0) await recipients.press('Backspace');
    await expect(pills).toHaveCount(0);
    await recipients.press('Tab');
    await dialog.getByRole('button', { name: en('serviceSheet.report.saveDecision') }).click();
    await expect(dialog.getByText(serverText['report.decisionRecipientRequired'])).toBeVisible();
    await expect(recipients).toHaveAttribute('aria-invalid', 'true');
    await shot(dialog, 'report-decision-refused-en');

    // One recipient: saved, told, the badge follows.
    await recipients.click();
    await recipients.fill(author.split(' ')[0]);
    await page.getByRole('option', { name: author, exact: true }).click();
    await expect(pills).toHaveText([author]);
    await recipients.press('Tab');
    await shot(dialog, 'report-decision-dialog-en');
    await dialog.getByRole('button', { name: en('serviceSheet.report.saveDecision') }).click();
    await expectSnack(page, en('serviceSheet.report.decided', { decision: en('enum.clientDecision.SUBJECTED') }));
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('report-decision')).toHaveText(en('enum.clientDecision.SUBJECTED'));
    await expect(card.getByTestId('report-decision-comment')).toHaveText(comment);
    expect((await overviewOf(page, service.serviceId)).clientDecision).toBe('SUBJECTED');
    await shot(card, 'report-card-decided-en');

    // French and Italian: the same card and dialog, no label out of its box.
    for (const locale of ['fr', 'it'] as const) {
      await setAccountLocale(page, locale);
      await page.reload();
      await waitForApp(page);
      await expect(card.getByTestId('report-decision')).toHaveText(labels[locale]['enum.clientDecision.SUBJECTED']);
      await card.scrollIntoViewIfNeeded();
      await shot(card, `report-card-${locale}`);
      await card.getByRole('button', { name: labels[locale]['serviceSheet.report.giveDecision'] }).click();
      const localized = page.getByRole('dialog');
      await expect(localized.getByRole('radio', { name: labels[locale]['enum.clientDecision.SUBJECTED'] })).toBeChecked();
      for (const box of await localized.locator('.mantine-RadioCard-card, button').all()) {
        const { scroll, client } = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(scroll, await box.innerText()).toBeLessThanOrEqual(client + 1);
      }
      await shot(localized, `report-decision-dialog-${locale}`);
      await localized.getByRole('button', { name: labels[locale]['engine.action.cancel'] }).click();
      await expect(localized).toBeHidden();
    }
    await setAccountLocale(page, 'en');
  });

  test('the supplier sees the verdict and the decision only: no plan, no download, no decision', async ({ page }) => {
    await signIn(page, ACCOUNTS.sales);
    const service = await findService(page, (overview) => overview.exists && overview.rights.report === 'READ_LIMITED', { serviceSteps: 'TERMINATED' });
    const overview = await overviewOf(page, service.serviceId);
    await page.goto(`/services/${service.serviceId}`);
    await waitForApp(page);
    const card = page.getByTestId('report-card');
    await expect(card.getByTestId('report-result')).toBeVisible();
    await expect(card.getByTestId('report-decision')).toHaveText(en(`enum.clientDecision.${String(overview.clientDecision)}`));
    await expect(card.getByTestId('report-plan')).toHaveCount(0);
    await expect(card.getByRole('link', { name: en('serviceSheet.report.download') })).toHaveCount(0);
    await expect(card.getByRole('button', { name: en('serviceSheet.report.giveDecision') })).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await shot(card, 'report-card-limited-en');
  });

  test('the provider starts a report on a confirmed service, edits one, and regenerates it only after confirming; without a report the brand reads "No report yet"', async ({ page }) => {
    await signIn(page, ACCOUNTS.manager);
    const confirmed = await findService(page, (overview) => !overview.exists && overview.rights.report === 'WRITE', { serviceSteps: 'CONFIRMED' });
    await page.goto(`/services/${confirmed.serviceId}`);
    await waitForApp(page);
    const card = page.getByTestId('report-card');
    await expect(card.getByRole('link', { name: en('serviceSheet.report.new') })).toHaveAttribute('href', `/services/${confirmed.serviceId}/report`);
    await card.scrollIntoViewIfNeeded();
    await shot(card, 'report-card-new-en');

    const reported = await findService(page, (overview) => overview.exists && overview.rights.report === 'WRITE');
    await page.goto(`/services/${reported.serviceId}`);
    await waitForApp(page);
    await expect(card.getByRole('link', { name: en('serviceSheet.report.edit') })).toHaveAttribute('href', `/services/${reported.serviceId}/report`);
    // The decision button follows the decision right the server gives (decision power included).
    const rights = (await overviewOf(page, reported.serviceId)).rights;
    await expect(card.getByRole('button', { name: en('serviceSheet.report.giveDecision') })).toHaveCount(rights.decision === 'WRITE' ? 1 : 0);
    await card.scrollIntoViewIfNeeded();
    await shot(card, 'report-card-provider-en');
    await card.getByRole('button', { name: en('serviceSheet.report.regenerate') }).click();
    const confirm = page.getByRole('dialog', { name: en('serviceSheet.report.regenerateTitle') });
    await expect(confirm).toContainText(en('serviceSheet.report.regenerateMessage', { number: reported.number }));
    await shot(confirm, 'report-regenerate-confirm-en');
    await confirm.getByRole('button', { name: en('engine.action.cancel') }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/services/${reported.serviceId}$`));
    await card.getByRole('button', { name: en('serviceSheet.report.regenerate') }).click();
    await confirm.getByRole('button', { name: en('serviceSheet.report.regenerate') }).click();
    await expect(page).toHaveURL(new RegExp(`/services/${reported.serviceId}/report\\?mode=new$`));

    await signIn(page, ACCOUNTS.quality);
    await page.goto(`/services/${confirmed.serviceId}`);
    await waitForApp(page);
    await expect(card.getByTestId('report-none')).toHaveText(en('serviceSheet.report.none'));
    await expect(card.getByRole('link', { name: en('serviceSheet.report.new') })).toHaveCount(0);
  });
});
