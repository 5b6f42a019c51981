import type { Page } from '@playwright/test';
import { settleAndCheck } from './axeWatch';
import { openInApp } from './openInApp';

/**
 * A walk through every configured screen (the routes of GET /back/schemas) as the signed-in user
 * sees it, each page checked by the axe watch of its context (axeWatch.ts). Shared by the screen
 * scanner (scripts/a11y-scan.ts) and the accessibility spec (every screen in French and Italian).
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
type Screen = { route: string; type: string };

const patternOf = (route: string) => new RegExp(`^${route.replace(/\/$/, '').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);

/** The screen routes, plain ones first: their links give the parameters of the others. */
export async function screenRoutes(page: Page): Promise<string[]> {
  const response = await page.request.get('/back/schemas', { headers: XHR });
  const { screens } = (await response.json()) as { screens: Screen[] };
  return screens.map(screen => screen.route).sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')));
}

/** Opens each toolbar button that shows a dialog, lets it be checked, and closes it with Escape. */
async function openDialogs(page: Page): Promise<void> {
  const buttons = page.locator('main button:visible:not([disabled])');
  const count = Math.min(await buttons.count(), 12);
  for (let index = 0; index < count; index += 1) {
    const button = buttons.nth(index);
    const text = ((await button.textContent().catch(() => '')) ?? '').trim();
    // Only buttons whose words say they open something, never ones that act (save, delete, send…).
    if (!/^(new|add|create|filter|export|columns|workflow|nouveau|nouvelle|ajouter|créer|filtr|export|nuovo|nuova|aggiungi|crea)/i.test(text)) continue;
    const address = page.url();
    await button.click({ timeout: 2000 }).catch(() => undefined);
    if (page.url() !== address) {
      // It opened a page of its own: checked as such, then back to the screen.
      await settleAndCheck(page);
      await page.goBack();
      continue;
    }
    const dialog = page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').first();
    if (await dialog.isVisible().catch(() => false)) {
      await settleAndCheck(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', timeout: 3000 }).catch(() => undefined);
    }
  }
}

export type WalkOptions = {
  /** Open the toolbar dialogs of each page too. */
  dialogs: boolean;
  /** Links met so far (kept across walks: a later walk finds the parameters of its routes at once). */
  links?: Set<string>;
  /** Called after each page with its path and the time it took. */
  visited?: (path: string, ms: number) => void;
  /** How long a page may take to settle before it is checked as it is. */
  settleMs?: number;
  /** A check of the walk's own on each page, once it has settled (e.g. that no label overflows). */
  each?: (path: string) => Promise<void>;
};

/**
 * Visits each path (a route with a parameter takes the first link met that matches it) and lets its page be checked.
 * The first page is loaded (the account's language is read then); the others are opened in the running app.
 */
export async function walkScreens(page: Page, paths: string[], { dialogs, links = new Set(), visited, settleMs = 10_000, each }: WalkOptions): Promise<void> {
  let loaded = false;
  for (const route of paths) {
    const path = route.includes(':') ? [...links].find(link => patternOf(route).test(link) && !paths.includes(link)) : route;
    if (!path) continue;
    const started = Date.now();
    if (loaded) await openInApp(page, path).catch(() => undefined);
    else loaded = await page.goto(path).then(() => true, () => false);
    if (!/\/(403|404|forbidden)/.test(page.url())) {
      await settleAndCheck(page, settleMs);
      await each?.(path);
      for (const href of await page.locator('a[href^="/"]').evaluateAll(anchors => anchors.map(a => a.getAttribute('href') ?? ''))) links.add(href.split('?')[0]);
      if (dialogs) await openDialogs(page);
    }
    visited?.(path, Date.now() - started);
  }
}
