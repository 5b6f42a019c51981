import type { ServiceSide } from '../../../../machines/service';
import {
  EDITABLE_SERVICE_FIELDS,
  emptyDraft,
  emptyPoLine,
  type LabLineDraft,
  type PoLineDraft,
  type ServiceDraft,
  type WizardDraft,
} from '../../../../machines/serviceWizard';
import type { ServiceView } from '../shared/serviceApi';

/**
 * The wizard's draft ↔ the bodies of docs/services.md "Create, edit, duplicate — the wizard".
 * Empty texts are left out rather than sent as "" (the schema refuses blank required texts).
 */
type Json = Record<string, unknown>;

function compact<T extends Json>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined && value !== null && !(typeof value === 'string' && !value.trim())),
  ) as Partial<T>;
}

function serviceBody(service: ServiceDraft, withDates: boolean): Json {
  const picked = Object.fromEntries(EDITABLE_SERVICE_FIELDS.map((field) => [field, service[field]]));
  const address = service.address && compact(service.address);
  const body: Json = compact({ ...picked, address: address && Object.keys(address).length ? address : undefined });
  if (!withDates) {
    delete body.startDate;
    delete body.endDate;
  }
  return body;
}

const poLineBody = (line: PoLineDraft): Json => compact({ ...line, orderedQuantity: compact({ ...line.orderedQuantity }) });
const labLineBody = (line: LabLineDraft): Json => compact({ ...line });

/** The lines the server keeps: laboratory lines only on a laboratory service. */
function linesBody(draft: WizardDraft) {
  return {
    purchaseOrderLines: draft.purchaseOrderLines.map(poLineBody),
    laboratoryLines: draft.service.thirdPartyDepartment === 'LAB' ? draft.laboratoryLines.map(labLineBody) : [],
  };
}

/** POST /back/bo/services (NEW and DUPLICATE). */
export function createBody(draft: WizardDraft): Json {
  const notification = draft.notification.doSend
    ? compact({ doSend: true, tos: draft.notification.tos, ccs: draft.notification.ccs, comment: draft.notification.comment })
    : { doSend: false, tos: [], ccs: [] };
  return compact({
    roles: draft.roles,
    service: serviceBody(draft.service, true),
    ...linesBody(draft),
    note: draft.note,
    notification,
  });
}

/** PUT /back/bo/services/{id} (EDIT): the dates move only through a postpone. */
export function updateBody(draft: WizardDraft, version: number): Json {
  return { version, service: serviceBody(draft.service, false), ...linesBody(draft) };
}

const SIDE_OF_ROLE: Record<string, ServiceSide> = {
  DECISION_MAKER: 'DECISION_MAKER',
  ORDER_TAKER: 'ORDER_TAKER',
  SUPPLIER: 'ORDER_TAKER',
  FACTORY: 'ORDER_TAKER',
  AGENT: 'ORDER_TAKER',
  SERVICE_PROVIDER: 'SERVICE_PROVIDER',
};

/** The sides the caller's company plays on a stored service (its `userRoles`). */
export function sidesOnService(service: Pick<ServiceView, 'userRoles'>): ServiceSide[] {
  return [...new Set((service.userRoles ?? []).map((role) => SIDE_OF_ROLE[role]).filter(Boolean))];
}

/**
 * The draft of a stored service: EDIT keeps the line ids and the dates; DUPLICATE makes new lines
 * and clears the dates (a copy is planned anew).
 */
/**
 * ORDER: a new service for one purchase order of a service: its parties and contacts, the lines
 * of that order (PO and laboratory), no type and no dates (the next check of the order is another
 * kind); null when the service has no line of that order.
 */
export function draftOfOrder(service: ServiceView, poNumber: string): WizardDraft | null {
  const copy = draftOfService(service, 'DUPLICATE');
  const poLines = copy.purchaseOrderLines.filter((line) => line.poNumber === poNumber);
  if (!poLines.length) return null;
  return {
    ...copy,
    service: { ...copy.service, type: undefined },
    purchaseOrderLines: poLines,
    laboratoryLines: copy.laboratoryLines.filter((line) => line.poNumber === poNumber),
  };
}

export function draftOfService(service: ServiceView, mode: 'EDIT' | 'DUPLICATE'): WizardDraft {
  const base = emptyDraft(sidesOnService(service));
  const copy = mode === 'DUPLICATE';
  const fields = Object.fromEntries(EDITABLE_SERVICE_FIELDS.map((field) => [field, (service as unknown as Json)[field] ?? undefined])) as Partial<ServiceDraft>;
  const poLines: PoLineDraft[] = (service.purchaseOrderLines ?? []).map((line) => ({
    purchaseOrderLineId: copy ? undefined : line.purchaseOrderLineId,
    poNumber: line.poNumber,
    designation: line.designation,
    sku: line.sku,
    color: line.color,
    size: line.size,
    orderedQuantity: { ...(line.orderedQuantity ?? {}) },
    // A type stored as a text before the list is left out: the server keeps it until one is chosen.
    productType: typeof line.productType === 'number' ? line.productType : undefined,
    customFieldOrder: line.customFieldOrder ? { ...line.customFieldOrder } : undefined,
    // The links to the brand's order, order line and reference stay with the line (a copy keeps them too), as do
    // the goods' fields no column shows.
    referenceObj: line.referenceObj,
    material: line.material,
    batch: line.batch,
    serialNumber: line.serialNumber,
    purchaseOrder: line.purchaseOrder,
    purchaseOrderId: line.purchaseOrderId,
    orderLineId: line.orderLineId,
    referenceId: line.referenceId,
  }));
  const labLines: LabLineDraft[] = (service.laboratoryLines ?? []).map((line) => ({
    laboratoryLineId: copy ? undefined : line.laboratoryLineId,
    testName: line.testName,
    standard: line.standard,
    sampleCount: line.sampleCount,
    poNumber: line.poNumber,
    comment: line.comment,
  }));
  return {
    ...base,
    service: {
      ...base.service,
      ...compact(fields as Json),
      orderTakerContacts: [...(service.orderTakerContacts ?? [])],
      ...(copy ? { startDate: undefined, endDate: undefined, exFactoryDate: undefined, etdDate: undefined } : {}),
    },
    purchaseOrderLines: poLines.length ? poLines : [emptyPoLine()],
    laboratoryLines: labLines,
  };
}
