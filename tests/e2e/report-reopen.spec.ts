import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { sentMails } from '../api/outbox';
import { ACCOUNTS, en, expectSnack, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';

/**
 * The decision and what it freezes (docs/reports.md): the brand sends its decision to a factory
 * contact who has no login (an address is enough); the provider's manager, who holds decision power
 * but is another party, is offered no decision; the decided report shows no Edit, only "Reopen the
 * report", which asks a reason, puts the decision back to pending and lets the report change again.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const outbox = () => {
  const folder = process.env.QCFLOW_E2E_OUTBOX;
  if (!folder) throw new Error('QCFLOW_E2E_OUTBOX is not set (see playwright.config.ts)');
  return folder;
};

interface Choice {
  contactId: number;
  fullName: string;
  email: string;
  companyId: number;
  label: string;
  disabled: boolean;
}

/** The terminated services with a report the signed-in account may decide on (waiting for the decision or decided already: a decision may change). */
async function decidable(page: Page): Promise<{ serviceId: number; number: string; service: Record<string, unknown> }[]> {
  const reply = await page.request.get('/back/bo/services', { params: { serviceSteps: 'TERMINATED' }, headers: XHR });
  expect(reply.status()).toBe(200);
  const found = [];
  for (const row of (await reply.json()).services as { serviceId: number; number: string }[]) {
    const overview = await (await page.request.get(`/back/bo/reports/${row.serviceId}/overview`, { headers: XHR })).json();
    if (overview.rights.decision !== 'WRITE') continue;
    found.push({ ...row, service: await (await page.request.get(`/back/bo/services/${row.serviceId}`, { headers: XHR })).json() });
  }
  if (!found.length) throw new Error('no decidable demo service');
  return found;
}

const emailsOf = async (page: Page, serviceId: number): Promise<Choice[]> => (await page.request.get(`/back/bo/notify/services/${serviceId}/emails`, { headers: XHR })).json();

/** A decidable service with a contact of an order taker (its factory if it can) who has no login. */
async function withContactWithoutLogin(page: Page): Promise<{ serviceId: number; number: string; contact: Choice }> {
  const logins = new Set<string>(Object.values(ACCOUNTS));
  for (const { serviceId, number, service } of await decidable(page)) {
    const choices = (await emailsOf(page, serviceId)).filter((choice) => !choice.disabled && !logins.has(choice.email));
    const contact = [service.factory, service.agent, service.supplier].map((company) => choices.find((choice) => choice.companyId === company)).find(Boolean);
    if (contact) return { serviceId, number, contact };
  }
  throw new Error('no decidable demo service with an order-taker contact without login');
}

test.describe.configure({ mode: 'serial' });

test.describe('the decision to a contact without login, then reopening the report', () => {
  restoreEnglishAfterAll(ACCOUNTS.manager);

  test('the brand sends its decision to an order taker’s contact without login (the factory’s when it has one): offered, chosen by typing, e-mailed', async ({ page }) => {
    await signIn(page, ACCOUNTS.quality);
    const { serviceId, number, contact } = await withContactWithoutLogin(page);
    await page.goto(`/services/${serviceId}`);
    await waitForApp(page);
    const card = page.getByTestId('report-card');
    await card.getByRole('button', { name: en('serviceSheet.report.giveDecision') }).click();
    const dialog = page.getByRole('dialog', { name: en('serviceSheet.report.decisionTitle', { number }) });
    await dialog.getByRole('radio', { name: en('enum.clientDecision.REFUSED') }).check();
    const comment = dialog.getByRole('textbox', { name: en('report.decision.comment') });
    await comment.clear();
    await comment.pressSequentially('Open seams on 12 pieces');
    const recipients = dialog.getByRole('combobox', { name: en('serviceSheet.report.recipients') });
    await expect(recipients).toBeEnabled();
    await recipients.click();
    await recipients.pressSequentially(contact.fullName.split(' ')[0]);
    await page.getByRole('option', { name: contact.label, exact: true }).click();
    await expect(dialog.locator('.mantine-MultiSelect-pill').filter({ hasText: contact.label })).toHaveCount(1);
    await recipients.press('Tab');
    await shot(dialog, 'report-decision-factory-contact-en');
    const mailsBefore = (await sentMails(outbox())).length;
    await dialog.getByRole('button', { name: en('serviceSheet.report.saveDecision') }).click();
    await expectSnack(page, en('serviceSheet.report.decided', { decision: en('enum.clientDecision.REFUSED') }));
    await expect(card.getByTestId('report-decision')).toHaveText(en('enum.clientDecision.REFUSED'));
    // The factory's contact gets the decision by e-mail, with its comment.
    await expect.poll(async () => (await sentMails(outbox())).slice(mailsBefore).filter((mail) => mail.to === contact.email && mail.subject.includes(number)).length).toBe(1);
    const [mail] = (await sentMails(outbox())).slice(mailsBefore).filter((sent) => sent.to === contact.email);
    expect(mail.text).toContain('Open seams on 12 pieces');
  });

  test('the provider’s manager is offered no decision on a decided report, only "Reopen the report": with a reason, the decision is pending again and the report editable', async ({ page }) => {
    test.slow();
    // The brand decides (the dialog is the test above).
    await signIn(page, ACCOUNTS.quality);
    const [{ serviceId, number }] = await decidable(page);
    const before = (await (await page.request.get(`/back/bo/reports/${serviceId}/overview`, { headers: XHR })).json()).version;
    const contact = (await emailsOf(page, serviceId)).find((choice) => choice.email === ACCOUNTS.manager)!;
    const refused = await page.request.put(`/back/bo/reports/${serviceId}/decision`, { headers: XHR, data: { version: before, clientDecision: 'REFUSED', comment: 'Open seams', recipients: [contact.contactId] } });
    expect(refused.status(), await refused.text()).toBe(200);
    const card = page.getByTestId('report-card');

    // The provider's manager: no decision (decision power is not the decision maker's role), the report frozen.
    await signIn(page, ACCOUNTS.manager);
    await page.goto(`/services/${serviceId}`);
    await waitForApp(page);
    await expect(card.getByTestId('report-decision')).toHaveText(en('enum.clientDecision.REFUSED'));
    await expect(card.getByRole('button', { name: en('serviceSheet.report.giveDecision') })).toHaveCount(0);
    await expect(card.getByRole('link', { name: en('serviceSheet.report.edit') })).toHaveCount(0);
    await expect(card.getByRole('button', { name: en('serviceSheet.report.regenerate') })).toHaveCount(0);
    await expect(card.getByTestId('report-frozen')).toHaveText(en('serviceSheet.report.frozen'));
    await card.scrollIntoViewIfNeeded();
    await shot(card, 'report-card-frozen-en');

    // Reopening asks why; the reason typed, the decision is pending again and the report editable.
    await card.getByRole('button', { name: en('serviceSheet.report.reopen') }).click();
    const reopen = page.getByRole('dialog', { name: en('serviceSheet.report.reopenTitle', { number }) });
    await expect(reopen).toContainText(en('serviceSheet.report.reopenMessage'));
    await reopen.getByRole('button', { name: en('serviceSheet.report.reopen') }).click();
    await expect(reopen.getByText(en('serviceSheet.report.reopenReasonRequired'))).toBeVisible();
    await reopen.getByRole('textbox', { name: en('report.decision.reopenComment') }).pressSequentially('Twelve pieces were counted twice');
    await shot(reopen, 'report-reopen-dialog-en');
    await reopen.getByRole('button', { name: en('serviceSheet.report.reopen') }).click();
    await expectSnack(page, en('serviceSheet.report.reopened'));
    await expect(reopen).toBeHidden();
    await expect(card.getByTestId('report-decision')).toHaveText(en('enum.clientDecision.PENDING'));
    await expect(card.getByTestId('report-reopened')).toContainText('Twelve pieces were counted twice');
    await expect(card.getByRole('link', { name: en('serviceSheet.report.edit') })).toHaveAttribute('href', `/services/${serviceId}/report`);
    await expect(card.getByRole('button', { name: en('serviceSheet.report.reopen') })).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await shot(card, 'report-card-reopened-en');
    const history = await (await page.request.get(`/back/bo/services/${serviceId}/history`, { headers: XHR })).json();
    expect(history[0]).toMatchObject({ event: 'REPORT_REOPENED', detail: 'REFUSED: Twelve pieces were counted twice' });

    // The brand decides again; the reopen dialog in French and Italian fits its boxes.
    await signIn(page, ACCOUNTS.quality);
    await page.goto(`/services/${serviceId}`);
    await waitForApp(page);
    await expect(card.getByRole('button', { name: en('serviceSheet.report.giveDecision') })).toBeVisible();
    const version = (await (await page.request.get(`/back/bo/reports/${serviceId}/overview`, { headers: XHR })).json()).version;
    const decided = await page.request.put(`/back/bo/reports/${serviceId}/decision`, { headers: XHR, data: { version, clientDecision: 'ACCEPTED', recipients: [contact.contactId] } });
    expect(decided.status()).toBe(200);
    await signIn(page, ACCOUNTS.manager);
    for (const locale of ['fr', 'it'] as const) {
      await setAccountLocale(page, locale);
      await page.goto(`/services/${serviceId}`);
      await waitForApp(page);
      await expect(card.getByTestId('report-frozen')).toHaveText(labels[locale]['serviceSheet.report.frozen']);
      await card.getByRole('button', { name: labels[locale]['serviceSheet.report.reopen'] }).click();
      const localized = page.getByRole('dialog');
      await expect(localized).toContainText(labels[locale]['serviceSheet.report.reopenMessage']);
      for (const box of await localized.locator('button').all()) {
        const { scroll, client } = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(scroll, await box.innerText()).toBeLessThanOrEqual(client + 1);
      }
      await shot(localized, `report-reopen-dialog-${locale}`);
      await localized.getByRole('button', { name: labels[locale]['engine.action.cancel'] }).click();
      await expect(localized).toBeHidden();
    }
    await setAccountLocale(page, 'en');
  });
});
