import { expect, test } from './axe';
import { readFileSync } from 'node:fs';
import { ACCOUNTS, en, fillDate, futureDay, login, pick, searchAfter, sheet, shot, signIn, today, waitForApp } from './helpers';
import { WIZARD_ROUTE, activeStep, next, textbox, toDetailsStep } from './serviceWizard';

/**
 * What a person types is never dropped, cut or clamped: a text past its schema's maxLength and a
 * number under its minimum stay in the field as typed, marked with a message, and the step or the
 * answer waits until they are put right.
 */
const maxLengthOf = (entity: string, field: string): number => JSON.parse(readFileSync(`schemas/entities/${entity}.json`, 'utf8')).properties[field].maxLength;
const tooLongText = (max: number) => en('engine.form.tooLong', { max: max.toLocaleString('en') });

test('the wizard keeps an over-long message and a negative quantity as typed, marks them and refuses Next', async ({ page }) => {
  const max = maxLengthOf('service', 'standardMessage');
  await login(page, ACCOUNTS.quality, { path: WIZARD_ROUTE });
  await toDetailsStep(page);
  await fillDate(textbox(page, 'service.startDate'), futureDay(120));
  const cell = (labelKey: string) => page.getByRole('textbox', { name: `${en(labelKey)} 1` });
  await cell('purchaseOrderLine.poNumber').fill('PO-TYPED-1');
  await cell('purchaseOrderLine.designation').fill('Linen shirts');

  // A paste past the limit stays whole, counted and marked.
  const message = 'm'.repeat(max + 15);
  const messageBox = textbox(page, 'service.standardMessage');
  await messageBox.fill(message);
  await expect(messageBox).toHaveValue(message);
  await expect(messageBox).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(tooLongText(max))).toBeVisible();

  // A negative quantity keeps its sign (and is not clamped to the minimum on leaving the field).
  const quantity = cell('purchaseOrderLine.orderedQuantity');
  await quantity.fill('-5');
  await quantity.blur();
  await expect(quantity).toHaveValue('-5');

  await next(page);
  await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DETAILS');
  await expect(quantity).toHaveValue('-5');
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(en('serviceWizard.error.negative'))).toBeVisible();
  await expect(messageBox).toHaveValue(message);
  await messageBox.scrollIntoViewIfNeeded();
  await shot(page, 'typed-values-wizard');

  // Put right, both marks go and Next moves on.
  await messageBox.fill('m'.repeat(max));
  await quantity.fill('5');
  await expect(page.getByText(tooLongText(max))).toHaveCount(0);
  await next(page);
  await expect(activeStep(page)).toHaveAttribute('data-active-step', 'NOTES');
});

test('a workflow comment past its limit stays in the dialog, counted and marked, and the action waits', async ({ page }) => {
  const max = maxLengthOf('serviceDateLine', 'comment');
  await signIn(page, ACCOUNTS.quality);
  const { services } = (await (await page.request.get('/back/bo/services/')).json()) as { services: { serviceId: number; actions?: string[] }[] };
  const asking = ['REQUEST_CANCEL', 'CANCEL', 'COMPLETE'];
  const service = services.find((item) => item.actions?.some((action) => asking.includes(action)));
  expect(service, 'a service the quality manager may cancel or complete').toBeDefined();
  const action = service!.actions!.find((item) => asking.includes(item))!;
  await page.goto(`/services/${service!.serviceId}`);
  await waitForApp(page);
  await page.getByRole('button', { name: en(`serviceSheet.action.${action}`) }).click();
  const dialog = page.getByRole('alertdialog');
  const box = dialog.getByRole('textbox', { name: en('serviceSheet.comment') });
  const confirm = dialog.getByRole('button', { name: en(`serviceSheet.action.${action}`) });
  await expect(confirm).toBeEnabled();

  const comment = 'c'.repeat(max + 40);
  await box.fill(comment);
  await expect(box).toHaveValue(comment);
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('character-count')).toHaveText(en('engine.form.characters', { n: (max + 40).toLocaleString('en'), max: max.toLocaleString('en') }));
  await expect(dialog.getByText(tooLongText(max))).toBeVisible();
  await expect(confirm).toBeDisabled();
  await shot(page, 'typed-values-comment-dialog');

  await box.fill('c'.repeat(max));
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toBeEnabled();
  await dialog.getByRole('button', { name: en('engine.action.back'), exact: true }).click();
  await expect(box).toHaveCount(0);
});

test('a one-line form field keeps a paste past its maxLength, marked, and Save sends nothing', async ({ page }) => {
  const max = maxLengthOf('capa', 'title');
  await signIn(page, ACCOUNTS.quality);
  await searchAfter(page, '/back/bo/capas', () => page.goto('/capas/capa/search'));
  await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
  const form = sheet(page);
  // Every other field right: only the title's length can hold the save.
  await pick(page, form.locator('#sheet_capaType'), en('enum.capaType.CONTAINMENT'));
  await fillDate(form.locator('#sheet_startDate'), today());
  const title = form.locator('#sheet_title');
  const pasted = `Containment ${'t'.repeat(max)}`;
  await title.fill(pasted);
  await expect(title).toHaveValue(pasted);
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(tooLongText(max))).toBeVisible();

  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/back/bo/capas')) posted = true;
  });
  await form.getByRole('button', { name: en('engine.action.save') }).click();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveValue(pasted);
  await expect(form.getByText(tooLongText(max))).toBeVisible();
  await shot(page, 'typed-values-form-title');
  expect(posted).toBe(false);
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);
});

test('the services search box keeps keywords past its limit, marked, and does not search a cut text', async ({ page }) => {
  const max = 100; // spec §9: 3 to 100 letters
  await login(page, ACCOUNTS.quality, { path: '/services/search' });
  const box = page.getByRole('textbox', { name: en('serviceSearch.keywords') });
  const searched: string[] = [];
  page.on('request', (request) => {
    const keywords = new URL(request.url()).searchParams.get('keywords');
    if (keywords) searched.push(keywords);
  });
  const typed = `PO-${'4'.repeat(max)}`;
  await box.fill(typed);
  await expect(box).toHaveValue(typed);
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(tooLongText(max))).toBeVisible();
  await page.waitForTimeout(1000); // past the search's debounce
  expect(searched).toEqual([]);
  await shot(page, 'typed-values-keywords');
});
