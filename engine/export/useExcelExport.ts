import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportApiError } from '../api';
import { notify } from '../notify';
import type { ExportProgress, ExportTable } from './excel';

/** Where an export of the page is: reading its rows, building the file (ExportProgress), or over. */
export type ExportState =
  | { step: 'idle' }
  | { step: 'reading' }
  | ({ step: 'building' } & ExportProgress)
  | { step: 'done'; file: string; rows: number }
  | { step: 'cancelled' };

/**
 * One Excel export at a time, made in the browser: `run` reads the table (given the signal, so a
 * cancel stops its calls too), builds the file in a worker when it is large, reports the progress,
 * and downloads it; `cancel` stops it wherever it is. Leaving the page cancels it.
 */
export function useExcelExport() {
  const { t } = useTranslation();
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = async (readTable: (signal: AbortSignal) => Promise<ExportTable>) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    setState({ step: 'reading' });
    try {
      const table = await readTable(signal);
      const { exportToExcel } = await import('./excel');
      const file = await exportToExcel(table, { signal, onProgress: (progress) => !signal.aborted && setState({ step: 'building', ...progress }) });
      setState({ step: 'done', file, rows: table.rows.length });
    } catch (error) {
      if (signal.aborted) return setState({ step: 'cancelled' });
      setState({ step: 'idle' });
      if (error instanceof ApiError) reportApiError(error);
      else notify({ level: 'error', message: t('engine.search.exportFailed') });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const cancel = () => running.current?.abort();
  const busy = state.step === 'reading' || state.step === 'building';
  return { state, run, cancel, busy };
}
