import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { Client, Reply } from './helpers';
import { uploadFile } from './upload-client';

/** Import documents made with the libraries a person's spreadsheet would come from, and the calls around them (docs/imports.md). */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ORDER = '/back/bo/importOrder';
export const SERVICE = '/back/bo/importservice';

export type Cells = (string | number | Date | null)[];

export async function xlsxOf(rows: Cells[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV written by exceljs (fast-csv) with that separator, then encoded (windows-1252, utf-16le with its BOM, utf-8). */
export async function csvOf(rows: Cells[], delimiter: string, encoding: 'windows-1252' | 'utf-16le' | 'utf-8'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  for (const row of rows) sheet.addRow(row);
  const text = Buffer.from(await workbook.csv.writeBuffer({ formatterOptions: { delimiter }, dateFormat: 'YYYY-MM-DD' })).toString('utf8');
  return iconv.encode(text, encoding, { addBOM: encoding === 'utf-16le' });
}

/** Uploads a document into the kind's file domain of the caller's company. */
export async function uploadDocument(client: Client, companyId: number, base: string, bytes: Buffer, filename: string): Promise<Reply> {
  return uploadFile(client, bytes, {
    fileType: base === ORDER ? 'COMPANY_IMPORT_PURCHASE_ORDER' : 'COMPANY_IMPORT',
    entityId: companyId,
    filename,
    mimeType: filename.endsWith('.csv') ? 'text/csv' : XLSX,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a history's progress until it is DONE or FAILED. */
export async function finished(client: Client, base: string, id: number, timeoutMs = 60_000): Promise<Record<string, any>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const reply = await client.get(`${base}/histories/${id}/progress`);
    if (reply.status === 200 && ['DONE', 'FAILED'].includes(reply.body.status)) return (await client.get(`${base}/histories/${id}`)).body;
    if (Date.now() > until) throw new Error(`import ${id} not finished: ${reply.text}`);
    await sleep(100);
  }
}

/** Reads an .xlsx answer's first sheet as rows of texts. */
export async function xlsxRows(bytes: ArrayBuffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return rows;
}

/** A binary answer (the refused rows file), with the client's session. */
export async function download(client: Client, path: string): Promise<{ status: number; type: string | null; bytes: ArrayBuffer }> {
  const response = await fetch(`${client.base}${path}`, { headers: { Cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
  return { status: response.status, type: response.headers.get('Content-Type'), bytes: await response.arrayBuffer() };
}
