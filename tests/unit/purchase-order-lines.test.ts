import { describe, expect, it } from 'vitest';
import { emptyDraft, emptyPoLine } from '../../machines/serviceWizard';
import { draftOfPurchaseOrder, poLineOfOrderLine, withOrderLines, type OrderLineView } from '../../app/pages/services/wizard/purchaseOrderLines';
import { createBody, draftOfService, updateBody } from '../../app/pages/services/wizard/wizardBody';
import type { ServiceView } from '../../app/pages/services/shared/serviceApi';

/** The wizard's lines from a brand's purchase order (app/pages/services/wizard/purchaseOrderLines.ts). */
const orderLine = (orderLineId: number, changes: Partial<OrderLineView> = {}): OrderLineView => ({
  orderLineId, purchaseOrderId: 7, companyId: 3, supplier: 4, factory: 5, poNumber: 'PO-7', sku: `MLW-24${orderLineId}`, designation: 'Linen shirt', color: 'Navy', size: 'M',
  unit: 'PIECE', packing: 'BOX', orderedQuantity: 1200, referenceId: 90, ...changes,
});

describe('order lines into the service wizard', () => {
  it('copies the quantities and keeps the links; the sku is the reference code and stands in for a missing designation', () => {
    expect(poLineOfOrderLine(orderLine(11))).toEqual({
      poNumber: 'PO-7', designation: 'Linen shirt', sku: 'MLW-2411', referenceObj: 'MLW-2411', color: 'Navy', size: 'M', productType: undefined,
      orderedQuantity: { quantity: 1200, unit: 'PIECE', packing: 'BOX' }, purchaseOrderId: 7, orderLineId: 11, referenceId: 90,
    });
    expect(poLineOfOrderLine(orderLine(12, { designation: ' ' })).designation).toBe('MLW-2412');
  });

  it('adds each order line once, in place of the blank line the wizard starts with', () => {
    const first = withOrderLines([emptyPoLine()], [orderLine(1)]);
    expect(first.map((line) => line.orderLineId)).toEqual([1]);
    const typed = { poNumber: 'PO-X', designation: 'Typed', orderedQuantity: { quantity: 3 } };
    expect(withOrderLines([...first, typed], [orderLine(1), orderLine(2)]).map((line) => line.orderLineId ?? line.designation)).toEqual([1, 'Typed', 2]);
  });

  it('starts a draft from an order: its brand, supplier and factory, all its lines; none without lines', () => {
    // The list answers the newest line first: the service takes them in the order's order.
    const draft = draftOfPurchaseOrder(emptyDraft(['DECISION_MAKER']), [orderLine(2, { factory: undefined }), orderLine(1)])!;
    expect(draft.service).toMatchObject({ client: 3, supplier: 4, factory: 5 });
    expect(draft.roles).toEqual(['DECISION_MAKER']);
    expect(draft.purchaseOrderLines.map((line) => line.orderLineId)).toEqual([1, 2]);
    expect(createBody(draft).purchaseOrderLines).toEqual([
      expect.objectContaining({ purchaseOrderId: 7, orderLineId: 1, referenceId: 90, referenceObj: 'MLW-241' }),
      expect.objectContaining({ purchaseOrderId: 7, orderLineId: 2 }),
    ]);
    expect(draftOfPurchaseOrder(emptyDraft(), [])).toBeNull();
  });

  it('an edited or duplicated service keeps its lines\u2019 links, reference code, batch and material, and sends them', () => {
    const goods = { referenceObj: 'MLW-2401', batch: 'B-2024-07', material: 'Organic cotton', serialNumber: 'SN-88', purchaseOrder: 'PO-7/A' };
    const stored = { serviceId: 1, version: 1, userRoles: ['DECISION_MAKER'], orderTakerContacts: [], laboratoryLines: [],
      purchaseOrderLines: [{ purchaseOrderLineId: 5, poNumber: 'PO-7', designation: 'Shirt', ...goods, orderedQuantity: { quantity: 3 }, purchaseOrderId: 7, orderLineId: 11, referenceId: 90 }] } as unknown as ServiceView;
    for (const mode of ['EDIT', 'DUPLICATE'] as const) {
      const draft = draftOfService(stored, mode);
      expect(draft.purchaseOrderLines[0]).toMatchObject({ ...goods, purchaseOrderId: 7, orderLineId: 11, referenceId: 90 });
      const body = mode === 'EDIT' ? updateBody(draft, 1) : createBody(draft);
      expect((body.purchaseOrderLines as unknown[])[0]).toMatchObject(goods);
    }
  });
});
