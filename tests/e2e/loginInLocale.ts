import type { Page } from '@playwright/test';
import { setAccountLocale, signIn, waitForApp } from './helpers';

/**
 * Signs in, stores `locale` on the account, then loads `path` and waits until the app is ready. The app reads the
 * account's language when it starts: the language is stored before the one page load, not between two.
 */
export async function loginInLocale(page: Page, email: string, locale: 'en' | 'fr' | 'it', path = '/'): Promise<void> {
  await signIn(page, email);
  await setAccountLocale(page, locale);
  await page.goto(path);
  await waitForApp(page);
}
