import type { GridApi } from 'ag-grid-community';
import { exportNumberFormat, exportValue, type FormatContext } from '../format/values';
import { headerText, type ColumnSpec } from '../grid/columns';
import type { ExportTable } from './excel';

type Row = Record<string, unknown>;

/** The grid as the user sees it: displayed columns in their order, rows sorted as shown. */
export function tableFromGrid(api: GridApi<Row>, columns: ColumnSpec[], ctx: FormatContext, title: string): ExportTable {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const shown = api
    .getAllDisplayedColumns()
    .map((column) => ({ spec: byField.get(column.getColId()), width: column.getActualWidth() }))
    .filter((c): c is { spec: ColumnSpec; width: number } => !!c.spec);
  const records: Row[] = [];
  api.forEachNodeAfterFilterAndSort((node) => node.data && records.push(node.data));
  return tableFromRecords(records, shown, ctx, title);
}

export function tableFromRecords(records: Row[], shown: { spec: ColumnSpec; width?: number }[], ctx: FormatContext, title: string): ExportTable {
  return {
    title,
    columns: shown.map(({ spec, width }) => ({ header: headerText(spec, ctx), width })),
    rows: records.map((record) => shown.map(({ spec }) => exportValue(spec, record, ctx))),
    numberFormats: records.map((record) => shown.map(({ spec }) => exportNumberFormat(spec, record))),
  };
}
