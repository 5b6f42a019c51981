import { expect, test } from './axe';
import { ACCOUNTS, DEMO_PASSWORD } from './helpers';

/** The custom fields' administration call (the company profile's customFields section). */
export const CUSTOM_FIELDS_API = '/back/bo/customFields/admin';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * When the calling spec ends, the custom field `code` it added leaves the forms of later specs (they share
 * the worker's store): `disable` keeps it for the records holding a value, `delete` removes it.
 */
export function retireCustomFieldAfterAll(code: string, how: 'disable' | 'delete'): void {
  test.afterAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.request.post('/back/login', { form: { username: ACCOUNTS.quality, password: DEMO_PASSWORD } });
    const fields = (await (await page.request.get(`${CUSTOM_FIELDS_API}/`, { headers: XHR })).json()) as { customFieldId: number; code: string }[];
    const field = fields.find((one) => one.code === code);
    const url = `${CUSTOM_FIELDS_API}/${field?.customFieldId}`;
    if (field) expect((how === 'delete' ? await page.request.delete(url, { headers: XHR }) : await page.request.put(url, { headers: XHR, data: { ...field, required: false, enabled: false } })).status()).toBe(200);
    await context.close();
  });
}
