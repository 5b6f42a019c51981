import { expect, type Page } from '@playwright/test';

/** Labels of visible buttons, badges and tabs wider than their box, and the page's sideways overflow. */
export async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const scroller = document.scrollingElement!;
    if (scroller.scrollWidth > window.innerWidth) found.push(`page ${scroller.scrollWidth} px wide in ${window.innerWidth} px`);
    const selector = 'button, a.mantine-Button-root, [role="tab"], .mantine-Badge-root';
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const rect = element.getBoundingClientRect();
      if (!rect.width || !rect.height || getComputedStyle(element).visibility === 'hidden') continue;
      const label = element.querySelector<HTMLElement>('.mantine-Button-label, .mantine-Badge-label, .mantine-Tabs-tabLabel') ?? element;
      const text = (label.textContent ?? '').trim();
      // Labels end in an ellipsis as soon as their text is a pixel wider than their box.
      if (text && label.scrollWidth > label.clientWidth) found.push(`"${text}" ${label.scrollWidth} px in ${label.clientWidth} px`);
      // A badge in a grid cell is cut by the cell, not by itself.
      const cell = element.closest<HTMLElement>('.ag-cell');
      if (text && cell && rect.right > cell.getBoundingClientRect().right + 1) found.push(`"${text}" cut by its grid cell`);
    }
    return found;
  });
}

export async function expectNoOverflow(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300); // grids size their columns after the first paint
  expect(await overflows(page), name).toEqual([]);
}
