import type { Page } from '@playwright/test';

/**
 * Opens a path in the app the page already runs, as a click on a link does (the router follows the
 * history: no new page load), then waits until no request has been in flight for half a second, as
 * `networkidle` does after a load. A walk over many screens then spends its time on the screens, not on
 * starting the app again for each (about a second a screen on a busy machine). The account's language
 * is read when the app starts: the first screen after a language change is loaded with `page.goto`.
 */
export async function openInApp(page: Page, path: string, { quietMs = 500, timeoutMs = 15_000 } = {}): Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = () => ((inFlight += 1), (lastChange = Date.now()));
  const ended = () => ((inFlight = Math.max(0, inFlight - 1)), (lastChange = Date.now()));
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < quietMs)) await page.waitForTimeout(50);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
