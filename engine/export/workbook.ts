import type { Workbook } from 'exceljs';

/**
 * The spec's Excel layout (§9): A4 landscape, one page wide, margins 0.7/0.7/0.75/0.75, bold
 * header row frozen and printed on every page. Pure: the page, its Web Worker and the server
 * each pass the exceljs module they loaded.
 */
export interface ExportColumn {
  header: string;
  /** Grid width in pixels, turned into Excel character widths. */
  width?: number;
}

export type ExportCell = string | number | null;

export interface ExportTable {
  title: string;
  columns: ExportColumn[];
  rows: ExportCell[][];
  /** Per-cell Excel number formats (e.g. amounts with their currency), same shape as rows. */
  numberFormats?: (string | undefined)[][];
  /** Per-column Excel number formats (every row's cell of that column, where `numberFormats` says nothing). */
  columnFormats?: (string | undefined)[];
}

export const PAGE_SETUP = {
  paperSize: 9, // A4
  orientation: 'landscape',
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
  margins: { left: 0.7, right: 0.7, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 },
} as const;

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Sheet1';
}

export type ExcelModule = { Workbook: new () => Workbook };

/** How often `onRows` hears of the rows written. */
export const PROGRESS_EVERY = 2000;

/** Longest text per column (a loop: spreading 100,000 values into Math.max overflows the stack). */
function longestTexts(table: ExportTable): number[] {
  const longest = table.columns.map((column) => column.header.length);
  for (const row of table.rows) {
    for (let index = 0; index < longest.length; index++) {
      const length = row[index] === null || row[index] === undefined ? 0 : String(row[index]).length;
      if (length > longest[index]) longest[index] = length;
    }
  }
  return longest;
}

/** The workbook of `table`; `onRows(done)` is called every PROGRESS_EVERY rows added (a progress bar). */
export function buildWorkbook(excel: ExcelModule, table: ExportTable, onRows?: (done: number) => void): Workbook {
  const workbook = new excel.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(table.title), {
    pageSetup: { ...PAGE_SETUP, margins: { ...PAGE_SETUP.margins } },
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const longest = longestTexts(table);
  sheet.columns = table.columns.map((column, index) => {
    const fromGrid = column.width ? Math.round(column.width / 7) : 0;
    return { header: column.header, width: Math.min(60, Math.max(10, fromGrid, longest[index] + 2)) };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF1F3F5' } };
  table.columnFormats?.forEach((format, index) => {
    if (format) sheet.getColumn(index + 1).numFmt = format;
  });
  table.rows.forEach((values, rowIndex) => {
    const row = sheet.addRow(values);
    table.numberFormats?.[rowIndex]?.forEach((format, columnIndex) => {
      if (format) row.getCell(columnIndex + 1).numFmt = format;
    });
    if (onRows && (rowIndex + 1) % PROGRESS_EVERY === 0) onRows(rowIndex + 1);
  });
  // The header keeps its own look (a column's number format is for its values).
  sheet.getRow(1).eachCell((cell) => (cell.numFmt = 'General'));
  sheet.pageSetup.printTitlesRow = '1:1';
  return workbook;
}
