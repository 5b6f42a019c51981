import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStorage } from '../../server/files/storage';
import { handleImportJobs } from '../../server/imports/importJob';
import { JobWorker } from '../../server/jobs/worker';
import { loadRegistry } from '../../server/schemas';
import type { Row } from '../../server/store/types';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { ROOT, shiftDay, startWithLogins, today, type Client, type TestServer } from './helpers';
import { declare } from './upload-client';
import { ORDER, SERVICE, XLSX, csvOf, download, finished, uploadDocument, xlsxOf, xlsxRows, type Cells } from './import-files';
import { refusedWithoutWrites } from './refused';
import { network, type Network } from './service-fixtures';
import { SEEDED_IMPORT } from '../../server/seed/imports';
import { orderLineKey } from '../../server/purchaseOrders/lineKey';

/**
 * The order and service imports (docs/imports.md) on a real server with a job worker: documents
 * made with exceljs (.xlsx, and .csv in Windows-1252 and UTF-16), the mapping and its
 * confirmation, the preview's per-cell errors, the import's counts, the refused rows file, a
 * re-import that updates and never duplicates, and who may do any of it.
 */
let server: TestServer;
let clients: Record<'quality' | 'buyer' | 'sales' | 'manager' | 'outsider' | 'admin', Client>;
let net: Network;
let watch: WriteWatch;
let worker: JobWorker;

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(['quality', 'buyer', 'sales', 'manager', 'outsider', 'admin']));
  net = await network(server.store);
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
  worker = handleImportJobs(new JobWorker(server.db, { pollMs: 50 }), { db: server.db, registry: loadRegistry(join(ROOT, 'schemas')), files: new FileStorage(server.filesDir), batchRows: 3 }).start();
});
afterAll(async () => {
  await worker?.stop();
  await watch?.close();
  await server?.close();
});

const HEADER = ['PO number', 'Supplier', 'SKU', 'Colour', 'Size', 'Ordered quantity', 'Article name', 'Order date'];
const orderRows = (): Cells[] => [
  HEADER,
  ['IMP-PO-1', 'Shenzhen Textile Co', 'IMP-SKU-1', 'Red', 'M', 120, 'Linen shirt', new Date(Date.UTC(2031, 0, 15))],
  ['IMP-PO-1', 'Shenzhen Textile Co', 'IMP-SKU-1', 'Red', 'L', 80, 'Linen shirt', new Date(Date.UTC(2031, 0, 15))],
  ['IMP-PO-1', 'Shenzhen Textile Co', 'IMP-SKU-2', 'Blue', 'M', 60, 'Cotton dress', null],
  ['IMP-PO-2', 'Shenzhen Textile Co', 'IMP-SKU-1', 'Red', 'M', 40, 'Linen shirt', '20/02/2031'],
  ['IMP-PO-2', 'Nobody Ltd', 'IMP-SKU-3', 'Green', 'S', 10, 'Wool hat', null],
  ['IMP-PO-2', 'Shenzhen Textile Co', 'IMP-SKU-4', 'Green', 'S', -5, 'Wool scarf', null],
  ['IMP-PO-3', 'Shenzhen Textile Co', null, 'Black', 'S', 5, null, null],
];

const ofBrand = async (collection: string, prefix: string, field = 'poNumber') => server.store.find(collection, (row) => row.companyId === net.lumiere && String(row[field] ?? '').startsWith(prefix));

async function mapColumn(client: Client, base: string, source: string, target: string | null): Promise<Row[]> {
  const mapping = (await client.get(`${base}/mappings`)).body;
  const column = mapping.columns.find((row: Row) => row.source === source).column;
  const reply = await client.patch(`${base}/mappings/${column}`, { column, source, target });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.columns;
}

async function start(client: Client, base: string): Promise<number> {
  const reply = await client.get(`${base}/startImport`);
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body.status).toBe('QUEUED');
  return reply.body.importHistoryId;
}

describe('the demo store', () => {
  it("holds Maison Lumière's order import: its counts are those of the records it wrote, its refused rows download with their reasons", async () => {
    const { quality } = clients;
    const histories = (await quality.get(`${ORDER}/histories`)).body as Row[];
    expect(histories).toHaveLength(1);
    const [history] = histories;
    expect(history).toMatchObject({ status: 'DONE', fileName: SEEDED_IMPORT.fileName, totalRows: 10, rowsRead: 10, created: 6, updated: 2, refused: 2, startedByName: 'Claire Dubois' });
    // Created: the new order's lines, each linked to the brand's reference of its sku.
    const [order] = await ofBrand('purchaseOrders', SEEDED_IMPORT.poNumber);
    expect(order).toMatchObject({ supplier: net.shenzhen, orderDate: expect.any(String) });
    const lines = await ofBrand('orderLines', SEEDED_IMPORT.poNumber);
    expect(lines).toHaveLength(history.created as number);
    const references = new Map((await ofBrand('references', 'MLW-24', 'sku')).map((reference) => [reference.sku, reference.referenceId]));
    expect(lines.every((line) => line.purchaseOrderId === order.purchaseOrderId && line.referenceId === references.get(line.sku))).toBe(true);
    // Updated: two lines of an order the brand already had, found by their key: no line of the brand is there twice.
    const keys = (await server.store.find('orderLines', (line) => line.companyId === net.lumiere)).map((line) => `${String(line.purchaseOrderId)}|${orderLineKey(line)}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(history.rowsRead).toBe((history.created as number) + (history.updated as number) + (history.refused as number));
    // They restated those lines' values: nothing of the brand was rewritten.
    for (const collection of ['orderLines', 'purchaseOrders']) expect(await server.store.find(collection, (row) => row.companyId === net.lumiere && row.version !== 1)).toEqual([]);
    // Refused: none of their lines was written.
    expect(lines.map((line) => line.sku)).not.toContain('MLW-2407');
    expect(lines.map((line) => line.sku)).not.toContain('MLW-2408');

    const file = await download(quality, `${ORDER}/histories/${String(history.importHistoryId)}/refusedRows`);
    expect(file.status).toBe(200);
    const rows = await xlsxRows(file.bytes);
    expect(rows[0]).toEqual(['Line', 'PO number', 'Supplier', 'Order date', 'SKU', 'Colour', 'Size', 'Ordered quantity', 'Designation', 'Reasons']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['10', '11']);
    expect(rows[1][2]).toBe(SEEDED_IMPORT.unknownSupplier);
    expect(rows[1].at(-1)).toBe('Supplier: Unknown company in your network (name or id)');
    expect(rows[2][7]).toBe('-40');
    expect(rows[2].at(-1)).toMatch(/^Ordered quantity: /);
  });
});

describe('order import', () => {
  let firstImport: number;

  it('proposes a mapping from the headers; a changed target waits for its confirmation, and the start waits with it', async () => {
    const { quality } = clients;
    expect((await uploadDocument(quality, net.lumiere, ORDER, await xlsxOf(orderRows()), 'orders.xlsx')).status).toBe(200);
    const mapping = (await quality.get(`${ORDER}/mappings`)).body;
    expect(mapping.document.fileName).toBe('orders.xlsx');
    const targets = Object.fromEntries(mapping.columns.map((row: Row) => [row.source, row.target]));
    expect(targets).toMatchObject({ 'PO number': 'purchaseOrder.poNumber', Supplier: 'purchaseOrder.supplier', SKU: 'orderLine.sku', 'Ordered quantity': 'orderLine.orderedQuantity', 'Article name': null });
    expect(mapping.columns.find((row: Row) => row.source === 'SKU').samples).toEqual(['IMP-SKU-1', 'IMP-SKU-1', 'IMP-SKU-2']);
    expect(mapping.columns.every((row: Row) => row.ready)).toBe(true);

    const changed = await mapColumn(quality, ORDER, 'Article name', 'reference.name');
    expect(changed.find((row) => row.source === 'Article name')).toMatchObject({ target: 'reference.name', ready: false });
    const refused = await refusedWithoutWrites(watch, 422, () => quality.get(`${ORDER}/startImport`));
    expect(refused.body.message).toContain('Article name');
    // A target another column feeds is refused.
    const taken = await refusedWithoutWrites(watch, 422, () => quality.patch(`${ORDER}/mappings/0`, { column: 0, source: 'PO number', target: 'orderLine.sku' }));
    expect(taken.body.errors[0].path).toBe('/target');
    await refusedWithoutWrites(watch, 400, () => quality.patch(`${ORDER}/mappings/0`, { column: 0, source: 'PO number', target: 'not.aField' }));
    await refusedWithoutWrites(watch, 422, () => quality.patch(`${ORDER}/mappings/0`, { column: 0, source: 'Another header', target: null }));

    const confirmed = await mapColumn(quality, ORDER, 'Article name', 'reference.name');
    expect(confirmed.find((row) => row.source === 'Article name')).toMatchObject({ target: 'reference.name', ready: true });
    await mapColumn(quality, ORDER, 'Colour', 'orderLine.color');
    await mapColumn(quality, ORDER, 'Size', 'orderLine.size');
    await mapColumn(quality, ORDER, 'Order date', 'purchaseOrder.orderDate');
  });

  it('a required field without a column refuses the start, writing nothing', async () => {
    const { quality } = clients;
    await mapColumn(quality, ORDER, 'SKU', null);
    await mapColumn(quality, ORDER, 'SKU', null);
    const reply = await refusedWithoutWrites(watch, 422, () => quality.get(`${ORDER}/startImport`));
    expect(reply.body.errors).toEqual([{ path: '/orderLine.sku', message: expect.any(String) }]);
    await mapColumn(quality, ORDER, 'SKU', 'orderLine.sku');
    await mapColumn(quality, ORDER, 'SKU', 'orderLine.sku');
  });

  it('the preview shows the rows as they will be stored, with the errors per cell, and writes nothing', async () => {
    const before = await watch.mark();
    const reply = await clients.quality.get(`${ORDER}/preview`);
    expect(reply.status, reply.text).toBe(200);
    expect((await watch.writtenSince(before)).filter((name) => !['loginEvents', 'serverLogs'].includes(name))).toEqual([]);
    const rows = reply.body.rows as { line: number; values: Row; errors: { target: string; message: string }[] }[];
    expect(rows.map((row) => row.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(rows[0].values).toMatchObject({ 'purchaseOrder.poNumber': 'IMP-PO-1', 'purchaseOrder.supplier': 'Shenzhen Textile Co', 'purchaseOrder.orderDate': '2031-01-15', 'orderLine.orderedQuantity': 120, 'orderLine.unit': 'PIECE', 'reference.name': 'Linen shirt' });
    expect(rows[3].values['purchaseOrder.orderDate']).toBe('2031-02-20');
    expect(rows.slice(0, 4).every((row) => row.errors.length === 0)).toBe(true);
    expect(rows[4].errors.map((error) => error.target)).toEqual(['purchaseOrder.supplier']);
    expect(rows[4].errors[0].message).toBe('Unknown company in your network (name or id)');
    expect(rows[5].errors.map((error) => error.target)).toEqual(['orderLine.orderedQuantity']);
    expect(rows[6].errors.map((error) => error.target)).toContain('orderLine.sku');
  });

  it('imports in batches: orders, lines and references created, bad rows refused with their reasons in a file', async () => {
    const { quality } = clients;
    firstImport = await start(quality, ORDER);
    const history = await finished(quality, ORDER, firstImport);
    expect(history).toMatchObject({ status: 'DONE', totalRows: 7, rowsRead: 7, created: 4, updated: 0, refused: 3, fileName: 'orders.xlsx' });
    expect(history.hash).toBeUndefined();
    const orders = await ofBrand('purchaseOrders', 'IMP-PO-');
    expect(orders.map((order) => order.poNumber).sort()).toEqual(['IMP-PO-1', 'IMP-PO-2']);
    expect(orders.every((order) => order.supplier === net.shenzhen && order.universeId === net.universeId)).toBe(true);
    expect(orders.find((order) => order.poNumber === 'IMP-PO-2')!.orderDate).toBe('2031-02-20');
    const lines = await ofBrand('orderLines', 'IMP-PO-');
    expect(lines.map((line) => `${line.poNumber} ${line.sku} ${line.color} ${line.size} ${line.orderedQuantity}`).sort()).toEqual([
      'IMP-PO-1 IMP-SKU-1 Red L 80', 'IMP-PO-1 IMP-SKU-1 Red M 120', 'IMP-PO-1 IMP-SKU-2 Blue M 60', 'IMP-PO-2 IMP-SKU-1 Red M 40',
    ]);
    const references = await ofBrand('references', 'IMP-SKU-', 'sku');
    expect(references.map((reference) => `${reference.sku} ${reference.name}`).sort()).toEqual(['IMP-SKU-1 Linen shirt', 'IMP-SKU-2 Cotton dress']);
    expect(references[0].suppliers).toEqual([net.shenzhen]);
    // Created as the reference's own create makes one: with its stamps and the first row of its history.
    expect(references[0]).toMatchObject({ companyId: net.lumiere, creationDate: today() });
    const changes = await quality.get(`/back/bo/references/${String(references[0].referenceId)}/history`);
    expect(changes.status, changes.text).toBe(200);
    expect(changes.body).toEqual([expect.objectContaining({ action: 'CREATE', contactId: expect.any(Number) })]);
    // Found as the reference screens find any reference: by a keyword of the reference search.
    const found = await quality.get('/back/bo/smartdata/references/', { keywords: 'Linen' });
    expect(found.status, found.text).toBe(200);
    expect((found.body as Row[]).map((reference) => reference.sku)).toContain('IMP-SKU-1');
    const bySku = new Map(references.map((reference) => [reference.sku, reference.referenceId]));
    expect(lines.every((line) => line.referenceId === bySku.get(line.sku) && line.purchaseOrderId === orders.find((order) => order.poNumber === line.poNumber)!.purchaseOrderId)).toBe(true);

    const file = await download(quality, `${ORDER}/histories/${firstImport}/refusedRows`);
    expect(file.status).toBe(200);
    expect(file.type).toContain('spreadsheetml');
    const rows = await xlsxRows(file.bytes);
    expect(rows[0]).toEqual(['Line', ...HEADER, 'Reasons']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['6', '7', '8']);
    expect(rows[1][2]).toBe('Nobody Ltd');
    expect(rows[1].at(-1)).toBe('Supplier: Unknown company in your network (name or id)');
    expect(rows[2].at(-1)).toMatch(/^Ordered quantity: /);
  });

  it('the same file again updates and never duplicates; a changed quantity is updated', async () => {
    const { quality } = clients;
    const changed = orderRows();
    changed[1][5] = 150;
    expect((await uploadDocument(quality, net.lumiere, ORDER, await xlsxOf(changed), 'orders-again.xlsx')).status).toBe(200);
    const id = await start(quality, ORDER);
    expect(await finished(quality, ORDER, id)).toMatchObject({ status: 'DONE', created: 0, updated: 4, refused: 3 });
    const lines = await ofBrand('orderLines', 'IMP-PO-');
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.size === 'M' && line.poNumber === 'IMP-PO-1' && line.sku === 'IMP-SKU-1')!.orderedQuantity).toBe(150);
    expect(await ofBrand('purchaseOrders', 'IMP-PO-')).toHaveLength(2);
    expect(await ofBrand('references', 'IMP-SKU-', 'sku')).toHaveLength(2);
    const histories = (await quality.get(`${ORDER}/histories`)).body as Row[];
    expect(histories.slice(0, 2).map((history) => history.importHistoryId)).toEqual([id, firstImport]);
  });

  it('a .csv in Windows-1252 with ";" and one in UTF-16 with tabs are read with their accents', async () => {
    const { quality } = clients;
    const rows: Cells[] = [HEADER, ['IMP-PO-CSV', 'Shenzhen Textile Co', 'IMP-SKU-É1', 'Crème', 'M', '12,5', 'Robe d’été', '2031-03-01']];
    for (const [bytes, name] of [[await csvOf(rows, ';', 'windows-1252'), 'orders-1252.csv'], [await csvOf([...rows, ['IMP-PO-CSV', 'Shenzhen Textile Co', 'IMP-SKU-É2', 'Noir', 'L', 3, 'Jupe', null]], '\t', 'utf-16le'), 'orders-utf16.csv']] as const) {
      expect((await uploadDocument(quality, net.lumiere, ORDER, bytes, name)).status).toBe(200);
      expect((await quality.get(`${ORDER}/mappings`)).body.columns.map((row: Row) => row.source)).toEqual(HEADER);
      await finished(quality, ORDER, await start(quality, ORDER));
    }
    const lines = await ofBrand('orderLines', 'IMP-PO-CSV');
    expect(lines.map((line) => `${line.sku} ${line.color} ${line.orderedQuantity}`).sort()).toEqual(['IMP-SKU-É1 Crème 12.5', 'IMP-SKU-É2 Noir 3']);
    expect((await ofBrand('references', 'IMP-SKU-É1', 'sku'))[0].name).toBe('Robe d’été');
  });

  it('a line given twice in one batch is created once, then updated by the later row (the batch writes its new lines together)', async () => {
    const { quality } = clients;
    const line = (size: string, quantity: number): Cells => ['IMP-PO-TWICE', 'Shenzhen Textile Co', 'IMP-SKU-1', 'Red', size, quantity, null, '2031-04-01'];
    // Batches of 3 rows: the first holds the line twice, the second a new line beside a refused row.
    const rows: Cells[] = [HEADER, line('M', 5), line('L', 6), line('M', 7), line('S', 8), ['IMP-PO-TWICE', 'Nobody Ltd', 'IMP-SKU-1', 'Red', 'XL', 9, null, '2031-04-01']];
    expect((await uploadDocument(quality, net.lumiere, ORDER, await xlsxOf(rows), 'orders-twice.xlsx')).status).toBe(200);
    const id = await start(quality, ORDER);
    expect(await finished(quality, ORDER, id)).toMatchObject({ status: 'DONE', rowsRead: 5, created: 3, updated: 1, refused: 1 });
    const lines = await ofBrand('orderLines', 'IMP-PO-TWICE');
    expect(lines.map((stored) => `${stored.size} ${stored.orderedQuantity} v${stored.version}`).sort()).toEqual(['L 6 v1', 'M 7 v2', 'S 8 v1']);
    expect(new Set(lines.map((stored) => stored.orderLineId)).size).toBe(3);
  });

  it('the document is removed with DELETE importDocument; then nothing is left to start', async () => {
    const { quality } = clients;
    expect((await quality.delete(`${ORDER}/importDocument`)).body).toBe(true);
    // The earlier uploads are still there: the newest one becomes the document. Remove them all.
    while ((await quality.get(`${ORDER}/mappings`)).body.document) expect((await quality.delete(`${ORDER}/importDocument`)).status).toBe(200);
    await refusedWithoutWrites(watch, 404, () => quality.delete(`${ORDER}/importDocument`));
    await refusedWithoutWrites(watch, 422, () => quality.get(`${ORDER}/startImport`));
  });

  it('only the managers of the importing company: others 403, another company\u2019s history 404, nothing written', async () => {
    const { buyer, sales, manager, admin, outsider } = clients;
    for (const client of [buyer, sales, manager, admin]) {
      for (const path of ['mappings', 'preview', 'histories', `histories/${firstImport}`, `histories/${firstImport}/progress`]) await refusedWithoutWrites(watch, 403, () => client.get(`${ORDER}/${path}`));
      await refusedWithoutWrites(watch, 403, () => client.get(`${ORDER}/startImport`));
      await refusedWithoutWrites(watch, 403, () => client.delete(`${ORDER}/importDocument`));
    }
    // The buyer of the brand (a local manager) uploads no import document; the platform admin neither.
    const csv = Buffer.from('a;b\n1;2\n');
    const declaration = { fileType: 'COMPANY_IMPORT_PURCHASE_ORDER', entityId: net.lumiere, filename: 'x.csv', mimeType: 'text/csv' };
    await refusedWithoutWrites(watch, 403, () => declare(buyer, csv, declaration));
    await refusedWithoutWrites(watch, 403, () => declare(admin, csv, declaration));
    await refusedWithoutWrites(watch, 403, () => declare(admin, csv, { ...declaration, fileType: 'COMPANY_IMPORT', mimeType: XLSX }));
    // Another universe's manager imports for its own company only.
    expect((await outsider.get(`${ORDER}/histories`)).body).toEqual([]);
    for (const path of [`histories/${firstImport}`, `histories/${firstImport}/progress`, `histories/${firstImport}/refusedRows`]) await refusedWithoutWrites(watch, 404, () => outsider.get(`${ORDER}/${path}`));
    await refusedWithoutWrites(watch, 404, () => declare(outsider, csv, declaration));
    // A service history is not an order history.
    await refusedWithoutWrites(watch, 404, () => clients.quality.get(`${SERVICE}/histories/${firstImport}`));
  });
});

describe('service import', () => {
  const start1 = shiftDay(today(), 40);
  const start2 = shiftDay(today(), 41);
  const HEAD = ['Service type', 'Service provider', 'Supplier', 'Start date', 'Ex-factory date', 'Order taker contacts', 'PO number', 'SKU', 'Designation', 'Ordered quantity'];
  const rows = (): Cells[] => [
    HEAD,
    ['INSP_FINAL_RANDOM', 'Atlas Inspection', 'Shenzhen Textile Co', start1, start1, 'sales@supplier.test', 'IMP-SRV-1', 'S-1', 'Linen shirt', 100],
    ['INSP_FINAL_RANDOM', 'Atlas Inspection', 'Shenzhen Textile Co', start1, start1, 'sales@supplier.test', 'IMP-SRV-1', 'S-2', 'Cotton dress', 50],
    ['INSP_FINAL_RANDOM', 'Atlas Inspection', 'Shenzhen Textile Co', start2, start2, 'sales@supplier.test', 'IMP-SRV-2', 'S-3', 'Wool hat', 30],
    ['INSP_FINAL_RANDOM', 'Atlas Inspection', 'Shenzhen Textile Co', '2020-01-01', '2020-01-01', 'sales@supplier.test', 'IMP-SRV-3', 'S-4', 'Past', 5],
    ['INSP_FINAL_RANDOM', 'Atlas Inspection', 'Shenzhen Textile Co', start2, start2, null, 'IMP-SRV-4', 'S-5', 'No contact', 5],
  ];
  const imported = async () => server.store.find('services', (service) => (service.purchaseOrderLines as Row[] | undefined)?.some((line) => String(line.poNumber).startsWith('IMP-SRV-')) ?? false);

  it('rows become services in OPENED through the wizard\u2019s rules (same twin, same refusals); again: updated, no new service', async () => {
    const { quality } = clients;
    expect((await uploadDocument(quality, net.lumiere, SERVICE, await xlsxOf(rows()), 'services.xlsx')).status).toBe(200);
    const mapping = (await quality.get(`${SERVICE}/mappings`)).body;
    for (const row of mapping.columns as Row[]) if (!row.target) throw new Error(`unmapped ${String(row.source)}`);
    const preview = (await quality.get(`${SERVICE}/preview`)).body.rows as { errors: { target: string }[] }[];
    expect(preview.map((row) => row.errors.map((error) => error.target))).toEqual([[], [], [], ['service.startDate', 'service.exFactoryDate'], ['service.orderTakerContacts']]);

    const first = await finished(quality, SERVICE, await start(quality, SERVICE));
    // Rows 1 and 2 share type, parties and start date: the second joins the first (the wizard's merge).
    expect(first).toMatchObject({ status: 'DONE', created: 2, updated: 1, refused: 2 });
    const services = await imported();
    expect(services).toHaveLength(2);
    expect(services.every((service) => service.serviceStep === 'OPENED' && service.client === net.lumiere && service.supplier === net.shenzhen && service.serviceProvider === net.atlas)).toBe(true);
    expect(services.map((service) => (service.purchaseOrderLines as Row[]).length).sort()).toEqual([1, 2]);

    const again = await finished(quality, SERVICE, await start(quality, SERVICE));
    expect(again).toMatchObject({ status: 'DONE', created: 0, updated: 3, refused: 2 });
    const after = await imported();
    expect(after).toHaveLength(2);
    expect(after.map((service) => (service.purchaseOrderLines as Row[]).length).sort()).toEqual([1, 2]);
  });
});
