import type { Locator, Page } from '@playwright/test';
import { expect, test } from './axe';
import {
  ACCOUNTS, cell, en, snackDuring, fillDate, gridRow, gridRows, openSearch, pick, searchAfter, sheet, shot, signIn, today, waitForApp,
} from './helpers';
import { openInApp } from './openInApp';

/**
 * Administration screens: the login and server-log monitors (super admin), the contacts of a
 * company with their row actions (impersonation there and back), and API tokens (secret shown once).
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const LOGIN_MONITOR = '/admin/loginMonitor/';
const LOGIN_API = '/back/bo/admin/loginEvent';
const SERVER_LOG_API = '/back/bo/admin/serverLogs';
const CONTACTS_API = '/back/bo/contacts/admin';
const TOKENS_API = '/back/bo/apiTokens/admin';

/** The id of a company, from the lookup every signed-in user may call. */
async function companyId(page: Page, name: string): Promise<number> {
  const response = await page.request.get('/back/bo/networkcombo/allcompanies', { headers: XHR });
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as { value: number; label: string }[]).find((item) => item.label === name);
  expect(found, `company ${name}`).toBeDefined();
  return found!.value;
}

const actionButton = (row: Locator, name: string): Locator => row.locator(`[data-action="${name}"]`);
const filterPanel = (page: Page): Locator => page.getByRole('complementary', { name: en('engine.search.filters') });

/** Opens the filter panel, picks a login event type and applies it; returns the rows found. */
async function filterByEventType(page: Page, type: string): Promise<number> {
  if (!(await filterPanel(page).isVisible())) await page.getByRole('button', { name: en('engine.search.filters'), exact: true }).click();
  const typeFilter = filterPanel(page).getByRole('combobox', { name: en('loginEvent.loginEventType') });
  await pick(page, typeFilter, en(`enum.loginEventType.${type}`));
  return searchAfter(page, LOGIN_API, () => filterPanel(page).getByRole('button', { name: en('engine.search.apply') }).click(), (query) => query.get('loginEventType') === type);
}

test.describe('administration', () => {
  test('the login monitor lists sign-ins and filters the failures', async ({ page, playwright, baseURL }) => {
    // A failed sign-in for an address nobody has, from another browser-less client.
    const stranger = `nobody-${Date.now()}@nowhere.test`;
    const anonymous = await playwright.request.newContext({ baseURL });
    const failed = await anonymous.post('/back/login', { form: { username: stranger, password: 'Wrong-Pass-2026!' } });
    expect(failed.status()).toBe(401);
    await anonymous.dispose();

    await signIn(page, ACCOUNTS.admin);
    // The menu leads there: Administration → Login monitor.
    await page.goto('/admin/menu');
    const menu = page.getByRole('navigation', { name: en('shell.menu') });
    await expect(menu.getByRole('link', { name: en('screen.admin') })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(en('screen.serverLogMonitor')) })).toBeVisible();
    const total = await searchAfter(page, LOGIN_API, () => page.getByRole('link', { name: new RegExp(en('screen.loginMonitor')) }).click());
    await expect(page).toHaveURL(/\/admin\/loginMonitor\/$/);
    expect(total).toBeGreaterThan(1);

    // Its own sign-in is there, as a success badge; audit trails have no New button and no sheet.
    const own = gridRow(page, ACCOUNTS.admin).filter({ has: page.locator('[col-id="loginEventType"] .mantine-Badge-root', { hasText: en('enum.loginEventType.SUCCESS') }) });
    await expect(own.first()).toBeVisible();
    await expect(page.getByRole('button', { name: en('engine.action.new'), exact: true })).toHaveCount(0);
    await own.first().locator('[col-id="email"]').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await shot(page, 'admin-login-monitor');

    // Type = Failure: fewer rows, all failures, the made-up address among them.
    const failures = await filterByEventType(page, 'FAILURE');
    expect(failures).toBeGreaterThan(0);
    expect(failures).toBeLessThan(total);
    const types = await gridRows(page).locator('[col-id="loginEventType"]').allInnerTexts();
    expect(new Set(types.map((text) => text.trim()))).toEqual(new Set([en('enum.loginEventType.FAILURE')]));
    await expect(gridRow(page, stranger)).toHaveCount(1);
    await shot(page, 'admin-login-monitor-failures');

    // The route also opens without its trailing slash.
    await openSearch(page, '/admin/loginMonitor', LOGIN_API);
    await expect(page.getByRole('heading', { level: 2, name: en('screen.loginMonitor'), exact: true })).toBeVisible();
  });

  test('the server log monitor shows entries in a read-only sheet', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    const count = await openSearch(page, '/admin/serverLogMonitor/', SERVER_LOG_API);
    expect(count).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: en('engine.action.new'), exact: true })).toHaveCount(0);
    await expect(gridRows(page).first().locator('[col-id="level"] .mantine-Badge-root')).toBeVisible();
    await shot(page, 'admin-server-log-monitor');

    const message = (await cell(gridRows(page).first(), 'message').innerText()).trim();
    await cell(gridRows(page).first(), 'message').click();
    const form = sheet(page);
    await expect(form).toBeVisible();
    await expect(form.locator('#sheet_message')).toHaveValue(message);
    await expect(form.locator('#sheet_message')).toHaveAttribute('readonly', '');
    await expect(form.getByRole('button', { name: en('engine.action.save') })).toHaveCount(0);
    await expect(form.getByRole('button', { name: en('engine.action.delete') })).toHaveCount(0);
    await shot(page, 'admin-server-log-sheet');
    await form.getByRole('button', { name: en('engine.action.close') }).last().click();
    await expect(form).toBeHidden();
  });

  test('an admin manages the contacts of a company and impersonates one, then comes back', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, ACCOUNTS.admin);
    const atlas = await companyId(page, 'Atlas Inspection');
    const route = `/profileCompany/${atlas}/contacts`;
    const count = await searchAfter(page, CONTACTS_API, () => page.goto(route), (query) => query.get('companyId') === String(atlas));
    expect(count).toBeGreaterThan(2);
    // The company is the list's scope, shown by name, not a filter to edit.
    await expect(page.locator('[data-scope="companyId"]')).toContainText('Atlas Inspection');
    await page.getByRole('button', { name: en('engine.search.filters'), exact: true }).click();
    await expect(filterPanel(page).getByLabel(en('search.keywords'))).toBeVisible();
    await expect(filterPanel(page).getByRole('combobox', { name: en('contact.companyId') })).toHaveCount(0);
    await page.getByRole('button', { name: en('engine.search.filters'), exact: true }).click();

    // Row actions: impersonation and welcome for accounts, none for contacts without one.
    const nadia = gridRow(page, ACCOUNTS.manager);
    await expect(nadia).toHaveCount(1);
    await expect(cell(nadia, 'profiles')).toHaveText(en('enum.accountProfile.MANAGER'));
    await expect(actionButton(nadia, 'impersonate')).toBeVisible();
    await expect(actionButton(nadia, 'welcome')).toBeVisible();
    await expect(actionButton(nadia, 'unlock')).toHaveCount(0);
    const noAccount = gridRow(page, 'Mehta');
    await expect(actionButton(noAccount, 'impersonate')).toHaveCount(0);
    await actionButton(nadia, 'impersonate').hover();
    await expect(page.getByRole('tooltip', { name: en('contact.impersonate') })).toBeVisible();
    await shot(page, 'admin-contacts');

    // A new contact belongs to the company of the list.
    await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
    const form = sheet(page);
    await expect(form.locator('#sheet_companyId')).toHaveValue('Atlas Inspection');
    await expect(form.locator('#sheet_companyId')).toHaveAttribute('readonly', '');
    await form.getByRole('button', { name: en('engine.action.cancel') }).click();
    await expect(form).toBeHidden();

    // The sheet: the profiles picker follows the profile rules (super admin covers manager).
    await cell(nadia, 'email').click();
    await expect(form).toBeVisible();
    const profiles = form.getByRole('group', { name: en('contact.profiles') });
    const manager = profiles.getByRole('checkbox', { name: en('enum.accountProfile.MANAGER'), exact: true });
    const superAdmin = profiles.getByRole('checkbox', { name: en('enum.accountProfile.SUPER_ADMIN'), exact: true });
    await expect(manager).toBeChecked();
    await superAdmin.check();
    await expect(manager).not.toBeChecked();
    await expect(manager).toBeDisabled();
    await expect(form.getByText(en('widget.accountProfiles.covered'))).toBeVisible();
    await shot(page, 'admin-contact-sheet');
    await superAdmin.uncheck();
    await expect(manager).toBeEnabled();
    await profiles.getByRole('checkbox', { name: en('enum.accountProfile.OWNER'), exact: true }).check();
    await expect(manager).toBeChecked();
    await expect(form.getByRole('button', { name: en('contact.archive') })).toBeVisible();
    // Unsaved changes: leaving asks first; discard them.
    await form.getByRole('button', { name: en('engine.action.cancel') }).click();
    await page.getByRole('button', { name: en('engine.sheet.discard') }).click();
    await expect(form).toBeHidden();

    // Impersonate Nadia: the session becomes hers, with the way back in the header.
    const switched = page.waitForResponse((response) => new URL(response.url()).pathname === '/back/login/impersonate');
    await actionButton(nadia, 'impersonate').click();
    expect((await switched).status()).toBe(200);
    const back = page.getByRole('link', { name: en('shell.impersonating') });
    await expect(back).toBeVisible();
    await expect(page.getByTestId('profile-button')).toContainText('Nadia Haddad');
    // The session was re-read (/reloadProfile), then her first screen opened.
    await page.waitForURL((url) => !['/', '/reloadProfile'].includes(url.pathname));
    await waitForApp(page);
    await expect(page.getByTestId('page-title')).not.toBeEmpty();
    await shot(page, 'admin-impersonating');
    const profile = await (await page.request.get('/back/auth/profile', { headers: XHR })).json();
    expect(profile).toMatchObject({ impersonating: true, userFullName: 'Nadia Haddad' });

    // Back to the real account.
    await back.click();
    await expect(page.getByTestId('profile-button')).toContainText('Alex Morgan');
    await expect(back).toHaveCount(0);
    // The session is re-read again, then the first screen opens: wait for it, as a person would, before going on.
    await page.waitForURL((url) => !['/', '/reloadProfile', '/auth/logout/impersonate'].includes(url.pathname));
    expect(await (await page.request.get('/back/auth/profile', { headers: XHR })).json()).toMatchObject({ userFullName: 'Alex Morgan' });

    // The login monitor recorded the impersonation, with who did it.
    await searchAfter(page, LOGIN_API, () => openInApp(page, LOGIN_MONITOR));
    await filterByEventType(page, 'IMPERSONATE');
    const event = gridRow(page, ACCOUNTS.manager).first();
    await expect(event).toBeVisible();
    await expect(cell(event, 'impersonatorId')).toContainText('Alex Morgan');
    await shot(page, 'admin-login-monitor-impersonate');
  });

  test('a manager sees the contacts of their company without impersonation', async ({ page }) => {
    // Signed in through the API: the contacts screen is the first page loaded.
    await signIn(page, ACCOUNTS.manager);
    const atlas = await companyId(page, 'Atlas Inspection');
    await searchAfter(page, CONTACTS_API, () => page.goto(`/profileCompany/${atlas}/contacts`), (query) => query.get('companyId') === String(atlas));
    const inspector = gridRow(page, ACCOUNTS.inspector);
    await expect(inspector).toHaveCount(1);
    await expect(actionButton(inspector, 'welcome')).toBeVisible();
    await expect(actionButton(inspector, 'impersonate')).toHaveCount(0);
    // API tokens need the ADMIN flag: no such screen for a manager, and the API refuses.
    await openInApp(page, `/profileCompany/${atlas}/apiToken`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: en('screen.apiTokens') })).toHaveCount(0);
    await expect(page.getByRole('grid')).toHaveCount(0);
    expect((await page.request.get(`${TOKENS_API}/`, { headers: XHR })).status()).toBe(403);
  });

  test('an API token is created, its secret shown once and usable, then revoked', async ({ page, playwright, baseURL }) => {
    test.setTimeout(60_000);
    await signIn(page, ACCOUNTS.admin);
    const profile = await (await page.request.get('/back/auth/profile', { headers: XHR })).json();
    const before = await openSearch(page, `/profileCompany/${profile.companyId}/apiToken`, TOKENS_API);
    const name = `Warehouse sync ${Date.now()}`;

    await page.getByRole('button', { name: en('engine.action.new'), exact: true }).click();
    const form = sheet(page);
    await form.locator('#sheet_name').fill(name);
    await pick(page, form.locator('#sheet_contactId'), 'Alex Morgan (QCFlow Admin)');
    await form.locator('#sheet_ipAddress').fill('127.0.0.1');
    const nextYear = `${Number(today().slice(0, 4)) + 1}${today().slice(4)}`;
    await fillDate(form.locator('#sheet_expirationDate'), nextYear);
    const created = page.waitForResponse((response) => new URL(response.url()).pathname === TOKENS_API && response.request().method() === 'POST');
    // The list refreshes at once, behind the dialog that shows the secret.
    const listed = await searchAfter(page, TOKENS_API, () => form.getByRole('button', { name: en('engine.action.save') }).click());
    expect((await created).status()).toBe(201);
    expect(listed).toBe(before + 1);

    // The secret, once: the create-only sheet is gone, the dialog shows the token to copy.
    const dialog = page.getByRole('dialog').filter({ hasText: en('engine.shownOnce.warning') });
    await expect(dialog).toBeVisible();
    await expect(form).toBeHidden();
    const secret = (await dialog.getByTestId('shown-once-token').innerText()).trim();
    expect(secret).toMatch(/^qcf_\S{20,}$/);
    await expect(dialog.getByRole('button', { name: en('engine.shownOnce.copyField', { name: en('apiToken.token') }) })).toBeVisible();
    await shot(page, 'admin-api-token-shown-once');

    // It works as a Bearer token from the allowed address.
    const client = await playwright.request.newContext({ baseURL });
    const asToken = await client.get('/back/auth/profile', { headers: { Authorization: `Bearer ${secret}` } });
    expect(asToken.status()).toBe(200);

    await dialog.getByRole('button', { name: en('engine.shownOnce.done') }).click();
    await expect(dialog).toBeHidden();
    const row = gridRow(page, name);
    await expect(row).toHaveCount(1);
    await expect(row).not.toContainText(secret);
    await shot(page, 'admin-api-tokens');

    // Revoke, after the question: the row goes, the token no longer opens anything.
    await actionButton(row, 'revoke').click();
    // Closed confirmation dialogs stay mounted (empty): the open one names the token.
    const question = page.getByRole('alertdialog').filter({ hasText: name });
    await expect(question.getByRole('button', { name: en('apiToken.revoke') })).toBeVisible();
    const remaining = await snackDuring(page, en('apiToken.revoked'), () => searchAfter(page, TOKENS_API, () => question.getByRole('button', { name: en('apiToken.revoke') }).click()));
    expect(remaining).toBe(before);
    expect((await client.get('/back/auth/profile', { headers: { Authorization: `Bearer ${secret}` } })).status()).toBe(403);
    await client.dispose();
  });
});
