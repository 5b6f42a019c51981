import type { Browser, Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, expectSnack, fr, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';

/**
 * The engine's record-page panels from configuration: a fields card reading values as a person
 * does, the open tab kept in the address on any record page, and notes whose pencil and bin follow
 * the rules the screen names (the author edits; the author or the record's owner deletes).
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
type ServiceRow = { serviceId: number; number: string; owner?: boolean; startDate?: string; serviceLevel?: string; client?: number };

async function pageAs(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/** A service the client's quality manager owns (their company created it) that the supplier's salesman sees too. */
async function sharedService(quality: Page, sales: Page): Promise<ServiceRow> {
  const { services } = (await (await quality.request.get('/back/bo/services/', { headers: XHR })).json()) as { services: ServiceRow[] };
  for (const row of services) {
    const mine = (await (await quality.request.get(`/back/bo/services/${row.serviceId}`, { headers: XHR })).json()) as ServiceRow;
    if (mine.owner && (await sales.request.get(`/back/bo/services/${row.serviceId}`, { headers: XHR })).ok()) return mine;
  }
  throw new Error('no service shared by the brand and the supplier in the demo data');
}

test.describe('record page panels', () => {
  restoreEnglishAfterAll(ACCOUNTS.quality);

  test('notes: the author edits and deletes their note, the owner deletes any, another party only reads', async ({ browser }) => {
    test.slow();
    const quality = await pageAs(browser, ACCOUNTS.quality);
    const sales = await pageAs(browser, ACCOUNTS.sales);
    const service = await sharedService(quality, sales);
    const salesNote = `Cartons are ready at the gate ${Date.now()}.`;
    expect((await sales.request.post(`/back/bo/servicenotes/${service.serviceId}`, { headers: XHR, data: { text: salesNote } })).status()).toBe(201);

    // The owner (the client, who created the service): a bin on the supplier's note, no pencil.
    await quality.goto(`/services/${service.serviceId}`);
    await waitForApp(quality);
    const notes = quality.getByTestId('notes');
    const theirs = notes.getByTestId('note').filter({ hasText: salesNote });
    await expect(theirs).toHaveCount(1);
    await expect(theirs.getByRole('button', { name: en('engine.notes.delete') })).toBeVisible();
    await expect(theirs.getByRole('button', { name: en('engine.notes.edit') })).toHaveCount(0);
    // Their own note: pencil and bin.
    const ownNote = `Please photograph the shipping marks ${Date.now()}.`;
    await notes.getByRole('textbox', { name: en('serviceNote.text') }).pressSequentially(ownNote);
    await notes.getByRole('button', { name: en('engine.notes.add') }).click();
    await expectSnack(quality, en('engine.notes.added'));
    const own = notes.getByTestId('note').filter({ hasText: ownNote });
    await expect(own.getByRole('button', { name: en('engine.notes.edit') })).toBeVisible();
    await expect(own.getByRole('button', { name: en('engine.notes.delete') })).toBeVisible();
    await shot(notes, 'record-panels-notes-owner');

    // The supplier, neither author nor owner of the client's note: no pencil, no bin on it; both on their own.
    await sales.goto(`/services/${service.serviceId}`);
    await waitForApp(sales);
    const salesNotes = sales.getByTestId('notes');
    const clients = salesNotes.getByTestId('note').filter({ hasText: ownNote });
    await expect(clients).toHaveCount(1);
    await expect(clients.getByRole('button')).toHaveCount(0);
    const mine = salesNotes.getByTestId('note').filter({ hasText: salesNote });
    await expect(mine.getByRole('button', { name: en('engine.notes.edit') })).toBeVisible();
    await expect(mine.getByRole('button', { name: en('engine.notes.delete') })).toBeVisible();

    // The owner deletes the supplier's note, after a question: it is gone for both.
    await theirs.getByRole('button', { name: en('engine.notes.delete') }).click();
    const question = quality.getByRole('alertdialog').filter({ hasText: en('engine.notes.deleteMessage') });
    await question.getByRole('button', { name: en('engine.notes.delete') }).click();
    await expectSnack(quality, en('engine.notes.deleted'));
    await expect(theirs).toHaveCount(0);
    const left = (await (await sales.request.get(`/back/bo/servicenotes/${service.serviceId}`, { headers: XHR })).json()) as { text: string }[];
    expect(left.map((note) => note.text)).not.toContain(salesNote);
    expect(left.map((note) => note.text)).toContain(ownNote);
  });

  test('a fields card reads names, dates and enum labels in the user\'s language', async ({ browser }) => {
    const quality = await pageAs(browser, ACCOUNTS.quality);
    const sales = await pageAs(browser, ACCOUNTS.sales);
    const service = await sharedService(quality, sales);
    await setAccountLocale(quality, 'fr');
    await quality.goto(`/services/${service.serviceId}`);
    await waitForApp(quality);
    const dates = quality.getByTestId('dates');
    await expect(dates.getByRole('heading', { name: fr('serviceSheet.dates') })).toBeVisible();
    await expect(dates.getByTestId('field-startDate')).toContainText(fr('service.startDate'), { ignoreCase: true });
    // A French day (`6 févr. 2027`), never the stored ISO day.
    const [year, month, day] = service.startDate!.split('-').map(Number);
    const shown = new Date(year, month - 1, day).toLocaleDateString('fr-FR', { day: 'numeric', month: 'short', year: 'numeric' });
    await expect(dates.getByTestId('field-startDate')).toContainText(shown);
    await expect(dates).not.toContainText(service.startDate!);
    // An enum's French label; a company's name, not its id.
    await expect(quality.getByTestId('details').getByTestId('field-serviceLevel')).toContainText(fr(`enum.serviceLevel.${service.serviceLevel}`));
    const client = quality.getByTestId('parties').getByTestId('field-client');
    await expect(client).toContainText('Maison Lumière');
    await expect(client).not.toContainText(String(service.client));
    await shot(quality, 'record-panels-fields-card-fr');
  });

  test('any record page keeps its open tab in the address: a link opens it, a click changes it', async ({ browser }) => {
    const manager = await pageAs(browser, ACCOUNTS.manager);
    const sheets = (await (await manager.request.get('/back/bo/fee/', { headers: XHR })).json()) as { feeIdHK: number }[];
    const feeId = sheets[0].feeIdHK;
    await manager.goto(`/billing/fees/${feeId}?tab=history`);
    await waitForApp(manager);
    await expect(manager.getByRole('tab', { name: en('screen.feeSheet.history') })).toHaveAttribute('aria-selected', 'true');
    await expect(manager.getByRole('tabpanel').getByRole('heading', { name: en('engine.history.title') })).toBeVisible();
    await manager.getByRole('tab', { name: en('screen.feeSheet.notes') }).click();
    await expect(manager).toHaveURL(new RegExp(`/billing/fees/${feeId}\\?tab=notes$`));
    await manager.reload();
    await waitForApp(manager);
    await expect(manager.getByRole('tab', { name: en('screen.feeSheet.notes') })).toHaveAttribute('aria-selected', 'true');
    // The first tab needs no parameter.
    await manager.getByRole('tab', { name: en('screen.feeSheet') }).click();
    await expect(manager).toHaveURL(new RegExp(`/billing/fees/${feeId}$`));
    await shot(manager, 'record-panels-fee-notes-tab');
  });
});
