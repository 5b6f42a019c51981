import type { ColDef } from 'ag-grid-community';
import { colorsOf } from '../format/colors';
import { cellText, type FormatContext } from '../format/values';
import { enumOf, lookupOf, type FieldKind } from '../schema/fields';
import { BadgeCell, BooleanCell, ChipsCell, SwatchCell } from './cells';
import { headerText, type ColumnSpec } from './columns';

type Row = Record<string, unknown>;

/** Kinds whose raw value sorts right (ISO dates, numbers); the others sort by their label. */
const sortsByRawValue: FieldKind[] = ['date', 'yearMonth', 'dateTime', 'number', 'integer'];
const numeric: FieldKind[] = ['number', 'integer'];

/** Approximate width of a header character (13 px semi-bold) and the header's own padding. */
const HEADER_CHAR_PX = 7.5;
const HEADER_PADDING_PX = 36;

/** Approximate width of a badge character (11 px bold) and a badge's padding plus the cell's (with a few pixels to spare: wide letters, as in "Accantonamento"). */
const BADGE_CHAR_PX = 7.5;
const BADGE_PADDING_PX = 54;

/** Wide enough for the longest label of the enum in this language: a status badge is never cut. */
function badgeFit(column: ColumnSpec, ctx: FormatContext, values: unknown[]): number {
  const longest = Math.max(0, ...values.map((value) => cellText(column, { [column.field]: value }, ctx, column.kind).length));
  return Math.ceil(longest * BADGE_CHAR_PX + BADGE_PADDING_PX);
}

/** Narrowest useful width of a column by kind; the rest of the width is shared out. */
const minWidthByKind: Partial<Record<FieldKind, number>> = {
  boolean: 80,
  integer: 90,
  number: 110,
  date: 120,
  yearMonth: 110,
  dateTime: 150,
  enum: 120,
  lookup: 160,
  lookupList: 180,
  tags: 180,
  text: 140,
  longText: 220,
};

/** A colour field's pattern (`#rrggbb`, as the colour picker writes it): its cells show the colour. */
export const COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';

/** AG Grid column definitions of screen columns: headers, widths, formatting, renderers. */
export function buildColDefs(columns: ColumnSpec[], ctx: FormatContext): ColDef<Row>[] {
  return columns.map((column) => {
    const text = (row: Row | undefined) => (row ? cellText(column, row, ctx, column.kind) : '');
    const headerName = headerText(column, ctx);
    // Headers wrap between words, never inside one: widen a column to its longest header word.
    const longestWord = Math.max(...headerName.split(/\s+/).map((word) => word.length));
    const headerFit = Math.ceil(longestWord * HEADER_CHAR_PX + HEADER_PADDING_PX);
    const def: ColDef<Row> = {
      colId: column.field,
      field: column.field,
      headerName,
      headerTooltip: headerName,
      hide: column.hidden,
      width: column.width && Math.max(column.width, headerFit),
      flex: column.width ? undefined : (column.flex ?? (column.kind === 'longText' ? 2 : 1)),
      minWidth: Math.max(headerFit, Math.min(column.width ?? Infinity, minWidthByKind[column.kind] ?? 120)),
      tooltip: true, // the displayed text, shown when truncated
    };
    if (sortsByRawValue.includes(column.kind) || column.currencyField) {
      def.valueFormatter = (params) => text(params.data);
      if (numeric.includes(column.kind) || column.currencyField) def.type = 'rightAligned';
    } else {
      def.valueGetter = (params) => text(params.data);
    }
    const badgeValues = column.badge ? enumOf(column.schema)?.values : undefined;
    if (badgeValues) {
      def.cellRenderer = BadgeCell;
      def.cellRendererParams = { colors: colorsOf(column.schema) };
      def.minWidth = Math.max(def.minWidth ?? 0, badgeFit(column, ctx, badgeValues));
      if (def.width) def.width = Math.max(def.width, def.minWidth);
    } else if (column.kind === 'tags') {
      def.cellRenderer = ChipsCell;
      def.cellRendererParams = { url: lookupOf(column.schema)?.url ?? '' };
    } else if (column.kind === 'boolean') {
      def.cellRenderer = BooleanCell;
    } else if (column.schema.pattern === COLOR_PATTERN) {
      def.cellRenderer = SwatchCell;
    }
    return def;
  });
}
