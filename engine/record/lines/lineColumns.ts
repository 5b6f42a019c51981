import type { ColDef, ValueSetterParams } from 'ag-grid-community';
import { buildColDefs } from '../../grid/colDefs';
import type { ColumnSpec } from '../../grid/columns';
import { cellText, type FormatContext } from '../../format/values';
import { enumOf, type FieldKind } from '../../schema/fields';
import type { LineErrors } from './lineErrors';
import { NumberCellEditor } from './NumberCellEditor';

type Row = Record<string, unknown>;
/** Each grid row carries its line's index in the record's array. */
export const ROW_INDEX = '__line';

/** The AG Grid editor of each kind edited in the cell; other kinds are edited in the line dialog. */
const editors: Partial<Record<FieldKind, string | typeof NumberCellEditor>> = {
  text: 'agTextCellEditor',
  number: NumberCellEditor,
  integer: NumberCellEditor,
  date: 'agDateStringCellEditor',
  enum: 'agSelectCellEditor',
};

const ERROR_STYLE = { boxShadow: 'inset 0 0 0 1px var(--mantine-color-red-6)', backgroundColor: 'var(--mantine-color-red-light)' };

export interface LineColumnOptions {
  /** May this cell of this line be typed into now. */
  editable: (line: Row, field: string) => boolean;
  errors: LineErrors;
  onEdit: (index: number, field: string, value: unknown) => void;
}

/** An edited value as the line stores it: an emptied cell removes the field. */
const stored = (value: unknown) => (value === '' || value === null || (typeof value === 'number' && Number.isNaN(value)) ? undefined : value);

/**
 * The lines grid's columns: the read-only look of every grid (engine/grid/colDefs.ts), plus inline
 * editors for the simple kinds, a red frame and tooltip on a cell with an error, and nothing
 * editable in the totals row.
 */
export function lineColDefs(columns: ColumnSpec[], ctx: FormatContext, options: LineColumnOptions): ColDef<Row>[] {
  const shown = buildColDefs(columns, ctx);
  return shown.map((def, i) => {
    const column = columns[i];
    const field = column.field;
    const errorOf = (row: Row | undefined) => (row && typeof row[ROW_INDEX] === 'number' ? options.errors[row[ROW_INDEX] as number]?.[field] : undefined);
    const out: ColDef<Row> = {
      ...def,
      cellStyle: (params) => (errorOf(params.data) ? ERROR_STYLE : undefined),
      // A cell in error says why; the others show their text (when cut).
      tooltip: (params) => errorOf(params.data) ?? (params.valueFormatted || undefined),
    };
    const editor = editors[column.kind];
    if (!editor || column.schema.readOnly) return out;
    return {
      ...out,
      // The editor works on the raw value; the cell shows it formatted.
      valueGetter: undefined,
      field,
      valueFormatter: (params) => (params.data ? cellText(column, params.data, ctx, column.kind) : ''),
      editable: (params) => !params.node.rowPinned && !!params.data && options.editable(params.data, field),
      cellEditor: editor,
      // No inferred data type: the grid would refuse a kept text in a number column and put the old value back.
      cellDataType: false,
      cellEditorParams:
        column.kind === 'enum'
          ? { values: enumOf(column.schema)?.values ?? [], formatValue: (value: unknown) => cellText(column, { [field]: value }, ctx, 'enum') }
          : column.kind === 'number' || column.kind === 'integer'
            ? { schema: column.schema, locale: ctx.locale }
            : // No maxLength: a text past it stays whole, marked on the cell, and Save waits.
              undefined,
      valueSetter: (params: ValueSetterParams<Row>) => {
        options.onEdit(params.data[ROW_INDEX] as number, field, stored(params.newValue));
        // The record changes; the grid gets the new rows from it.
        return false;
      },
    };
  });
}
