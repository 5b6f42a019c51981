import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import unzipper, { type ZipEntry } from 'unzipper';

/**
 * The rows of an .xlsx's first worksheet, streamed (docs/imports.md "The document").
 *
 * Why not exceljs's `WorkbookReader` as it is: it walks the zip in one pass (unzipper's `Parse`)
 * through its `iterateStream`, which pauses the zip while each entry is handled and stops at the
 * zip's `end`. `Parse` emits `end` itself as soon as its input is parsed, while the entries it
 * has pushed meanwhile still wait unread: after a slow step (a busy machine) the entries behind
 * it are dropped — the worksheet itself (no row), or the shared strings (cells read as
 * `{ sharedString: n }`). And a worksheet met before the shared strings (always in the files
 * exceljs writes) goes to a `tmp-*` file removed only when that worksheet is read to its end.
 *
 * Here the zip is read through its central directory (unzipper's `Open`, exceljs's own zip
 * library): each part is found by name and streamed in the order the parsing needs — workbook
 * relationships, workbook, shared strings, styles, then the first worksheet — so nothing is
 * skipped, buffered or written to disk; exceljs still parses the XML (shared strings, dates by
 * their style, formulas). The worksheet's bytes are checked against the directory's size and
 * CRC-32: a sheet read short fails the read, never passes as fewer rows. Every stream opened is
 * destroyed when the read ends, a read stopped early (a header, a preview) included.
 */
export type Cell = string | number | boolean | Date | null;
export interface SheetRow {
  /** The row's line in the document (1 = the header). */
  line: number;
  cells: Cell[];
}

/** A document that cannot be read as the import needs it; `key` is the i18n key of the reason. */
export class SheetReadError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/**
 * The bytes of an .xlsx are read this many at a time: each read is inflated and parsed in one go
 * (a compressed 64 kB, fs's default, is thousands of rows of XML: 100 ms and more of the event
 * loop); small reads keep each step short, so requests go on during an import.
 */
const XLSX_READ_BYTES = 8 * 1024;

/** exceljs's workbook reader methods used here: each parses one part of the package from a stream. */
interface PartParsers {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(chunks: AsyncIterable<Buffer>, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
}

const READER_OPTIONS = { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' } as const;

/** The document's bytes by range, each stream kept in `opened` until it closes. */
function zipSource(document: string | Buffer, opened: Set<Readable>) {
  const track = (stream: Readable) => {
    opened.add(stream);
    stream.once('close', () => opened.delete(stream));
    return stream;
  };
  return {
    size: async () => (typeof document === 'string' ? (await stat(document)).size : document.length),
    stream(offset: number, length?: number): Readable {
      if (typeof document === 'string') return track(createReadStream(document, { start: offset, end: length ? offset + length - 1 : undefined, highWaterMark: XLSX_READ_BYTES }));
      return track(new PassThrough().end(document.subarray(offset, length ? offset + length : undefined)));
    },
  };
}

/** An entry's bytes, checked at their end against the central directory's size and CRC-32. */
async function* checkedBytes(entry: Readable, expected: ZipEntry): AsyncGenerator<Buffer> {
  let size = 0;
  let crc = 0;
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    size += chunk.length;
    crc = crc32(chunk, crc);
    yield chunk;
  }
  if (size !== expected.uncompressedSize || crc !== expected.crc32) throw new SheetReadError('import.error.sheetIncomplete');
}

/** The path of the workbook's first worksheet, by the workbook's sheet order and its relationships. */
function firstSheetPath(parts: PartParsers): string | undefined {
  const first = parts.model?.sheets?.[0];
  const target = first && parts.workbookRels?.find((rel) => rel.Id === first.rId)?.Target;
  if (!target) return undefined;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** An exceljs cell value as plain data: rich text joined, a formula's result, a link's text. */
function plainCell(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (value instanceof Date || typeof value !== 'object') return value as Cell;
  const object = value as Record<string, unknown>;
  if (Array.isArray(object.richText)) return (object.richText as { text: string }[]).map((part) => part.text).join('');
  if ('result' in object) return plainCell(object.result);
  if ('text' in object) return plainCell(object.text);
  // An error, or a formula saved without its result: no value.
  if ('error' in object || 'formula' in object || 'sharedFormula' in object) return null;
  // A shared string its table did not hold: the document is broken, never a cell "[object Object]".
  if ('sharedString' in object) throw new SheetReadError('import.error.unreadable');
  return String(value);
}

/** The rows of the first worksheet of an .xlsx: a file's path, or bytes (the demo seed's). */
export async function* xlsxRows(document: string | Buffer): AsyncGenerator<SheetRow> {
  const opened = new Set<Readable>();
  try {
    const directory = await unzipper.Open.custom(zipSource(document, opened)).catch(() => {
      throw new SheetReadError('import.error.unreadable');
    });
    const entries = new Map(directory.files.map((entry) => [entry.path.replace(/^\//, ''), entry]));
    const open = (entry: ZipEntry) => {
      const stream = entry.stream();
      opened.add(stream);
      return stream;
    };
    const parts = new ExcelJS.stream.xlsx.WorkbookReader(undefined as unknown as string, READER_OPTIONS) as unknown as PartParsers;
    const part = (path: string) => entries.get(path);
    const rels = part('xl/_rels/workbook.xml.rels');
    const workbook = part('xl/workbook.xml');
    if (rels) await parts._parseRels(open(rels));
    if (workbook) await parts._parseWorkbook(open(workbook));
    const sharedStrings = part('xl/sharedStrings.xml');
    if (sharedStrings) for await (const _ of parts._parseSharedStrings(open(sharedStrings)));
    const styles = part('xl/styles.xml');
    if (styles) await parts._parseStyles(open(styles));
    const path = firstSheetPath(parts);
    const sheet = path ? part(path) : undefined;
    if (!sheet) throw new SheetReadError('import.error.noWorksheet');
    const sheetNo = /(\d+)\.xml$/.exec(path!)?.[1] ?? '1';
    const [{ value: worksheet }] = [...parts._parseWorksheet(checkedBytes(open(sheet), sheet), sheetNo)];
    for await (const row of worksheet) {
      // row.values is 1-based: its first item is always empty.
      yield { line: row.number, cells: Array.from((row.values as unknown[]).slice(1), plainCell) };
    }
  } finally {
    for (const stream of opened) stream.destroy();
  }
}
