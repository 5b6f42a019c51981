import { getDefaultFormState } from '@rjsf/utils';
import { dynamicDefault } from '../dates';
import { validator } from '../form/validation';
import { pickDeclared, propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';

/**
 * A new record: schema defaults plus dynamic ones (`x-default: today | currentMonth`), then
 * the values `given` by the screen (its route's scope).
 */
export function newRecord(schema: JsonSchema, given: Record<string, unknown> = {}): Record<string, unknown> {
  const dynamic = Object.fromEntries(
    Object.entries(propertiesOf(schema))
      .map(([field, prop]) => [field, dynamicDefault(prop['x-default'])])
      .filter(([, value]) => value !== undefined),
  );
  return formState(schema, { ...dynamic, ...given });
}

/**
 * How forms fill defaults: a list with `minItems` starts empty rather than with empty slots (an
 * empty slot of a lookup list would show as an unknown item).
 */
export const DEFAULTS_BEHAVIOR = { arrayMinItems: { populate: 'never' as const } };

/** What the form holds for a record: declared fields only, defaults filled like RJSF fills them. */
export function formState(schema: JsonSchema, record: Record<string, unknown>): Record<string, unknown> {
  return (getDefaultFormState(validator, schema as never, pickDeclared(schema, record), undefined, false, DEFAULTS_BEHAVIOR) ?? {}) as Record<string, unknown>;
}
