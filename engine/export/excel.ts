import type { Workbook } from 'exceljs';
import { exportFileName } from '../dates';

/**
 * Excel export of what a grid shows (spec §9): A4 landscape, one page wide, margins
 * 0.7/0.7/0.75/0.75, bold header row, file `YYYYMMDD_HHmmss_<title>.xlsx`. exceljs is loaded
 * only when the user exports.
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

type ExcelModule = { Workbook: new () => Workbook };

export function buildWorkbook(excel: ExcelModule, table: ExportTable): Workbook {
  const workbook = new excel.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(table.title), {
    pageSetup: { ...PAGE_SETUP, margins: { ...PAGE_SETUP.margins } },
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = table.columns.map((column, index) => {
    const longest = Math.max(column.header.length, ...table.rows.map((row) => String(row[index] ?? '').length));
    const fromGrid = column.width ? Math.round(column.width / 7) : 0;
    return { header: column.header, width: Math.min(60, Math.max(10, fromGrid, longest + 2)) };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF1F3F5' } };
  table.rows.forEach((values, rowIndex) => {
    const row = sheet.addRow(values);
    table.numberFormats?.[rowIndex]?.forEach((format, columnIndex) => {
      if (format) row.getCell(columnIndex + 1).numFmt = format;
    });
  });
  sheet.pageSetup.printTitlesRow = '1:1';
  return workbook;
}

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

export async function exportToExcel(table: ExportTable): Promise<string> {
  const module = await import('exceljs');
  const excel = ((module as { default?: ExcelModule }).default ?? module) as ExcelModule;
  const workbook = buildWorkbook(excel, table);
  const buffer = await workbook.xlsx.writeBuffer();
  const fileName = exportFileName(table.title);
  download(buffer as ArrayBuffer, fileName);
  return fileName;
}
