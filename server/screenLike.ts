import type { JsonSchema } from '../engine/schema/resolve';
import type { SchemaProblem } from './schemaCheck/problem';

/**
 * A screen's `like` (docs/schemas.md "A screen like another — `like`"): the route of another screen
 * whose configuration it takes — search form, columns, sheet, row actions… — its own keys replacing
 * them. Where a screen sits and how it is reached stay its own: the keys below are never taken.
 */
const OWN_KEYS = new Set(['route', 'parent', 'order', 'menu', 'items', 'aliases', 'like']);

/** The screens with every `like` resolved (one level: the screen named must not itself be `like` another); a wrong one is a problem. */
export function resolveLikeScreens(screens: Record<string, JsonSchema>, problems: SchemaProblem[]): Record<string, JsonSchema> {
  const byRoute = new Map(Object.values(screens).map((screen) => [screen.route as string, screen]));
  return Object.fromEntries(
    Object.entries(screens).map(([name, screen]) => {
      if (screen.like === undefined) return [name, screen];
      const { like, ...own } = screen;
      const base = typeof like === 'string' ? byRoute.get(like) : undefined;
      if (!base || base.like !== undefined) {
        problems.push({ file: `screens/${name}.json`, path: '/like', message: `"${String(like)}" is not the route of a screen without a like of its own` });
        return [name, own];
      }
      const taken = Object.fromEntries(Object.entries(base).filter(([key]) => !OWN_KEYS.has(key)));
      return [name, { ...taken, ...own }];
    }),
  );
}
