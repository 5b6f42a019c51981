import type { Locator } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, login, shot } from './helpers';
import { WIZARD_ROUTE, activeStep, createFromDetails, next, textbox, toDetailsStep } from './serviceWizard';

/**
 * Typed dates follow the screen's locale (the browser here is en-GB): the wizard reads
 * 10/12 as 10 December, keeps an impossible date in the field with a message, keeps an end
 * before the start and says so; "Propose a date" waits until the dates change.
 */
test.describe.configure({ mode: 'serial' });

const year = new Date().getFullYear();
const nextYear = year + 1;

/** Types into a date field and leaves it, as a person does. */
async function type(input: Locator, text: string) {
  await input.fill(text);
  await input.blur();
}

test.describe('typed dates in an en-GB screen', () => {
  let serviceId: number | undefined;

  test('the wizard reads day/month/year, keeps what is not a date and says why', async ({ page }) => {
    test.slow(); // every step of the wizard, and a creation
    await login(page, ACCOUNTS.quality, { path: WIZARD_ROUTE });
    await toDetailsStep(page);

    // 10/12 is 10 December in en-GB, shown in the one format of the locale.
    const start = textbox(page, 'service.startDate');
    const end = textbox(page, 'service.endDate');
    await type(start, `10/12/${nextYear}`);
    await expect(start).toHaveValue(`10 Dec ${nextYear}`);

    // 31/02 stays as typed, marked, and Next refuses the step.
    await type(end, `31/02/${nextYear}`);
    await expect(end).toHaveValue(`31/02/${nextYear}`);
    await expect(end).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(en('engine.date.invalid'))).toBeVisible();
    await shot(page, 'typed-dates-invalid');
    await page.getByRole('textbox', { name: `${en('purchaseOrderLine.poNumber')} 1` }).fill(`PO-DATES-${Date.now() % 100000}`);
    await page.getByRole('textbox', { name: `${en('purchaseOrderLine.designation')} 1` }).fill('Linen shirt');
    await page.getByRole('textbox', { name: `${en('purchaseOrderLine.orderedQuantity')} 1` }).fill('500');
    await next(page);
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DETAILS');
    await expect(end).toHaveValue(`31/02/${nextYear}`);

    // 20/12 without a year is this year's 20 December: before the start, kept and marked.
    await type(end, '20/12');
    await expect(end).toHaveValue(`20 Dec ${year}`);
    await expect(page.getByText(en('engine.date.beforeMin', { date: `10 Dec ${nextYear}` }))).toBeVisible();
    await next(page);
    await expect(activeStep(page)).toHaveAttribute('data-active-step', 'DETAILS');
    await expect(end).toHaveValue(`20 Dec ${year}`);

    await type(end, `20/12/${nextYear}`);
    await expect(end).toHaveValue(`20 Dec ${nextYear}`);
    await expect(end).not.toHaveAttribute('aria-invalid', 'true');
    const { service } = await createFromDetails<{ serviceId: number; startDate: string; endDate: string }>(page);
    expect([service.startDate, service.endDate]).toEqual([`${nextYear}-12-10`, `${nextYear}-12-20`]);
    serviceId = service.serviceId;
  });

  test('"Propose a date" opens on the current dates and sends only new ones', async ({ page }) => {
    test.slow(); // the service sheet loads its lines, history and lookups
    expect(serviceId).toBeDefined();
    await login(page, ACCOUNTS.quality, { path: `/services/${serviceId}` });
    await page.getByRole('button', { name: en('serviceSheet.dateLines.requestDate') }).click();
    const dialog = page.getByRole('dialog');
    const start = dialog.getByRole('textbox', { name: en('serviceDateLine.startDate'), exact: true });
    await expect(start).toHaveValue(`10 Dec ${nextYear}`);
    const send = dialog.getByRole('button', { name: en('serviceSheet.dateLines.send') });
    await expect(send).toBeDisabled();
    await expect(dialog.getByText(en('serviceSheet.dateLines.sameDates'))).toBeVisible();
    await shot(page, 'typed-dates-propose-same');

    await type(start, `11/12/${nextYear}`);
    await expect(start).toHaveValue(`11 Dec ${nextYear}`);
    await expect(send).toBeEnabled();
    const answer = page.waitForResponse((response) => response.url().endsWith('/back/bo/serviceDateLines/requestDate'));
    await send.click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(200);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ startDate: `${nextYear}-12-11`, endDate: `${nextYear}-12-20` });
  });
});
