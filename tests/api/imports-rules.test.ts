import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStorage } from '../../server/files/storage';
import { handleImportJobs, IMPORT_JOB, importJobKey, type ImportHistory } from '../../server/imports/importJob';
import { HISTORIES } from '../../server/imports/kinds';
import { scheduleJob } from '../../server/jobs/queue';
import { JobWorker } from '../../server/jobs/worker';
import { loadRegistry } from '../../server/schemas';
import type { Row } from '../../server/store/types';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { ROOT, startWithLogins, type Client, type TestServer } from './helpers';
import { ORDER, download, finished, uploadDocument, xlsxOf, xlsxRows, type Cells } from './import-files';
import { refusedWithoutWrites } from './refused';
import { network, type Network } from './service-fixtures';

/**
 * Imported order rows pass the rules of the API's own writes (docs/imports.md "Rows"): an order
 * needs one date, a PO number is one order of the brand whatever its case and spaces, a reference
 * with parents keeps its type. A refused row shows the API's message in the preview and the
 * refused rows file, and writes nothing of itself: not its order, not its reference, not its line.
 */
let server: TestServer;
let clients: Record<'quality', Client>;
let net: Network;
let watch: WriteWatch;
let worker: JobWorker;

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(['quality']));
  net = await network(server.store);
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
  worker = handleImportJobs(new JobWorker(server.db, { pollMs: 50 }), { db: server.db, registry: loadRegistry(join(ROOT, 'schemas')), files: new FileStorage(server.filesDir), batchRows: 2 }).start();
});
afterAll(async () => {
  await worker?.stop();
  await watch?.close();
  await server?.close();
});

const HEADER = ['PO number', 'Supplier', 'SKU', 'Colour', 'Size', 'Ordered quantity', 'Article name', 'Reference type', 'Order date'];
const ONE_DATE = 'Give at least one date: order, ex-factory or delivery.';
const TYPE_LOCKED = 'The reference type cannot change when parent references exist';
const codeKey = (value: unknown) => String(value ?? '').trim().toLowerCase();
const ofBrand = (collection: string, field: string, key: string) => server.store.find(collection, (row) => row.companyId === net.lumiere && codeKey(row[field]) === codeKey(key));

/** Uploads the rows as the current document, with every column mapped and confirmed. */
async function documentOf(rows: Cells[], name: string): Promise<void> {
  const { quality } = clients;
  expect((await uploadDocument(quality, net.lumiere, ORDER, await xlsxOf([HEADER, ...rows]), name)).status).toBe(200);
  for (const [source, target] of [['Colour', 'orderLine.color'], ['Size', 'orderLine.size'], ['Article name', 'reference.name'], ['Reference type', 'reference.referenceType'], ['Order date', 'purchaseOrder.orderDate']]) {
    const mapping = (await quality.get(`${ORDER}/mappings`)).body;
    const row = mapping.columns.find((column: Row) => column.source === source);
    if (row.target === target && row.ready) continue;
    // A new target waits for its confirmation: the same target sent again.
    for (let time = row.target === target ? 1 : 2; time > 0; time--) expect((await quality.patch(`${ORDER}/mappings/${row.column}`, { column: row.column, source, target })).status).toBe(200);
  }
}

async function imported(): Promise<Record<string, any>> {
  const reply = await clients.quality.get(`${ORDER}/startImport`);
  expect(reply.status, reply.text).toBe(200);
  return finished(clients.quality, ORDER, reply.body.importHistoryId);
}

type PreviewRow = { line: number; errors: { target: string | null; message: string }[] };

async function preview(): Promise<PreviewRow[]> {
  const before = await watch.mark();
  const reply = await clients.quality.get(`${ORDER}/preview`);
  expect(reply.status, reply.text).toBe(200);
  expect((await watch.writtenSince(before)).filter((name) => !['loginEvents', 'serverLogs'].includes(name))).toEqual([]);
  return reply.body.rows;
}

describe('imported order rows pass the API rules', () => {
  it('an order without a date is refused with the API message, in the preview and the import; nothing of its row is written', async () => {
    await documentOf(
      [
        ['RULE-PO-1', 'Shenzhen Textile Co', 'RULE-SKU-1', 'Red', 'M', 10, 'Rule shirt', null, null],
        ['RULE-PO-2', 'Shenzhen Textile Co', 'RULE-SKU-2', 'Red', 'M', 10, 'Rule dress', null, '15/01/2031'],
        // A later row gives the date: too late, the order was refused with its first row, and this one makes it.
        ['RULE-PO-1', 'Shenzhen Textile Co', 'RULE-SKU-3', 'Blue', 'L', 5, 'Rule skirt', null, '16/01/2031'],
      ],
      'orders-dates.xlsx',
    );
    const rows = await preview();
    expect(rows[0].errors).toEqual(['purchaseOrder.orderDate', 'purchaseOrder.exFactoryDate', 'purchaseOrder.deliveryDate'].map((target) => ({ target, message: ONE_DATE })));
    expect(rows[1].errors).toEqual([]);
    expect(rows[2].errors).toEqual([]);

    const history = await imported();
    expect(history).toMatchObject({ status: 'DONE', totalRows: 3, created: 2, updated: 0, refused: 1 });
    // The refused row wrote neither its reference nor its line; the order is the third row's.
    expect(await ofBrand('references', 'sku', 'RULE-SKU-1')).toEqual([]);
    expect(await ofBrand('orderLines', 'sku', 'RULE-SKU-1')).toEqual([]);
    const [order] = await ofBrand('purchaseOrders', 'poNumber', 'RULE-PO-1');
    expect(order.orderDate).toBe('2031-01-16');
    const file = await download(clients.quality, `${ORDER}/histories/${String(history.importHistoryId)}/refusedRows`);
    const refused = await xlsxRows(file.bytes);
    expect(refused.slice(1).map((row) => row[0])).toEqual(['2']);
    expect(refused[1].at(-1)).toContain(`Order date: ${ONE_DATE}`);
  });

  it('a PO number is one order of the brand whatever its case and spaces, as the API refuses a second one', async () => {
    const { quality } = clients;
    // The API: the same PO number in lower case is "already used".
    const twin = await refusedWithoutWrites(watch, 422, () => quality.post('/back/bo/purchaseOrders', { poNumber: 'rule-po-2', supplier: net.shenzhen, orderDate: '2031-02-01' }));
    expect(twin.body.message).toContain('rule-po-2');
    expect(twin.body.errors.map((error: Row) => error.path)).toEqual(['/poNumber']);
    // The import: the rows of ' rule-po-2 ' are the lines of RULE-PO-2, its number kept as stored.
    await documentOf(
      [
        [' rule-po-2 ', 'Shenzhen Textile Co', 'rule-sku-2', 'RED', 'm', 12, null, null, null],
        ['Rule-PO-2', 'Shenzhen Textile Co', 'RULE-SKU-4', 'Green', 'S', 3, null, null, null],
      ],
      'orders-case.xlsx',
    );
    expect((await preview()).map((row) => row.errors)).toEqual([[], []]);
    expect(await imported()).toMatchObject({ status: 'DONE', created: 1, updated: 1, refused: 0 });
    const orders = await ofBrand('purchaseOrders', 'poNumber', 'RULE-PO-2');
    expect(orders.map((order) => order.poNumber)).toEqual(['RULE-PO-2']);
    const lines = await server.store.find('orderLines', (line) => line.purchaseOrderId === orders[0].purchaseOrderId);
    expect(lines.map((line) => `${line.poNumber} ${line.sku} ${line.color} ${line.size} ${line.orderedQuantity}`).sort()).toEqual(['RULE-PO-2 RULE-SKU-2 Red M 12', 'RULE-PO-2 RULE-SKU-4 Green S 3']);
    // The sku found its reference whatever its case: no second reference of the brand.
    expect(await ofBrand('references', 'sku', 'RULE-SKU-2')).toHaveLength(1);
  });

  it('a reference with parents keeps its type: the row is refused with the API message, its new order not written', async () => {
    const [child] = await server.store.find('references', (reference) => reference.companyId === net.lumiere && Array.isArray(reference.parentIds) && reference.parentIds.length > 0);
    const otherType = child.referenceType === 'FABRIC' ? 'LEATHER' : 'FABRIC';
    await documentOf(
      [
        ['RULE-PO-3', 'Shenzhen Textile Co', child.sku as string, 'Red', 'M', 10, child.name as string, otherType, '01/03/2031'],
        ['RULE-PO-4', 'Shenzhen Textile Co', child.sku as string, 'Red', 'L', 10, child.name as string, child.referenceType as string, '01/03/2031'],
      ],
      'orders-types.xlsx',
    );
    const rows = await preview();
    expect(rows[0].errors).toEqual([{ target: 'reference.referenceType', message: TYPE_LOCKED }]);
    expect(rows[1].errors).toEqual([]);
    const before = await watch.mark();
    expect(await imported()).toMatchObject({ status: 'DONE', created: 1, refused: 1 });
    expect(await watch.writtenSince(before)).toContain('orderLines');
    expect((await server.store.get('references', child.referenceId as number))!.referenceType).toBe(child.referenceType);
    expect(await ofBrand('purchaseOrders', 'poNumber', 'RULE-PO-3')).toEqual([]);
    const [order] = await ofBrand('purchaseOrders', 'poNumber', 'RULE-PO-4');
    const lines = await server.store.find('orderLines', (line) => line.purchaseOrderId === order.purchaseOrderId);
    expect(lines.map((line) => `${line.sku} ${line.size} ${line.referenceId}`)).toEqual([`${child.sku} L ${child.referenceId}`]);
  });
});

describe('a document the reader cannot read whole', () => {
  it('fails the import with its reason, writing none of its rows, rather than importing fewer', async () => {
    const { quality } = clients;
    // Stored uncompressed, so a cell's text can be changed in place: its rows still parse, its CRC-32 no longer matches.
    const rows: Cells[] = [HEADER, ...Array.from({ length: 5 }, (_, index): Cells => [`RULE-PO-CRC-${index}`, 'Shenzhen Textile Co', `RULE-SKU-CRC-${index}`, 'Red', 'M', 12345, null, null, '01/03/2031'])];
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Orders');
    for (const row of rows) sheet.addRow(row);
    const bytes = Buffer.from(await book.xlsx.writeBuffer({ zip: { compression: 'STORE' } } as ExcelJS.XlsxWriteOptions));
    const at = bytes.lastIndexOf('<v>12345</v>');
    expect(at).toBeGreaterThan(0);
    bytes.write('<v>12346</v>', at);
    expect((await uploadDocument(quality, net.lumiere, ORDER, bytes, 'orders-damaged.xlsx')).status).toBe(200);
    // The header and its samples are read; the sheet's end, where its check is, comes with the import.
    expect((await quality.get(`${ORDER}/mappings`)).body.columns).toHaveLength(HEADER.length);
    const history = await imported();
    expect(history).toMatchObject({ status: 'FAILED', lastError: 'import.error.sheetIncomplete', rowsRead: 0, created: 0 });
    expect(await server.store.find('purchaseOrders', (order) => String(order.poNumber).startsWith('RULE-PO-CRC-'))).toEqual([]);
    expect((await quality.get(`${ORDER}/histories`)).body[0]).toMatchObject({ importHistoryId: history.importHistoryId, reason: 'The worksheet could not be read whole (damaged file): save it again as .xlsx and upload it again' });
  });

  it('ends FAILED, not DONE, when the rows read are not as many as the rows counted', async () => {
    // A run taken again after a crash finds its count in the history: here one the document does not have.
    const [done] = (await clients.quality.get(`${ORDER}/histories`)).body.filter((history: Row) => history.status === 'DONE');
    const stored = (await server.store.get<ImportHistory>(HISTORIES, done.importHistoryId as number))!;
    const { importHistoryId: _id, version: _version, endDate: _end, ...copy } = stored;
    const history = await server.store.insert(HISTORIES, 'importHistoryId', { ...copy, status: 'RUNNING', totalRows: stored.totalRows! + 1, rowsRead: 0, created: 0, updated: 0, refused: 0 });
    const ordersBefore = (await server.store.find('purchaseOrders', (order) => order.companyId === net.lumiere)).length;
    await server.db.transaction((tx) => scheduleJob(tx, IMPORT_JOB, new Date(), { importHistoryId: history.importHistoryId }, importJobKey(history.importHistoryId as number)));
    const ended = await finished(clients.quality, ORDER, history.importHistoryId as number);
    expect(ended).toMatchObject({ status: 'FAILED', lastError: 'import.error.rowCount', reason: expect.stringContaining('row count') });
    expect((await server.store.find('purchaseOrders', (order) => order.companyId === net.lumiere)).length).toBe(ordersBefore);
  });
});
