import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, shot, signIn } from './helpers';
import { chunkOf, holdBack } from './heldChunks';

/**
 * A record page or a wizard paints its header (its largest text, what Lighthouse takes as the page's largest
 * paint) before its panels' forms and grids are drawn: those come in a render of their own
 * (engine/ui/AfterFirstPaint.tsx), so the header does not wait for them and the page is not held
 * in one long task. Frames are counted with requestAnimationFrame; a MutationObserver notes the
 * frame in which the header's title and the lines grid enter the page. The form's code (RJSF) is not
 * needed for the header: it loads after the header has painted, and the panels come in one piece once it is in.
 */
type Seen = { frames: number; header: number; grid: number; form: number };

/** Notes, from the page's start, the frame in which the header (a `main h2` holding `title`), a form and a grid enter the page. */
async function watchPaintOrder(page: Page, title: string) {
  await page.addInitScript((title: string) => {
    const seen: Seen = { frames: 0, header: -1, grid: -1, form: -1 };
    (window as unknown as { paintOrder: Seen }).paintOrder = seen;
    const frame = () => {
      seen.frames++;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new MutationObserver(() => {
      if (seen.header < 0 && [...document.querySelectorAll('main h2')].some((h2) => h2.textContent?.includes(title))) seen.header = seen.frames;
      if (seen.grid < 0 && document.querySelector('main .ag-root-wrapper')) seen.grid = seen.frames;
      if (seen.form < 0 && document.querySelector('main form')) seen.form = seen.frames;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, title);
  return async () => {
    const seen = await page.evaluate(() => (window as unknown as { paintOrder: Seen }).paintOrder);
    expect(seen.header, 'the header showed').toBeGreaterThanOrEqual(0);
    expect(seen.form, 'the form came in a later frame than the header').toBeGreaterThan(seen.header);
    expect(seen.grid, 'the grid came in a later frame than the header').toBeGreaterThan(seen.header);
  };
}

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Opens `path` with the form's code held back: the header shows, no panel yet; then the code is let through and the form shows. */
async function headerBeforeFormCode(page: Page, path: string, header: RegExp | string, name: string) {
  const formCode = await holdBack(page, [chunkOf('engine/form/SchemaForm.tsx')]);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 2, name: header })).toBeVisible();
  await expect.poll(() => [...formCode.held], { message: 'the form\'s code is asked once the header shows' }).toHaveLength(1);
  await expect(page.locator('main form')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]').first()).toBeAttached();
  await shot(page, `${name}-form-code-held`);
  formCode.release();
  await expect(page.locator('main form').first()).toBeVisible();
}

async function reportedService(page: Page): Promise<number> {
  const { services } = (await (await page.request.get('/back/bo/services/', { headers: XHR })).json()) as { services: { serviceId: number }[] };
  for (const { serviceId } of services) {
    if ((await (await page.request.get(`/back/bo/reports/${serviceId}/overview`, { headers: XHR })).json()).exists) return serviceId;
  }
  throw new Error('the demo data has no service with a report');
}

test('a fee sheet shows its header at least one frame before its form and lines grid', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  const sheets = (await (await page.request.get('/back/bo/fee/', { headers: XHR })).json()) as { feeIdHK: number; feeLines: unknown[] }[];
  const sheet = sheets.find((each) => each.feeLines.length > 0)!;
  const check = await watchPaintOrder(page, 'FS-');
  await page.goto(`/billing/fees/${sheet.feeIdHK}`);
  await expect(page.getByRole('region', { name: en('fee.feeLines') }).locator('.ag-row').first()).toBeVisible();
  await check();
  await shot(page, 'paint-order-fee-sheet');
});

test('a report wizard shows its header at least one frame before its step\'s form and grid', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  const reported = await reportedService(page);
  const check = await watchPaintOrder(page, en('screen.reportWizard'));
  await page.goto(`/services/${reported}/report`);
  await expect(page.locator('main .ag-row').first()).toBeVisible();
  await check();
  await shot(page, 'paint-order-report-wizard');
});

test('a fee sheet and a report wizard show their header while the form\'s code is held back', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  const [sheet] = (await (await page.request.get('/back/bo/fee/', { headers: XHR })).json()) as { feeIdHK: number; number: string }[];
  await headerBeforeFormCode(page, `/billing/fees/${sheet.feeIdHK}`, new RegExp(sheet.number), 'paint-order-fee-sheet');

  await signIn(page, ACCOUNTS.quality);
  await headerBeforeFormCode(page, `/services/${await reportedService(page)}/report`, en('screen.reportWizard'), 'paint-order-report-wizard');
});
