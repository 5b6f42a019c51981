import { request as playwrightRequest, type Page } from '@playwright/test';
import { expect, test } from './axe';
import { sentMails, waitForMails } from '../api/outbox';
import { ACCOUNTS, DEMO_PASSWORD, en, expectSnack, fr, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';

/**
 * "Notify" on the service sheet: the notification form as a dialog, a contact who takes no
 * notification e-mails shown but not choosable, the e-mail sent (its .eml in the outbox), and
 * the dialog in French. The rules themselves are in tests/api/notifications.test.ts.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const outbox = () => {
  const folder = process.env.QCFLOW_E2E_OUTBOX;
  if (!folder) throw new Error('QCFLOW_E2E_OUTBOX is not set (see playwright.config.ts)');
  return folder;
};

/** The buyer's own notification switch, set through its own session (what its profile page does). */
async function buyerNotifications(baseURL: string, allowNotification: boolean): Promise<void> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: XHR });
  await context.post('/back/login', { form: { username: ACCOUNTS.buyer, password: DEMO_PASSWORD } });
  const current = await (await context.get('/back/bo/profile/user/notificationconfig')).json();
  const response = await context.put('/back/bo/profile/user/notificationconfig', { data: { ...current, allowNotification } });
  expect(response.ok(), await response.text()).toBeTruthy();
  await context.dispose();
}

async function confirmedService(page: Page): Promise<{ serviceId: number; number: string; client: number }> {
  const response = await page.request.get('/back/bo/services', { params: { serviceSteps: 'CONFIRMED', fromDate: '2000-01-01', toDate: '2100-01-01' }, headers: XHR });
  expect(response.status()).toBe(200);
  const [service] = (await response.json()).services;
  if (!service) throw new Error('no confirmed demo service');
  return service;
}

test.describe('notify from the service sheet', () => {
  restoreEnglishAfterAll(ACCOUNTS.quality);
  test.afterAll(async ({ baseURL }) => buyerNotifications(baseURL!, true));

  test('Notify → choose a contact (a disabled one cannot be chosen) → send → snackbar and the e-mail; the dialog in French', async ({ page, baseURL }) => {
    test.slow();
    await buyerNotifications(baseURL!, false);
    await signIn(page, ACCOUNTS.quality);
    const service = await confirmedService(page);
    await page.goto(`/services/${service.serviceId}`);
    await waitForApp(page);

    await page.getByTestId('notify-open').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(en('notify.title', { number: service.number }))).toBeVisible();
    const subject = dialog.getByLabel(en('notification.subject'));
    await expect(subject).toHaveValue(`QCFlow: service ${service.number} confirmed`);
    await subject.fill(`Lot check for ${service.number}`);

    const tos = dialog.locator('input#notify_tos');
    // Start from no recipient.
    const pills = dialog.locator('.mantine-MultiSelect-pill');
    while ((await pills.count()) > 0) await pills.first().locator('.mantine-Pill-remove').click();
    await tos.click();
    const buyer = page.getByRole('option', { name: /Hugo Martin/ });
    await expect(buyer).toHaveAttribute('data-combobox-disabled', 'true');
    await expect(buyer).toContainText(en('notify.noMail'));
    await shot(page, 'notify-contacts-en');
    await buyer.click({ force: true });
    await tos.fill('Li Wei');
    await page.getByRole('option', { name: /Li Wei/ }).click();
    await dialog.getByText(en('notify.title', { number: service.number })).click();
    await expect(pills).toHaveCount(1);
    await expect(pills.first()).toContainText('Li Wei');
    await dialog.getByLabel(en('notification.comment')).fill('Please have the cartons ready <b>early</b>.');
    await shot(dialog, 'notify-dialog-en');

    const before = (await sentMails(outbox())).length;
    await dialog.getByTestId('notify-send').click();
    await expectSnack(page, en('notify.sent', { type: en('enum.notificationType.SERVICE_CONFIRMED'), count: 1 }));
    await expect(dialog).toBeHidden();
    const mails = (await waitForMails(outbox(), before + 1)).slice(before);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[ACCOUNTS.sales, `Lot check for ${service.number}`]]);
    expect(mails[0].html).toContain('Please have the cartons ready &lt;b&gt;early&lt;/b&gt;.');

    // The e-mail as a mail client shows it.
    await page.setContent(mails[0].html!);
    await shot(page, 'notify-mail-html');

    // The dialog in French, with when the type was last sent.
    await setAccountLocale(page, 'fr');
    await page.goto(`/services/${service.serviceId}`);
    await waitForApp(page);
    await page.getByTestId('notify-open').click();
    await expect(page.getByRole('dialog').getByLabel(fr('notification.subject'))).toHaveValue(`QCFlow : audit ${service.number} confirmé`);
    await expect(page.getByTestId('notify-last-send')).toContainText('Dernier envoi le');
    await shot(page.getByRole('dialog'), 'notify-dialog-fr');

    // The company-wide switch (spec §6.4) on the company profile: off, then on again.
    // The service's client is the signed-in brand (Maison Lumière).
    await page.goto(`/profileCompany/${service.client}/companyNotification`);
    await waitForApp(page);
    const toggle = page.getByTestId('company-notifications-disabled');
    await expect(toggle).not.toBeChecked();
    await toggle.click({ force: true });
    await expectSnack(page, 'Les e-mails de notification aux contacts de la société sont désactivés');
    await expect(toggle).toBeChecked();
    await shot(page, 'company-notifications-fr');
    await toggle.click({ force: true });
    await expect(toggle).not.toBeChecked();
  });
});
