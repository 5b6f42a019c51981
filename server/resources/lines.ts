import type { JsonSchema } from '../../engine/schema/resolve';
import { validationError, type FieldError } from '../errors';
import { isPlainObject } from '../json-body';
import type { Row } from '../store/types';

/**
 * Lines of a record (array properties whose items are objects): their readOnly fields belong to
 * the server, and with `x-id` on the items each line has an id within its record, which the
 * server gives (docs/schemas.md "Lines").
 */
const itemsOf = (schema: JsonSchema, name: string): JsonSchema | undefined => {
  const items = (schema.properties as Record<string, JsonSchema> | undefined)?.[name]?.items;
  return items && typeof items === 'object' && items.properties ? (items as JsonSchema) : undefined;
};
const readOnlyFields = (items: JsonSchema) => Object.keys(items.properties).filter((field) => items.properties[field].readOnly);

/** The client's lines of `name` without their readOnly fields (line totals, line statuses). */
export function withoutReadOnlyItems(schema: JsonSchema, name: string, value: unknown): unknown {
  const items = itemsOf(schema, name);
  if (!items || !Array.isArray(value)) return value;
  const dropped = new Set(readOnlyFields(items));
  return value.map((line) => (isPlainObject(line) ? Object.fromEntries(Object.entries(line).filter(([field]) => !dropped.has(field))) : line));
}

/** The `default`s of the readOnly fields of a new line (its first status). */
const readOnlyDefaults = (items: JsonSchema): Row =>
  Object.fromEntries(readOnlyFields(items).filter((field) => items.properties[field].default !== undefined).map((field) => [field, items.properties[field].default]));

/**
 * Lines with `x-id`: a line without an id is new and gets the next id of the record (highest
 * stored or given + 1) and its readOnly defaults; a line with an id keeps the readOnly fields
 * of the stored line; an id the stored record does not have, or given twice, is refused (400).
 */
export function numberLines(schema: JsonSchema, record: Row, existing?: Row): Row {
  const out = { ...record };
  const errors: FieldError[] = [];
  for (const name of Object.keys(schema.properties ?? {})) {
    const items = itemsOf(schema, name);
    const idField = items?.['x-id'] as string | undefined;
    const lines = out[name];
    if (!items || !idField || !Array.isArray(lines)) continue;
    const storedLines = (Array.isArray(existing?.[name]) ? (existing[name] as unknown[]) : []).filter(isPlainObject) as Row[];
    const stored = new Map(storedLines.map((line) => [line[idField], line]));
    const ids = [...storedLines, ...lines.filter(isPlainObject)].map((line) => (line as Row)[idField]).filter((id): id is number => typeof id === 'number');
    let next = Math.max(0, ...ids) + 1;
    const seen = new Set<unknown>();
    const kept = readOnlyFields(items);
    out[name] = lines.map((line, index) => {
      if (!isPlainObject(line)) return line;
      const id = line[idField];
      if (id === undefined) return { ...readOnlyDefaults(items), ...line, [idField]: next++ };
      if (!stored.has(id) || seen.has(id)) {
        errors.push({ path: `/${name}/${index}/${idField}`, key: 'validation.unknownReference' });
        return line;
      }
      seen.add(id);
      const storedLine = stored.get(id)!;
      return { ...Object.fromEntries(kept.filter((field) => storedLine[field] !== undefined).map((field) => [field, storedLine[field]])), ...line };
    });
  }
  if (errors.length) throw validationError(errors);
  return out;
}
