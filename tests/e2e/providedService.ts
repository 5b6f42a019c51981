import { expect, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The id of the first option of a network lookup whose label starts with `label`. */
export async function lookup(page: Page, source: string, label: string): Promise<number> {
  const options = (await (await page.request.get(`/back/bo/networkcombo/${source}`, { params: { q: label }, headers: XHR })).json()) as { value: number; label: string }[];
  const found = options.find((option) => option.label.startsWith(label));
  expect(found, `${label} in ${source}`).toBeTruthy();
  return found!.value;
}

export interface ProvidedService {
  startDate: string;
  endDate: string;
  exFactoryDate: string;
  /** A purchase order line: its number's prefix (made unique here), designation and quantity. */
  line: { poPrefix: string; designation: string; quantity: number };
}

/**
 * A service Atlas Inspection (the signed-in manager's company) proposes to Maison Lumière at Shenzhen
 * Textile Co over these days, as the API creates it (REQUESTED until the client accepts the dates).
 */
export async function createProvidedService(page: Page, { startDate, endDate, exFactoryDate, line }: ProvidedService): Promise<{ serviceId: number; number: string }> {
  const shenzhen = await lookup(page, 'allcompanies', 'Shenzhen Textile Co');
  const contacts = (await (await page.request.get('/back/bo/networkcombo/contacts', { params: { companyId: String(shenzhen) }, headers: XHR })).json()) as { value: number }[];
  const created = await page.request.post('/back/bo/services', {
    headers: XHR,
    data: {
      roles: ['SERVICE_PROVIDER'],
      service: {
        thirdPartyDepartment: 'INSP', type: 'INSP_FINAL_RANDOM', client: await lookup(page, 'allcompanies', 'Maison Lumière'), supplier: shenzhen,
        serviceProvider: await lookup(page, 'serviceproviders', 'Atlas Inspection'), startDate, endDate, exFactoryDate, orderTakerContacts: [contacts[0].value],
      },
      purchaseOrderLines: [{ poNumber: `${line.poPrefix}-${Date.now() % 1_000_000}`, designation: line.designation, orderedQuantity: { quantity: line.quantity, unit: 'PIECE', packing: 'BOX' } }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).service as { serviceId: number; number: string };
}

/** An inspection the signed-in Maison Lumière user orders from Atlas Inspection at Shenzhen Textile Co, as the API creates it. */
export async function createOrderedService(
  page: Page,
  { startDate, endDate, exFactoryDate, line }: { startDate: string; endDate?: string; exFactoryDate: string; line: { poNumber: string; designation: string; quantity: number } },
): Promise<{ serviceId: number; number: string }> {
  const created = await page.request.post('/back/bo/services', {
    headers: XHR,
    data: {
      roles: ['DECISION_MAKER'],
      service: {
        thirdPartyDepartment: 'INSP', type: 'INSP_FINAL_RANDOM', client: await lookup(page, 'decisionmakers', 'Maison Lumière'),
        supplier: await lookup(page, 'ordertakers', 'Shenzhen Textile Co'), serviceProvider: await lookup(page, 'serviceproviders', 'Atlas Inspection'),
        startDate, endDate, exFactoryDate, orderTakerContacts: [await lookup(page, 'contacts', 'Li Wei')],
      },
      purchaseOrderLines: [{ poNumber: line.poNumber, designation: line.designation, orderedQuantity: { quantity: line.quantity, unit: 'PIECE' } }],
      laboratoryLines: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).service as { serviceId: number; number: string };
}

/** Maison Lumière's quality manager accepts the service's dates, in a context of its own: CONFIRMED. */
export async function acceptDatesAsClient(browser: Browser, serviceId: number): Promise<void> {
  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await signIn(clientPage, ACCOUNTS.quality);
  const accepted = await clientPage.request.post('/back/bo/serviceDateLines/acceptDate', { headers: XHR, data: { serviceId } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  expect((await accepted.json()).serviceStep).toBe('CONFIRMED');
  await client.close();
}
