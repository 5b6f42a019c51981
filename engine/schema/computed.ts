import jsonata from 'jsonata';
import type { JsonSchema } from './resolve';

/**
 * `x-computed` (docs/schemas.md "Computed fields"): fields of an object schema whose value is a
 * JSONata expression over that object. The lines of an array property are computed first, then the
 * record, so a record's total can sum its lines; in a line's expression `$record` is the whole
 * record. `$num(x)` is x when it is a finite number, else 0 (a cell still being typed counts as 0).
 * The server computes these fields on every write (they are readOnly: the client's values are
 * dropped); the browser computes them the same way to show totals as the user types.
 */
type Row = Record<string, unknown>;

const compiled = new Map<string, ReturnType<typeof jsonata>>();
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function expression(source: string) {
  let found = compiled.get(source);
  if (!found) {
    found = jsonata(source);
    compiled.set(source, found);
  }
  return found;
}

export const computedOf = (schema: JsonSchema | undefined): Record<string, string> => (schema?.['x-computed'] as Record<string, string> | undefined) ?? {};

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The array properties whose items have computed fields. */
export function computedLines(schema: JsonSchema): string[] {
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([, prop]) => prop?.type === 'array' && Object.keys(computedOf(prop.items as JsonSchema)).length > 0)
    .map(([name]) => name);
}

/** The object with its computed fields (in declaration order: a later one may use an earlier one). */
export async function computeObject(schema: JsonSchema | undefined, object: Row, record: Row = object): Promise<Row> {
  const out = { ...object };
  for (const [field, source] of Object.entries(computedOf(schema))) {
    const value: unknown = await expression(source).evaluate(out, { record, num });
    if (value === undefined) delete out[field];
    else out[field] = value;
  }
  return out;
}

/** The record with the computed fields of its lines, then its own. */
export async function computeRecord(schema: JsonSchema, record: Row): Promise<Row> {
  const out = { ...record };
  for (const name of computedLines(schema)) {
    const lines = out[name];
    if (!Array.isArray(lines)) continue;
    const items = (schema.properties as Record<string, JsonSchema>)[name].items as JsonSchema;
    out[name] = await Promise.all(lines.map((line) => (isRow(line) ? computeObject(items, line, record) : line)));
  }
  return computeObject(schema, out);
}
