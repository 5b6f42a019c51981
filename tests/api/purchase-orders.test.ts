import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLineKey } from '../../server/purchaseOrders/lineKey';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { startWithLogins, type Client, type Reply, type TestServer } from './helpers';
import { refusedWithoutWrites } from './refused';
import { createService, fieldMessages, network, poLine, wizardBody, type Network } from './service-fixtures';

/**
 * Purchase orders and their lines (docs/purchaseOrders.md): the brand's MANAGER writes them, the
 * supplier and factory they name read them, another company or universe finds nothing; the rules of
 * spec §5.5 and the line key; the orders of a reference; a service's lines linking back.
 */
type Who = 'admin' | 'quality' | 'buyer' | 'sales' | 'manager' | 'outsider';
let server: TestServer;
let clients: Record<Who, Client>;
let watch: WriteWatch;
let net: Network;
let sequence = 0;

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(['admin', 'quality', 'buyer', 'sales', 'manager', 'outsider'] as const));
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
  net = await network(server.store);
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

const refused = (status: number, call: () => Promise<Reply>) => refusedWithoutWrites(watch, status, call);
const ORDERS = '/back/bo/purchaseOrders';
const linesOf = (id: number) => `${ORDERS}/${id}/lines`;
const orderBody = (changes: Record<string, unknown> = {}) => ({ poNumber: `PO-T-${++sequence}`, supplier: net.shenzhen, factory: net.ningbo, orderDate: '2026-03-01', ...changes });
const lineBody = (changes: Record<string, unknown> = {}) => ({ sku: 'MLW-2401', designation: 'Linen shirt', color: 'Navy', size: 'M', orderedQuantity: 1200, unit: 'PIECE', ...changes });

async function newOrder(changes: Record<string, unknown> = {}, lines: Record<string, unknown>[] = [lineBody()]) {
  const order = await clients.quality.post(ORDERS, orderBody(changes));
  expect(order.status, order.text).toBe(201);
  const created = [];
  for (const line of lines) {
    const reply = await clients.quality.post(linesOf(order.body.purchaseOrderId), line);
    expect(reply.status, reply.text).toBe(201);
    created.push(reply.body);
  }
  return { order: order.body, lines: created };
}

describe('purchase orders', () => {
  it("the brand's manager creates an order and its lines; each line carries the order's brand, supplier, factory and PO number", async () => {
    const { order, lines } = await newOrder({ poNumber: 'PO-SS27-001' }, [lineBody(), lineBody({ size: 'L', referenceId: undefined })]);
    expect(order).toMatchObject({ companyId: net.lumiere, supplier: net.shenzhen, factory: net.ningbo, poNumber: 'PO-SS27-001', creationDate: expect.any(String) });
    for (const line of lines) expect(line).toMatchObject({ purchaseOrderId: order.purchaseOrderId, companyId: net.lumiere, supplier: net.shenzhen, factory: net.ningbo, poNumber: 'PO-SS27-001' });
    // The read-only copies cannot be written: a body naming another supplier is ignored.
    const put = await clients.quality.put(`${linesOf(order.purchaseOrderId)}/${lines[0].orderLineId}`, { ...lineBody({ orderedQuantity: 900 }), supplier: net.porto, poNumber: 'HACK', version: lines[0].version });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ orderedQuantity: 900, supplier: net.shenzhen, poNumber: 'PO-SS27-001' });
    // The order's number and supplier change: its lines follow.
    const moved = await clients.quality.put(`${ORDERS}/${order.purchaseOrderId}`, { ...orderBody({ poNumber: 'PO-SS27-001B', supplier: net.porto, factory: net.porto }), version: order.version });
    expect(moved.status, moved.text).toBe(200);
    const after = await server.store.find('orderLines', (line) => line.purchaseOrderId === order.purchaseOrderId);
    expect(after.map((line) => [line.poNumber, line.supplier, line.factory])).toEqual([['PO-SS27-001B', net.porto, net.porto], ['PO-SS27-001B', net.porto, net.porto]]);
  });

  it('the supplier and factory read the orders naming them, and only those; another company or universe finds nothing', async () => {
    const mine = await newOrder();
    const porto = await newOrder({ supplier: net.porto, factory: net.porto });
    const listed = async (who: Who, query = '') => ((await clients[who].get(`${ORDERS}/${query}`)).body as { purchaseOrderId: number }[]).map((order) => order.purchaseOrderId);
    expect(await listed('sales')).toContain(mine.order.purchaseOrderId);
    expect(await listed('sales')).not.toContain(porto.order.purchaseOrderId);
    expect((await clients.sales.get(`${ORDERS}/${mine.order.purchaseOrderId}`)).status).toBe(200);
    expect((await clients.sales.get(linesOf(mine.order.purchaseOrderId))).body).toHaveLength(1);
    await refused(404, () => clients.sales.get(`${ORDERS}/${porto.order.purchaseOrderId}`));
    expect((await clients.sales.get(linesOf(porto.order.purchaseOrderId))).body).toEqual([]);
    // The inspection office is named by none; the other universe's brand neither.
    for (const who of ['manager', 'outsider'] as const) {
      expect(await listed(who)).not.toContain(mine.order.purchaseOrderId);
      await refused(404, () => clients[who].get(`${ORDERS}/${mine.order.purchaseOrderId}`));
      await refused(404, () => clients[who].get(`${linesOf(mine.order.purchaseOrderId)}/${mine.lines[0].orderLineId}`));
      expect((await clients[who].get(linesOf(mine.order.purchaseOrderId))).body).toEqual([]);
      expect((await clients[who].get(`${ORDERS}/lookup?q=${mine.order.poNumber}`)).body).toEqual([]);
    }
    expect(await listed('quality', `?supplier=${net.porto}`)).toEqual(expect.arrayContaining([porto.order.purchaseOrderId]));
    expect(await listed('quality', `?supplier=${net.porto}`)).not.toContain(mine.order.purchaseOrderId);
  });

  it('only the brand\u2019s managers (and the SUPER_ADMIN) write: the supplier, another brand and a non-manager are refused, nothing written', async () => {
    const { order, lines } = await newOrder();
    const url = `${ORDERS}/${order.purchaseOrderId}`;
    await refused(403, () => clients.sales.post(ORDERS, orderBody({ supplier: net.shenzhen })));
    await refused(403, () => clients.sales.put(url, { ...orderBody(), version: order.version }));
    await refused(403, () => clients.sales.delete(url));
    await refused(403, () => clients.sales.post(linesOf(order.purchaseOrderId), lineBody({ size: 'XS' })));
    await refused(403, () => clients.sales.delete(`${linesOf(order.purchaseOrderId)}/${lines[0].orderLineId}`));
    await refused(403, () => clients.manager.post(ORDERS, orderBody()));
    // Another brand's manager (the other universe): the order is not found.
    await refused(404, () => clients.outsider.put(url, { ...orderBody(), version: order.version }));
    await refused(404, () => clients.outsider.delete(url));
    await refused(404, () => clients.outsider.post(linesOf(order.purchaseOrderId), lineBody({ size: 'XS' })));
    // The universe's SUPER_ADMIN may.
    const admin = await clients.admin.put(url, { ...orderBody({ comment: 'Checked by the platform' }), version: order.version });
    expect(admin.status, admin.text).toBe(200);
  });

  it('spec §5.5: at least one date; the PO number once per brand (trimmed, any case); nothing written on refusal', async () => {
    const none = await refused(400, () => clients.quality.post(ORDERS, orderBody({ orderDate: undefined })));
    expect(fieldMessages(none.body)).toEqual({
      '/orderDate': 'Give at least one date: order, ex-factory or delivery.',
      '/exFactoryDate': 'Give at least one date: order, ex-factory or delivery.',
      '/deliveryDate': 'Give at least one date: order, ex-factory or delivery.',
    });
    expect((await clients.quality.post(ORDERS, orderBody({ orderDate: undefined, deliveryDate: '2026-06-01' }))).status).toBe(201);
    const { order } = await newOrder({ poNumber: 'PO-UNIQUE-7' });
    const duplicate = await refused(422, () => clients.quality.post(ORDERS, orderBody({ poNumber: '  po-unique-7 ' })));
    expect(duplicate.body.errors).toEqual([expect.objectContaining({ path: '/poNumber' })]);
    expect(duplicate.body.message).toBe('PO number po-unique-7 is already used by another order of the brand.');
    const other = await newOrder();
    await refused(422, () => clients.quality.put(`${ORDERS}/${other.order.purchaseOrderId}`, { ...orderBody({ poNumber: 'PO-Unique-7' }), version: other.order.version }));
    await refused(400, () => clients.quality.put(`${ORDERS}/${order.purchaseOrderId}`, { ...orderBody({ poNumber: 'PO-UNIQUE-7', orderDate: undefined }), version: order.version }));
    // Another brand may use the same number.
    const harbor = (await server.store.find('companies', (company) => company.name === 'Harbor Apparel Ltd'))[0].companyId;
    const elsewhere = await clients.outsider.post(ORDERS, orderBody({ poNumber: 'PO-UNIQUE-7', supplier: harbor, factory: harbor }));
    expect(elsewhere.status, elsewhere.text).toBe(201);
  });

  it("order rows: a line's key (PO number + sku + colour + size) once per order, no negative quantity, at least one row", async () => {
    const { order, lines } = await newOrder({}, [lineBody(), lineBody({ color: 'Ecru' })]);
    const url = linesOf(order.purchaseOrderId);
    const same = await refused(422, () => clients.quality.post(url, lineBody({ sku: ' mlw-2401', color: 'NAVY', designation: 'Other name' })));
    expect(same.body.errors.map((error: { path: string }) => error.path)).toEqual(['/sku', '/color', '/size']);
    await refused(422, () => clients.quality.put(`${url}/${lines[1].orderLineId}`, { ...lineBody(), version: lines[1].version }));
    expect(fieldMessages((await refused(400, () => clients.quality.post(url, lineBody({ size: 'S', orderedQuantity: -1 })))).body)).toEqual({ '/orderedQuantity': expect.any(String) });
    await refused(400, () => clients.quality.post(url, lineBody({ sku: '  ' })));
    // The same key in another order is another line.
    const other = await newOrder();
    expect(orderLineKey(other.lines[0])).not.toBe(orderLineKey(lines[0]));
    expect((await clients.quality.delete(`${url}/${lines[1].orderLineId}`)).status).toBe(200);
    const last = await refused(422, () => clients.quality.delete(`${url}/${lines[0].orderLineId}`));
    expect(last.body.message).toBe('An order keeps at least one row: delete the order instead.');
    // Deleting the order takes its lines with it.
    expect((await clients.quality.delete(`${ORDERS}/${order.purchaseOrderId}`)).status).toBe(200);
    expect(await server.store.find('orderLines', (line) => line.purchaseOrderId === order.purchaseOrderId)).toEqual([]);
  });

  it('orderLineKey: trimmed and case-insensitive, every part counts', () => {
    expect(orderLineKey({ poNumber: 'PO-1 ', sku: 'mlw-2401', color: 'Navy', size: 'M' })).toBe(orderLineKey({ poNumber: 'po-1', sku: ' MLW-2401', color: 'navy', size: 'm ' }));
    expect(orderLineKey({ poNumber: 'PO-1', sku: 'MLW-2401', color: 'Navy' })).not.toBe(orderLineKey({ poNumber: 'PO-1', sku: 'MLW-2401', color: 'Navy', size: 'M' }));
    expect(orderLineKey({ poNumber: 'PO-1', sku: 'MLW-2401', color: 'Navy', size: 'M' })).not.toBe(orderLineKey({ poNumber: 'PO-2', sku: 'MLW-2401', color: 'Navy', size: 'M' }));
  });

  it('the lookups read the orders and their lines the caller sees: by brand and supplier, sizes and colours', async () => {
    const { order } = await newOrder({ poNumber: 'PO-LOOKUP-1' }, [lineBody({ color: 'Saffron', size: 'XXL', material: 'Hemp' })]);
    const lookup = async (who: Who, url: string) => ((await clients[who].get(url)).body as { value: unknown }[]).map((item) => item.value);
    const orders = `/back/bo/combospa/filters/purchaseOrders?q=PO-LOOKUP-1`;
    expect(await lookup('quality', `${orders}&orderMakerId=${net.lumiere}&orderTakerId=${net.shenzhen}`)).toEqual([order.purchaseOrderId]);
    expect(await lookup('quality', `${orders}&orderTakerId=${net.porto}`)).toEqual([]);
    expect(await lookup('sales', orders)).toEqual([order.purchaseOrderId]);
    expect(await lookup('manager', orders)).toEqual([]);
    expect(await lookup('quality', '/back/bo/combospa/filters/purchaseOrderColors')).toContain('Saffron');
    expect(await lookup('quality', '/back/bo/combospa/filters/purchaseOrderSizes')).toContain('XXL');
    expect(await lookup('sales', '/back/bo/combospa/filters/purchaseOrderMaterials')).toContain('Hemp');
    expect(await lookup('outsider', '/back/bo/combospa/filters/purchaseOrderColors')).not.toContain('Saffron');
  });
});

describe('GET /back/bo/purchaseOrders/references/{id}', () => {
  it("the orders of a reference the caller sees, with their lines of that reference (its id, else its sku in its brand)", async () => {
    const reference = await server.store.insert('references', 'referenceId', { universeId: net.universeId, companyId: net.lumiere, name: 'Oxford shirt', sku: 'REF-OX-77', suppliers: [net.shenzhen] });
    const bySku = await newOrder({}, [lineBody({ sku: 'ref-ox-77 ' }), lineBody({ sku: 'OTHER-1' })]);
    const byId = await newOrder({ supplier: net.porto, factory: net.porto }, [lineBody({ sku: 'ANY-SKU', referenceId: reference.referenceId })]);
    // A line naming another reference is not of this one, whatever its sku.
    const other = await server.store.insert('references', 'referenceId', { universeId: net.universeId, companyId: net.lumiere, name: 'Other', sku: 'REF-OTHER' });
    await newOrder({}, [lineBody({ sku: 'REF-OX-77', referenceId: other.referenceId })]);
    const url = `${ORDERS}/references/${reference.referenceId}`;
    const quality = await clients.quality.get(url);
    expect(quality.status, quality.text).toBe(200);
    expect(quality.body.map((order: { purchaseOrderId: number; lines: { orderLineId: number }[] }) => [order.purchaseOrderId, order.lines.map((line) => line.orderLineId)])).toEqual([
      [byId.order.purchaseOrderId, [byId.lines[0].orderLineId]],
      [bySku.order.purchaseOrderId, [bySku.lines[0].orderLineId]],
    ]);
    // The supplier named by the reference sees its own order only.
    expect((await clients.sales.get(url)).body.map((order: { purchaseOrderId: number }) => order.purchaseOrderId)).toEqual([bySku.order.purchaseOrderId]);
    await refused(404, () => clients.outsider.get(url));
    await refused(404, () => clients.manager.get(url));
    await refused(404, () => clients.quality.get(`${ORDERS}/references/999999`));
  });
});

describe("a service's order lines link back to the brand's orders", () => {
  it('links an order of the client to its supplier, a line of it and a reference of the client; refuses any other, nothing written', async () => {
    const { order, lines } = await newOrder();
    const porto = await newOrder({ supplier: net.porto, factory: net.porto });
    const reference = await server.store.insert('references', 'referenceId', { universeId: net.universeId, companyId: net.lumiere, name: 'Linen shirt', sku: 'MLW-2401' });
    const foreign = await server.store.insert('references', 'referenceId', { universeId: net.universeId, companyId: net.como, name: 'Silk', sku: 'CS-1' });
    const linked = { ...poLine(order.poNumber), purchaseOrderId: order.purchaseOrderId, orderLineId: lines[0].orderLineId, referenceId: reference.referenceId };
    const service = await createService(clients.quality, wizardBody(net, { purchaseOrderLines: [linked] }));
    expect(service.purchaseOrderLines[0]).toMatchObject({ purchaseOrderId: order.purchaseOrderId, orderLineId: lines[0].orderLineId, referenceId: reference.referenceId });
    const url = `/back/bo/purchaseOrderLines/${service.serviceId}`;
    const patch = (line: Record<string, unknown>) => refused(400, () => clients.quality.patch(url, { version: service.version, lines: [line] }));
    expect(fieldMessages((await patch({ ...linked, purchaseOrderId: porto.order.purchaseOrderId, orderLineId: undefined })).body)).toEqual({ '/lines/0/purchaseOrderId': "Choose a purchase order of the service's client to its supplier or factory." });
    expect(fieldMessages((await patch({ ...linked, orderLineId: porto.lines[0].orderLineId })).body)).toEqual({ '/lines/0/orderLineId': 'Choose a line of that purchase order.' });
    expect(fieldMessages((await patch({ ...linked, purchaseOrderId: undefined })).body)).toEqual({ '/lines/0/orderLineId': 'Choose a line of that purchase order.' });
    expect(fieldMessages((await patch({ ...linked, referenceId: foreign.referenceId })).body)).toEqual({ '/lines/0/referenceId': "Choose a reference of the service's client." });
    await patch({ ...linked, purchaseOrderId: 999999, orderLineId: undefined });
    // The wizard's create refuses the same.
    await refused(400, () => clients.quality.post('/back/bo/services', wizardBody(net, { purchaseOrderLines: [{ ...linked, purchaseOrderId: porto.order.purchaseOrderId, orderLineId: undefined }] })));
    // The other universe's brand cannot link its service to this order.
    await refused(400, () => clients.outsider.post('/back/bo/services', wizardBody(net, { purchaseOrderLines: [{ ...linked, orderLineId: undefined, referenceId: undefined }] })));
    // A kept link is no new one: the service's lines are written again with it.
    const again = await clients.quality.patch(url, { version: service.version, lines: [{ ...service.purchaseOrderLines[0], designation: 'Linen shirt, navy' }] });
    expect(again.status, again.text).toBe(200);
    expect(again.body.purchaseOrderLines[0]).toMatchObject({ purchaseOrderId: order.purchaseOrderId, orderLineId: lines[0].orderLineId });
    // The order's line removed (it had another), then the order: the service's line drops each link on its next write.
    const spare = await clients.quality.post(linesOf(order.purchaseOrderId), lineBody({ size: 'XL' }));
    expect((await clients.quality.delete(`${linesOf(order.purchaseOrderId)}/${lines[0].orderLineId}`)).status).toBe(200);
    const withoutLine = await clients.quality.patch(url, { version: again.body.version, lines: again.body.purchaseOrderLines });
    expect(withoutLine.status, withoutLine.text).toBe(200);
    expect(withoutLine.body.purchaseOrderLines[0].orderLineId).toBeUndefined();
    expect(withoutLine.body.purchaseOrderLines[0].purchaseOrderId).toBe(order.purchaseOrderId);
    expect(spare.status).toBe(201);
    expect((await clients.quality.delete(`${ORDERS}/${order.purchaseOrderId}`)).status).toBe(200);
    const withoutOrder = await clients.quality.patch(url, { version: withoutLine.body.version, lines: withoutLine.body.purchaseOrderLines });
    expect(withoutOrder.status, withoutOrder.text).toBe(200);
    expect(withoutOrder.body.purchaseOrderLines[0].purchaseOrderId).toBeUndefined();
  });

  it('the demo seed links the demo services\u2019 lines to the brands\u2019 purchase orders (PO number, supplier or factory, sku)', async () => {
    const services = await server.store.find('services', (service) => service.universeId === net.universeId);
    const linked = services.flatMap((service) => ((service.purchaseOrderLines as Record<string, unknown>[]) ?? []).filter((line) => line.purchaseOrderId).map((line) => ({ service, line })));
    expect(linked.length).toBeGreaterThan(20);
    for (const { service, line } of linked.slice(0, 40)) {
      const order = (await server.store.get('purchaseOrders', line.purchaseOrderId as number))!;
      const orderLine = (await server.store.get('orderLines', line.orderLineId as number))!;
      expect(order).toMatchObject({ companyId: service.client, poNumber: line.poNumber });
      expect([service.supplier, service.factory].some((party) => party !== undefined && [order.supplier, order.factory].includes(party))).toBe(true);
      expect(orderLine).toMatchObject({ purchaseOrderId: order.purchaseOrderId, sku: line.referenceObj, color: line.color, size: line.size });
    }
    const keys = (await server.store.all('orderLines')).map((line) => `${String(line.purchaseOrderId)}|${orderLineKey(line)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
