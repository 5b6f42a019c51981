import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ColDef, GetRowIdParams, GridApi, RowSelectionOptions } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnConfig, SelectionActionConfig } from '../../config';
import { mergeLines, MergeRefused, splitLine } from '../../lines/selectionRules';
import { notify } from '../../notify';
import { screenIcon } from '../../ui/icons';
import type { FormatContext } from '../../format/values';
import { screenColumns } from '../../grid/columns';
import { gridTheme } from '../../grid/setup';
import { titleText } from '../../i18n';
import { ensureLabels, knownLabel } from '../../lookup/cache';
import { useLabelsVersion } from '../../lookup/useLookup';
import { newRecord } from '../../sheet/defaults';
import { computedOf } from '../../schema/computed';
import { lookupOf, propertiesOf } from '../../schema/fields';
import type { JsonSchema } from '../../schema/resolve';
import type { PanelProps } from '../panels';
import { LineDialog } from './LineDialog';
import { lineColDefs, ROW_INDEX } from './lineColumns';
import { cellCount, lineErrors } from './lineErrors';
import { filledFirst } from './requiredFirst';

type Row = Record<string, unknown>;
const TOTAL_ROW = '__total';
/**
 * The grid's props keep their identity across renders (the panel renders at each keystroke and
 * label batch): AG Grid takes a changed prop as a changed option, and a new `defaultColDef`
 * rebuilds every column, a new `rowSelection` re-checks every row.
 */
const DEFAULT_COL_DEF: ColDef<Row> = { sortable: false, resizable: true, wrapHeaderText: true, autoHeaderHeight: true };
const ROW_SELECTION: RowSelectionOptions<Row> = { mode: 'multiRow', enableClickSelection: false };
const rowIdOf = (params: GetRowIdParams<Row>) => (params.data[TOTAL_ROW] ? TOTAL_ROW : String(params.data[ROW_INDEX]));

const linesOf = (record: Row, field: string): Row[] => (Array.isArray(record[field]) ? (record[field] as Row[]) : []);
const sum = (lines: Row[], field: string) => Math.round(lines.reduce((total, line) => total + (typeof line[field] === 'number' ? (line[field] as number) : 0), 0) * 100) / 100;

/**
 * Panel kind `lines`: an editable AG Grid of the record's child lines (an array property). Cells of
 * simple kinds are typed into, the rest of a line is edited in a dialog; each cell is checked with
 * the line schema; computed columns (`x-computed`) and the totals row follow as the user types.
 * Every change stays in the record until the page's Save sends it in one request. `onApi` hands the
 * grid to a screen's Excel export.
 */
export function LinesPanel({ panel, entity, record, view, onChange, readOnly, serverErrors, config, onApi, registerSubmit }: PanelProps & { onApi?: (api: GridApi<Row>) => void }) {
  const { t, i18n } = useTranslation();
  const field = panel.field ?? '';
  const itemSchema = useMemo(() => (propertiesOf(entity)[field]?.items ?? { type: 'object', properties: {} }) as JsonSchema, [entity, field]);
  const requiredFirst = useMemo(() => panel.requiredFirst ?? [], [panel.requiredFirst]);
  const computed = useMemo(() => Object.keys(computedOf(itemSchema)), [itemSchema]);
  const lines = linesOf(record, field);
  const shownLines = linesOf(view, field);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ index: number | null; line: Row } | null>(null);
  const apiRef = useRef<GridApi<Row> | null>(null);
  const labels = useLabelsVersion();

  const columns = useMemo(
    () => screenColumns({ route: '', type: 'search', title: '', columns: panel.columns as ColumnConfig[] | undefined }, itemSchema),
    [panel.columns, itemSchema],
  );
  const errors = useMemo(() => lineErrors(itemSchema, lines, field, serverErrors, t, i18n.language), [itemSchema, lines, field, serverErrors, t, i18n.language]);
  const errorCount = cellCount(errors);
  // A cell the line schema refuses (a number it cannot read, a text too long, a value over its bound) keeps what was typed,
  // marked, and blocks Save (or a wizard's Next) until corrected; a refused save's errors do not (the next save is the retry).
  const refusedCells = useRef(0);
  refusedCells.current = useMemo(() => cellCount(lineErrors(itemSchema, lines, field, [], t, i18n.language)), [itemSchema, lines, field, t, i18n.language]);
  useEffect(
    () =>
      readOnly
        ? undefined
        : registerSubmit(async () => {
            if (refusedCells.current === 0) return true;
            notify({ level: 'warning', message: t('engine.lines.typedProblems', { count: refusedCells.current }) });
            return false;
          }),
    [registerSubmit, readOnly, t],
  );

  const latest = useRef({ record, lines });
  latest.current = { record, lines };
  const setLines = useCallback((next: Row[]) => onChange({ ...latest.current.record, [field]: next }), [onChange, field]);
  const onEdit = useCallback(
    (index: number, name: string, value: unknown) =>
      setLines(latest.current.lines.map((line, i) => (i !== index ? line : value === undefined ? Object.fromEntries(Object.entries(line).filter(([key]) => key !== name)) : { ...line, [name]: value }))),
    [setLines],
  );

  const ctx: FormatContext = useMemo(() => ({ t, locale: i18n.language, lookupLabel: knownLabel }), [t, i18n.language]);
  const columnDefs = useMemo(() => {
    const editable = (line: Row, name: string) => !readOnly && (requiredFirst.includes(name) || filledFirst(line, requiredFirst));
    return [
      {
        colId: ROW_INDEX,
        headerName: '#',
        width: 84,
        pinned: 'left' as const,
        sortable: false,
        valueGetter: (params: { node: { rowPinned?: string | null } | null; data?: Row }) => (params.node?.rowPinned ? t('engine.lines.total') : Number(params.data?.[ROW_INDEX]) + 1),
      },
      // Computed columns (a line's total) stay in view on the right, beside their totals.
      ...lineColDefs(columns, ctx, { editable, errors, onEdit }).map((def) => (computed.includes(String(def.colId)) ? { ...def, pinned: 'right' as const } : def)),
    ];
  }, [columns, ctx, errors, onEdit, readOnly, requiredFirst, t, computed]);

  const localeText = useMemo(() => ({ noRowsToShow: t('engine.lines.none') }), [t]);
  const rows = useMemo(() => shownLines.map((line, index) => ({ ...line, [ROW_INDEX]: index })), [shownLines]);
  const totals = useMemo(
    () => (panel.totals?.length && rows.length ? [{ [TOTAL_ROW]: true, ...Object.fromEntries(panel.totals.map((name) => [name, sum(shownLines, name)])) }] : undefined),
    [panel.totals, rows.length, shownLines],
  );

  // Grids show names, not ids: fetch the labels of the lookup ids on screen.
  useEffect(() => {
    for (const column of columns) {
      const lookup = lookupOf(column.schema);
      if (lookup) void ensureLabels(lookup.url, shownLines.flatMap((line) => (Array.isArray(line[column.field]) ? (line[column.field] as unknown[]) : [line[column.field]])), lookup.search);
    }
  }, [columns, shownLines]);
  // Arrived labels change the lookup columns' text only; changed errors mark and explain any cell.
  const lookupColumns = useMemo(() => columns.filter((column) => lookupOf(column.schema)).map((column) => column.field), [columns]);
  useEffect(() => {
    const api = apiRef.current;
    if (api && !api.isDestroyed() && lookupColumns.length) api.refreshCells({ columns: lookupColumns, force: true });
  }, [labels, lookupColumns]);
  useEffect(() => {
    const api = apiRef.current;
    if (api && !api.isDestroyed()) api.refreshCells({ force: true });
  }, [errors]);

  const keep = (line: Row) => {
    if (!editing) return;
    setLines(editing.index === null ? [...lines, line] : lines.map((old, i) => (i === editing.index ? line : old)));
    setEditing(null);
  };
  const remove = () => {
    setLines(lines.filter((_, index) => !selected.includes(index)));
    setSelected([]);
  };
  const idField = itemSchema['x-id'] as string | undefined;
  /** A merge or split of the selected lines (`selectionActions`), in place of them, held like any edit. */
  const runAction = (action: SelectionActionConfig) => {
    try {
      const chosen = selected.map((index) => lines[index]);
      const produced = action.merge ? [mergeLines(chosen, action.merge, idField ?? '')] : chosen.flatMap((line) => splitLine(line, action.split!, idField ?? ''));
      const at = Math.min(...selected);
      const kept = lines.filter((_, index) => !selected.includes(index));
      setLines([...kept.slice(0, at), ...produced, ...kept.slice(at)]);
      setSelected([]);
      apiRef.current?.deselectAll();
    } catch (error) {
      if (!(error instanceof MergeRefused)) throw error;
      const name = titleText(t, itemSchema.properties?.[error.field]?.title as string | undefined, error.field);
      notify({ level: 'warning', message: t(error.key, { field: name }) });
    }
  };
  const canRun = (action: SelectionActionConfig) => (action.merge ? selected.length >= 2 : selected.length >= 1);
  const title = titleText(t, panel.title ?? (propertiesOf(entity)[field]?.title as string | undefined), field);

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Title order={3} size="h4">{title}</Title>
          <Text size="sm" c="dimmed">
            {t('engine.lines.count', { count: lines.length })}
          </Text>
        </Group>
        {!readOnly && (
          <Group gap="xs">
            {(panel.selectionActions ?? []).map((action) => {
              const Icon = screenIcon(action.icon);
              return (
                <Button key={action.name} size="xs" variant="light" leftSection={<Icon size={14} />} disabled={!canRun(action)} onClick={() => runAction(action)}>
                  {t(action.label)}
                </Button>
              );
            })}
            {!panel.fixed && (
              <Button size="xs" variant="default" leftSection={<IconTrash size={14} />} disabled={!selected.length} onClick={remove}>
                {t('engine.lines.remove', { count: selected.length })}
              </Button>
            )}
            <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} disabled={selected.length !== 1} onClick={() => setEditing({ index: selected[0], line: lines[selected[0]] })}>
              {t('engine.lines.edit')}
            </Button>
            {!panel.fixed && (
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ index: null, line: newRecord(itemSchema) })}>
                {t('engine.lines.add')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <div role="region" aria-label={title}>
        <AgGridReact<Row>
          key={i18n.language}
          theme={gridTheme}
          // A record has at most a few hundred lines: the grid grows with them, the page scrolls.
          domLayout="autoHeight"
          // A line has a few dozen fields at most: every cell stays in the page (find, tab, screen readers).
          suppressColumnVirtualisation
          rowData={rows}
          pinnedBottomRowData={totals}
          columnDefs={columnDefs}
          defaultColDef={DEFAULT_COL_DEF}
          getRowId={rowIdOf}
          rowSelection={readOnly ? undefined : ROW_SELECTION}
          singleClickEdit
          stopEditingWhenCellsLoseFocus
          tooltipShowDelay={300}
          localeText={localeText}
          onSelectionChanged={(event) => setSelected(event.api.getSelectedNodes().map((node) => Number(node.data?.[ROW_INDEX])))}
          onRowDoubleClicked={(event) => !readOnly && event.data && !event.node.rowPinned && setEditing({ index: Number(event.data[ROW_INDEX]), line: lines[Number(event.data[ROW_INDEX])] })}
          onGridReady={(event) => {
            apiRef.current = event.api;
            onApi?.(event.api);
          }}
        />
      </div>
      {errorCount > 0 && (
        <Alert color="red" variant="light" py={6} role="alert">
          {t('engine.lines.errors', { count: errorCount })}
        </Alert>
      )}
      <LineDialog
        line={editing?.line ?? null}
        itemSchema={itemSchema}
        uiSchema={panel.ui ? config.ui[panel.ui] : undefined}
        requiredFirst={requiredFirst}
        title={editing?.index === null ? t('engine.lines.newLine') : t('engine.lines.lineN', { n: (editing?.index ?? 0) + 1 })}
        onSave={keep}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
