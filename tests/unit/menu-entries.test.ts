import { describe, expect, it } from 'vitest';
import type { ScreenConfig } from '../../engine/config';
import { menuEntries, menuScreens } from '../../engine/menu/menuEntries';
import { companyRolesAllow } from '../../engine/schema/roles';

const screen = (route: string, extra: Partial<ScreenConfig> = {}): ScreenConfig => ({ route, type: 'search', title: route, ...extra });
const menu = screen('/owners/:ownerId', {
  type: 'menu',
  aliases: ['/owners'],
  items: ['/owners/:ownerId/first', { title: 'soon', tooltip: 'soon.tip', disabled: true }, '/owners/:ownerId/notBuilt'],
});

describe('menu entries', () => {
  it('lists the items first, a static entry kept, then the children by order (without one last, in file order)', () => {
    const screens = [
      menu,
      screen('/owners/:ownerId/late', { parent: '/owners/:ownerId' }),
      screen('/owners/:ownerId/second', { parent: '/owners/:ownerId', order: 20 }),
      screen('/owners/:ownerId/first', { parent: '/owners/:ownerId', order: 99 }),
      screen('/owners/:ownerId/alias', { parent: '/owners', order: 10 }),
      screen('/elsewhere', { parent: '/other' }),
      screen('/owners/:ownerId/unordered', { parent: '/owners/:ownerId' }),
    ];
    const entries = menuEntries(menu, screens).map((entry) => ('screen' in entry ? entry.screen.route : `static:${entry.item.title}`));
    expect(entries).toEqual([
      '/owners/:ownerId/first',
      'static:soon',
      '/owners/:ownerId/alias',
      '/owners/:ownerId/second',
      '/owners/:ownerId/late',
      '/owners/:ownerId/unordered',
    ]);
    expect(menuScreens(menu, screens).map((s) => s.route)).not.toContain('static:soon');
  });

  it('a menu without items or children has no entries', () => {
    expect(menuEntries(screen('/empty', { type: 'menu' }), [screen('/x', { parent: '/y' })])).toEqual([]);
  });
});

describe('company roles of a screen', () => {
  it('admit every company without a list, else a company holding one of the roles', () => {
    expect(companyRolesAllow(undefined, [])).toBe(true);
    expect(companyRolesAllow([], ['A'])).toBe(true);
    expect(companyRolesAllow(['A', 'B'], ['C', 'B'])).toBe(true);
    expect(companyRolesAllow(['A'], ['C'])).toBe(false);
    expect(companyRolesAllow(['A'], undefined)).toBe(false);
  });
});
