import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { callerFor } from '../auth/caller';
import { today } from '../dates';
import { newHistory, writeBatch, type ImportHistory } from '../imports/importJob';
import { HISTORIES, ORDER_IMPORT } from '../imports/kinds';
import { mappingOf } from '../imports/mapping';
import { checkOrderRow } from '../imports/orderImport';
import { callerContext } from '../imports/runContext';
import { xlsxRows, type SheetRow } from '../imports/sheetReader';
import type { Registry } from '../schemas';
import type { Row, Stored, Writer, WriteOps } from '../store/types';
import type { DemoIdentity } from './identity';
import { addDays } from './random';

/**
 * Maison Lumière's import history (docs/imports.md): its quality manager imported an order file,
 * made here as an .xlsx and run through the import's own code (the streaming reader, the proposed
 * mapping, the row checks, the job's batch write), so its counts and refused rows are those of the
 * records it wrote. The file: a new order (ML-PO-IMPORT-01) of six lines of existing references,
 * two lines of an order the brand already has (updated: the same values again), a row naming a
 * supplier outside the network and one with a negative quantity (refused). The document itself
 * was removed after the import, as people do: the history keeps its name, its id is spent.
 */
const HEADER = ['PO number', 'Supplier', 'Order date', 'SKU', 'Colour', 'Size', 'Ordered quantity', 'Designation'];
const FILE_NAME = 'lumiere-orders-FW27.xlsx';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SEEDED_IMPORT = { poNumber: 'ML-PO-IMPORT-01', fileName: FILE_NAME, unknownSupplier: 'Lumen Atelier Ltd' } as const;

/** The file's rows: the new order's, the existing lines restated, the two refused. */
function documentRows(tx: WriteOps, identity: DemoIdentity, orderDate: string): (string | number)[][] {
  const brand = identity.companies.lumiere;
  const nameOf = (companyId: unknown) => String(tx.get('companies', companyId as number)?.name);
  const orders = tx.find('purchaseOrders', (order) => order.companyId === brand).sort((a, b) => Number(a.purchaseOrderId) - Number(b.purchaseOrderId));
  const order = orders.find((candidate) => tx.find('orderLines', (line) => line.purchaseOrderId === candidate.purchaseOrderId).length >= 2);
  if (!order) throw new Error('The demo seed: no order of Maison Lumière with two lines to import again');
  const lines = tx.find('orderLines', (line) => line.purchaseOrderId === order.purchaseOrderId).slice(0, 2);
  const supplier = nameOf(order.supplier);
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  return [
    HEADER,
    ...['MLW-2401', 'MLW-2402', 'MLW-2403', 'MLW-2404', 'MLW-2405', 'MLW-2406'].map((sku, index) => [SEEDED_IMPORT.poNumber, supplier, orderDate, sku, index % 2 ? 'Ecru' : 'Navy', 'S-XL', (index + 2) * 250, `FW27 line ${index + 1}`]),
    ...lines.map((line: Row) => [text(order.poNumber), supplier, text(order.orderDate), text(line.sku), text(line.color), text(line.size), Number(line.orderedQuantity), text(line.designation)]),
    [SEEDED_IMPORT.poNumber, SEEDED_IMPORT.unknownSupplier, orderDate, 'MLW-2407', 'Navy', 'S-XL', 400, 'FW27 line 7'],
    [SEEDED_IMPORT.poNumber, supplier, orderDate, 'MLW-2408', 'Camel', 'S-XL', -40, 'FW27 line 8'],
  ];
}

async function workbookOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function seedImportHistory(tx: WriteOps, writer: Writer, registry: Registry, identity: DemoIdentity, now: Date): Promise<Stored<ImportHistory>> {
  const caller = await callerFor(writer, identity.accounts.quality, { via: 'session', sessionKey: 'import-job' });
  if (!caller) throw new Error('The demo seed: the quality manager cannot import');
  const context = await callerContext(writer, registry, caller);
  const bytes = await workbookOf(documentRows(tx, identity, addDays(today(now), -20)));
  const read: SheetRow[] = [];
  for await (const row of xlsxRows(bytes)) read.push(row);
  const [header, ...rows] = read;
  const columns = mappingOf(registry, ORDER_IMPORT, header.cells.map(String), undefined);
  const unmapped = ORDER_IMPORT.targets.filter((target) => target.required && !columns.some((column) => column.target === target.target));
  if (unmapped.length) throw new Error(`The demo seed: no column for ${unmapped.map(({ target }) => target).join(', ')}`);
  const document = { fileId: tx.nextId('files'), fileName: FILE_NAME, hash: createHash('sha256').update(bytes).digest('hex'), mimeType: XLSX };
  const history = tx.insert(HISTORIES, 'importHistoryId', { ...newHistory(caller, 'ORDER', document, columns, now.toISOString()), status: 'RUNNING', totalRows: rows.length }) as unknown as Stored<ImportHistory>;
  const checked = rows.map((row) => checkOrderRow(registry, context, row, columns));
  return writeBatch(writer, context, history, rows, checked, true, async () => {});
}
