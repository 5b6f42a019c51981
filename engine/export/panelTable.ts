import type { TFunction } from 'i18next';
import { valueAt } from '../charts/chartData';
import type { TableColumn } from '../charts/tableCells';
import { enumText } from '../i18n';
import type { ExportCell, ExportTable } from './workbook';

type Row = Record<string, unknown>;

/** The Excel number format of a column's values: numbers stay numbers in the file, shown as the screen shows them. */
const NUMBER_FORMATS: Record<string, string> = {
  integer: '#,##0',
  number: '#,##0.##',
  money: '#,##0.00',
  percent: '0.0" %"',
  share: '0.0%',
};

/** A cell of the file: an enum's label, a number as a number, anything else as text. */
function exportCell(column: TableColumn, value: unknown, t: TFunction): ExportCell {
  if (value === undefined || value === null || value === '') return null;
  if (column.enumName) return enumText(t, column.enumName, value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The table an export panel writes: its columns' labels, the rows' values at the columns' (dotted) fields. */
export function panelTable(title: string, columns: TableColumn[], rows: Row[], t: TFunction): ExportTable {
  return {
    title,
    columns: columns.map((column) => ({ header: column.label, width: column.width })),
    rows: rows.map((row) => columns.map((column) => exportCell(column, valueAt(row, column.field), t))),
    columnFormats: columns.map((column) => (column.format ? NUMBER_FORMATS[column.format] : undefined)),
  };
}
