import type { JsonSchema } from '../schema/resolve';

type Row = Record<string, unknown>;

export const given = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length);

/**
 * The filters after `changes`: a filter that takes the place of others (`x-replaces`) clears them when
 * it is given, and is cleared when one of them is given.
 */
export function withReplacements(properties: Record<string, JsonSchema>, values: Row, changes: Row): Row {
  const next: Row = { ...values, ...changes };
  for (const [name, property] of Object.entries(properties)) {
    const replaced = (property['x-replaces'] as string[] | undefined) ?? [];
    if (name in changes && given(changes[name])) replaced.forEach((other) => (next[other] = undefined));
    else if (replaced.some((other) => other in changes && given(changes[other]))) next[name] = undefined;
  }
  return next;
}
