import type { Caller } from './context';
import { rolesAllow, type Registry, type Screen } from './schemas';
import './recordRules'; // the entities' own record rules, before any link is checked
import { recordAccess } from './resources/recordAccess';
import type { Reader } from './store/types';

/**
 * A live alert goes only to people who can open what it links to: the screen of the link
 * (its `roles` in schemas/screens) and the record it names, under the record's own read rule.
 * Links are app paths: a record page (`/services/12`, the route's parameter names the entity's
 * id field) or a search screen opening one record (`/capas/capa/search?open=7`).
 */
function routePattern(route: string): RegExp {
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${escaped}$`);
}

function screenOf(screens: Screen[], path: string): { screen: Screen; params: Record<string, string> } | undefined {
  const exact = screens.find((screen) => screen.route === path);
  if (exact) return { screen: exact, params: {} };
  for (const screen of screens) {
    const match = routePattern(screen.route).exec(path);
    if (match) return { screen, params: { ...match.groups } };
  }
  return undefined;
}

/** The entity and record id a link names, if it names one. */
function recordOf(registry: Registry, screen: Screen, params: Record<string, string>, open: string | null) {
  if (open !== null && screen.entity) return { entity: registry.entities.get(screen.entity), id: open };
  const [param, value] = Object.entries(params)[0] ?? [];
  if (!param) return undefined;
  return { entity: [...registry.entities.values()].find((entity) => entity.idField === param), id: value };
}

export async function alertLinkOpens(registry: Registry, db: Reader, caller: Caller, link: string | undefined): Promise<boolean> {
  if (!link) return true;
  let url: URL;
  try {
    url = new URL(link, 'http://app.invalid');
  } catch {
    return false;
  }
  const found = screenOf(registry.screens, url.pathname);
  if (!found || !rolesAllow(found.screen.roles, caller.roles)) return false;
  const record = recordOf(registry, found.screen, found.params, url.searchParams.get('open'));
  if (!record) return true;
  if (!record.entity || !/^\d+$/.test(record.id)) return false;
  try {
    await recordAccess(record.entity).read(db, Number(record.id), caller);
    return true;
  } catch {
    return false;
  }
}
