import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, login, shot } from './helpers';

/**
 * The services grid at common screen widths: the page itself never scrolls sideways, the grid
 * stays inside its box and shows its horizontal scrollbar when its columns are wider, and the
 * priority list folds away to give the grid the row.
 *
 * Headless Chromium has no scrollbar width, as overlay scrollbars (macOS): AG Grid then floats
 * an undrawn scrollbar over the last row until the user scrolls, and a 2,137 px grid looked
 * complete in a 950 px box. The grid's styles keep that strip in the flow and shown.
 */
const WIDTHS = [1024, 1440, 1920] as const;
/** Columns wholly in sight with the list folded: at 1024 px the grid showed 4 before. */
const MIN_COLUMNS_IN_SIGHT = 5;

interface GridBox {
  pageScrollWidth: number;
  innerWidth: number;
  gridLeft: number;
  gridRight: number;
  gridBottom: number;
  boxLeft: number;
  boxRight: number;
  columnsWidth: number;
  viewportWidth: number;
  scrollbarHeight: number;
  /** Shown, and in the flow under the rows rather than floating over the last one. */
  scrollbarShown: boolean;
  scrollbarFloats: boolean;
  scrollbarBottom: number;
  columnsInSight: number;
}

async function measure(page: Page): Promise<GridBox> {
  return page.evaluate(() => {
    const root = document.querySelector('.ag-root-wrapper')!;
    const box = root.closest('[role="region"]')!.parentElement!;
    const strip = document.querySelector<HTMLElement>('.ag-body-horizontal-scroll')!;
    const viewport = document.querySelector<HTMLElement>('.ag-body-horizontal-scroll-viewport')!;
    const style = getComputedStyle(strip);
    const gridRect = root.getBoundingClientRect();
    const headers = [...document.querySelectorAll('.ag-header-cell')].map((cell) => cell.getBoundingClientRect());
    return {
      pageScrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth: window.innerWidth,
      gridLeft: gridRect.left,
      gridRight: gridRect.right,
      gridBottom: gridRect.bottom,
      boxLeft: box.getBoundingClientRect().left,
      boxRight: box.getBoundingClientRect().right,
      columnsWidth: viewport.scrollWidth,
      viewportWidth: viewport.clientWidth,
      scrollbarHeight: strip.getBoundingClientRect().height,
      scrollbarShown: style.display !== 'none' && style.visibility !== 'hidden' && Number(style.opacity) > 0.5,
      scrollbarFloats: style.position === 'absolute',
      scrollbarBottom: strip.getBoundingClientRect().bottom,
      columnsInSight: headers.filter((rect) => rect.width > 0 && rect.left >= gridRect.left - 1 && rect.right <= gridRect.right + 1).length,
    };
  });
}

async function expectFits(page: Page, width: number): Promise<GridBox> {
  const box = await measure(page);
  expect(box.pageScrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(box.innerWidth);
  expect(box.gridLeft).toBeGreaterThanOrEqual(box.boxLeft - 1);
  expect(box.gridRight, `grid inside its box at ${width} px`).toBeLessThanOrEqual(box.boxRight + 1);
  if (box.columnsWidth > box.viewportWidth) {
    expect(box.scrollbarShown, `scrollbar shown at ${width} px`).toBe(true);
    expect(box.scrollbarFloats, `scrollbar over the last row at ${width} px`).toBe(false);
    expect(box.scrollbarHeight, `scrollbar height at ${width} px`).toBeGreaterThanOrEqual(8);
    expect(box.scrollbarBottom, `scrollbar inside the grid at ${width} px`).toBeLessThanOrEqual(box.gridBottom + 1);
  }
  return box;
}

const priorities = (page: Page) => page.getByRole('complementary', { name: en('serviceSearch.priorities.title') });

for (const width of WIDTHS) {
  test(`the services grid fits its box at ${width} px, scrolls inside, and the priority list folds`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await login(page, ACCOUNTS.quality, { path: '/services/search' });
    await expect(page.locator('.ag-row').first()).toBeVisible({ timeout: 30_000 });

    const hide = priorities(page).getByRole('button', { name: en('serviceSearch.priorities.hide') });
    const show = priorities(page).getByRole('button', { name: en('serviceSearch.priorities.show') });
    // Narrow screens start with the list folded; wide ones with it open.
    await expect(width < 1400 ? show : hide).toBeVisible();
    await expectFits(page, width);
    await shot(page, `grid-width-${width}-start`);

    if (width < 1400) await show.click();
    await expect(hide).toBeVisible();
    const opened = await expectFits(page, width);
    await shot(page, `grid-width-${width}-list-open`);

    await hide.click();
    await expect(show).toBeVisible();
    const folded = await expectFits(page, width);
    expect(folded.gridRight - folded.gridLeft).toBeGreaterThan(opened.gridRight - opened.gridLeft + 200);
    expect(folded.columnsInSight, `columns in sight at ${width} px`).toBeGreaterThanOrEqual(MIN_COLUMNS_IN_SIGHT);
    await shot(page, `grid-width-${width}-list-folded`);
  });
}
