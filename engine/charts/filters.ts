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

/** The first filters of a search form: its default period (`x-defaultRange`) and its properties' `default`s. */
export function initialFilters(search: JsonSchema | undefined, today?: Parameters<typeof defaultRange>[1]): Row {
  if (!search) return {};
  const { fromDate, toDate } = defaultRange(search['x-defaultRange'] as string | undefined, today);
  const defaults = Object.entries(propertiesOf(search)).filter(([, property]) => property.default !== undefined);
  return { ...(fromDate && toDate ? { fromDate, toDate } : {}), ...Object.fromEntries(defaults.map(([name, property]) => [name, property.default])) };
}

/** The period fields of a panels screen's filter row. */
export const RANGE_FIELDS = ['fromDate', 'toDate'];

/**
 * The date ranges of a search form, each edited by one range picker: `fromDate`/`toDate`, and each
 * date whose property says it is `onOrAfter` another date (`end` after `start`).
 */
export function rangePairs(properties: Record<string, JsonSchema>): [string, string][] {
  const pairs: [string, string][] = RANGE_FIELDS.every((name) => name in properties) ? [[RANGE_FIELDS[0], RANGE_FIELDS[1]]] : [];
  for (const [name, property] of Object.entries(properties)) {
    const from = property.onOrAfter;
    if (typeof from === 'string' && from in properties && !pairs.some((pair) => pair.includes(name) || pair.includes(from))) pairs.push([from, name]);
  }
  return pairs;
}
