import { describe, expect, it } from 'vitest';
import { resolveLikeScreens } from '../../server/screenLike';
import type { SchemaProblem } from '../../server/schemaCheck/problem';

/** A screen `like` another (docs/schemas.md): takes its configuration, keeps its own place, a wrong route is a problem. */
describe('resolveLikeScreens', () => {
  const search = { route: '/widgets/search', type: 'search', title: 'screen.widgets', entity: 'widget', search: 'widget', parent: '/widgets', order: 5, menu: { icon: 'box' }, columns: ['name'], rowActions: [{ name: 'archive' }] };

  it('takes every key of the screen named but its place (route, parent, order, menu…); its own keys replace the others', () => {
    const problems: SchemaProblem[] = [];
    const screens = resolveLikeScreens({ widgetSearch: search, ownerWidgets: { route: '/owners/widgets', like: '/widgets/search', title: 'screen.ownerWidgets', roles: ['MANAGER'], parent: '/owners' } }, problems);
    expect(problems).toEqual([]);
    expect(screens.ownerWidgets).toEqual({ route: '/owners/widgets', type: 'search', title: 'screen.ownerWidgets', entity: 'widget', search: 'widget', columns: ['name'], rowActions: [{ name: 'archive' }], roles: ['MANAGER'], parent: '/owners' });
    expect(screens.widgetSearch).toBe(search);
  });

  it('a route no screen has, or a screen itself like another, is a problem of the file', () => {
    const problems: SchemaProblem[] = [];
    resolveLikeScreens({ a: search, b: { route: '/b', like: '/nowhere' }, c: { route: '/c', like: '/widgets/search' }, d: { route: '/d', like: '/c' } }, problems);
    expect(problems.map(({ file, path }) => `${file} ${path}`)).toEqual(['screens/b.json /like', 'screens/d.json /like']);
  });
});
