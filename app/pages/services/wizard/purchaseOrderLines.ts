import type { PoLineDraft, WizardDraft } from '../../../../machines/serviceWizard';

/**
 * A brand's purchase order lines (GET /back/bo/purchaseOrders/{id}/lines) as the wizard's order lines:
 * the quantities copied, the links to the order, its line and its reference kept (docs/services.md
 * "Order lines and purchase orders"), the sku as the line's reference code.
 */
export interface OrderLineView {
  orderLineId: number;
  purchaseOrderId: number;
  companyId: number;
  supplier: number;
  factory?: number;
  poNumber: string;
  referenceId?: number;
  sku: string;
  designation?: string;
  color?: string;
  size?: string;
  productType?: number;
  unit?: string;
  packing?: string;
  orderedQuantity: number;
}

export function poLineOfOrderLine(line: OrderLineView): PoLineDraft {
  return {
    poNumber: line.poNumber,
    // A service line needs a designation: the sku stands in for an order line without one.
    designation: line.designation?.trim() || line.sku,
    sku: line.sku,
    referenceObj: line.sku,
    color: line.color,
    size: line.size,
    productType: line.productType,
    orderedQuantity: { quantity: line.orderedQuantity, unit: line.unit ?? 'PIECE', packing: line.packing },
    purchaseOrderId: line.purchaseOrderId,
    orderLineId: line.orderLineId,
    referenceId: line.referenceId,
  };
}

/** A line nothing was typed in yet (the wizard starts with one). */
const isBlank = (line: PoLineDraft) => !line.poNumber?.trim() && !line.designation?.trim() && line.orderedQuantity.quantity === undefined && line.orderLineId === undefined;

/** The draft's lines with the chosen order lines added once each (by their order line), in place of a blank line. */
export function withOrderLines(current: PoLineDraft[], chosen: OrderLineView[]): PoLineDraft[] {
  const present = new Set(current.map((line) => line.orderLineId).filter((id) => id !== undefined));
  const added = chosen.filter((line) => !present.has(line.orderLineId)).map(poLineOfOrderLine);
  return [...current.filter((line) => !isBlank(line)), ...added];
}

/** The lines as the order holds them, first written first (the list answers the newest first). */
export const inOrder = (lines: OrderLineView[]): OrderLineView[] => [...lines].sort((a, b) => a.orderLineId - b.orderLineId);

/** PURCHASE_ORDER: a new service for the order of these lines: its brand, supplier and factory, all its lines in order; null without lines. */
export function draftOfPurchaseOrder(base: WizardDraft, lines: OrderLineView[]): WizardDraft | null {
  const ordered = inOrder(lines);
  const [first] = ordered;
  if (!first) return null;
  return {
    ...base,
    service: { ...base.service, client: first.companyId, supplier: first.supplier, factory: first.factory ?? first.supplier },
    purchaseOrderLines: withOrderLines([], ordered),
  };
}
