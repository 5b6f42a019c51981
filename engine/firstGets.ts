import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { AppConfig, PanelConfig, ScreenConfig } from './config';
import { prefetchGet } from './prefetch';
import { openTab, visibleTabs } from './record/tabQuery';
import { fillApi, idParamOf, type RouteParams } from './search/routeParams';
import { screenInMode } from './screenMode';

/**
 * What a record page or a wizard reads first, known from its config and route alone (as a search
 * screen's first search, ./search/firstSearch.ts): the app starts these GETs as the route renders,
 * while the screen's code is on its way, and the screen takes their answers (./prefetch.ts `getFirst`)
 * instead of asking again. Nothing here may need the record itself.
 */

/** A record's address: `x-api` filled from the route, then the id as the route gives it (the record page reads the same). */
export const recordPath = (api: string, id: string | number) => `${api}/${id}`;

/** The id a record route's text stands for: a number when it is one. */
export const recordIdOf = (text: string): string | number => (/^\d+$/.test(text) ? Number(text) : text);

/** `{name}` placeholders of a template filled from the route's parameters; null when one is missing. */
const fromRoute = (template: string, params: RouteParams): string | null => fillApi(template, params);

/** A panel's own list (lines, notes), and those of the panels it stacks. */
function listsOf(panel: PanelConfig): string[] {
  const own = panel.list && (panel.kind === 'lines' || panel.kind === 'notes') ? [panel.list] : [];
  return [...own, ...(panel.panels ?? []).flatMap(listsOf)];
}

/** The lists the open tab's panels read, when the route alone fills their templates. */
function openTabLists(screen: ScreenConfig, params: RouteParams, query: URLSearchParams, userRoles: readonly string[]): string[] {
  const tabs = visibleTabs(screen.tabs ?? [], userRoles);
  const open = tabs.find((tab) => tab.name === openTab(tabs, query));
  return (open?.panels ?? []).flatMap(listsOf).flatMap((template) => fromRoute(template, params) ?? []);
}

/**
 * The GETs a screen makes first at a route: a record page's record and its open tab's lists; a
 * wizard's `source` (the existing record, else the new one's values; a mode may change it); a
 * hand-written page's open tab lists and what the app says it reads (`pageGets`).
 */
export function firstGets(screen: ScreenConfig, config: AppConfig, params: RouteParams, query: URLSearchParams, userRoles: readonly string[], pageGets: string[] = []): string[] {
  if (screen.type === 'record') {
    const id = params[idParamOf(screen.route)];
    const api = fillApi(config.entities[screen.entity ?? '']?.['x-api'] as string | undefined, params);
    if (!id || !api) return [];
    return [recordPath(api, recordIdOf(id)), ...openTabLists(screen, params, query, userRoles)];
  }
  if (screen.type === 'wizard') {
    const source = screenInMode(screen, query.get('mode')).source;
    const values = { ...Object.fromEntries(query), ...params };
    const first = source?.existing && query.get('mode') !== 'new' ? source.existing : source?.load;
    const path = first ? fillApi(first, values) : null;
    return path ? [path] : [];
  }
  if (screen.type === 'page') return [...pageGets, ...openTabLists(screen, params, query, userRoles)];
  return [];
}

/**
 * Starts a screen's first GETs as its route renders (once per address: another record is another
 * page), before the screen's code has arrived; `userRoles` null (the caller may not see the screen): none.
 */
export function useFirstGets(screen: ScreenConfig, config: AppConfig, userRoles: readonly string[] | null, pageGets?: (params: RouteParams) => string[]): void {
  const params = useParams();
  const { pathname, search } = useLocation();
  // Keyed by the address alone: a render for another reason, or a tab opened (?tab=), starts nothing.
  useMemo(() => {
    if (!userRoles) return;
    for (const path of firstGets(screen, config, params, new URLSearchParams(search), userRoles, pageGets?.(params))) prefetchGet(path, {});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screen, pathname]);
}
