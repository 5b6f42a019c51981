import { test, type Page } from '@playwright/test';
import { ACCOUNTS, setAccountLocale, signIn, waitForApp } from './helpers';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
test('screenshots', async ({ browser }) => {
  test.setTimeout(600_000);
  for (const locale of ['en', 'fr'] as const) {
    for (const width of [1280, 1024]) {
      const page: Page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await signIn(page, ACCOUNTS.manager);
      await setAccountLocale(page, locale);
      const { services } = (await (await page.request.get('/back/bo/services/', { headers: XHR })).json()) as { services: { serviceId: number; serviceStep: string }[] };
      const service = services.find((row) => row.serviceStep === 'TERMINATED') ?? services[0];
      for (const tab of ['', 'history', 'billing']) {
        await page.goto(`/services/${service.serviceId}${tab ? `?tab=${tab}` : ''}`);
        await waitForApp(page);
        await page.waitForTimeout(2500);
        await page.screenshot({ path: `/tmp/sheettabs-service-${tab || 'overview'}-${locale}-${width}.png`, fullPage: true });
      }
      const fees = (await (await page.request.get('/back/bo/fee/', { headers: XHR })).json()) as { feeIdHK: number; status: string }[];
      const fee = fees.find((row) => row.status !== 'CREATED') ?? fees[0];
      for (const tab of ['notes', 'history']) {
        await page.goto(`/billing/fees/${fee.feeIdHK}?tab=${tab}`);
        await waitForApp(page);
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `/tmp/sheettabs-fee-${tab}-${locale}-${width}.png`, fullPage: true });
      }
      await setAccountLocale(page, 'en');
      await page.context().close();
    }
  }
});
