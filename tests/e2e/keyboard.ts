import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Driving a page with the keyboard only: Tab (or Shift+Tab) until a control has the focus, and
 * checks that the focus is where a keyboard user expects it and that they can see it.
 */

/** What has the focus, in words: tag, role, name or text, e.g. `button "Save"`. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '(body)';
    const role = element.getAttribute('role');
    const name = element.getAttribute('aria-label') ?? element.getAttribute('name') ?? (element.textContent ?? '').trim().slice(0, 40);
    const id = element.id ? `#${element.id}` : '';
    return `${element.tagName.toLowerCase()}${id}${role ? `[role=${role}]` : ''} "${name}"`;
  });
}

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `max` times; fails with
 * the list of what got the focus on the way. Answers the number of presses.
 */
export async function tabTo(page: Page, target: Locator, { max = 30, back = false } = {}): Promise<number> {
  await expect(target, 'the control to reach by Tab is on the page').toBeAttached();
  const path: string[] = [];
  for (let presses = 0; presses <= max; presses += 1) {
    if (await hasFocus(target)) return presses;
    if (presses === max) break;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    path.push(await describeFocus(page));
  }
  throw new Error(`not reached by ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses; the focus went to:\n  ${path.join('\n  ')}`);
}

/**
 * How the focused element shows its focus: its outline, shadow and border against an unfocused copy
 * of it (same classes and attributes, no name or id), or those of a close wrapper (a password field's
 * box), e.g. a Mantine input turns its border to the primary colour where a button draws an outline.
 * `visible` when one of them differs.
 */
export function focusRing(page: Page): Promise<{ visible: boolean; focused: string; unfocused: string; focusVisible: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || !element.parentElement) return { visible: false, focused: '(body)', unfocused: '', focusVisible: false };
    const look = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` : 'no outline';
      return `${outline}; shadow ${style.boxShadow}; border ${style.borderColor}`;
    };
    const unfocusedLook = (node: HTMLElement) => {
      const copy = node.cloneNode(false) as HTMLElement;
      for (const attribute of ['id', 'name', 'checked', 'autofocus']) copy.removeAttribute(attribute);
      copy.setAttribute('aria-hidden', 'true');
      copy.setAttribute('inert', '');
      node.parentElement!.insertBefore(copy, node);
      const seen = look(copy);
      copy.remove();
      return seen;
    };
    // The element itself, or a close wrapper that shows it (:focus-within), e.g. a password field's box.
    let focused = look(element);
    let unfocused = unfocusedLook(element);
    for (let node = element.parentElement, level = 0; focused === unfocused && node?.parentElement && level < 3; node = node.parentElement, level += 1) {
      focused = look(node);
      unfocused = unfocusedLook(node);
    }
    return { visible: focused !== unfocused, focused, unfocused, focusVisible: element.matches(':focus-visible') };
  });
}

/** `target` has the focus, and its look shows it (outline, shadow or border). */
export async function expectFocusVisible(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  // Polled: a field may be redrawn just after it takes the focus (a date field opening its calendar).
  let seen = '';
  await expect
    .poll(async () => {
      const ring = await focusRing(page);
      seen = `${await describeFocus(page)}: focused ${ring.focused}; unfocused ${ring.unfocused}`;
      return ring.visible;
    }, { message: `a focus ring on the focused control (${seen})`, timeout: 5_000 })
    .toBe(true)
    .catch((error: unknown) => {
      throw new Error(`no focus ring on ${seen}`, { cause: error });
    });
}

/** Tab to `target`, check its ring, and press `key` on it (Enter by default). */
export async function tabAndPress(page: Page, target: Locator, key = 'Enter', options: { max?: number; back?: boolean } = {}): Promise<void> {
  await tabTo(page, target, options);
  await expectFocusVisible(page, target);
  await page.keyboard.press(key);
}

/**
 * In an open list (a select's options), presses ArrowDown until `option` is the active one (Mantine
 * marks it `data-combobox-selected`), at most `max` times; Enter then picks it.
 */
export async function arrowTo(page: Page, option: Locator, { max = 30 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('ArrowDown');
    if ((await option.getAttribute('data-combobox-selected').catch(() => null)) !== null) return;
  }
  throw new Error(`option not reached by ArrowDown in ${max} presses`);
}

/** In a grid, presses ArrowRight until `cell` has the focus, at most `max` times. */
export async function arrowRightTo(page: Page, cell: Locator, { max = 20 } = {}): Promise<void> {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await hasFocus(cell)) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`cell not reached by ArrowRight in ${max} presses (the focus is on ${await describeFocus(page)})`);
}
