import { columnField, type ColumnConfig } from '../../config';
import { cellText, type FormatContext } from '../../format/values';
import type { JsonSchema } from '../../schema/resolve';

type Row = Record<string, unknown>;

/**
 * A read-only line's column as a person reads it: the value (an enum's label, a contact's name, a
 * date in the locale); with `until`, a range `start → end` (the end left out when empty or the same);
 * with `text`, a sentence whose placeholders are the line's fields read the same way
 * (`"Answered by {{answeredByContact}} · {{answeredAt}}"`). Empty when the value is.
 */
export function columnText(column: ColumnConfig, line: Row, props: Record<string, JsonSchema>, ctx: FormatContext): string {
  const name = columnField(column);
  const read = (field: string) => (props[field] ? cellText({ field, schema: props[field] }, line, ctx) : '');
  const value = read(name);
  if (typeof column === 'string' || !value) return value;
  const end = column.until ? read(column.until) : '';
  const shown = end && line[column.until!] !== line[name] ? `${value} → ${end}` : value;
  if (!column.text) return shown;
  return ctx.t(column.text, Object.fromEntries(Object.keys(props).map((field) => [field, field === name ? shown : read(field)])));
}
