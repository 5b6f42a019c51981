import { columnField, type ColumnConfig } from '../../config';
import { propertiesOf } from '../../schema/fields';
import type { JsonSchema } from '../../schema/resolve';

type Row = Record<string, unknown>;

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * A read-only lines column `{ "field": "x", "spread": true }` of an object field: one column per
 * property of the object's schema (`x.a`, `x.b`: properties a server may add at run time, such as a
 * company's custom fields), each shown only when a line holds a value. Answers the columns, the
 * lines' schema properties and the lines with those dotted fields added, for the table to read as
 * any other.
 */
export function spreadColumns(columns: ColumnConfig[], props: Record<string, JsonSchema>, lines: Row[]): { columns: ColumnConfig[]; props: Record<string, JsonSchema>; lines: Row[] } {
  const spread = columns.filter((column) => typeof column !== 'string' && column.spread && props[column.field]);
  if (!spread.length) return { columns, props, lines };
  const added: Record<string, JsonSchema> = {};
  const flat = lines.map((line) => ({ ...line }));
  const out = columns.flatMap((column) => {
    if (!spread.includes(column)) return [column];
    const name = columnField(column);
    return Object.entries(propertiesOf(props[name])).flatMap(([key, schema]) => {
      const dotted = `${name}.${key}`;
      flat.forEach((line, index) => (line[dotted] = (lines[index][name] as Row | undefined)?.[key]));
      if (!flat.some((line) => filled(line[dotted]))) return [];
      added[dotted] = schema;
      return [dotted];
    });
  });
  return { columns: out, props: { ...props, ...added }, lines: flat };
}
