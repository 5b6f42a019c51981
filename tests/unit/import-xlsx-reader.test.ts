import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SheetReadError, xlsxRows, type Cell } from '../../server/imports/xlsxReader';

/**
 * docs/imports.md "The document": an .xlsx's rows are read through its zip's central directory,
 * every row, whatever the order of the parts in the zip and however slow a step is, with no file
 * left in the OS temp folder and no file left open, a read stopped early included.
 */
type WorkbookReaderParts = { prototype: { _parseRels(entry: Readable): Promise<void> } };
const WorkbookReader = ExcelJS.stream.xlsx.WorkbookReader as unknown as WorkbookReaderParts & (new (input: Readable, options: object) => AsyncIterable<AsyncIterable<ExcelJS.Row>>);

async function workbook(rows: Cell[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Orders');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const header = ['PO number', 'SKU', 'Quantity'];
const dataRows = (count: number): Cell[][] => Array.from({ length: count }, (_, index) => [`PO-${index % 7}`, `SKU-${index}`, index]);

async function readAll(document: string | Buffer, limit = Infinity): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  for await (const row of xlsxRows(document)) {
    rows.push(row.cells);
    if (rows.length >= limit) break;
  }
  return rows;
}

/** Every step that parses the workbook's relationships takes 200 ms (a busy machine): the zip's parser meanwhile reaches the end of a small file. */
function slowRelationships(): () => void {
  const original = WorkbookReader.prototype._parseRels;
  WorkbookReader.prototype._parseRels = async function (this: unknown, entry: Readable) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    return original.call(this, entry);
  };
  return () => {
    WorkbookReader.prototype._parseRels = original;
  };
}

/** The zip's parts stored in another order (the worksheet last, after its shared strings), as other spreadsheet programs do. */
async function reordered(bytes: Buffer): Promise<Buffer> {
  const source = await JSZip.loadAsync(bytes);
  const names = Object.keys(source.files).filter((name) => !source.files[name].dir);
  const target = new JSZip();
  for (const name of [...names.filter((name) => !name.includes('worksheets/')), ...names.filter((name) => name.includes('worksheets/'))]) target.file(name, await source.files[name].async('nodebuffer'));
  return target.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('the .xlsx reader', () => {
  let folder: string;
  let restore: (() => void) | undefined;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'xlsx-reader-'));
  });
  afterEach(async () => {
    restore?.();
    restore = undefined;
    await rm(folder, { recursive: true, force: true });
  });

  it('finds the cause: exceljs one-pass reader drops the entries behind a slow step; this reader reads every row', async () => {
    const bytes = await workbook([header, ...dataRows(5)]);
    restore = slowRelationships();
    // exceljs's own streaming reader: its zip emitted `end` while the worksheet still waited, unread.
    let legacyRows = 0;
    const legacy = new WorkbookReader(Readable.from([bytes]), { sharedStrings: 'cache', worksheets: 'emit', entries: 'ignore' });
    (legacy as unknown as { model: object }).model = { sheets: [] };
    for await (const sheet of legacy) for await (const _ of sheet) legacyRows++;
    expect(legacyRows).toBe(0);
    // The same slow step: every row, its strings resolved.
    const rows = await readAll(bytes);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual(header);
    expect(rows[5]).toEqual(['PO-4', 'SKU-4', 4]);
  }, 30_000);

  it('reads a file and bytes alike, whatever the order of the zip parts', async () => {
    const bytes = await workbook([header, ...dataRows(300)]);
    const path = join(folder, 'orders.xlsx');
    await writeFile(path, await reordered(bytes));
    const fromFile = await readAll(path);
    expect(fromFile).toHaveLength(301);
    expect(fromFile).toEqual(await readAll(bytes));
    expect(fromFile[300]).toEqual(['PO-5', 'SKU-299', 299]);
  }, 30_000);

  it('reads cells as plain values: rich text joined, a formula by its result, none without one, dates as dates', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Orders');
    sheet.addRow(['Text', 'Rich', 'Formula', 'No result', 'Date']);
    sheet.addRow(['PO-1', { richText: [{ text: 'Linen ' }, { text: 'shirt', font: { bold: true } }] }, { formula: '2*3', result: 6 }, { formula: '2*3' }, new Date(Date.UTC(2031, 0, 15))]);
    const rows = await readAll(Buffer.from(await book.xlsx.writeBuffer()));
    expect(rows[1]).toEqual(['PO-1', 'Linen shirt', 6, null, new Date(Date.UTC(2031, 0, 15))]);
  });

  it('fails a worksheet whose bytes do not match the zip directory, rather than passing fewer rows', async () => {
    // Stored uncompressed, so a cell's text can be changed in place: the XML still parses, its CRC-32 no longer matches.
    const stored = await (await JSZip.loadAsync(await workbook([header, [12345, 'SKU-1', 1]]))).generateAsync({ type: 'nodebuffer', compression: 'STORE' });
    const at = stored.indexOf('<v>12345</v>');
    expect(at).toBeGreaterThan(0);
    stored.write('<v>12346</v>', at);
    await expect(readAll(stored)).rejects.toMatchObject({ key: 'import.error.sheetIncomplete' });
  });

  it('refuses a document that is not a workbook, or has no worksheet, with a reason', async () => {
    await expect(readAll(Buffer.from('PO number;SKU\nPO-1;SKU-1\n'))).rejects.toBeInstanceOf(SheetReadError);
    const zip = await JSZip.loadAsync(await workbook([header]));
    zip.remove('xl/worksheets/sheet1.xml');
    await expect(readAll(await zip.generateAsync({ type: 'nodebuffer' }))).rejects.toMatchObject({ key: 'import.error.noWorksheet' });
  });

  it('leaves no temp file and no open file, read whole or stopped after a few rows', async () => {
    const path = join(folder, 'large.xlsx');
    // Text that compresses badly: the file is many reads long, so a read stopped early leaves most of it unread.
    await writeFile(path, await workbook([header, ...dataRows(5_000).map(([po, sku]) => [po, sku, randomBytes(24).toString('hex')])]));
    const openFiles = async () => (await readdir('/proc/self/fd')).length;
    const tempFiles = async (dir: string) => (await readdir(dir)).filter((name) => name.startsWith('tmp-')).length;
    // exceljs names its temp files after os.tmpdir(), read at each call: a folder of this test's own.
    const temp = await mkdtemp(join(folder, 'os-tmp-'));
    const previousTmp = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    try {
      const settled = () => new Promise((resolve) => setTimeout(resolve, 100));
      const filesBefore = await openFiles();
      expect(await readAll(path, 3)).toHaveLength(3);
      await settled();
      expect(await openFiles()).toBe(filesBefore);
      expect(await readAll(path)).toHaveLength(5_001);
      await settled();
      expect(await openFiles()).toBe(filesBefore);
      expect(await tempFiles(temp)).toBe(0);
      // The check can fail: exceljs's own streaming reader stopped early leaves its temp file behind.
      const legacy = new WorkbookReader(Readable.from([await workbook([header, ...dataRows(10)])]), { sharedStrings: 'cache', worksheets: 'emit', entries: 'ignore' });
      (legacy as unknown as { model: object }).model = { sheets: [] };
      for await (const sheet of legacy) {
        for await (const _ of sheet) break;
        break;
      }
      expect(await tempFiles(temp)).toBe(1);
    } finally {
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
    }
  }, 60_000);
});
