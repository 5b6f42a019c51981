import { expect, type Locator, type Page } from '@playwright/test';
import { en, fillDate } from './helpers';

/** Driving the service wizard (`/services/wizard`) as a user does: its fields by their labels. */
export const WIZARD_ROUTE = '/services/wizard';

export const combo = (page: Page, labelKey: string): Locator => page.getByRole('combobox', { name: en(labelKey), exact: true });
export const textbox = (page: Page, labelKey: string): Locator => page.getByRole('textbox', { name: en(labelKey), exact: true });
export const activeStep = (page: Page): Locator => page.locator('[data-active-step]');

/** Picks an option of a Mantine Select or MultiSelect by its text. */
export async function choose(page: Page, input: Locator, option: string | RegExp) {
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
}

export async function next(page: Page) {
  await page.getByRole('button', { name: en('engine.wizard.next') }).click();
}

export interface WizardLine {
  poNumber: string;
  designation: string;
  quantity: number;
  packing?: string;
}

/**
 * From the open wizard to its DETAILS step, with the department and type of a final random
 * inspection chosen: Maison Lumière orders from Atlas Inspection at Shenzhen Textile Co.
 */
export async function toDetailsStep(page: Page, contact: RegExp = /Zhang Wei/) {
  await expect(activeStep(page)).toHaveAttribute('data-active-step', 'ROLE');
  await next(page);
  await choose(page, combo(page, 'service.serviceProvider'), 'Atlas Inspection');
  await choose(page, combo(page, 'service.supplier'), 'Shenzhen Textile Co');
  await choose(page, combo(page, 'service.orderTakerContacts'), contact);
  await page.keyboard.press('Escape');
  await next(page);
  await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DETAILS');
  await choose(page, combo(page, 'service.thirdPartyDepartment'), en('enum.department.INSP'));
  await choose(page, combo(page, 'service.type'), en('enum.serviceType.INSP_FINAL_RANDOM'));
}

/**
 * A decision maker's inspection through every step of the full wizard, from the open wizard
 * to its confirmation: Maison Lumière orders from Atlas Inspection at Shenzhen Textile Co.
 * Answers the created service.
 */
export async function orderInspection(page: Page, order: { startDate: string; lines: WizardLine[]; note?: string; contact: RegExp }) {
  await toDetailsStep(page, order.contact);
  await fillDate(textbox(page, 'service.startDate'), order.startDate);
  for (const [i, line] of order.lines.entries()) {
    if (i > 0) await page.getByRole('button', { name: en('serviceWizard.lines.addPo') }).click();
    const cell = (labelKey: string) => page.getByRole('textbox', { name: `${en(labelKey)} ${i + 1}` });
    await cell('purchaseOrderLine.poNumber').fill(line.poNumber);
    await cell('purchaseOrderLine.designation').fill(line.designation);
    await cell('purchaseOrderLine.orderedQuantity').fill(String(line.quantity));
    if (line.packing) await choose(page, page.getByRole('combobox', { name: `${en('quantity.packing')} ${i + 1}` }), en(`enum.packing.${line.packing}`));
  }
  const { service, created } = await createFromDetails<{ serviceId: number; number: string; serviceStep: string }>(page, order.note);
  expect(created).toBe(true);
  await expect(page.getByTestId('wizard-service-number')).toHaveText(service.number);
  return service;
}

/** From the details step: Next, the notes (an optional note typed), Next, Create; answers the created service (201). */
export async function createFromDetails<T = Record<string, unknown>>(page: Page, note?: string): Promise<{ service: T; created: boolean }> {
  await next(page);
  await expect(activeStep(page)).toHaveAttribute('data-active-step', 'NOTES');
  if (note) await page.getByRole('textbox', { name: en('serviceWizard.notes.label') }).fill(note);
  await next(page);
  const answer = page.waitForResponse((response) => response.url().endsWith('/back/bo/services') && response.request().method() === 'POST');
  await page.getByRole('button', { name: en('serviceWizard.create') }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}
