import type { GridApi } from 'ag-grid-community';
import { useMemo, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { exportToExcel } from '../export/excel';
import { tableFromGrid } from '../export/fromGrid';
import { applyColumnPrefs, loadColumnPrefs, saveColumnPrefs, type ColumnPref, type ColumnSpec } from '../grid/columns';
import { knownLabel } from '../lookup/cache';
import { notify } from '../notify';
import { ColumnDialog } from './ColumnDialog';

type Row = Record<string, unknown>;

export interface GridTools {
  /** The columns after the user's choices (stored per route). */
  columns: ColumnSpec[];
  /** Hand it to SchemaGrid's `onApi`. */
  onApi: (api: GridApi<Row>) => void;
  exporting: boolean;
  exportExcel: () => Promise<void>;
  openColumns: () => void;
  /** The column dialog, to render once in the screen. */
  columnDialog: ReactElement;
}

/** The toolbar's column settings and Excel export over a result grid, shared by every search screen. */
export function useGridTools(route: string, baseColumns: ColumnSpec[], title: string): GridTools {
  const { t, i18n } = useTranslation();
  const [prefs, setPrefs] = useState<ColumnPref[] | null>(() => loadColumnPrefs(route));
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const gridApi = useRef<GridApi<Row> | null>(null);
  const columns = useMemo(() => applyColumnPrefs(baseColumns, prefs), [baseColumns, prefs]);

  const changePrefs = (next: ColumnPref[] | null) => {
    setPrefs(next);
    saveColumnPrefs(route, next);
    setColumnsOpen(false);
  };

  const exportExcel = async () => {
    if (!gridApi.current) return;
    setExporting(true);
    try {
      await exportToExcel(tableFromGrid(gridApi.current, columns, { t, locale: i18n.language, lookupLabel: knownLabel }, title));
    } catch {
      notify({ level: 'error', message: t('engine.search.exportFailed') });
    } finally {
      setExporting(false);
    }
  };

  return {
    columns,
    onApi: (api) => (gridApi.current = api),
    exporting,
    exportExcel,
    openColumns: () => setColumnsOpen(true),
    columnDialog: (
      <ColumnDialog opened={columnsOpen} columns={columns} onClose={() => setColumnsOpen(false)} onSave={changePrefs} onReset={() => changePrefs(null)} />
    ),
  };
}
