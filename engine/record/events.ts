import type { JsonSchema } from '../schema/resolve';
import { rolesAllow, type RoleRule } from '../schema/roles';

/** `x-events` of an entity (docs/schemas.md): who may take an event and the input it asks for. */
export interface EventRule {
  roles?: RoleRule[];
  input?: string[];
  required?: string[];
  count?: string;
}

export const eventRulesOf = (schema: JsonSchema | undefined): Record<string, EventRule> => (schema?.['x-events'] as Record<string, EventRule> | undefined) ?? {};

export const eventAllowed = (schema: JsonSchema | undefined, event: string, roles: readonly string[]) => rolesAllow(eventRulesOf(schema)[event]?.roles, roles);
