import { expect, test } from './axe';
import { ACCOUNTS, en, shot, signIn } from './helpers';

/**
 * A record page paints its header (its largest text, what Lighthouse takes as the page's largest
 * paint) before its panels' forms and grids are drawn: those come in a render of their own
 * (engine/ui/AfterFirstPaint.tsx), so the header does not wait for them and the page is not held
 * in one long task. Frames are counted with requestAnimationFrame; a MutationObserver notes the
 * frame in which the header's title and the lines grid enter the page.
 */
test('a fee sheet shows its header at least one frame before its form and lines grid', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  const sheets = (await (await page.request.get('/back/bo/fee/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()) as { feeIdHK: number; feeLines: unknown[] }[];
  const sheet = sheets.find((each) => each.feeLines.length > 0)!;
  await page.addInitScript(() => {
    const seen = { frames: 0, header: -1, grid: -1, form: -1 };
    (window as unknown as { paintOrder: typeof seen }).paintOrder = seen;
    const frame = () => {
      seen.frames++;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new MutationObserver(() => {
      if (seen.header < 0 && document.querySelector('main h2')?.textContent?.includes('FS-')) seen.header = seen.frames;
      if (seen.grid < 0 && document.querySelector('main .ag-root-wrapper')) seen.grid = seen.frames;
      if (seen.form < 0 && document.querySelector('main form')) seen.form = seen.frames;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(`/billing/fees/${sheet.feeIdHK}`);
  const lines = page.getByRole('region', { name: en('fee.feeLines') });
  await expect(lines.locator('.ag-row').first()).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { paintOrder: { header: number; grid: number; form: number } }).paintOrder);
  expect(seen.header, 'the header showed').toBeGreaterThanOrEqual(0);
  expect(seen.form, 'the form came in a later frame than the header').toBeGreaterThan(seen.header);
  expect(seen.grid, 'the lines grid came in a later frame than the header').toBeGreaterThan(seen.header);
  await shot(page, 'paint-order-fee-sheet');
});
