import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { detect } from 'chardet';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

/**
 * Reads an import document as a stream of rows (the header row first), never whole: an .xlsx
 * through exceljs's streaming reader (first worksheet), a .csv through csv-parse after its
 * encoding (UTF-8, UTF-16, Windows-1252…: chardet on its first 64 kB, decoded by iconv-lite) and
 * its separator (`,` `;` or tab, the most frequent one in the header line) are detected.
 */
export type Cell = string | number | boolean | Date | null;
export interface SheetRow {
  /** The row's line in the document (1 = the header). */
  line: number;
  cells: Cell[];
}

const SAMPLE_BYTES = 65_536;
const XLSX_TYPES = new Set(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);

export const isSpreadsheet = (mimeType: string, fileName: string) => XLSX_TYPES.has(mimeType) || /\.xlsx$/i.test(fileName);

/** An exceljs cell value as plain data: rich text joined, a formula's result, a link's text. */
function plainCell(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (value instanceof Date || typeof value !== 'object') return value as Cell;
  const object = value as Record<string, unknown>;
  if (Array.isArray(object.richText)) return (object.richText as { text: string }[]).map((part) => part.text).join('');
  if ('result' in object) return plainCell(object.result);
  if ('text' in object) return plainCell(object.text);
  if ('error' in object) return null;
  return String(value);
}

/**
 * The bytes of an .xlsx are read this many at a time: the reader inflates and parses each read in
 * one go (a compressed 64 kB, fs's default, is thousands of rows of XML: 100 ms and more of the
 * event loop); small reads keep each step short, so requests go on during an import.
 */
const XLSX_READ_BYTES = 8 * 1024;

/**
 * exceljs's streaming reader now and then read no row at all of a worksheet when the machine was busy
 * (the API suite under load: a demo seed whose import found no header, a mapping without columns); a
 * worksheet that gave no row is read again from the start, up to this many times, before it counts as
 * empty. Nothing was yielded then, so nothing is read twice.
 */
const XLSX_READS = 3;

/** The rows of an .xlsx's first worksheet, each read from a new stream of `open` (a document's file, or bytes the demo seed made). */
export async function* xlsxRows(open: () => Readable): AsyncGenerator<SheetRow> {
  for (let read = 1; ; read++) {
    let rows = 0;
    for await (const row of firstWorksheetRows(open())) {
      rows += 1;
      yield row;
    }
    if (rows > 0 || read >= XLSX_READS) return;
  }
}

async function* firstWorksheetRows(input: Readable): AsyncGenerator<SheetRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit' });
  // The reader names a worksheet from xl/workbook.xml, which a workbook written by exceljs (and
  // others) stores after its worksheets: read first, a worksheet then met `model` undefined and threw
  // now and then (exceljs issue #3064). Only the first worksheet's rows are read here, never its
  // name; the workbook's own model replaces this one when its entry comes.
  (workbook as unknown as { model: { sheets: unknown[] } }).model = { sheets: [] };
  for await (const worksheet of workbook) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      // row.values is 1-based: its first item is always empty.
      const values = (row.values as unknown[]).slice(1);
      yield { line: row.number, cells: Array.from(values, plainCell) };
    }
    // The first worksheet only.
    return;
  }
}

/** The iconv-lite name of the document's encoding (UTF-8 when unsure). */
export function encodingOf(sample: Buffer): string {
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8';
  const detected = detect(sample)?.toLowerCase() ?? 'utf-8';
  if (detected.startsWith('iso-8859-1') || detected.startsWith('windows-125') || detected === 'iso-8859-15') return 'windows-1252';
  return iconv.encodingExists(detected) ? detected : 'utf-8';
}

/** `,` `;` or tab: the one found most often outside quotes in the first line. */
export function separatorOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((separator) => [separator, unquoted.split(separator).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

async function sampleOf(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  const sample = await sampleOf(path);
  const encoding = encodingOf(sample);
  const delimiter = separatorOf(iconv.decode(sample, encoding));
  const parser = createReadStream(path)
    .pipe(iconv.decodeStream(encoding))
    .pipe(parse({ delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }));
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { line: info.lines, cells: record.map((value) => (value === '' ? null : value)) };
  }
}

/**
 * Up to this size an .xlsx is read whole, by exceljs's workbook loader (a few MB of memory at most): the
 * streaming reader, for larger documents, now and then read no row under load.
 */
const XLSX_WHOLE_BYTES = 2 * 1024 * 1024;

/** The rows of an .xlsx's first worksheet, the workbook read whole (a small document: the demo seed's, most mappings). */
export async function* wholeXlsxRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: SheetRow[] = [];
  book.worksheets[0]?.eachRow((row) => rows.push({ line: row.number, cells: Array.from((row.values as unknown[]).slice(1), plainCell) }));
  yield* rows;
}

/** Every row of the document, the header first. */
export async function* sheetRows(path: string, mimeType: string, fileName: string): AsyncGenerator<SheetRow> {
  if (!isSpreadsheet(mimeType, fileName)) yield* csvRows(path);
  else if ((await stat(path)).size <= XLSX_WHOLE_BYTES) yield* wholeXlsxRows(await readFile(path));
  else yield* xlsxRows(() => createReadStream(path, { highWaterMark: XLSX_READ_BYTES }));
}

/** The header row's texts (empty cells are named by their column number). */
export async function headerOf(path: string, mimeType: string, fileName: string): Promise<{ headers: string[]; samples: Cell[][] }> {
  const rows = sheetRows(path, mimeType, fileName);
  const samples: Cell[][] = [];
  let headers: string[] | undefined;
  try {
    for await (const row of rows) {
      if (!headers) headers = row.cells.map((cell, index) => (cell === null || String(cell).trim() === '' ? `#${index + 1}` : String(cell).trim()));
      else samples.push(row.cells);
      if (samples.length >= 3) break;
    }
  } finally {
    await rows.return(undefined);
  }
  return { headers: headers ?? [], samples };
}
