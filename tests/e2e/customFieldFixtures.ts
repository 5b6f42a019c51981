import type { Locator, Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, DEMO_PASSWORD, en, pick, searchAfter, sheet, snackDuring } from './helpers';

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

/** A field's or an option's code and names (the spec's i18n, ours with it). */
export type CodeAndNames = { code: string; en: string; fr?: string; it?: string };
const LANGUAGES = ['en', 'fr', 'it'] as const;

/** Opens the signed-in manager's customFields section of the company profile, then its New form. */
export async function openNewCustomField(page: Page): Promise<Locator> {
  const { companyId } = (await (await page.request.get('/back/auth/profile', { headers: XHR })).json()) as { companyId: number };
  await searchAfter(page, CUSTOM_FIELDS_API, () => page.goto(`/profileCompany/${companyId}/customFields`));
  await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
  return sheet(page);
}

/**
 * Fills a field into the New form as a manager does: code, type (none: TEXT, the default), scope, names, a LIST's
 * options. Each text is filled at once: key by key, each of some 100 keys re-rendered the form (a third of the
 * spec's time); typing itself is what typed-locale.spec and the report specs test.
 */
export async function typeCustomField(page: Page, form: Locator, field: CodeAndNames, { type, scope, options = [] }: { type?: string; scope: string; options?: CodeAndNames[] }): Promise<void> {
  await form.locator('#sheet_code').fill(field.code);
  if (type) await pick(page, form.locator('#sheet_fieldType'), en(`enum.customFieldType.${type}`));
  await pick(page, form.locator('#sheet_functionalGroup'), en(`enum.customFieldScope.${scope}`));
  for (const language of LANGUAGES) if (field[language]) await form.locator(`#sheet_i18n_${language}`).fill(field[language]);
  for (const [index, option] of options.entries()) {
    await form.getByRole('button', { name: en('engine.form.addItem') }).first().click();
    await form.locator(`#sheet_listOptions_${index}_code`).fill(option.code);
    for (const language of LANGUAGES) if (option[language]) await form.locator(`#sheet_listOptions_${index}_i18n_${language}`).fill(option[language]);
  }
}

/** Saves the New form: the "created" snack shows. */
export const saveCustomField = (page: Page, form: Locator): Promise<unknown> =>
  snackDuring(page, en('customField.created'), () => form.getByRole('button', { name: en('engine.action.save') }).click());
