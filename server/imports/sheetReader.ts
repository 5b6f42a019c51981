import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { detect } from 'chardet';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { xlsxRows, type Cell, type SheetRow } from './xlsxReader';

/**
 * Reads an import document as a stream of rows (the header row first), never whole: an .xlsx's
 * first worksheet by xlsxReader.ts, a .csv through csv-parse after its encoding (UTF-8, UTF-16,
 * Windows-1252…: chardet on its first 64 kB, decoded by iconv-lite) and its separator (`,` `;` or
 * tab, the most frequent one in the header line) are detected.
 */
export { SheetReadError, xlsxRows, type Cell, type SheetRow } from './xlsxReader';

const SAMPLE_BYTES = 65_536;
const XLSX_TYPES = new Set(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);

export const isSpreadsheet = (mimeType: string, fileName: string) => XLSX_TYPES.has(mimeType) || /\.xlsx$/i.test(fileName);

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

/** Every row of the document, the header first. */
export async function* sheetRows(path: string, mimeType: string, fileName: string): AsyncGenerator<SheetRow> {
  yield* isSpreadsheet(mimeType, fileName) ? xlsxRows(path) : csvRows(path);
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
