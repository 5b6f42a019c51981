import { defaultRange, RANGE_FIELDS } from '../dates';
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

/**
 * The date ranges of a search form, each one picker: `fromDate`/`toDate`, and every date whose
 * `onOrAfter` names another property of the form (`end` after `start`, `period1ToDate` after
 * `period1FromDate`), as [from, to].
 */
export function rangePairs(properties: Record<string, JsonSchema>): [string, string][] {
  const [from, to] = RANGE_FIELDS;
  const pairs: [string, string][] = from in properties && to in properties ? [[from, to]] : [];
  for (const [name, property] of Object.entries(properties)) {
    const from = property.onOrAfter;
    if (typeof from === 'string' && from in properties && !pairs.some(([, to]) => to === name)) pairs.push([from, name]);
  }
  return pairs;
}

/**
 * The first filters of a search form: its default period (`x-defaultRange`: its first range's), each
 * range's own (the `x-defaultRange` of its first property) and its properties' `default`s.
 */
export function initialFilters(search: JsonSchema | undefined, today?: Parameters<typeof defaultRange>[1]): Row {
  if (!search) return {};
  const properties = propertiesOf(search);
  const ranges = rangePairs(properties).flatMap(([from, to], index) => {
    const { fromDate, toDate } = defaultRange((properties[from]['x-defaultRange'] ?? (index === 0 ? search['x-defaultRange'] : undefined)) as string | undefined, today);
    return fromDate && toDate ? [[from, fromDate], [to, toDate]] : [];
  });
  const defaults = Object.entries(properties).filter(([, property]) => property.default !== undefined);
  return { ...Object.fromEntries(ranges), ...Object.fromEntries(defaults.map(([name, property]) => [name, property.default])) };
}
