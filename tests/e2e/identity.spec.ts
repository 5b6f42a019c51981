import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import { ACCOUNTS, DEMO_PASSWORD, en, expectSnack, login, shot, signIn, waitForApp } from './helpers';
import { openInApp } from './openInApp';

/**
 * Password flows and "my account": two-factor login set up from the account page, a forgotten
 * password reset through the e-mailed link, and the profile sections. Accounts: buyer (2FA, turned
 * off again at the end), sales (password reset, set back to the demo password at the end),
 * admin impersonating the inspector (security forms hidden).
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const serverLabels: Record<string, string> = JSON.parse(readFileSync(join(process.cwd(), 'server/locales/en.json'), 'utf8'));

// ---------------------------------------------------------------- outbox

const outbox = (): string => {
  const folder = process.env.QCFLOW_E2E_OUTBOX;
  if (!folder) throw new Error('QCFLOW_E2E_OUTBOX is not set (see playwright.config.ts)');
  return folder;
};
const mailFiles = (): string[] => (existsSync(outbox()) ? readdirSync(outbox()).filter((name) => name.endsWith('.eml')).sort() : []);

/** The readable text of an .eml: headers, then the body decoded from quoted-printable or base64. */
function decodeMail(raw: string): string {
  const [headers = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return `${headers}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
  // Quoted-printable: soft line breaks (`=` at the end of a line), then `=XX` bytes (`=3D` is `=`).
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return `${headers}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
}

/** Waits for a new e-mail to `to` (not among `before`) and returns the reset link it contains. */
async function resetLinkSentTo(to: string, before: string[]): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const fresh = mailFiles().filter((name) => !before.includes(name)).reverse();
      for (const name of fresh) {
        const mail = decodeMail(readFileSync(join(outbox(), name), 'utf8'));
        if (!new RegExp(`^To: .*${to.replace(/\./g, '\\.')}`, 'mi').test(mail)) continue;
        link = mail.match(/https?:\/\/\S+\/auth\/passwordReset\?token=[\w%-]+/)?.[0] ?? '';
        if (link) return link;
      }
      return '';
    }, { message: `a reset e-mail to ${to} in the outbox` })
    .not.toBe('');
  const url = new URL(link);
  return url.pathname + url.search;
}

// ---------------------------------------------------------------- helpers

/** The code field of the login form or of the two-factor card, filled with the app's current code. */
async function enterCode(page: Page, secret: string): Promise<string> {
  const code = await generate({ secret });
  await page.locator('input[name="code"]').fill(code);
  return code;
}

async function openAccountSection(page: Page): Promise<void> {
  await page.getByRole('link', { name: en('page.profileUser.account') }).click();
  await expect(page).toHaveURL(/\/profileUser\/account$/);
  await expect(page.getByRole('heading', { level: 2, name: en('page.profileUser.account') })).toBeVisible();
}

/** The message Mantine shows under the password field `name`. */
const fieldError = (page: Page, name: string) =>
  page.locator('.mantine-PasswordInput-root').filter({ has: page.locator(`input[name="${name}"]`) }).locator('.mantine-PasswordInput-error');

/** Success snacks close by themselves after 3 s: wait, so a screenshot shows the page under them. */
async function snacksGone(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 8_000 });
}

const twoFactorStatus = (page: Page) => page.getByTestId('two-factor-status');

test.describe('identity', () => {
  test('the login page changes language from its locale menu, loaded on first use', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: en('login.submit') })).toBeVisible();
    await page.getByTestId('locale-selector').click();
    await page.getByRole('menuitem', { name: 'Italiano' }).click();
    await expect(page.getByTestId('locale-selector')).toHaveText('IT');
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await page.getByTestId('locale-selector').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: en('login.submit') })).toBeVisible();
  });

  test('two-factor login: set up from my account, then a code is asked at sign-in; turned off again', async ({ page }) => {
    await login(page, ACCOUNTS.buyer);
    await page.getByTestId('profile-button').click();
    await page.getByTestId('my-account-link').click();
    await expect(page).toHaveURL(/\/profileUser\/personalInformation$/);
    await expect(page.getByTestId('page-title')).toHaveText(en('page.profileUser.title'));
    await openAccountSection(page);
    await expect(twoFactorStatus(page)).toHaveText(en('profile.twoFactor.off'));

    await page.getByRole('button', { name: en('profile.twoFactor.setup') }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(page.getByTestId('totp-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByTestId('totp-qr')).toHaveJSProperty('complete', true);
    await shot(page, 'profile-account-2fa-setup');

    // A wrong code is refused by the server and nothing is turned on.
    const code = await generate({ secret });
    await page.locator('input[name="code"]').fill(String((Number(code) + 500_000) % 1_000_000).padStart(6, '0'));
    const refused = page.waitForResponse((response) => response.url().endsWith('/profile/user/twoFactor'));
    await page.getByRole('button', { name: en('profile.twoFactor.confirm') }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByText(serverLabels['validation.wrongCode']!, { exact: true })).toBeVisible();
    await expect(twoFactorStatus(page)).toHaveText(en('profile.twoFactor.off'));

    await enterCode(page, secret);
    await page.getByRole('button', { name: en('profile.twoFactor.confirm') }).click();
    await expectSnack(page, en('profile.twoFactor.enabledDone'));
    await expect(twoFactorStatus(page)).toHaveText(en('profile.twoFactor.on'));
    await expect(page.getByTestId('totp-secret')).toHaveCount(0);
    expect(await (await page.request.get('/back/bo/profile/user/twoFactor', { headers: XHR })).json()).toEqual({ enabled: true });

    // Sign out, sign in: the password alone is not enough, the app's code is.
    await page.goto('/auth/logout');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.locator('input[name="username"]').fill(ACCOUNTS.buyer);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('input[name="code"]')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await shot(page, 'login-two-factor-code');
    await enterCode(page, secret);
    await page.locator('form button[type="submit"]').click();
    await expect(page).not.toHaveURL(/\/auth\//);
    await waitForApp(page);
    await expect(page.getByTestId('profile-button')).toBeVisible();

    // Turn it off again (a current code is required), so the account signs in with its password alone.
    await openInApp(page, '/profileUser/account');
    await expect(twoFactorStatus(page)).toHaveText(en('profile.twoFactor.on'));
    await page.getByRole('button', { name: en('profile.twoFactor.disable') }).click();
    await expect(page.getByText(en('profile.twoFactor.disableText'))).toBeVisible();
    await enterCode(page, secret);
    await page.getByRole('button', { name: en('profile.twoFactor.disable') }).click();
    await expectSnack(page, en('profile.twoFactor.disabledDone'));
    await expect(twoFactorStatus(page)).toHaveText(en('profile.twoFactor.off'));
    const plain = await page.request.post('/back/login', { form: { username: ACCOUNTS.buyer, password: DEMO_PASSWORD } });
    expect(plain.status()).toBe(200);
  });

  test('forgotten password: the e-mailed link sets a new password, once', async ({ page }) => {
    const newPassword = 'Harbour-Lantern-Quartz-58';
    await page.goto('/auth/login');
    await page.getByRole('link', { name: en('login.forgotten') }).click();
    await expect(page).toHaveURL(/\/auth\/forgotten$/);
    await expect(page.getByText(en('password.forgottenText'))).toBeVisible();
    await shot(page, 'password-forgotten');

    const before = mailFiles();
    await page.locator('input[name="email"]').fill(ACCOUNTS.sales);
    await page.getByRole('button', { name: en('password.sendLink') }).click();
    await expect(page).toHaveURL(/\/auth\/forgottenSent\?email=sales%40supplier\.test$/);
    await expect(page.getByTestId('forgotten-sent')).toContainText(ACCOUNTS.sales);
    await expect(page.getByRole('link', { name: en('common.backToLogin') })).toBeVisible();
    await shot(page, 'password-forgotten-sent');

    const link = await resetLinkSentTo(ACCOUNTS.sales, before);
    await page.goto(link);
    await expect(page.getByTestId('reset-for')).toContainText(ACCOUNTS.sales);

    // A weak password: the meter says so, the form refuses it, and so does the server.
    const meter = page.getByTestId('password-strength');
    await page.locator('input[name="password"]').fill('password123');
    await expect(meter).toHaveAttribute('data-strength', 'weak');
    await expect(page.getByTestId('password-problems')).toContainText(en('password.problem.tooWeak'));
    await page.locator('input[name="confirmation"]').fill('password123');
    await page.getByRole('button', { name: en('password.save') }).click();
    // Refused: the field turns red, the meter's hint says why (not twice).
    await expect(page.locator('input[name="password"]')).toHaveAttribute('data-invalid', 'true');
    await expect(fieldError(page, 'password')).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/passwordReset\?token=/);
    await shot(page, 'password-reset-weak');
    const token = new URL(link, 'http://x').searchParams.get('token');
    const serverAnswer = await page.request.post('/back/password/reset', { data: { token, password: 'password123', confirmation: 'password123' }, headers: XHR });
    expect(serverAnswer.status()).toBe(400);
    expect((await serverAnswer.json()).errors).toContainEqual({ path: '/password', message: serverLabels['password.tooWeak'] });

    // A good one, first with a confirmation that differs.
    await page.locator('input[name="password"]').fill(newPassword);
    await expect(meter).toHaveAttribute('data-strength', 'good');
    await expect(page.getByTestId('password-problems')).toHaveCount(0);
    await page.locator('input[name="confirmation"]').fill(`${newPassword}x`);
    await expect(fieldError(page, 'confirmation')).toHaveText(en('password.mismatch'));
    await page.locator('input[name="confirmation"]').fill(newPassword);
    await expect(fieldError(page, 'confirmation')).toHaveCount(0);
    await expect(fieldError(page, 'password')).toHaveCount(0);
    await shot(page, 'password-reset-meter');
    await page.getByRole('button', { name: en('password.save') }).click();
    await expectSnack(page, en('password.resetDone'));
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.locator('input[name="username"]')).toHaveValue(ACCOUNTS.sales);

    // The old password no longer works, the new one does.
    expect((await page.request.post('/back/login', { form: { username: ACCOUNTS.sales, password: DEMO_PASSWORD } })).status()).toBe(401);
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('form button[type="submit"]').click();
    await expect(page).not.toHaveURL(/\/auth\//);
    await waitForApp(page);

    // The link worked once.
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\/expiredToken$/);
    await expect(page.getByText(en('login.linkExpired'))).toBeVisible();
    await shot(page, 'password-expired-token');
    await page.getByRole('link', { name: en('password.requestAgain') }).click();
    await expect(page).toHaveURL(/\/auth\/forgotten$/);

    // Back to the demo password for whoever signs in as sales next (from "my account").
    const restored = await page.request.put('/back/bo/profile/user/password', {
      data: { currentPassword: newPassword, password: DEMO_PASSWORD, confirmation: DEMO_PASSWORD },
      headers: XHR,
    });
    expect(restored.status()).toBe(200);
    expect((await page.request.post('/back/login', { form: { username: ACCOUNTS.sales, password: DEMO_PASSWORD } })).status()).toBe(200);
  });

  test('a reset page without a token says so; an unknown token is an expired link', async ({ page }) => {
    await page.goto('/auth/passwordReset');
    await expect(page.getByRole('alert')).toHaveText(en('password.noToken'));
    await page.goto('/auth/passwordReset?token=not-a-real-token');
    await expect(page).toHaveURL(/\/auth\/expiredToken$/);
  });

  test('my account: personal information and notifications are saved', async ({ page }) => {
    await login(page, ACCOUNTS.buyer, { path: '/profileUser' });
    await expect(page).toHaveURL(/\/profileUser\/personalInformation$/);
    const email = page.locator('input[name="email"]');
    await expect(email).toHaveValue(ACCOUNTS.buyer);
    await expect(email).toHaveAttribute('readonly', '');
    const phone = page.locator('input[name="phone"]');
    const original = await phone.inputValue();
    await snacksGone(page);
    await shot(page, 'profile-personal-information');

    // A required name cannot be emptied.
    const firstName = page.locator('input[name="firstName"]');
    const name = await firstName.inputValue();
    await firstName.fill('');
    await page.getByRole('button', { name: en('profile.save') }).click();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await firstName.fill(name);

    await phone.fill('+33 1 23 45 67 89');
    await page.getByRole('button', { name: en('profile.save') }).click();
    await expectSnack(page, en('profile.saved'));
    expect((await (await page.request.get('/back/bo/profile/user', { headers: XHR })).json()).phone).toBe('+33 1 23 45 67 89');
    await page.reload();
    await expect(phone).toHaveValue('+33 1 23 45 67 89');
    await phone.fill(original);
    await page.getByRole('button', { name: en('profile.save') }).click();
    await expectSnack(page, en('profile.saved'));

    // Account profiles: read-only.
    await openAccountSection(page);
    const profiles = page.getByTestId('account-profiles');
    await expect(profiles.getByRole('checkbox', { name: en('enum.accountProfile.LOCAL_MANAGER') })).toBeChecked();
    await expect(profiles.getByRole('checkbox', { name: en('enum.accountProfile.LOCAL_MANAGER') })).toBeDisabled();
    await expect(profiles.getByRole('checkbox', { name: en('enum.accountProfile.SUPER_ADMIN') })).not.toBeChecked();

    // Notifications: a type turned off stays off after a reload; then back as it was.
    await page.getByRole('link', { name: en('page.profileUser.userNotification') }).click();
    await expect(page).toHaveURL(/\/profileUser\/userNotification$/);
    const allow = page.getByRole('switch', { name: en('contact.allowNotification') });
    const type = page.getByRole('checkbox', { name: en('enum.notificationType.REPORT_AVAILABLE') });
    if (!(await allow.isChecked())) await allow.click();
    const wasChecked = await type.isChecked();
    await snacksGone(page);
    await shot(page, 'profile-user-notification');
    await type.click();
    await page.getByRole('button', { name: en('profile.save') }).click();
    await expectSnack(page, en('profile.userNotification.saved'));
    const saved = await (await page.request.get('/back/bo/profile/user/notificationconfig', { headers: XHR })).json();
    expect(saved.allowNotification).toBe(true);
    expect(saved.notificationTypes.includes('REPORT_AVAILABLE')).toBe(!wasChecked);
    await page.reload();
    await expect(type).toBeChecked({ checked: !wasChecked });
    await type.click();
    await page.getByRole('button', { name: en('profile.save') }).click();
    await expectSnack(page, en('profile.userNotification.saved'));
  });

  test('while impersonating, the password and two-factor forms give way to an explanation', async ({ page }) => {
    // Signed in through the API: the impersonated account's screen is the first page loaded.
    await signIn(page, ACCOUNTS.admin);
    const impersonate = await page.request.get('/back/login/impersonate', { params: { username: ACCOUNTS.inspector }, headers: XHR });
    expect(impersonate.status()).toBe(200);
    await page.goto('/profileUser/account');
    await waitForApp(page);
    await expect(page.getByTestId('security-locked')).toContainText(en('profile.security.impersonating'));
    await expect(page.getByTestId('change-password')).toHaveCount(0);
    await expect(page.getByTestId('two-factor')).toHaveCount(0);
    await expect(page.getByTestId('account-profiles')).toBeVisible();
    // The server refuses as well.
    const setup = await page.request.post('/back/bo/profile/user/twoFactor/setup', { headers: XHR });
    expect(setup.status()).toBe(403);
    await page.goto('/auth/logout/impersonate');
    await waitForApp(page);
  });
});
