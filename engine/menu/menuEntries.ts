import type { MenuStaticItem, ScreenConfig } from '../config';

/** One entry of a menu page: a screen to open, or a static entry (a disabled card with its tooltip). */
export type MenuEntryOf = { screen: ScreenConfig } | { item: MenuStaticItem };

/** The routes a menu page answers for: its own and its `aliases` (a child names either as `parent`). */
export const menuRoutes = (menu: ScreenConfig): string[] => [menu.route, ...(menu.aliases ?? [])];

/** Does `screen` name this menu page as its parent? */
export const isChildOf = (screen: ScreenConfig, menu: ScreenConfig): boolean => !!screen.parent && screen !== menu && menuRoutes(menu).includes(screen.parent);

/**
 * The entries of a menu page among `screens` (those the caller may open): its explicit `items`
 * first, in their order (a route absent from `screens` is left out, a static entry kept), then
 * every screen naming the page as `parent` that `items` does not list, by `order` (screens without
 * one last, in file order). Shared by the server (menu calls) and the engine (the menu page).
 */
export function menuEntries(menu: ScreenConfig, screens: readonly ScreenConfig[]): MenuEntryOf[] {
  const listed = new Set<string>();
  const explicit = (menu.items ?? []).flatMap((item): MenuEntryOf[] => {
    if (typeof item !== 'string') return [{ item }];
    listed.add(item);
    const screen = screens.find((candidate) => candidate.route === item);
    return screen ? [{ screen }] : [];
  });
  const children = screens
    .filter((screen) => isChildOf(screen, menu) && !listed.has(screen.route))
    .map((screen, index) => ({ screen, index }))
    .sort((a, b) => (a.screen.order ?? Infinity) - (b.screen.order ?? Infinity) || a.index - b.index)
    .map(({ screen }) => ({ screen }));
  return [...explicit, ...children];
}

/** The screens among a menu page's entries. */
export const menuScreens = (menu: ScreenConfig, screens: readonly ScreenConfig[]): ScreenConfig[] =>
  menuEntries(menu, screens).flatMap((entry) => ('screen' in entry ? [entry.screen] : []));
