import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { createOrderedService } from './providedService';
import { ACCOUNTS, en, expectSnack, fr, futureDay, login, restoreEnglishAfterAll, shot, signIn } from './helpers';
import { loginInLocale } from './loginInLocale';

/**
 * The date proposals of a service sheet, configured in schemas/screens/serviceSheet.json (read-only
 * lines as cards): the client's proposal waits for the provider, who refuses it through the configured
 * form with a comment; the answer, its author and the comment show on the line.
 */
test.describe.configure({ mode: 'serial' });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
let serviceId = 0;

const dateLines = (page: Page) => page.getByTestId('date-lines').getByTestId('date-line');

test.describe('date proposals of a service', () => {
  restoreEnglishAfterAll(ACCOUNTS.manager);

  test('the client who proposed the date waits for the other side', async ({ page }) => {
    // The service is created through the API: its sheet is the first page loaded.
    await signIn(page, ACCOUNTS.quality);
    ({ serviceId } = await createOrderedService(page, {
      startDate: futureDay(120),
      endDate: futureDay(122),
      exFactoryDate: futureDay(125),
      line: { poNumber: `PO-DATES-${Date.now() % 100000}`, designation: 'Silk tie', quantity: 40 },
    }));

    await page.goto(`/services/${serviceId}`);
    await expect(dateLines(page)).toHaveCount(1);
    await expect(dateLines(page).first()).toContainText(en('serviceSheet.dateLines.waitingOther'));
    await expect(dateLines(page).first().getByRole('button')).toHaveCount(0);
  });

  test('the provider refuses it with a comment through the configured form', async ({ page }) => {
    await login(page, ACCOUNTS.manager, { path: `/services/${serviceId}` });
    const line = dateLines(page).first();
    await expect(line).toContainText(en('enum.dateLineStatus.PROPOSED'));
    await expect(line).not.toContainText(en('serviceSheet.dateLines.waitingOther'));
    await line.getByRole('button', { name: en('serviceSheet.dateLines.refuse') }).click();
    const dialog = page.getByRole('dialog', { name: en('serviceSheet.dateLines.refuseTitle') });
    await expect(dialog).toContainText(en('serviceSheet.dateLines.refuseMessage'));
    await dialog.getByRole('textbox', { name: en('serviceDateLine.comment') }).pressSequentially('Our inspectors are booked that week.');
    await shot(page, 'date-proposals-refuse-en');
    // The call names the line and the service it answers, with the service's version (not the line's own).
    const before = (await (await page.request.get(`/back/bo/services/${serviceId}`, { headers: XHR })).json()) as { version: number };
    const sent = page.waitForRequest((request) => request.url().endsWith('/back/bo/serviceDateLines/refuseDate'));
    await dialog.getByRole('button', { name: en('serviceSheet.dateLines.refuse') }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ serviceId, version: before.version, comment: 'Our inspectors are booked that week.' });
    expect(typeof body.dateLineId).toBe('number');
    await expectSnack(page, en('serviceSheet.dateLines.refused'));
    await expect(dialog).toBeHidden();

    await expect(line).toContainText(en('enum.dateLineStatus.REFUSED'));
    await expect(line).toContainText(/Answered by Nadia Haddad/);
    await expect(line).toContainText('Our inspectors are booked that week.');
    await expect(line.getByRole('button')).toHaveCount(0);
    await shot(page.getByTestId('date-lines'), 'date-proposals-refused-en');
  });

  test('a proposal the provider sends is withdrawn when the service is cancelled: the lines follow the header\'s write', async ({ page }) => {
    await login(page, ACCOUNTS.manager, { path: `/services/${serviceId}` });
    await page.getByRole('button', { name: en('serviceSheet.dateLines.requestDate') }).click();
    const propose = page.getByRole('dialog').filter({ hasText: en('serviceSheet.dateLines.proposeHelp') });
    const start = propose.getByRole('textbox', { name: en('serviceDateLine.startDate'), exact: true });
    await start.fill('');
    await start.pressSequentially(new Date(`${futureDay(121)}T12:00:00`).toLocaleDateString('en-GB'));
    await start.blur();
    await propose.getByRole('button', { name: en('serviceSheet.dateLines.send') }).click();
    await expectSnack(page, en('serviceSheet.dateLines.proposed'));
    await expect(dateLines(page)).toHaveCount(2);
    await expect(dateLines(page).first()).toContainText(en('enum.dateLineStatus.PROPOSED'));
    await expect(dateLines(page).first()).toContainText(en('serviceSheet.dateLines.waitingOther'));

    // The header's cancellation drops the waiting proposal; the list is read again with the moved service.
    await page.getByRole('button', { name: en('serviceSheet.action.CANCEL') }).click();
    const cancel = page.getByRole('alertdialog').filter({ hasText: en('serviceSheet.comment') });
    await cancel.getByRole('button', { name: en('serviceSheet.action.CANCEL') }).click();
    await expectSnack(page, en('serviceSheet.done.CANCEL'));
    await expect(dateLines(page).first()).toContainText(en('enum.dateLineStatus.WITHDRAWN'));
    await expect(dateLines(page).first()).not.toContainText(en('serviceSheet.dateLines.waitingOther'));
  });

  test('in French, the cards read in French', async ({ page }) => {
    await loginInLocale(page, ACCOUNTS.manager, 'fr', `/services/${serviceId}`);
    const panel = page.getByTestId('date-lines');
    await expect(panel.getByRole('heading', { name: fr('serviceSheet.dateLines.title') })).toBeVisible();
    await expect(dateLines(page).nth(1)).toContainText(fr('enum.dateLineStatus.REFUSED'));
    await expect(dateLines(page).nth(1)).toContainText(/Réponse de Nadia Haddad/);
    await shot(panel, 'date-proposals-refused-fr');
  });
});
