import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, expectSnack, fr, setAccountLocale, shot, signIn, waitForApp, restoreEnglishAfterAll } from './helpers';

/**
 * The reminders tab of the service sheet (docs/jobs.md): the seeded reminder is listed; the owner
 * adds one with the date-time picker and a recipient, sees it, and the tab reads well in French.
 * The rules are the API tests'; this only checks the screen.
 */
restoreEnglishAfterAll(ACCOUNTS.quality);

/** The demo service that holds the seeded reminder. */
async function remindedService(page: Page): Promise<number> {
  const { services } = (await (await page.request.get('/back/bo/services/')).json()) as { services: { serviceId: number }[] };
  for (const { serviceId } of services) {
    const reminders = (await (await page.request.get('/back/bo/notifyreminder/reminders', { params: { serviceId } })).json()) as unknown[];
    if (Array.isArray(reminders) && reminders.length) return serviceId;
  }
  throw new Error('no seeded reminder');
}

test('the owner lists, adds and reads reminders on the service sheet, in English and French', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, ACCOUNTS.quality);
  const serviceId = await remindedService(page);
  await page.goto(`/services/${serviceId}?tab=reminders`);
  await waitForApp(page);
  const rows = page.getByTestId('reminders').locator('tbody tr');
  // The seeded reminder is listed (the list loads after the page).
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();

  await page.getByRole('button', { name: en('serviceSheet.reminders.add') }).click();
  const dialog = page.getByRole('dialog', { name: en('serviceSheet.reminders.addTitle') });
  await dialog.getByRole('button', { name: en('reminder.sendAt') }).click();
  const picker = page.locator('.mantine-Popover-dropdown');
  await picker.locator('button[data-direction="next"]').click();
  await picker.getByRole('button', { name: /^15 / }).first().click();
  await shot(page, 'reminders-picker');
  await picker.locator('button').last().click();
  await dialog.getByRole('combobox', { name: en('reminder.tos') }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('textbox', { name: en('reminder.subject') }).fill('Golden sample at the factory');
  await dialog.getByRole('textbox', { name: en('reminder.comment') }).fill('Please confirm the golden sample is on site.');
  await shot(page, 'reminders-dialog');
  await dialog.getByRole('button', { name: en('serviceSheet.reminders.save') }).click();
  await expectSnack(page, en('serviceSheet.reminders.saved'));
  await expect(rows).toHaveCount(before + 1);
  await expect(rows.filter({ hasText: 'Golden sample at the factory' })).toHaveCount(1);
  await shot(page, 'reminders-tab-en');

  await setAccountLocale(page, 'fr');
  await page.reload();
  await waitForApp(page);
  await expect(page.getByRole('tab', { name: fr('serviceSheet.tab.reminders') })).toBeVisible();
  await expect(page.getByRole('button', { name: fr('serviceSheet.reminders.add') })).toBeVisible();
  await shot(page, 'reminders-tab-fr');
});

test('the owner changes a pending reminder in its form and deletes it after the question', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, ACCOUNTS.quality);
  // The test before left the account in French.
  await setAccountLocale(page, 'en');
  const serviceId = await remindedService(page);
  const service = (await (await page.request.get(`/back/bo/services/${serviceId}`)).json()) as { client: number };
  const [contact] = (await (await page.request.get('/back/bo/networkcombo/contacts', { params: { companyId: service.client } })).json()) as { value: number }[];
  const sendAt = new Date(Date.now() + 20 * 86_400_000).toISOString();
  const created = await page.request.post('/back/bo/notifyreminder/reminders', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { serviceId, sendAt, tos: [contact.value], subject: 'Check the cartons' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();

  await page.goto(`/services/${serviceId}?tab=reminders`);
  await waitForApp(page);
  const rows = page.getByTestId('reminders').locator('tbody tr');
  const row = rows.filter({ hasText: 'Check the cartons' });
  await row.getByRole('button', { name: en('serviceSheet.reminders.edit') }).click();
  const dialog = page.getByRole('dialog', { name: en('serviceSheet.reminders.editTitle') });
  // The form opens on the reminder as stored.
  const subject = dialog.getByRole('textbox', { name: en('reminder.subject') });
  await expect(subject).toHaveValue('Check the cartons');
  await expect(dialog.locator('.mantine-MultiSelect-pill')).toHaveCount(1);
  await subject.clear();
  await subject.pressSequentially('Check the cartons and labels');
  await shot(dialog, 'reminders-edit-dialog');
  await dialog.getByRole('button', { name: en('serviceSheet.reminders.save') }).click();
  await expectSnack(page, en('serviceSheet.reminders.saved'));
  await expect(dialog).toBeHidden();
  const changed = rows.filter({ hasText: 'Check the cartons and labels' });
  await expect(changed).toHaveCount(1);

  const before = await rows.count();
  await changed.getByRole('button', { name: en('serviceSheet.reminders.delete') }).click();
  const question = page.getByRole('dialog', { name: en('serviceSheet.reminders.deleteTitle') });
  await expect(question).toContainText(en('serviceSheet.reminders.deleteMessage'));
  await question.getByRole('button', { name: en('serviceSheet.reminders.delete') }).click();
  await expectSnack(page, en('serviceSheet.reminders.deleted'));
  await expect(rows).toHaveCount(before - 1);
  await expect(changed).toHaveCount(0);
});
