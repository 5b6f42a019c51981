import type { MiddlewareHandler } from 'hono';
import { companyRolesAllow, rolesAllow } from '../engine/schema/roles';
import type { MenuStaticItem } from '../engine/config';
import type { AppEnv, Caller } from './context';
import { forbidden } from './errors';
import type { Registry, Screen } from './schemas';

/**
 * Which screens exist for a caller: the screen's route `roles` (permission flags) and its
 * `companyRoles` (the caller's company's roles, spec §6.1). A menu page keeps only the static
 * entries the caller may see. The same rule guards the API of a screen's entity (below).
 */
type Gate = Pick<Screen, 'roles' | 'companyRoles'> | MenuStaticItem;

export const gateOpen = (gate: Gate, caller: Caller): boolean => rolesAllow(gate.roles, caller.roles) && companyRolesAllow(gate.companyRoles, caller.company.roles);

export function screensFor(registry: Registry, caller: Caller): Screen[] {
  return registry.screens
    .filter((screen) => gateOpen(screen, caller))
    .map((screen) => (screen.items?.some((item) => typeof item !== 'string') ? { ...screen, items: screen.items.filter((item) => typeof item === 'string' || gateOpen(item, caller)) } : screen));
}

/**
 * An entity's API serves the companies its screens serve: when every screen showing the entity
 * names `companyRoles`, a caller whose company holds none of them gets 403 on every call under
 * the entity's `x-api` (nothing read, nothing written). An entity shown by one screen open to every
 * company (or by none) is not restricted here.
 */
export function companyRolesByApi(registry: Registry): Map<string, string[]> {
  const byApi = new Map<string, string[]>();
  for (const entity of registry.entities.values()) {
    const showing = registry.screens.filter((screen) => screen.entity === entity.name);
    if (!entity.api || !showing.length || showing.some((screen) => !screen.companyRoles?.length)) continue;
    byApi.set(entity.api.replace(/\/$/, ''), [...new Set(showing.flatMap((screen) => screen.companyRoles!))]);
  }
  return byApi;
}

export function companyRoleGuard(registry: Registry): MiddlewareHandler<AppEnv> {
  // An x-api's `{name}` parameters match one path segment (`/companies/{companyId}/…`).
  const byApi = [...companyRolesByApi(registry)].map(([api, roles]) => [new RegExp(`^${api.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}(?:/|$)`), roles] as const);
  return async (c, next) => {
    const caller = c.get('caller');
    const path = c.req.path;
    const rule = byApi.find(([api]) => api.test(path))?.[1];
    if (caller && rule && !companyRolesAllow(rule, caller.company.roles)) throw forbidden();
    await next();
  };
}
