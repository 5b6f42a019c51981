import { expect, test } from './axe';
import { ACCOUNTS, DEMO_PASSWORD, en, gridRow, openSearch, signIn, sheet, shot, snackDuring } from './helpers';

/**
 * The company profile's tags are any member's (spec §6.1: strategies, labo packages and tags have no
 * route role): the brand's local manager, who is no company administrator, opens the section and adds
 * a tag of his company.
 */
const API = '/back/bo/tags/admin';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const NAME = 'Button strength';

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.request.post('/back/login', { form: { username: ACCOUNTS.buyer, password: DEMO_PASSWORD } });
  const tags = (await (await page.request.get(`${API}/`, { headers: XHR })).json()) as { tagId: number; localizedName: string }[];
  const tag = tags.find((one) => one.localizedName === NAME);
  if (tag) expect((await page.request.delete(`${API}/${tag.tagId}`, { headers: XHR })).status()).toBe(200);
  await context.close();
});

test("a local manager opens his company's tags and adds one", async ({ page }) => {
  await signIn(page, ACCOUNTS.buyer);
  const { companyId } = await (await page.request.get('/back/auth/profile', { headers: XHR })).json();
  await openSearch(page, `/profileCompany/${companyId}/tags`, API);
  await expect(page.getByTestId('page-title')).toHaveText(en('screen.tagAdmin'));
  await expect(page.getByRole('heading', { name: en('screen.tagAdmin'), exact: true })).toHaveCount(1);

  await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
  const form = sheet(page);
  await form.locator('#sheet_localizedName').pressSequentially(NAME);
  await form.locator('#sheet_sources').click();
  await page.getByRole('option', { name: en('enum.tagSource.SERVICE') }).click();
  await page.keyboard.press('Escape');
  await snackDuring(page, en('tag.created'), () => form.getByRole('button', { name: en('engine.action.save') }).click());
  await form.getByRole('button', { name: en('engine.action.cancel') }).click();
  await expect(form).toBeHidden();
  await expect(gridRow(page, NAME)).toHaveCount(1);
  await shot(page, 'tags-section-local-manager');
});
