import type { Caller } from '../context';
import type { FieldError } from '../errors';
import { canSee } from '../resources/visibility';
import type { Registry } from '../schemas';
import type { Reader, Row } from '../store/types';
import { ORDER_LINES } from './lineKey';
import { PURCHASE_ORDERS, seesOrder } from './rules';

/**
 * A service's order lines link back to the brand's records (docs/services.md "Order lines and purchase
 * orders"): `purchaseOrderId` an order of the service's client to its supplier or factory, `orderLineId`
 * a line of that order, `referenceId` a reference of the client. These hold on every write of the lines
 * (the wizard, the edit, the lines' PATCH), whoever writes; a link the line did not have before must
 * also be one the caller sees (an inspection office keeps the links it cannot see, and may not add any).
 * A kept link whose record was removed (an order, one of its lines, a reference) is dropped. `lines` are completed in place; nothing is written.
 */
/** A service (stored, or as a write asks for it) with its `client`, `supplier` and `factory`. */
export type ServiceParties = Readonly<Record<string, unknown>>;

const isId = (value: unknown): value is number => typeof value === 'number';

/** An order a service may link to: the service's client's, to its supplier or its factory (as supplier or factory). */
export const orderFitsService = (order: Row, service: ServiceParties): boolean =>
  order.companyId === service.client && [service.supplier, service.factory].some((party) => party !== undefined && party !== null && (party === order.supplier || party === order.factory));
type Link = 'purchaseOrderId' | 'orderLineId' | 'referenceId';

export async function orderLinkErrors(db: Reader, registry: Registry, caller: Caller, service: ServiceParties, lines: Row[], stored: Row[], path: string): Promise<FieldError[]> {
  const storedById = new Map(stored.map((line) => [line.purchaseOrderLineId, line]));
  const referenceEntity = registry.entities.get('reference');
  const errors: FieldError[] = [];
  for (const [index, line] of lines.entries()) {
    const before = storedById.get(line.purchaseOrderLineId) ?? {};
    const isNew = (field: Link) => line[field] !== before[field];
    const at = (field: string, key: string) => errors.push({ path: `${path}/${index}/${field}`, key });
    if (isId(line.purchaseOrderId)) {
      const order = await db.get(PURCHASE_ORDERS, line.purchaseOrderId);
      if (!order && !isNew('purchaseOrderId')) {
        for (const field of ['purchaseOrderId', 'orderLineId'] as const) delete line[field];
      } else if (!order || order.universeId !== caller.universeId || (isNew('purchaseOrderId') && !seesOrder(caller, order)) || !orderFitsService(order, service)) {
        at('purchaseOrderId', 'error.serviceLine.orderLink');
      }
    }
    if (isId(line.orderLineId)) {
      const orderLine = await db.get(ORDER_LINES, line.orderLineId);
      if (!orderLine && !isNew('orderLineId')) delete line.orderLineId;
      else if (!isId(line.purchaseOrderId) || !orderLine || orderLine.purchaseOrderId !== line.purchaseOrderId) at('orderLineId', 'error.serviceLine.orderLineLink');
    }
    if (isId(line.referenceId)) {
      const reference = await db.get('references', line.referenceId);
      if (!reference && !isNew('referenceId')) delete line.referenceId;
      else if (!reference || reference.universeId !== caller.universeId || reference.companyId !== service.client || (isNew('referenceId') && referenceEntity && !canSee(referenceEntity, reference, caller))) {
        at('referenceId', 'error.serviceLine.referenceLink');
      }
    }
  }
  return errors;
}
