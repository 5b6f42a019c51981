import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, labels, restoreEnglishAfterAll, screenshotPath, setAccountLocale, signIn, waitForApp } from './helpers';
import { openInApp } from './openInApp';

/**
 * 200 % browser zoom on a 1440 × 900 screen (WCAG 1.4.4, 1.4.10): the page gets 720 × 450 CSS px,
 * drawn at two device pixels each (the way Playwright emulates a zoomed window). On the service
 * search, the service sheet, the report wizard and a fee sheet, in English, French and Italian, no
 * button, tab, link or label of the page is cut, and each can be scrolled into view and reached.
 */
test.use({ viewport: { width: 720, height: 450 }, deviceScaleFactor: 2 });

const LOCALES = ['en', 'fr', 'it'] as const;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * What is wrong on the page as it is: controls and labels of the main area (and of an open dialog)
 * whose text is cut (an element hiding its overflow, or ending it with an ellipsis, whose text is
 * wider than its box), or that cannot be brought into the window (scrolled into view, the middle of
 * it is not in the window or under something else). Grid data cells are not labels: they may end
 * with an ellipsis (their full text is in their tooltip and the sheet).
 */
async function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"], .mantine-Modal-content')];
    // The page's frame (header, icon menu) and its main area, or the open dialog that covers them.
    const roots = dialogs.length ? dialogs : [...document.querySelectorAll<HTMLElement>('header, .mantine-AppShell-navbar, #main-content')];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
    const controls = 'button, a[href], [role="tab"], [role="button"], label, [role="columnheader"]';
    // Drawn, and not text kept for screen readers only (a 1 px clipped box).
    const shown = (el: HTMLElement) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && el.offsetWidth > 1;
    // A grid's data cells, and the header cell boxes (their text is checked in .ag-header-cell-text).
    const inGridBody = (el: Element) => Boolean(el.closest('[role="gridcell"]'));
    const gridBox = (el: Element) => ['columnheader', 'row', 'rowgroup', 'grid', 'treegrid'].includes(el.getAttribute('role') ?? '');
    for (const root of roots) {
      // Cut text: anything in the area that clips or ellipsizes its own text.
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        if (!shown(el) || inGridBody(el) || gridBox(el) || !el.textContent?.trim()) continue;
        const style = getComputedStyle(el);
        const clips = style.textOverflow === 'ellipsis' || style.overflowX === 'hidden' || style.overflowX === 'clip';
        if (!clips || el.children.length > 3) continue;
        if (el.scrollWidth > el.clientWidth + 1) found.push(`cut: ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
      }
      // Reach: each control scrolled into view has its middle in the window, not under something else.
      for (const el of root.querySelectorAll<HTMLElement>(controls)) {
        if (!shown(el) || inGridBody(el) || el.closest('[aria-hidden="true"], [inert]')) continue;
        el.scrollIntoView({ block: 'center', inline: 'center' });
        const box = el.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) {
          found.push(`out of reach: ${name(el)} at ${Math.round(x)},${Math.round(y)}`);
          continue;
        }
        const top = document.elementFromPoint(x, y);
        if (top && !el.contains(top) && !top.contains(el) && !(el.tagName === 'LABEL' && (el as HTMLLabelElement).control === top)) {
          found.push(`covered: ${name(el)} under ${name(top)}`);
        }
      }
    }
    return found;
  });
}

/** A screen to check: its address, what shows it is ready, its main actions (button labels' keys). */
interface Screen {
  label: string;
  path: string;
  ready: (page: Page) => Promise<void>;
  actions: string[];
}

/** The screen in `locale`: loaded afresh (the account's language is read when the app starts), or opened in the running app already in it. */
async function inLocale(page: Page, locale: (typeof LOCALES)[number], { label, path, ready, actions }: Screen, { load = true } = {}) {
  if (load) {
    await setAccountLocale(page, locale);
    await page.goto(path);
    await waitForApp(page);
  } else await openInApp(page, path);
  await ready(page);
  // The window as the zoomed reader sees it (not the whole page): its top, then its end.
  await page.screenshot({ path: screenshotPath(`zoom-${label}-${locale}`), animations: 'disabled', caret: 'hide' });
  expect.soft(await problems(page), `${label} in ${locale}`).toEqual([]);
  // Its main actions, each brought into the window and clickable there (a trial click: nothing over it).
  for (const key of actions) {
    const action = page.getByRole('button', { name: labels[locale][key], exact: true }).first();
    await action.scrollIntoViewIfNeeded({ timeout: 10_000 });
    await expect.soft(action, `${key} in ${locale}`).toBeInViewport();
    await action.click({ trial: true });
  }
  await page.screenshot({ path: screenshotPath(`zoom-${label}-${locale}-end`), animations: 'disabled', caret: 'hide' });
}

test.describe('the service screens', () => {
  restoreEnglishAfterAll(ACCOUNTS.quality);

  test(`service search and sheet at 200 % in ${LOCALES.join(', ')}`, async ({ page }) => {
    test.setTimeout(LOCALES.length * 90_000);
    await signIn(page, ACCOUNTS.quality);
    for (const locale of LOCALES) {
      await inLocale(page, locale, {
        label: 'service-search',
        path: '/services/search',
        ready: () => expect(page.locator('.ag-row').first()).toBeVisible(),
        actions: ['engine.search.filters'],
      });
      const body = await (await page.request.get('/back/bo/services?serviceSteps=CONFIRMED', { headers: XHR })).json();
      const serviceId = body.services[0].serviceId as number;
      await inLocale(
        page,
        locale,
        {
          label: 'service-sheet',
          path: `/services/${serviceId}`,
          ready: () => expect(page.getByRole('tab').first()).toBeVisible(),
          actions: [],
        },
        { load: false },
      );
    }
  });
});

test.describe('the report wizard', () => {
  restoreEnglishAfterAll(ACCOUNTS.inspector);

  test(`report wizard at 200 % in ${LOCALES.join(', ')}`, async ({ page }) => {
    test.setTimeout(LOCALES.length * 90_000);
    await signIn(page, ACCOUNTS.inspector);
    const body = await (await page.request.get('/back/bo/services?serviceSteps=CONFIRMED', { headers: XHR })).json();
    const inspection = (body.services as { serviceId: number; thirdPartyDepartment: string }[]).find((one) => one.thirdPartyDepartment === 'INSP')!;
    for (const locale of LOCALES) {
      await inLocale(page, locale, {
        label: 'report-wizard',
        path: `/services/${inspection.serviceId}/report`,
        ready: () => expect(page.locator('[data-active-step]')).toBeVisible(),
        actions: ['engine.wizard.next'],
      });
    }
  });
});

test.describe('the fee sheet', () => {
  restoreEnglishAfterAll(ACCOUNTS.manager);

  test(`fee sheet at 200 % in ${LOCALES.join(', ')}`, async ({ page }) => {
    test.setTimeout(LOCALES.length * 90_000);
    await signIn(page, ACCOUNTS.manager);
    const sheets = (await (await page.request.get('/back/bo/fee/', { headers: XHR })).json()) as { feeIdHK: number; feeLines: unknown[] }[];
    const withLines = sheets.find((sheet) => sheet.feeLines.length > 0)!;
    for (const locale of LOCALES) {
      await inLocale(page, locale, {
        label: 'fee-sheet',
        path: `/billing/fees/${withLines.feeIdHK}`,
        ready: () => expect(page.locator('.ag-row').first()).toBeVisible(),
        actions: [],
      });
    }
  });
});

test.describe('the icon menu', () => {
  // The administrator has the longest menu: at 450 px high it is longer than the window.
  for (const account of [ACCOUNTS.admin, ACCOUNTS.manager]) {
    test(`every entry of ${account}'s icon menu can be reached at 200 %`, async ({ page }) => {
      await signIn(page, account);
      await page.goto('/services/search');
      await waitForApp(page);
      const entries = page.locator('.mantine-AppShell-navbar a');
      await expect(entries.first()).toBeVisible();
      expect(await problems(page)).toEqual([]);
      for (const entry of await entries.all()) {
        await entry.scrollIntoViewIfNeeded();
        await expect(entry).toBeInViewport({ ratio: 1 });
        await entry.click({ trial: true });
      }
      await page.screenshot({ path: screenshotPath(`zoom-menu-${account.split('@')[0]}`), animations: 'disabled', caret: 'hide' });
    });
  }
});
