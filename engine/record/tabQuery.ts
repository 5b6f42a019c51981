import type { TabConfig } from '../config';
import { rolesAllow, type RoleRule } from '../schema/roles';

/** The query parameter holding a record page's open tab (`?tab=elements`), so a link can point at a tab. */
export const TAB_PARAM = 'tab';

/** The tabs the caller's roles and flags allow (a tab's `roles`). */
export function visibleTabs<T extends { roles?: RoleRule[] }>(tabs: readonly T[], userRoles: readonly string[]): T[] {
  return tabs.filter((tab) => rolesAllow(tab.roles, userRoles));
}

/** The tab the address asks for when the caller may see it, else the first one. */
export function openTab(tabs: readonly Pick<TabConfig, 'name'>[], query: URLSearchParams): string | undefined {
  const asked = query.get(TAB_PARAM);
  return tabs.find((tab) => tab.name === asked)?.name ?? tabs[0]?.name;
}

/** The query once `next` is open: the first tab needs no parameter; the other parameters stay. */
export function queryWithTab(query: URLSearchParams, next: string, first: string | undefined): URLSearchParams {
  const result = new URLSearchParams(query);
  if (next === first) result.delete(TAB_PARAM);
  else result.set(TAB_PARAM, next);
  return result;
}
