import { orderLineKey } from '../purchaseOrders/lineKey';
import { orderFitsService } from '../purchaseOrders/serviceLinks';
import type { Row, Stored, WriteOps } from '../store/types';
import { addDays } from './random';

/**
 * The demo brands' purchase orders (docs/purchaseOrders.md), drawn from the demo services' order lines:
 * one order per PO number of a brand, to the supplier (else the factory) of the first service naming it,
 * its lines keyed by sku (the references' MLW-24xx codes, the service lines' referenceObj) + colour +
 * size. Each service line is then linked back to its order and order line, and to the reference of
 * that sku when the brand has one (references are seeded before). A PO number a brand uses with two
 * suppliers stays on the first: the other services' lines keep no link, as the API would refuse it.
 */
const SEASONS = new Set(['SS26', 'FW26', 'SS27', 'FW27']);

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const quantityOf = (line: Row) => Number((line.orderedQuantity as Row | undefined)?.quantity ?? 0);

/** The brand's reference ids by sku (trimmed, lower case). */
function referencesBySku(tx: WriteOps): Map<string, number> {
  const byKey = new Map<string, number>();
  for (const reference of tx.all('references')) {
    if (typeof reference.sku === 'string') byKey.set(`${String(reference.companyId)}|${reference.sku.trim().toLowerCase()}`, reference.referenceId as number);
  }
  return byKey;
}

export function seedPurchaseOrders(tx: WriteOps): void {
  const references = referencesBySku(tx);
  const orders = new Map<string, Stored<Row>>();
  const lines = new Map<string, Stored<Row>>();
  const orderOf = (service: Stored<Row>, poNumber: string): Stored<Row> => {
    const key = `${String(service.client)}|${poNumber.toLowerCase()}`;
    const found = orders.get(key);
    if (found) return found;
    const start = String(service.startDate);
    const order = tx.insert('purchaseOrders', 'purchaseOrderId', {
      universeId: service.universeId,
      companyId: service.client,
      poNumber,
      supplier: service.supplier ?? service.factory,
      factory: service.factory,
      ...(SEASONS.has(String(service.season)) ? { season: service.season } : {}),
      orderDate: addDays(start, -75),
      exFactoryDate: text(service.exFactoryDate) ?? addDays(start, 2),
      creationDate: addDays(start, -75),
    });
    orders.set(key, order);
    return order;
  };
  const lineOf = (order: Stored<Row>, line: Row): Stored<Row> => {
    const sku = String(line.referenceObj);
    const key = `${String(order.purchaseOrderId)}|${orderLineKey({ poNumber: order.poNumber, sku, color: line.color, size: line.size })}`;
    const found = lines.get(key);
    if (found) return found;
    const referenceId = references.get(`${String(order.companyId)}|${sku.toLowerCase()}`);
    const stored = tx.insert('orderLines', 'orderLineId', {
      universeId: order.universeId,
      purchaseOrderId: order.purchaseOrderId,
      companyId: order.companyId,
      supplier: order.supplier,
      factory: order.factory,
      poNumber: order.poNumber,
      ...(referenceId ? { referenceId } : {}),
      sku,
      designation: line.designation,
      color: line.color,
      size: line.size,
      ...(typeof line.productType === 'number' ? { productType: line.productType } : {}),
      unit: line.unit ?? 'PIECE',
      ...(line.packing ? { packing: line.packing } : {}),
      orderedQuantity: quantityOf(line),
      ...(order.exFactoryDate ? { exFactoryDate: order.exFactoryDate } : {}),
    });
    lines.set(key, stored);
    return stored;
  };
  for (const service of tx.all('services')) {
    const serviceLines = Array.isArray(service.purchaseOrderLines) ? (service.purchaseOrderLines as Row[]) : [];
    const linked = serviceLines.map((line) => {
      const poNumber = text(line.poNumber);
      if (!poNumber || !text(line.referenceObj)) return line;
      const order = orderOf(service, poNumber);
      if (!orderFitsService(order, service)) return line;
      const orderLine = lineOf(order, line);
      return { ...line, purchaseOrderId: order.purchaseOrderId, orderLineId: orderLine.orderLineId, ...(orderLine.referenceId ? { referenceId: orderLine.referenceId } : {}) };
    });
    if (linked.some((line, index) => line !== serviceLines[index])) tx.update('services', service.serviceId as number, (current) => ({ ...current, purchaseOrderLines: linked }));
  }
}
