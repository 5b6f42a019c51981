import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { WorkerMessage } from '../../engine/export/excelWorker';

/** The export worker's script, run here with a stand-in for its global scope. */
const posted: { message: WorkerMessage; transfer: Transferable[] }[] = [];
const scope = { postMessage: (message: WorkerMessage, transfer: Transferable[] = []) => posted.push({ message, transfer }), onmessage: null as null | ((event: { data: unknown }) => Promise<void>) };
const previous = (globalThis as { self?: unknown }).self;
(globalThis as { self?: unknown }).self = scope;
afterAll(() => ((globalThis as { self?: unknown }).self = previous));

describe('Excel export worker', () => {
  it('reports the rows, then the writing, then hands over the file as a transferable ArrayBuffer', { timeout: 30_000 }, async () => {
    await import('../../engine/export/excelWorker');
    const rows = Array.from({ length: 4500 }, (_, index) => [index, `row ${index}`]);
    await scope.onmessage!({ data: { title: 'Rows', columns: [{ header: 'n' }, { header: 'text' }], rows } });
    expect(posted.map(({ message }) => (message.kind === 'rows' ? `rows ${message.done}` : message.kind))).toEqual(['rows 2000', 'rows 4000', 'rows 4500', 'writing', 'done']);
    const last = posted.at(-1)!;
    if (last.message.kind !== 'done') throw new Error('no file');
    expect(last.message.buffer).toBeInstanceOf(ArrayBuffer);
    expect(last.transfer).toEqual([last.message.buffer]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(last.message.buffer);
    expect(workbook.worksheets[0].rowCount).toBe(4501);
    expect(workbook.worksheets[0].getCell('B4501').value).toBe('row 4499');
  });
});
