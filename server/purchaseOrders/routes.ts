import { Hono } from 'hono';
import { requireCaller, type AppEnv, type Caller } from '../context';
import { present } from '../resources/present';
import { visibleRecord, visibleScope } from '../resources/visibility';
import type { Registry } from '../schemas';
import { and, eq, or, type Condition } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
import { ORDER_LINES } from './lineKey';
import { PURCHASE_ORDERS } from './rules';

const normalSku = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/**
 * Whether an order line is of reference R (the shared rule, docs/purchaseOrders.md): its `referenceId`
 * when it has one, else its sku equal to R's (trimmed, case-insensitive); the brand was matched before.
 */
export const lineOfReference = (line: Row, reference: Row) =>
  line.referenceId !== undefined && line.referenceId !== null ? line.referenceId === reference.referenceId : normalSku(line.sku) !== '' && normalSku(line.sku) === normalSku(reference.sku);

/** The visible lines of the reference's brand naming it by id or by sku, grouped under their visible orders, newest order first. */
async function ordersOfReference(db: Reader, registry: Registry, reference: Stored<Row>, caller: Caller): Promise<Row[]> {
  const lineEntity = registry.entities.get('orderLine')!;
  const orderEntity = registry.entities.get('purchaseOrder')!;
  const byId = eq('referenceId', reference.referenceId as number);
  const bySku: Condition[] = normalSku(reference.sku) !== '' ? [{ op: 'keywords', fields: ['sku'], value: String(reference.sku) }] : [];
  const lines = await db.query({
    collection: ORDER_LINES,
    where: and(visibleScope(lineEntity, caller), eq('companyId', reference.companyId as number), or(byId, ...bySku)),
    orderBy: [{ field: 'orderLineId', desc: false }],
  });
  const byOrder = new Map<number, Row[]>();
  for (const line of lines.filter((candidate) => lineOfReference(candidate, reference))) {
    const id = line.purchaseOrderId as number;
    byOrder.set(id, [...(byOrder.get(id) ?? []), await present(lineEntity, line, caller, db)]);
  }
  if (!byOrder.size) return [];
  const orders = await db.query({
    collection: PURCHASE_ORDERS,
    where: and(visibleScope(orderEntity, caller), { op: 'in', field: 'purchaseOrderId', values: [...byOrder.keys()] }),
    orderBy: [{ field: 'purchaseOrderId', desc: true }],
  });
  return Promise.all(orders.map(async (order) => ({ ...(await present(orderEntity, order, caller, db)), lines: byOrder.get(order.purchaseOrderId as number) })));
}

/** `GET /back/bo/purchaseOrders/references/{id}` (spec §7.5): the orders of a reference the caller sees, each with its lines of that reference; 404 for a reference out of sight. */
export function purchaseOrderRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/back/bo/purchaseOrders/references/:referenceId{[0-9]+}', async (c) => {
    const caller = requireCaller(c);
    const { db } = c.get('services');
    const reference = await visibleRecord(db, registry.entities.get('reference')!, Number(c.req.param('referenceId')), caller);
    return c.json(await ordersOfReference(db, registry, reference, caller));
  });
  return app;
}
