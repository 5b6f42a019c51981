import { exportFileName } from '../dates';
import type { WorkerMessage } from './excelWorker';
import { buildWorkbook, type ExcelModule, type ExportTable } from './workbook';

/**
 * Excel export of what a screen shows (spec §9: the layout of ./workbook.ts, file
 * `YYYYMMDD_HHmmss_<title>.xlsx`), made in the browser. exceljs is loaded only when the user
 * exports. A large table is built in a Web Worker, so the page stays responsive, reports its
 * progress and can be cancelled (docs/schemas.md "Exports").
 */
export { buildWorkbook, PAGE_SETUP, sheetName, type ExportCell, type ExportColumn, type ExportTable } from './workbook';

/** Where an export is: rows put in the sheet (of `total`), then the file being written. */
export type ExportProgress = { phase: 'rows'; done: number; total: number } | { phase: 'writing'; total: number };

export interface ExportOptions {
  onProgress?: (progress: ExportProgress) => void;
  /** Aborting it stops the export (its worker ends); the promise rejects with an AbortError. */
  signal?: AbortSignal;
}

/** From this many rows on, the table is built in a worker (below, the page's thread is quicker: no worker to start). */
export const WORKER_FROM_ROWS = 2000;

const aborted = () => new DOMException('The export was cancelled', 'AbortError');

function download(data: ArrayBuffer, fileName: string): void {
  const blob = new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function inPage(table: ExportTable): Promise<ArrayBuffer> {
  const module = await import('exceljs');
  const excel = ((module as { default?: ExcelModule }).default ?? module) as ExcelModule;
  return (await buildWorkbook(excel, table).xlsx.writeBuffer()) as ArrayBuffer;
}

function inWorker(table: ExportTable, { onProgress, signal }: ExportOptions): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./excelWorker.ts', import.meta.url), { type: 'module' });
    const total = table.rows.length;
    const stop = () => {
      worker.terminate();
      reject(aborted());
    };
    signal?.addEventListener('abort', stop, { once: true });
    const finish = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => {
      if (data.kind === 'rows') onProgress?.({ phase: 'rows', done: data.done, total });
      else if (data.kind === 'writing') onProgress?.({ phase: 'writing', total });
      else {
        finish();
        if (data.kind === 'done') resolve(data.buffer);
        else reject(new Error(data.message));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'The export failed'));
    };
    worker.postMessage(table);
  });
}

/** Builds and downloads the workbook of `table`; answers the file's name. */
export async function exportToExcel(table: ExportTable, options: ExportOptions = {}): Promise<string> {
  if (options.signal?.aborted) throw aborted();
  const large = table.rows.length >= WORKER_FROM_ROWS && typeof Worker !== 'undefined';
  const buffer = large ? await inWorker(table, options) : await inPage(table);
  if (options.signal?.aborted) throw aborted();
  const fileName = exportFileName(table.title);
  download(buffer, fileName);
  return fileName;
}
