import { isSuperAdmin, type Caller } from '../context';
import { forbidden, HttpError, notFound, validationError } from '../errors';
import type { WriteRules } from '../resources/entityRules';
import { sameValue } from '../resources/uniqueness';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Row, Stored, Writer } from '../store/types';
import { lineWithKey, ORDER_LINES } from './lineKey';

/**
 * A brand's purchase orders and their lines on the generic routes (docs/purchaseOrders.md): written by
 * the brand's MANAGER or the universe's SUPER_ADMIN (403 for anyone else, the supplier and factory
 * they name included: those read), a PO number once per brand (422), at least one date (400), a
 * line's key once per order (422), and the order's fields copied onto its lines on every write.
 */
export const PURCHASE_ORDERS = 'purchaseOrders';
/** The order fields every line carries (orderLine.json: read-only there), so that a search reads lines alone. */
const COPIED = ['companyId', 'supplier', 'factory', 'poNumber'] as const;
const DATES = ['orderDate', 'exFactoryDate', 'deliveryDate'] as const;

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A MANAGER of a brand (a decision maker company) or a SUPER_ADMIN: who may write orders at all, before the body is read. */
export const mayWriteOrders = (caller: Caller): boolean =>
  isSuperAdmin(caller) || (caller.roles.has('MANAGER') && (caller.company.roles ?? []).includes('DECISION_MAKER'));

/** And of this order: its brand's (a SUPER_ADMIN: any of the universe; visibility, 404, was checked before). */
export const mayWriteOrder = (caller: Caller, order: Row): boolean => mayWriteOrders(caller) && (isSuperAdmin(caller) || caller.company.companyId === order.companyId);

function assertOrderWriter(caller: Caller, order: Row): void {
  if (!mayWriteOrder(caller, order)) throw forbidden('error.purchaseOrder.brandManagers');
}

/** Spec §5.5 "Purchase order edit popup: at least one date": 400 at each of the three dates. */
function assertOneDate(order: Row): void {
  if (DATES.some((field) => filled(order[field]))) return;
  throw validationError(DATES.map((field) => ({ path: `/${field}`, key: 'error.purchaseOrder.oneDate' })));
}

/** The poNumber once within the brand (trimmed, case-insensitive): 422 at /poNumber. */
async function assertPoNumberFree(db: Reader, order: Row, ownId?: number): Promise<void> {
  const value = String(order.poNumber ?? '');
  const candidates = await db.query({
    collection: PURCHASE_ORDERS,
    where: and(eq('universeId', order.universeId as number), eq('companyId', order.companyId as number), { op: 'keywords', fields: ['poNumber'], value } as Condition, ownId !== undefined && { op: 'not', condition: eq('purchaseOrderId', ownId) }),
  });
  if (candidates.some((other) => sameValue(other.poNumber, value))) {
    throw new HttpError(422, 'BusinessException', 'error.purchaseOrder.poNumberInUse', { poNumber: value.trim() }, [{ path: '/poNumber', key: 'error.purchaseOrder.poNumberInUse' }]);
  }
}

const copiedFrom = (order: Row): Row => Object.fromEntries(COPIED.map((field) => [field, order[field]]));

/** Which order a brand's MANAGER may write is purchaseOrder.json's `x-writers` (the generic routes check it, the page shows it). */
export const purchaseOrderWrites: WriteRules = {
  writer: mayWriteOrders,
  async prepare(tx, record, existing) {
    assertOneDate(record);
    await assertPoNumberFree(tx, record, existing?.purchaseOrderId as number | undefined);
    return record;
  },
  async stored(tx, order, existing) {
    if (!existing || COPIED.every((field) => order[field] === existing[field])) return;
    const lines = await tx.query({ collection: ORDER_LINES, where: eq('purchaseOrderId', order.purchaseOrderId as number) });
    for (const line of lines) await tx.update(ORDER_LINES, line.orderLineId as number, (current) => ({ ...current, ...copiedFrom(order) }));
  },
};

/** Whether the caller sees an order (purchaseOrder.json x-visibility): the brand, the supplier and factory it names, the universe's SUPER_ADMIN. */
export function seesOrder(caller: Caller, order: Row): boolean {
  if (order.universeId !== caller.universeId) return false;
  return isSuperAdmin(caller) || [order.companyId, order.supplier, order.factory].includes(caller.company.companyId);
}

/** The order of a line (the path's when created), one the caller sees: 404 otherwise. */
async function orderOf(db: Reader, line: Row, caller: Caller): Promise<Stored<Row>> {
  const order = await db.get(PURCHASE_ORDERS, line.purchaseOrderId as number);
  if (!order || !seesOrder(caller, order)) throw notFound();
  return order;
}

/** A reference named by a line is one of the order's brand (400 at /referenceId). */
async function assertReferenceOfBrand(db: Reader, line: Row, existing: Row | undefined, order: Row): Promise<void> {
  if (!filled(line.referenceId) || line.referenceId === existing?.referenceId) return;
  const reference = await db.get('references', line.referenceId as number);
  if (!reference || reference.universeId !== order.universeId || reference.companyId !== order.companyId) {
    throw validationError([{ path: '/referenceId', key: 'validation.unknownReference' }]);
  }
}

/** Spec §5.5 "Order rows: at least one valid row": an order keeps one line; remove the order instead (422). */
async function assertNotLastLine(db: Reader, line: Stored<Row>): Promise<void> {
  const others = await db.query({ collection: ORDER_LINES, where: and(eq('purchaseOrderId', line.purchaseOrderId as number), { op: 'not', condition: eq('orderLineId', line.orderLineId as number) }), limit: 1 });
  if (!others.length) throw new HttpError(422, 'BusinessException', 'error.purchaseOrder.lastLine');
}

export const orderLineWrites: WriteRules = {
  writer: mayWriteOrders,
  async prepare(tx: Writer, record, existing, caller) {
    const order = await orderOf(tx, existing ?? record, caller);
    assertOrderWriter(caller, order);
    const line = { ...record, ...copiedFrom(order) };
    await assertReferenceOfBrand(tx, line, existing, order);
    if (await lineWithKey(tx, order.purchaseOrderId as number, line, existing?.orderLineId as number | undefined)) {
      throw new HttpError(422, 'BusinessException', 'error.orderLine.keyInUse', {}, ['/sku', '/color', '/size'].map((path) => ({ path, key: 'error.orderLine.keyInUse' })));
    }
    return line;
  },
  async remove(tx, line, caller) {
    assertOrderWriter(caller, await orderOf(tx, line, caller));
    await assertNotLastLine(tx, line);
  },
};
