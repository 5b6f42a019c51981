/// <reference lib="webworker" />
import ExcelJS from 'exceljs';
import { buildWorkbook, type ExcelModule, type ExportTable } from './workbook';

/**
 * Builds a large export off the page's thread (engine/export/excel.ts): the page keeps answering
 * while exceljs writes some 100,000 rows; a cancel ends this worker. Messages: `rows` (how many are
 * in the sheet), `writing` (the file is being zipped), then `done` with the file's bytes.
 */
export type WorkerMessage = { kind: 'rows'; done: number } | { kind: 'writing' } | { kind: 'done'; buffer: ArrayBuffer } | { kind: 'failed'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.onmessage = async (event: MessageEvent<ExportTable>) => {
  try {
    const workbook = buildWorkbook(ExcelJS as unknown as ExcelModule, event.data, (done) => post({ kind: 'rows', done }));
    post({ kind: 'rows', done: event.data.rows.length });
    post({ kind: 'writing' });
    // exceljs answers a Buffer (a view): the bytes it covers are handed over, not copied.
    const written = (await workbook.xlsx.writeBuffer()) as unknown as ArrayBuffer | Uint8Array;
    const buffer = written instanceof ArrayBuffer ? written : (written.buffer.slice(written.byteOffset, written.byteOffset + written.byteLength) as ArrayBuffer);
    post({ kind: 'done', buffer }, [buffer]);
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
