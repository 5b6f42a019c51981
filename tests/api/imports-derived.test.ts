import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStorage } from '../../server/files/storage';
import { handleImportJobs } from '../../server/imports/importJob';
import { JobWorker } from '../../server/jobs/worker';
import { loadRegistry } from '../../server/schemas';
import type { Row } from '../../server/store/types';
import { copySchemas, startWithLogins, today, type Client, type TestServer } from './helpers';
import { ORDER, finished, uploadDocument, xlsxOf, type Cells } from './import-files';
import { network, type Network } from './service-fixtures';

/**
 * An imported purchase order and order line get what the generic create and PUT derive for them
 * (docs/imports.md "Rows"): here a configuration gives lines a computed field and stamps, and
 * orders an update stamp; a line imported is then stored as one POSTed, a line updated by an
 * import as one PUT, and an order whose supplier an import changes takes its other lines along.
 */
let server: TestServer;
let quality: Client;
let net: Network;
let worker: JobWorker;
let schemasDir: string;

/** The configuration: derived fields on orders and lines (none in the shipped schemas). */
async function configure(dir: string): Promise<void> {
  const edit = async (entity: string, change: (schema: Row) => void) => {
    const file = join(dir, 'entities', `${entity}.json`);
    const schema = JSON.parse(await readFile(file, 'utf8')) as Row;
    change(schema);
    await writeFile(file, JSON.stringify(schema));
  };
  await edit('orderLine', (schema) => {
    schema['x-computed'] = { lineText: "$join([sku, color, size], ' / ')" };
    schema['x-stamps'] = { onCreate: { createdBy: 'contactId' }, onUpdate: { updateDate: 'today' } };
    Object.assign(schema.properties as Row, {
      lineText: { type: 'string', readOnly: true },
      createdBy: { type: 'integer', readOnly: true },
      updateDate: { type: 'string', readOnly: true },
    });
  });
  await edit('purchaseOrder', (schema) => {
    (schema['x-stamps'] as Row).onUpdate = { updateDate: 'today' };
    (schema.properties as Row).updateDate = { type: 'string', readOnly: true };
  });
}

beforeAll(async () => {
  schemasDir = await copySchemas();
  await configure(schemasDir);
  ({ server, clients: { quality } } = await startWithLogins(['quality'], { schemasDir }));
  net = await network(server.store);
  worker = handleImportJobs(new JobWorker(server.db, { pollMs: 50 }), { db: server.db, registry: loadRegistry(schemasDir), files: new FileStorage(server.filesDir) }).start();
});
afterAll(async () => {
  await worker?.stop();
  await server?.close();
  if (schemasDir) await rm(schemasDir, { recursive: true, force: true });
});

const HEADER = ['PO number', 'Supplier', 'Order date', 'SKU', 'Colour', 'Size', 'Ordered quantity'];
/** The record without what differs between two lines anyway: ids, versions, their own values. */
const derivedOf = (record: Row) => Object.fromEntries(Object.entries(record).filter(([key]) => !['orderLineId', 'purchaseOrderId', 'version', 'sku', 'color', 'size', 'orderedQuantity', 'lineText', 'poNumber', 'supplier'].includes(key)));

async function importRows(rows: Cells[], name: string): Promise<Record<string, any>> {
  expect((await uploadDocument(quality, net.lumiere, ORDER, await xlsxOf([HEADER, ...rows]), name)).status).toBe(200);
  const started = await quality.get(`${ORDER}/startImport`);
  expect(started.status, started.text).toBe(200);
  return finished(quality, ORDER, started.body.importHistoryId);
}

describe('imported orders and lines get what their own writes derive', () => {
  it('a line imported is stored as one POSTed, a line updated as one PUT; an order whose supplier changes takes its lines along', async () => {
    const order = await quality.post('/back/bo/purchaseOrders', { poNumber: 'DRV-PO-1', supplier: net.shenzhen, orderDate: '2031-01-10' });
    expect(order.status, order.text).toBe(201);
    const lines = `/back/bo/purchaseOrders/${String(order.body.purchaseOrderId)}/lines`;
    const posted = await quality.post(lines, { sku: 'DRV-1', color: 'Red', size: 'M', orderedQuantity: 10 });
    expect(posted.status, posted.text).toBe(201);
    const kept = await quality.post(lines, { sku: 'DRV-3', color: 'Blue', size: 'L', orderedQuantity: 5 });
    const stored = (await server.store.get('orderLines', posted.body.orderLineId as number))!;
    expect(stored).toMatchObject({ lineText: 'DRV-1 / Red / M', createdBy: expect.any(Number) });

    const history = await importRows(
      [
        ['DRV-PO-1', 'Shenzhen Textile Co', '2031-01-10', 'DRV-2', 'Red', 'M', 20],
        ['DRV-PO-2', 'Shenzhen Textile Co', '2031-01-12', 'DRV-1', 'Green', 'S', 30],
        ['DRV-PO-1', 'Shenzhen Textile Co', '2031-01-10', 'DRV-1', 'Red', 'M', 15],
      ],
      'derived.xlsx',
    );
    expect(history).toMatchObject({ status: 'DONE', created: 2, updated: 1, refused: 0 });
    const imported = await server.store.find('orderLines', (line) => line.companyId === net.lumiere && ['DRV-2', 'DRV-1'].includes(line.sku as string) && line.orderLineId !== posted.body.orderLineId);
    expect(imported).toHaveLength(2);
    for (const line of imported) {
      expect(line.lineText).toBe(`${String(line.sku)} / ${String(line.color)} / ${String(line.size)}`);
      expect(derivedOf(line)).toEqual(derivedOf(stored));
    }
    const importedOrder = (await server.store.find('purchaseOrders', (row) => row.poNumber === 'DRV-PO-2'))[0];
    const postedOrder = (await server.store.get('purchaseOrders', order.body.purchaseOrderId as number))!;
    expect(Object.keys(importedOrder).sort()).toEqual(Object.keys(postedOrder).sort());
    expect(importedOrder).toMatchObject({ companyId: postedOrder.companyId, universeId: postedOrder.universeId, creationDate: postedOrder.creationDate });

    // The update of the POSTed line: its stamp and its computed field, as a PUT gives them.
    const updated = (await server.store.get('orderLines', posted.body.orderLineId as number))!;
    expect(updated).toMatchObject({ orderedQuantity: 15, updateDate: today(), lineText: 'DRV-1 / Red / M', createdBy: stored.createdBy });

    // The order's supplier changed by an import: the order gets its update stamp, and its line the file does not name follows it.
    await importRows([['DRV-PO-1', 'Porto Malhas Lda', '2031-01-10', 'DRV-2', 'Red', 'M', 20]], 'derived-supplier.xlsx');
    const moved = (await server.store.get('purchaseOrders', order.body.purchaseOrderId as number))!;
    expect(moved).toMatchObject({ supplier: net.porto, updateDate: today() });
    expect((await server.store.get('orderLines', kept.body.orderLineId as number))!.supplier).toBe(net.porto);
  });
});
