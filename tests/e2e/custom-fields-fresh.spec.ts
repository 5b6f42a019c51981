import { expect, test } from './axe';
import { openNewCustomField, retireCustomFieldAfterAll, saveCustomField, typeCustomField } from './customFieldFixtures';
import { ACCOUNTS, en, login } from './helpers';
import { toDetailsStep } from './serviceWizard';

/**
 * The schemas the browser renders from are loaded once per session, the company's custom fields
 * merged in (engine/configFreshness.ts): a field the manager saves is on the next form opened, with
 * no page reload: the save marks them changed, and the next navigation asks GET /back/schemas again.
 */
const FIELD = { code: 'GIFT_NOTE', en: 'Gift wrapping note', fr: 'Note d’emballage cadeau', it: 'Nota confezione regalo' };

retireCustomFieldAfterAll(FIELD.code, 'delete');

test('a custom field saved on the company profile is on the service wizard opened next, without a reload', async ({ page }) => {
  test.slow();
  await login(page, ACCOUNTS.quality);
  const form = await openNewCustomField(page);
  // The page is loaded once: a reload would lose this mark.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await typeCustomField(page, form, FIELD, { scope: 'SERVICE' });
  await saveCustomField(page, form);
  await form.getByRole('button', { name: en('engine.action.cancel') }).click();
  await expect(form).toBeHidden();

  // Through the menu and the search screen's New service link, as a person goes.
  await page.getByRole('navigation', { name: en('shell.menu') }).getByRole('link', { name: en('screen.serviceSearch'), exact: true }).click();
  await page.getByRole('link', { name: en('serviceSearch.newService') }).click();
  await toDetailsStep(page);
  await expect(page.getByTestId('custom-fields').getByRole('textbox', { name: FIELD.en })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
