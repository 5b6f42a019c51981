import { Center, Stack, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { CellKeyDownEvent, ColDef, GetRowIdParams, GridApi, RowSelectionOptions } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormatContext } from '../format/values';
import { ensureLabels, knownLabel } from '../lookup/cache';
import { useLabelsVersion } from '../lookup/useLookup';
import { lookupOf } from '../schema/fields';
import { ActionsCell, OWN_CLICK_ATTRIBUTE, type ActionsCellParams } from './ActionsCell';
import { buildColDefs } from './colDefs';
import type { ColumnSpec } from './columns';
import { gridTheme } from './baseSetup';
import './scrollbars.css';

type Row = Record<string, unknown>;

export interface SchemaGridProps {
  columns: ColumnSpec[];
  rows: Row[];
  /** The record id field (`x-id`), for stable rows across refreshes. */
  idField?: string;
  loading?: boolean;
  onRowClick?: (row: Row) => void;
  /** The grid API, for the Excel export (rows in displayed order). */
  onApi?: (api: GridApi<Row>) => void;
  ariaLabel?: string;
  /** Row action buttons, in a last column (none when the list is empty). */
  actions?: ActionsCellParams;
  /** The action column first rather than last: wide grids then show the buttons without scrolling. */
  actionsFirst?: boolean;
  /** Rows get checkboxes (selection actions); only rows `selectable` accepts can be checked. */
  selection?: { selectable: (row: Row) => boolean; onChange: (rows: Row[]) => void };
}

/** Width of one action button and the cell's padding. */
const ACTION_PX = 30;
const ACTION_CELL_PADDING_PX = 34;
/** Approximate width of a header character (13 px semi-bold), as for the data columns. */
const HEADER_CHAR_PX = 7.5;
export const ACTIONS_COLUMN = 'rowActions';
/**
 * Every prop of the grid keeps its identity from one render to the next: AG Grid takes a changed
 * prop as a changed option, and a new `defaultColDef` rebuilds every column (a new `rowSelection`
 * or `rowStyle` restyles and re-checks every row).
 */
const DEFAULT_COL_DEF: ColDef<Row> = { sortable: true, resizable: true, wrapHeaderText: true, autoHeaderHeight: true };
const ROW_STYLE = { pointer: { cursor: 'pointer' }, plain: { cursor: 'default' } };

function actionsColDef(actions: ActionsCellParams, headerName: string, first: boolean): ColDef<Row> {
  const width = Math.max(ACTION_CELL_PADDING_PX + ACTION_PX * actions.actions.length, Math.ceil(headerName.length * HEADER_CHAR_PX + ACTION_CELL_PADDING_PX));
  return {
    colId: ACTIONS_COLUMN,
    headerName,
    lockPosition: first ? 'left' : 'right',
    width,
    minWidth: width,
    sortable: false,
    resizable: false,
    suppressMovable: true,
    cellRenderer: ActionsCell,
    cellRendererParams: actions,
  };
}

/** Clicks and keys on a row's own buttons are not a request to open the row. */
const ownClick = (event: Event | null | undefined): boolean =>
  !!(event?.target as Element | null)?.closest?.(`[${OWN_CLICK_ATTRIBUTE}]`);

function NoRows() {
  const { t } = useTranslation();
  return (
    <Center>
      <Stack align="center" gap={4}>
        <IconDatabaseOff size={32} stroke={1.2} color="var(--mantine-color-dimmed)" />
        <Text c="dimmed" size="sm">
          {t('engine.grid.noRows')}
        </Text>
      </Stack>
    </Center>
  );
}

/** An AG Grid of records, columns from the screen and the entity schema, in the Mantine look. */
export function SchemaGrid({ columns, rows, idField, loading, onRowClick, onApi, ariaLabel, actions, actionsFirst = false, selection }: SchemaGridProps) {
  const { t, i18n } = useTranslation();
  const apiRef = useRef<GridApi<Row> | null>(null);
  const labels = useLabelsVersion();
  const ctx: FormatContext = useMemo(() => ({ t, locale: i18n.language, lookupLabel: knownLabel }), [t, i18n.language]);
  const columnDefs = useMemo(() => {
    const data = buildColDefs(columns, ctx);
    if (!actions?.actions.length) return data;
    const buttons = actionsColDef(actions, t('engine.grid.actions'), actionsFirst);
    return actionsFirst ? [buttons, ...data] : [...data, buttons];
  }, [columns, ctx, actions, actionsFirst, t]);
  const getRowId = useMemo(() => (idField ? (params: GetRowIdParams<Row>) => String(params.data[idField]) : undefined), [idField]);
  const rowSelection = useMemo<RowSelectionOptions<Row> | undefined>(
    () => (selection ? { mode: 'multiRow', enableClickSelection: false, isRowSelectable: (node) => !!node.data && selection.selectable(node.data) } : undefined),
    [selection],
  );
  const localeText = useMemo(
    () => ({ noRowsToShow: t('engine.grid.noRows'), loadingOoo: t('engine.grid.loading'), ariaRowSelect: t('engine.grid.open') }),
    [t],
  );

  // Grids show names, not ids: fetch the labels of the lookup ids on screen.
  useEffect(() => {
    for (const column of columns) {
      const lookup = lookupOf(column.schema);
      if (!lookup || column.hidden) continue;
      const ids = rows.flatMap((row) => (Array.isArray(row[column.field]) ? (row[column.field] as unknown[]) : [row[column.field]]));
      void ensureLabels(lookup.url, ids, lookup.search);
    }
  }, [rows, columns]);

  // Arrived labels change the lookup columns' text only: those cells are drawn again, not the grid's.
  const lookupColumns = useMemo(() => columns.filter((column) => lookupOf(column.schema)).map((column) => column.field), [columns]);
  useEffect(() => {
    const api = apiRef.current;
    if (api && !api.isDestroyed() && lookupColumns.length) api.refreshCells({ columns: lookupColumns, force: true });
  }, [labels, lookupColumns]);

  const open = (event: CellKeyDownEvent<Row>) => {
    const key = (event.event as KeyboardEvent | undefined)?.key;
    if (key === 'Enter' && event.data && !ownClick(event.event)) onRowClick?.(event.data);
  };

  return (
    <div role="region" aria-label={ariaLabel} style={{ height: '100%', width: '100%' }}>
      <AgGridReact<Row>
        key={i18n.language}
        theme={gridTheme}
        rowData={rows}
        columnDefs={columnDefs}
        defaultColDef={DEFAULT_COL_DEF}
        getRowId={getRowId}
        loading={loading}
        localeText={localeText}
        noRowsOverlayComponent={NoRows}
        tooltipShowDelay={600}
        tooltipShowMode="whenTruncated"
        rowStyle={onRowClick ? ROW_STYLE.pointer : ROW_STYLE.plain}
        onRowClicked={(event) => event.data && !ownClick(event.event) && onRowClick?.(event.data)}
        onCellKeyDown={open}
        rowSelection={rowSelection}
        onSelectionChanged={selection ? (event) => selection.onChange(event.api.getSelectedRows()) : undefined}
        onGridReady={(event) => {
          apiRef.current = event.api;
          onApi?.(event.api);
        }}
      />
    </div>
  );
}
