import type { TFunction } from 'i18next';
import type { ColumnConfig } from '../config';
import { enumText, titleText } from '../i18n';
import { colorsOf } from '../format/colors';
import { formatDay } from '../format/localDates';
import type { JsonSchema } from '../schema/resolve';
import { formatValue, valueAt, type ValueFormat } from './chartData';

/** A data table's column, its options made explicit. */
export interface TableColumn {
  field: string;
  label: string;
  format?: ValueFormat;
  enumName?: string;
  badge: boolean;
  colors?: Record<string, string>;
  numeric: boolean;
  width?: number;
  /** The route the cell opens, a template of the row's fields. */
  to?: string;
}

// Formats of numbers: their cells are right-aligned.
const NUMERIC_FORMATS: string[] = ['number', 'integer', 'money', 'percent', 'share'];

/** `enums` (the config's, by name): a column naming an enum takes its `x-colors` unless it gives its own `colors`. */
export function tableColumns(columns: ColumnConfig[], t: TFunction, enums: Record<string, JsonSchema> = {}): TableColumn[] {
  return columns
    .map((column) => (typeof column === 'string' ? { field: column } : column))
    .filter((column) => !column.hidden)
    .map((column) => ({
      field: column.field,
      label: titleText(t, column.label ?? column.field),
      format: column.format,
      enumName: column.enum,
      badge: column.badge === true,
      colors: column.colors ?? (column.enum ? colorsOf(enums[column.enum]) : undefined),
      numeric: NUMERIC_FORMATS.includes(column.format ?? ''),
      width: column.width,
      to: column.to,
    }));
}

/** A cell's text: enum label, date, formatted number or the value. */
export function cellValueText(column: TableColumn, value: unknown, t: TFunction, language: string): string {
  if (column.enumName) return enumText(t, column.enumName, value);
  if (column.format === 'date') return formatDay(value, language);
  return formatValue(value, column.format, language);
}

/** Rows ordered by a column, a dotted path of the rows (numbers as numbers, missing values last), or as given. */
export function sortedRows<T extends Record<string, unknown>>(rows: T[], field: string | null, desc: boolean): T[] {
  if (!field) return rows;
  const missing = (value: unknown) => value === null || value === undefined || value === '';
  return [...rows].sort((a, b) => {
    const [x, y] = [valueAt(a, field), valueAt(b, field)];
    if (missing(x) || missing(y)) return missing(x) === missing(y) ? 0 : missing(x) ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return desc ? -order : order;
  });
}
