import type { JsonSchema } from './resolve';
import { rolesAllow, type RoleRule } from './roles';

/**
 * `x-events` (docs/schemas.md "Workflow events"): what a workflow event of an entity needs
 * beyond its machine. Shared by the server (which enforces it on `PATCH …/{id}/{EVENT}`) and
 * the browser (which offers only the events the user may take, and asks for their input).
 */
export interface EventRule {
  /** A role rule taking this event also needs (on top of the entity's `x-roles`). */
  roles?: RoleRule[];
  /** Entity fields the event's body may carry, written with the status change. */
  input?: string[];
  /** Input fields that must be present and not blank. */
  required?: string[];
  /** An integer field counting how many times the event was taken. */
  count?: string;
  /** Input fields written into another field of the record (a send-back's comment kept apart from the record's own). */
  into?: Record<string, string>;
}

export const eventRulesOf = (schema: JsonSchema | undefined): Record<string, EventRule> => (schema?.['x-events'] as Record<string, EventRule> | undefined) ?? {};

/** Whether a caller holding `roles` may take `event` (the entity's own `x-roles` aside). */
export const eventAllowed = (schema: JsonSchema | undefined, event: string, roles: ReadonlySet<string> | readonly string[]): boolean =>
  rolesAllow(eventRulesOf(schema)[event]?.roles, roles);

