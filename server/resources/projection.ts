import type { JsonSchema } from '../../engine/schema/resolve';
import type { EntityDef, Registry } from '../schemas';

/** The fields a template names: `{field}` of a row action's url, `:field` of a route. */
const named = (template: string | undefined) => [...(template ?? '').matchAll(/[{:](\w+)\}?/g)].map((match) => match[1]);

/**
 * A search answer's projection (docs/store.md "Projections"): the record fields its screens read
 * from a row — the grid's columns, the row actions' urls and conditions, the side panel's kept and
 * card fields, the record link's parameters, the row fields an `x-answer` column reads ids from,
 * the item fields an `x-answer` column shows of the records' own lines (`lines[].f`) — and the
 * entity's id. The screens are the one source of truth: a column added to a screen is read from
 * the store; a field no screen shows (a search text, the rest of the lines) stays in it.
 */
export function searchProjection(registry: Registry, entity: EntityDef, searchName: string): string[] {
  const form = registry.search[searchName] as JsonSchema | undefined;
  const answer = form?.['x-answer'] as { fields?: Record<string, { ids?: string; from: string; match?: string; text?: string[] }> } | undefined;
  const answerFields = answer?.fields ?? {};
  const properties = (entity.schema.properties ?? {}) as Record<string, JsonSchema>;
  const fields = new Set<string>([entity.idField]);
  for (const { ids, from, match, text } of Object.values(answerFields)) {
    if (ids) fields.add(ids);
    // A list of the answer built from the records' own lines (`match` on the row's id): only the item fields shown.
    if (match && properties[from]?.type === 'array') for (const item of text ?? []) fields.add(`${from}[].${item}`);
  }
  for (const screen of registry.screens) {
    if (screen.type !== 'search' || screen.search !== searchName) continue;
    for (const column of screen.columns ?? []) fields.add(typeof column === 'string' ? column : column.field);
    for (const field of named(screen.record)) fields.add(field);
    for (const action of screen.rowActions ?? []) for (const field of [...named(action.url), ...named(action.to), ...Object.keys(action.when ?? {})]) fields.add(field);
    const side = screen.side;
    if (side) {
      for (const field of side.keep ?? []) fields.add(field);
      const { titleField, badgeField, lines } = side.card;
      for (const field of [titleField, badgeField, ...(lines ?? []).flat()]) if (field) fields.add(field);
    }
  }
  // Columns of the answer's own (`x-answer` fields) and server-only fields are not record fields.
  return [...fields].filter((field) => !Object.hasOwn(answerFields, field) && !entity.serverOnly.has(field));
}
