import { eventAllowed, eventRulesOf } from '../../engine/schema/events';
import type { JsonSchema } from '../../engine/schema/resolve';
import { forbidden, validationError } from '../errors';
import { isPlainObject } from '../json-body';
import type { Caller } from '../context';
import type { EntityDef } from '../schemas';
import type { Row } from '../store/types';
import { createAjv, fieldErrors, type Validator } from '../validation';

/**
 * A workflow event's own rules (`x-events`, engine/schema/events.ts) on
 * `PATCH …/{id}/{EVENT}`: its role rule, the body it may carry (`version` and its input
 * fields, each checked against its property schema; required ones not blank), and the
 * changes it writes with the status (its input, its counter).
 */
const ajv = createAjv();
const validators = new WeakMap<EntityDef, Map<string, Validator>>();

/** 403 when the event's role rule refuses the caller (the entity's roles are checked before). */
export function assertEventRoles(entity: EntityDef, event: string, caller: Caller): void {
  if (!eventAllowed(entity.schema, event, caller.roles)) throw forbidden();
}

/** The body an event accepts: `version` and the event's input fields, nothing else. */
function bodySchema(entity: EntityDef, event: string): JsonSchema {
  const rule = eventRulesOf(entity.schema)[event] ?? {};
  const properties = (entity.schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(rule.required ?? []);
  const input = Object.fromEntries(
    (rule.input ?? []).map((field) => [field, required.has(field) && properties[field].type === 'string' ? { ...properties[field], notBlank: true } : properties[field]]),
  );
  return { type: 'object', additionalProperties: false, properties: { version: {}, ...input }, required: [...required] };
}

function validatorOf(entity: EntityDef, event: string): Validator {
  let byEvent = validators.get(entity);
  if (!byEvent) validators.set(entity, (byEvent = new Map()));
  let found = byEvent.get(event);
  if (!found) byEvent.set(event, (found = ajv.compile(bodySchema(entity, event))));
  return found;
}

/** The event's input fields from the body (400 naming each field the event refuses). */
export function eventInput(entity: EntityDef, event: string, body: unknown): Row {
  if (body !== undefined && !isPlainObject(body)) throw validationError([{ path: '', key: 'validation.wrongType' }]);
  const data = body ?? {};
  const validate = validatorOf(entity, event);
  if (!validate(data)) throw validationError(fieldErrors(validate.errors));
  return Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'version'));
}

/** The event's counter, one more than stored (missing counts as 0). */
export function eventCount(entity: EntityDef, event: string, record: Row): Row {
  const field = eventRulesOf(entity.schema)[event]?.count;
  if (!field) return {};
  const stored = record[field];
  return { [field]: (typeof stored === 'number' && Number.isInteger(stored) ? stored : 0) + 1 };
}

/** The event's input as the record stores it: each field renamed by `into` when the rule names one. */
export function inputWrites(entity: EntityDef, event: string, input: Row): Row {
  const into = eventRulesOf(entity.schema)[event]?.into ?? {};
  return Object.fromEntries(Object.entries(input).map(([field, value]) => [Object.hasOwn(into, field) ? into[field] : field, value]));
}
