import type { Browser, Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, expectSnack, fillDate, futureDay, login, shot, signIn, waitForApp } from './helpers';
import { createOrderedService } from './providedService';
import { WIZARD_ROUTE, orderInspection } from './serviceWizard';

/**
 * The service sheet through the workflow of docs/services.md: the client (quality@brand.test,
 * decision maker at Maison Lumière) orders an inspection through the full wizard; on the sheet the
 * provider (manager@inspect.test, Atlas Inspection) proposes another date, the client accepts
 * it (the provider proposed, so the service is CONFIRMED), cannot delete it any more, writes a
 * note, and the provider completes it (TERMINATED). The history tells the whole story.
 */
test.describe.configure({ mode: 'serial' });

const PO_NUMBER = `PO-E2E-${Date.now() % 1_000_000}`;

/** How the sheet writes a day (Intl "medium" in the app language en, e.g. "Dec 3, 2026"). */
/** A day as the en-GB screen shows it everywhere (engine/format/localDates.ts): `3 Feb 2027`. */
const shownDay = (day: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

// Far from the seeded services (around today) so the wizard never merges ours into one of them.
const START = futureDay(70);
// Within a week of today: the provider completes the service in the last test (COMPLETE_DAYS_AHEAD).
const PROPOSED_START = futureDay(5);
const PROPOSED_END = futureDay(6);

let serviceId = 0;
let serviceNumber = '';
/** A second service of the same client, the target of the split. */
let targetNumber = '';

/** A page of a fresh browser context signed in as `email`, on the service sheet. */
async function openSheetAs(browser: Browser, email: string, tab = ''): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto(`/services/${serviceId}${tab ? `?tab=${tab}` : ''}`);
  await waitForApp(page);
  await expect(page.getByTestId('service-number')).toHaveText(serviceNumber);
  return page;
}

const stepBadge = (page: Page) => page.getByTestId('service-step');
const dateLines = (page: Page) => page.getByTestId('date-lines').getByTestId('date-line');

test.describe('service sheet workflow', () => {
  test('the client orders an inspection through the full wizard', async ({ page }) => {
    await login(page, ACCOUNTS.quality, { path: WIZARD_ROUTE });
    const service = await orderInspection(page, {
      startDate: START,
      contact: /Li Wei/,
      lines: [
        { poNumber: PO_NUMBER, designation: 'Linen shirt', quantity: 1200, packing: 'BOX' },
        { poNumber: PO_NUMBER, designation: 'Cotton scarf', quantity: 300 },
      ],
      note: 'Please check the seams of the linen shirts.',
    });
    expect(service.serviceStep).toBe('OPENED');
    ({ serviceId, number: serviceNumber } = service);

    // The split target: a second inspection of the same client, through the API.
    ({ number: targetNumber } = await createOrderedService(page, {
      startDate: futureDay(90),
      exFactoryDate: futureDay(95),
      line: { poNumber: `${PO_NUMBER}-B`, designation: 'Wool coat', quantity: 50 },
    }));
  });

  test('the provider sees the client proposal and proposes another date', async ({ browser }) => {
    const page = await openSheetAs(browser, ACCOUNTS.manager);
    await expect(stepBadge(page)).toHaveText(en('enum.serviceStep.OPENED'));
    // The provider does not own the sheet: no owner menu, but its workflow answers, so no "read only".
    await expect(page.getByTestId('read-only')).toHaveCount(0);
    await expect(page.getByRole('button', { name: en('serviceSheet.menu.label') })).toHaveCount(0);
    // Names, not ids; quantities with their unit and packing.
    const parties = page.getByTestId('parties');
    for (const name of ['Maison Lumière', 'Shenzhen Textile Co', 'Atlas Inspection']) await expect(parties).toContainText(name);
    const lines = page.getByTestId('po-lines');
    await expect(lines.getByRole('row')).toHaveCount(3);
    await expect(lines.getByRole('row', { name: /Linen shirt/ })).toContainText(`1,200 ${en('enum.unit.PIECE')} · ${en('enum.packing.BOX')}`);
    // The client's creation is its date proposal, waiting for the provider.
    await expect(dateLines(page)).toHaveCount(1);
    await expect(dateLines(page).first()).toContainText(en('enum.dateLineStatus.PROPOSED'));
    await expect(dateLines(page).first()).toContainText(en('enum.serviceSide.DECISION_MAKER'));
    await expect(dateLines(page).first()).toContainText(shownDay(START));
    await expect(dateLines(page).first().getByRole('button', { name: en('serviceSheet.dateLines.accept') })).toBeVisible();
    // No COMPLETE before a confirmed date.
    await expect(page.getByRole('button', { name: en('serviceSheet.action.COMPLETE') })).toHaveCount(0);
    await shot(page, 'service-sheet-provider-overview');

    await page.getByRole('button', { name: en('serviceSheet.dateLines.requestDate') }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: en('serviceSheet.dateLines.proposeHelp') });
    await fillDate(dialog.getByLabel(en('serviceDateLine.startDate')), PROPOSED_START);
    await fillDate(dialog.getByLabel(en('serviceDateLine.endDate')), PROPOSED_END);
    await dialog.getByLabel(en('serviceDateLine.comment')).fill('Our inspector is free the week after.');
    await shot(page, 'service-sheet-propose-date');
    await dialog.getByRole('button', { name: en('serviceSheet.dateLines.send') }).click();
    await expectSnack(page, en('serviceSheet.dateLines.proposed'));
    await expect(dialog).toBeHidden();

    // Newest first: the provider's proposal waits, the client's one is replaced.
    await expect(dateLines(page)).toHaveCount(2);
    await expect(dateLines(page).nth(0)).toContainText(`${shownDay(PROPOSED_START)} → ${shownDay(PROPOSED_END)}`);
    await expect(dateLines(page).nth(0)).toContainText(en('enum.dateLineStatus.PROPOSED'));
    await expect(dateLines(page).nth(0)).toContainText('Nadia Haddad');
    await expect(dateLines(page).nth(0)).toContainText(en('serviceSheet.dateLines.waitingOther'));
    await expect(dateLines(page).nth(1)).toContainText(en('enum.dateLineStatus.REPLACED'));
    await expect(stepBadge(page)).toHaveText(en('enum.serviceStep.OPENED'));
    await page.context().close();
  });

  test('the client accepts the date (confirmed), splits a line off, cannot delete it, and writes notes', async ({ browser }) => {
    const page = await openSheetAs(browser, ACCOUNTS.quality);
    await expect(page.getByTestId('read-only')).toHaveCount(0);
    // Elements and risk analysis are shown, and billing to a MANAGER (who holds BILLING_FEE).
    await expect(page.getByRole('tab')).toHaveText([en('serviceSheet.tab.overview'), en('serviceSheet.tab.history'), en('serviceSheet.tab.elements'), en('serviceSheet.tab.risk'), en('serviceSheet.tab.reminders'), en('serviceSheet.tab.billing')]);
    const waiting = dateLines(page).nth(0);
    await expect(waiting).toContainText(en('enum.serviceSide.SERVICE_PROVIDER'));
    await waiting.getByRole('button', { name: en('serviceSheet.dateLines.accept') }).click();
    await expectSnack(page, en('serviceSheet.dateLines.accepted'));
    await expect(stepBadge(page)).toHaveText(en('enum.serviceStep.CONFIRMED'));
    await expect(dateLines(page).nth(0)).toContainText(en('enum.dateLineStatus.ACCEPTED'));
    await expect(dateLines(page).nth(0)).toContainText(/Answered by Claire Dubois/);
    // Accepting copied the dates onto the service.
    await expect(page.getByTestId('dates')).toContainText(shownDay(PROPOSED_START));
    await expect(page.getByTestId('dates')).toContainText(shownDay(PROPOSED_END));

    // Split: the service itself is refused as target (spec §8), then a line moves to the other one.
    await page.getByRole('button', { name: en('serviceSheet.menu.label') }).click();
    await page.getByRole('menuitem', { name: en('serviceSheet.menu.splitMerge') }).click();
    const popup = page.getByRole('dialog').filter({ hasText: en('serviceSheet.splitMerge.title') });
    const targetBox = popup.getByRole('combobox', { name: en('serviceSheet.splitMerge.target') });
    const pickTarget = async (number: string) => {
      await targetBox.fill(number);
      await page.getByRole('option', { name: new RegExp(`^${number} `) }).click();
    };
    await pickTarget(serviceNumber);
    await popup.getByRole('checkbox', { name: new RegExp('Cotton scarf') }).check();
    await popup.getByRole('button', { name: en('serviceSheet.splitMerge.doSplit') }).click();
    await expect(popup.getByTestId('split-merge-error')).toHaveText(en('serviceSheet.splitMerge.same'));
    // Merging warns that it cannot be undone, more so when the source is deleted.
    await popup.getByText(en('serviceSheet.splitMerge.merge'), { exact: true }).click();
    await expect(popup).toContainText(en('serviceSheet.splitMerge.irreversibleTitle'));
    await popup.getByRole('checkbox', { name: en('serviceSheet.splitMerge.deleteSource', { number: serviceNumber }) }).check();
    await expect(popup).toContainText(en('serviceSheet.splitMerge.irreversibleDelete', { number: serviceNumber }));
    await shot(page, 'service-sheet-merge');
    await popup.getByText(en('serviceSheet.splitMerge.split'), { exact: true }).click();
    await pickTarget(targetNumber);
    await shot(page, 'service-sheet-split');
    await popup.getByRole('button', { name: en('serviceSheet.splitMerge.doSplit') }).click();
    await expectSnack(page, en('serviceSheet.splitMerge.splitDone', { target: targetNumber }));
    await expect(popup).toBeHidden();
    const poLines = page.getByTestId('po-lines');
    await expect(poLines.getByRole('row')).toHaveCount(2);
    await expect(poLines).toContainText('Linen shirt');
    await expect(poLines).not.toContainText('Cotton scarf');

    // Spec §8: a confirmed service cannot be deleted; the sheet says to cancel it instead.
    await page.getByRole('button', { name: en('serviceSheet.menu.label') }).click();
    await page.getByRole('menuitem', { name: en('serviceSheet.menu.delete') }).click();
    const confirm = page.getByRole('alertdialog').filter({ hasText: en('serviceSheet.delete.title') });
    await expect(confirm).toContainText(serviceNumber);
    const refused = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/back/bo/services/${serviceId}`));
    await confirm.getByRole('button', { name: en('serviceSheet.menu.delete') }).click();
    expect((await refused).status()).toBe(422);
    await expectSnack(page, en('serviceSheet.delete.refused'));
    await expect(page).toHaveURL(new RegExp(`/services/${serviceId}$`));
    await expect(stepBadge(page)).toHaveText(en('enum.serviceStep.CONFIRMED'));

    // Notes: the first note of the wizard is there; add one, then correct it.
    const notes = page.getByTestId('notes');
    await expect(notes.getByTestId('note')).toHaveCount(1);
    await expect(notes.getByTestId('note').first()).toContainText('Please check the seams of the linen shirts.');
    await notes.getByRole('textbox', { name: en('serviceNote.text') }).fill('Packing list sent to the inspector.');
    await notes.getByRole('button', { name: en('engine.notes.add') }).click();
    await expectSnack(page, en('engine.notes.added'));
    await expect(notes.getByTestId('note')).toHaveCount(2);
    const added = notes.getByTestId('note').filter({ hasText: 'Packing list sent to the inspector.' });
    await expect(added).toContainText('Claire Dubois');
    await added.getByRole('button', { name: en('engine.notes.edit') }).click();
    // While edited, the note is the one holding a text box (its text is then the box's value).
    const editing = notes.getByTestId('note').filter({ has: page.getByRole('textbox') });
    await editing.getByRole('textbox').fill('Packing list and shipping marks sent to the inspector.');
    await editing.getByRole('button', { name: en('engine.action.save') }).click();
    await expectSnack(page, en('engine.notes.updated'));
    await expect(notes.getByTestId('note').filter({ hasText: 'Packing list and shipping marks sent to the inspector.' })).toHaveCount(1);
    await shot(page, 'service-sheet-client-confirmed');
    await page.context().close();
  });

  test('the provider completes the service; the history tells what happened', async ({ browser }) => {
    const page = await openSheetAs(browser, ACCOUNTS.manager);
    await expect(stepBadge(page)).toHaveText(en('enum.serviceStep.CONFIRMED'));
    // Nothing waits for an answer: no accept / refuse any more.
    await expect(page.getByRole('button', { name: en('serviceSheet.dateLines.accept') })).toHaveCount(0);
    await page.getByRole('button', { name: en('serviceSheet.action.COMPLETE') }).click();
    const confirm = page.getByRole('alertdialog').filter({ hasText: en('serviceSheet.confirm.COMPLETE', { number: serviceNumber }) });
    await expect(confirm).toContainText(serviceNumber);
    await confirm.getByRole('button', { name: en('serviceSheet.action.COMPLETE') }).click();
    await expectSnack(page, en('serviceSheet.done.COMPLETE'));
    await expect(stepBadge(page)).toHaveText(en('enum.serviceStep.TERMINATED'));
    await expect(page.getByRole('button', { name: en('serviceSheet.action.COMPLETE') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: en('serviceSheet.action.REOPEN') })).toBeVisible();

    await page.getByRole('tab', { name: en('serviceSheet.tab.history') }).click();
    await expect(page).toHaveURL(/\?tab=history$/);
    const events = page.getByTestId('history-event');
    const labels = ['COMPLETE', 'SPLIT', 'ACCEPT_DATE', 'REQUEST_DATE', 'CREATED'].map((event) => en(`enum.serviceHistoryEvent.${event}`));
    for (const label of labels) await expect(events.filter({ hasText: label }).first()).toBeVisible();
    // Newest first; the completion moved CONFIRMED → TERMINATED, by the provider's manager.
    const completed = events.first();
    await expect(completed).toContainText(en('enum.serviceHistoryEvent.COMPLETE'));
    await expect(completed).toContainText(en('enum.serviceStep.CONFIRMED'));
    await expect(completed).toContainText(en('enum.serviceStep.TERMINATED'));
    await expect(completed).toContainText('Nadia Haddad');
    await expect(events.filter({ hasText: en('enum.serviceHistoryEvent.ACCEPT_DATE') }).first()).toContainText('Claire Dubois');
    await shot(page, 'service-sheet-history');

    await expect(page.getByRole('tab', { name: en('serviceSheet.tab.risk') })).toHaveCount(1);
    // The billing tab (configuration: schemas/screens/serviceSheet.json) lists the service's invoice lines and fee sheets.
    await page.getByRole('tab', { name: en('serviceSheet.tab.billing') }).click();
    await expect(page.getByRole('heading', { name: en('serviceSheet.billing.invoiceLines') })).toBeVisible();
    await expect(page.getByRole('heading', { name: en('serviceSheet.billing.fees') })).toBeVisible();
    await page.context().close();
  });

  test('a terminated service is read only for its owner; a local manager sees no billing tab', async ({ browser }) => {
    const page = await openSheetAs(browser, ACCOUNTS.buyer);
    await expect(stepBadge(page)).toHaveText(en('enum.serviceStep.TERMINATED'));
    await expect(page.getByTestId('read-only')).toBeVisible();
    await expect(page.getByText(en('serviceSheet.readOnly.closed'))).toBeVisible();
    await expect(page.getByRole('button', { name: en('serviceSheet.menu.label') })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: en('serviceSheet.tab.overview') })).toBeVisible();
    await expect(page.getByRole('tab', { name: en('serviceSheet.tab.billing') })).toHaveCount(0);
    await shot(page, 'service-sheet-readonly');
    await page.context().close();
  });

  test('a service the user cannot see shows the not-found page', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.outsider);
    await page.goto(`/services/${serviceId}`);
    await waitForApp(page);
    await expect(page.getByRole('heading', { name: en('page.notFound.title') })).toBeVisible();
    await expect(page.getByTestId('service-number')).toHaveCount(0);
    await context.close();
  });
});
