import { expect, test } from './axe';
import { ACCOUNTS, en, fillDate, futureDay, login, shot, signIn } from './helpers';
import { openInApp } from './openInApp';
import { WIZARD_ROUTE, activeStep, choose, combo, next, textbox, toDetailsStep } from './serviceWizard';

/**
 * The service wizard (spec §2, §5.4): a quality manager (quality@brand.test, decision maker at
 * Maison Lumière) creates an inspection through every step of the full wizard, meets the
 * wizard's refusals, sees the confirmation and opens the service; a buyer whose profile offers
 * both wizards creates one with the light wizard.
 */
const ROUTE = WIZARD_ROUTE;

test.describe.configure({ mode: 'serial' });

test.describe('service wizard', () => {
  /** The service the first test creates, which the modes test starts from. */
  let createdService: { serviceId: number; number: string; startDate: string } | undefined;

  test('a decision maker creates an inspection through every step of the full wizard', async ({ page }) => {
    const startDate = futureDay(200);
    const poNumber = `PO-E2E-${Date.now() % 100000}`;
    await login(page, ACCOUNTS.quality, { path: ROUTE });
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'ROLE');

    // 1. Role: a decision-maker company may only take that side; it is chosen, the others are disabled.
    const card = (side: string) => page.getByRole('checkbox', { name: en(`enum.serviceSide.${side}`) });
    await expect(card('DECISION_MAKER')).toHaveAttribute('data-checked', 'true');
    await expect(card('ORDER_TAKER')).toBeDisabled();
    await expect(card('SERVICE_PROVIDER')).toBeDisabled();
    await card('SERVICE_PROVIDER').hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText(en('serviceWizard.role.providerNotAllowed'));
    await shot(page, 'services-wizard-1-role');
    // Unticking the only role: Next is refused with the picker's message.
    await card('DECISION_MAKER').click();
    await next(page);
    await expect(page.getByRole('alert').filter({ hasText: en('service.wizard.roleRequired') })).toBeVisible();
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'ROLE');
    await card('DECISION_MAKER').click();
    await next(page);

    // 2. Companies: the client is the caller's company, locked.
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'COMPANIES');
    await expect(combo(page, 'service.client')).toHaveValue('Maison Lumière');
    await expect(combo(page, 'service.client')).toBeDisabled();
    await next(page);
    await expect(page.getByText(en('serviceWizard.error.orderTakerContactRequired'))).toBeVisible();
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'COMPANIES');
    await choose(page, combo(page, 'service.serviceProvider'), 'Atlas Inspection');
    await choose(page, combo(page, 'service.supplier'), 'Shenzhen Textile Co');
    await choose(page, combo(page, 'service.factory'), 'Ningbo Garment Factory');
    await choose(page, combo(page, 'service.orderTakerContacts'), /Zhang Wei/);
    await expect(page.getByText(en('serviceWizard.error.orderTakerContactRequired'))).toHaveCount(0);
    await page.keyboard.press('Escape');
    await shot(page, 'services-wizard-2-companies');
    await next(page);

    // 3. Details: department then type, dates; without a PO line Next is refused with the spec's message.
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DETAILS');
    await choose(page, combo(page, 'service.thirdPartyDepartment'), en('enum.department.INSP'));
    await choose(page, combo(page, 'service.type'), en('enum.serviceType.INSP_FINAL_RANDOM'));
    await fillDate(textbox(page, 'service.startDate'), startDate);
    await page.getByRole('button', { name: `${en('engine.lines.removeOne')} 1` }).click();
    await next(page);
    await expect(page.getByRole('alert').filter({ hasText: en('serviceWizard.error.poLineRequired') })).toBeVisible();
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DETAILS');
    await shot(page, 'services-wizard-3-details-refused');
    await page.getByRole('button', { name: en('serviceWizard.lines.addPo') }).click();
    await page.getByRole('textbox', { name: `${en('purchaseOrderLine.poNumber')} 1` }).fill(poNumber);
    await page.getByRole('textbox', { name: `${en('purchaseOrderLine.designation')} 1` }).fill('Linen shirt');
    const quantity = page.getByRole('textbox', { name: `${en('purchaseOrderLine.orderedQuantity')} 1` });
    await quantity.fill('-5');
    // A negative quantity keeps its sign as typed (never silently dropped) and Next refuses it.
    await expect(quantity).toHaveValue('-5');
    await next(page);
    await expect(page.getByText(en('serviceWizard.error.negative'))).toBeVisible();
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DETAILS');
    await quantity.fill('1200');
    await shot(page, 'services-wizard-3-details');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'services-wizard-3-details-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await next(page);

    // 4. Notes (optional).
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'NOTES');
    await page.getByRole('textbox', { name: en('serviceWizard.notes.label') }).fill('Bring the golden sample.');
    await shot(page, 'services-wizard-4-notes');
    // The stepper opens a step already passed, and comes back.
    await page.locator('[data-step="COMPANIES"]').click();
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'COMPANIES');
    await page.locator('[data-step="NOTES"]').click();
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'NOTES');
    await next(page);

    // 5. Notification: sending needs a recipient.
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'NOTIFICATION');
    await page.getByRole('switch', { name: en('serviceWizard.notification.doSend') }).click({ force: true });
    const create = page.getByRole('button', { name: en('serviceWizard.create') });
    await create.click();
    await expect(page.getByText(en('serviceWizard.error.recipientRequired'))).toBeVisible();
    await choose(page, combo(page, 'serviceWizard.notification.tos'), /Zhang Wei/);
    await page.keyboard.press('Escape');
    await shot(page, 'services-wizard-5-notification');
    const answer = page.waitForResponse((response) => response.url().endsWith('/back/bo/services') && response.request().method() === 'POST');
    await create.click();
    const response = await answer;
    expect(response.status()).toBe(201);
    const { service, created } = (await response.json()) as { service: { serviceId: number; number: string }; created: boolean };
    expect(created).toBe(true);
    createdService = { ...service, startDate };

    // 6. Confirmation: the number and "created".
    const confirmation = page.getByTestId('wizard-confirmation');
    await expect(confirmation.getByTestId('wizard-service-number')).toHaveText(service.number);
    await expect(confirmation.getByRole('heading')).toHaveText(en('serviceWizard.confirmation.created', { number: service.number }));
    await shot(page, 'services-wizard-6-confirmation');

    // What was posted is what the server stored: parties, date, PO line, note.
    const stored = await (await page.request.get(`/back/bo/services/${service.serviceId}`)).json();
    expect(stored).toMatchObject({ type: 'INSP_FINAL_RANDOM', thirdPartyDepartment: 'INSP', startDate });
    expect(stored.purchaseOrderLines).toEqual([expect.objectContaining({ poNumber, designation: 'Linen shirt', orderedQuantity: expect.objectContaining({ quantity: 1200 }) })]);
    const notes = await (await page.request.get(`/back/bo/servicenotes/${service.serviceId}`)).json();
    expect(notes.map((note: { text: string }) => note.text)).toEqual(['Bring the golden sample.']);

    // Nothing is left unsaved: opening the service leaves without a question.
    await confirmation.getByRole('link', { name: en('serviceWizard.confirmation.open') }).click();
    await expect(page).toHaveURL(new RegExp(`/services/${service.serviceId}$`));
  });

  test('the same wizard duplicates, edits and reschedules a service', async ({ page }) => {
    expect(createdService, 'created by the first test').toBeDefined();
    const { serviceId, number, startDate } = createdService!;
    const copyDate = futureDay(220);

    // The line's goods fields no column of the wizard shows: DUPLICATE copies them, EDIT keeps them.
    await signIn(page, ACCOUNTS.quality);
    const goods = { referenceObj: 'MLW-LINEN-01', batch: 'B-2027-03', material: 'Linen' };
    const current = await (await page.request.get(`/back/bo/services/${serviceId}`)).json();
    const goodsLines = current.purchaseOrderLines.map((line: Record<string, unknown>) => ({ ...line, ...goods }));
    const patched = await page.request.patch(`/back/bo/purchaseOrderLines/${serviceId}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { version: current.version, lines: goodsLines } });
    expect(patched.status(), await patched.text()).toBe(200);

    // DUPLICATE: every step prefilled but the dates; posted as a new service.
    await page.goto(`${ROUTE}?mode=DUPLICATE&serviceId=${serviceId}`);
    await expect(page.getByText(en('serviceWizard.mode.DUPLICATE', { number }))).toBeVisible();
    await next(page);
    await expect(combo(page, 'service.serviceProvider')).toHaveValue('Atlas Inspection');
    await expect(page.getByText('Zhang Wei (Shenzhen Textile Co)')).toBeVisible();
    await next(page);
    await expect(combo(page, 'service.type')).toHaveValue(en('enum.serviceType.INSP_FINAL_RANDOM'));
    await expect(textbox(page, 'service.startDate')).toHaveValue('');
    await next(page);
    await expect(page.getByText(en('serviceWizard.error.dateRequired'))).toBeVisible();
    await fillDate(textbox(page, 'service.startDate'), copyDate);
    await next(page);
    await next(page);
    const copied = page.waitForResponse((response) => response.url().endsWith('/back/bo/services') && response.request().method() === 'POST');
    await page.getByRole('button', { name: en('serviceWizard.create') }).click();
    const copy = (await (await copied).json()) as { service: { serviceId: number; number: string; startDate: string; purchaseOrderLines: { poNumber: string }[] }; created: boolean };
    expect(copy.created).toBe(true);
    expect(copy.service.purchaseOrderLines).toEqual([expect.objectContaining(goods)]);
    expect(copy.service.serviceId).not.toBe(serviceId);
    expect(copy.service.startDate).toBe(copyDate);
    await expect(page.getByTestId('wizard-service-number')).toHaveText(copy.service.number);

    // EDIT: companies and details only, the dates read-only; saved with PUT, then back to the sheet.
    await page.goto(`${ROUTE}?mode=EDIT&serviceId=${serviceId}`);
    await expect(page.locator('[data-step]')).toHaveCount(2);
    await next(page);
    await expect(textbox(page, 'service.startDate')).toHaveAttribute('readonly', '');
    await choose(page, combo(page, 'service.serviceLevel'), en('enum.serviceLevel.URGENT'));
    await shot(page, 'services-wizard-edit');
    const put = page.waitForResponse((response) => response.url().endsWith(`/back/bo/services/${serviceId}`) && response.request().method() === 'PUT');
    await page.getByRole('button', { name: en('serviceWizard.save') }).click();
    expect((await put).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/services/${serviceId}$`));
    const edited = await (await page.request.get(`/back/bo/services/${serviceId}`)).json();
    expect([edited.serviceLevel, edited.startDate]).toEqual(['URGENT', startDate]);
    expect(edited.purchaseOrderLines).toEqual([expect.objectContaining(goods)]);

    // RESCHEDULE: only the dates, proposed to the other side, then back to the sheet.
    const newDate = futureDay(230);
    await openInApp(page, `${ROUTE}?mode=RESCHEDULE&serviceId=${serviceId}`);
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DATES');
    await page.getByRole('button', { name: en('serviceWizard.dates.propose') }).click();
    await expect(page.getByText(en('serviceWizard.error.dateRequired'))).toBeVisible();
    await fillDate(textbox(page, 'service.startDate'), newDate);
    await page.getByRole('textbox', { name: en('serviceWizard.dates.comment') }).fill('The fabric arrives late.');
    await shot(page, 'services-wizard-reschedule');
    const proposed = page.waitForResponse((response) => /\/back\/bo\/serviceDateLines\/(postpone|requestDate)$/.test(response.url()));
    await page.getByRole('button', { name: en('serviceWizard.dates.propose') }).click();
    expect((await proposed).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/services/${serviceId}$`));
    const lines = await (await page.request.get(`/back/bo/serviceDateLines/${serviceId}`)).json();
    expect(lines[0]).toMatchObject({ startDate: newDate, status: 'PROPOSED' });

    // ORDER: from its purchase order line on the sheet, a new service for the same order.
    const orderNumber = ((await (await page.request.get(`/back/bo/services/${serviceId}`)).json()) as { purchaseOrderLines: { poNumber: string }[] }).purchaseOrderLines[0].poNumber;
    await page.getByTestId('po-lines').getByRole('link', { name: en('serviceSheet.poLines.newForOrder', { poNumber: orderNumber }) }).click();
    await expect(page.getByText(en('serviceWizard.mode.ORDER', { number, poNumber: orderNumber }))).toBeVisible();
    await next(page);
    await expect(combo(page, 'service.serviceProvider')).toHaveValue('Atlas Inspection');
    await next(page);
    await expect(combo(page, 'service.type')).toHaveValue('');
    await expect(page.getByRole('textbox', { name: `${en('purchaseOrderLine.poNumber')} 1` })).toHaveValue(orderNumber);
    await choose(page, combo(page, 'service.type'), en('enum.serviceType.INSP_DURING_PRODUCTION'));
    await fillDate(textbox(page, 'service.startDate'), futureDay(240));
    await shot(page, 'services-wizard-order');
    await next(page);
    await next(page);
    const ordered = page.waitForResponse((response) => response.url().endsWith('/back/bo/services') && response.request().method() === 'POST');
    await page.getByRole('button', { name: en('serviceWizard.create') }).click();
    const order = (await (await ordered).json()) as { service: { serviceId: number; type: string; purchaseOrderLines: { poNumber: string }[] }; created: boolean };
    expect(order.created).toBe(true);
    expect(order.service.serviceId).not.toBe(serviceId);
    expect(order.service.type).toBe('INSP_DURING_PRODUCTION');
    expect(order.service.purchaseOrderLines.map((line) => line.poNumber)).toEqual([orderNumber]);
  });

  test('leaving the wizard with unsaved input asks first', async ({ page }) => {
    await login(page, ACCOUNTS.quality, { path: ROUTE });
    await next(page);
    await choose(page, combo(page, 'service.serviceProvider'), 'Atlas Inspection');
    await page.getByRole('button', { name: en('engine.action.back') }).click();
    await page.getByRole('button', { name: en('engine.action.cancel') }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(en('engine.sheet.leaveMessage'));
    await question.getByRole('button', { name: en('engine.sheet.keepEditing') }).click();
    await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
    await page.getByRole('button', { name: en('engine.action.cancel') }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: en('engine.sheet.discard') }).click();
    await expect(page).toHaveURL(/\/services\/search$/);
  });

  test('a profile without an assessment flag sees the assessment method locked at its default', async ({ page }) => {
    await login(page, ACCOUNTS.buyer, { path: ROUTE });
    await page.getByText(en('serviceWizard.kind.FULL')).click();
    await toDetailsStep(page);
    const method = combo(page, 'service.assessmentMethod');
    await expect(method).toBeDisabled();
    await expect(method).toHaveValue(en('enum.assessmentMethod.THIRD_PARTY'));
    await expect(page.getByText(en('serviceWizard.details.lockedByProfile'))).toBeVisible();
    await shot(page, 'services-wizard-assessment-locked');
  });

  test('a buyer with both wizards creates a service with the light wizard', async ({ page }) => {
    const startDate = futureDay(210);
    await login(page, ACCOUNTS.buyer, { path: ROUTE });
    await page.getByText(en('serviceWizard.kind.QUICK')).click();
    await expect(page).toHaveURL(/mode=QUICK/);
    const form = page.getByRole('form', { name: en('serviceWizard.quick.title') });
    await expect(combo(page, 'service.client')).toHaveValue('Maison Lumière');

    // Refused without its data: the spec's messages on the fields.
    await form.getByRole('button', { name: en('serviceWizard.create') }).click();
    await expect(form.getByText(en('serviceWizard.error.dateRequired'))).toBeVisible();
    await expect(form.getByText(en('serviceWizard.error.orderTakerContactRequired'))).toBeVisible();

    await choose(page, combo(page, 'service.type'), en('enum.serviceType.INSP_DURING_PRODUCTION'));
    await fillDate(textbox(page, 'service.startDate'), startDate);
    await choose(page, combo(page, 'service.serviceProvider'), 'Atlas Inspection');
    await choose(page, combo(page, 'service.supplier'), 'Porto Malhas Lda');
    await choose(page, combo(page, 'service.orderTakerContacts'), /João Silva/);
    await page.keyboard.press('Escape');
    await form.getByRole('textbox', { name: en('purchaseOrderLine.poNumber') }).fill('PO-QUICK-1');
    await form.getByRole('textbox', { name: en('purchaseOrderLine.designation') }).fill('Knit sweater');
    await form.getByRole('textbox', { name: en('purchaseOrderLine.orderedQuantity') }).fill('300');
    await shot(page, 'services-wizard-quick-form');
    const answer = page.waitForResponse((response) => response.url().endsWith('/back/bo/quickService') && response.request().method() === 'POST');
    await form.getByRole('button', { name: en('serviceWizard.create') }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    const { service } = (await response.json()) as { service: { serviceId: number; number: string } };
    await expect(page.getByTestId('wizard-service-number')).toHaveText(service.number);
    await expect(page.getByTestId('wizard-confirmation').getByRole('heading')).toHaveText(en('serviceWizard.confirmation.created', { number: service.number }));
    await shot(page, 'services-wizard-quick-confirmation');
    const stored = await (await page.request.get(`/back/bo/services/${service.serviceId}`)).json();
    expect(stored).toMatchObject({ type: 'INSP_DURING_PRODUCTION', startDate });
    expect(stored.purchaseOrderLines).toEqual([expect.objectContaining({ poNumber: 'PO-QUICK-1', designation: 'Knit sweater' })]);
  });
});
