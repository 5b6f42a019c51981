import { defaultRange } from '../dates';
import { propertiesOf } from '../schema/fields';
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

/** The names of a search form's period: `x-range` (`["start", "end"]`), else `fromDate` and `toDate`. */
export function rangeFields(search: JsonSchema | undefined): [string, string] {
  const named = search?.['x-range'] as [string, string] | undefined;
  return named ?? ['fromDate', 'toDate'];
}

/** The first filters of a search form: its default period (`x-defaultRange`) and its properties' `default`s. */
export function initialFilters(search: JsonSchema | undefined, today?: Parameters<typeof defaultRange>[1]): Row {
  if (!search) return {};
  const { fromDate, toDate } = defaultRange(search['x-defaultRange'] as string | undefined, today);
  const [from, to] = rangeFields(search);
  const defaults = Object.entries(propertiesOf(search)).filter(([, property]) => property.default !== undefined);
  return { ...(fromDate && toDate ? { [from]: fromDate, [to]: toDate } : {}), ...Object.fromEntries(defaults.map(([name, property]) => [name, property.default])) };
}
