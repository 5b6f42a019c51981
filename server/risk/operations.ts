import { REFERENCE_RISK, badnessOf, hasVerdict, weightOf } from '../../domain/referenceRisk';
import { isSuperAdmin, type Caller } from '../context';
import type { FieldError } from '../errors';
import { archiveCondition } from '../resources/listScope';
import { seenRecord } from '../resources/visibility';
import type { Registry } from '../schemas';
import { serviceScope, type ServiceRow } from '../services/access';
import { throwIfAny } from '../services/routeHelpers';
import { and, eq } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
import { referenceRiskRow } from './companyRisk';
import { inspectionOf, lineOfReference, referenceHistory, servicesOfReference } from './referenceRecords';
import { riskOf } from './references';

/**
 * Smart-data operations on references (spec §7.4/§7.5, docs/risk.md "Smart-data operations"):
 * what a reference's score is made of, and the wizard body of a new service for chosen
 * references (checked and written by the wizard's own code, server/services/createService.ts).
 */
export const PURCHASE_ORDERS = 'purchaseOrders';
export const ORDER_LINES = 'orderLines';
/** At most this many references per new service. */
export const MAX_REFERENCES = 100;

/** GET /back/bo/smartdata/operations/references/{id}: the figures behind the score, and the services of the reference the caller sees. */
export async function referenceOperations(db: Reader, caller: Caller, record: Stored<Row>, now = new Date()) {
  const history = await referenceHistory(db, record, now);
  const counted = new Map(history.services.map((service, index) => [service.serviceId, history.inspections[index]]));
  const seen = await servicesOfReference(db, record, serviceScope(caller));
  return {
    reference: { ...referenceRiskRow(record), designation: String(record.designation ?? ''), companyId: record.companyId },
    figures: { ...history.figures, refusedRate: riskOf(history.figures.accepted, history.figures.refused).refusedRate },
    formula: REFERENCE_RISK,
    services: seen.map((service: ServiceRow) => {
      const inspection = counted.get(service.serviceId) ?? inspectionOf(service, undefined, record);
      const counts = counted.has(service.serviceId) && hasVerdict(inspection);
      const summary = (service.report ?? {}) as Row;
      return {
        serviceId: service.serviceId,
        number: service.number,
        type: service.type,
        serviceStep: service.serviceStep,
        startDate: service.startDate,
        supplier: service.supplier ?? null,
        factory: service.factory ?? null,
        reportResult: summary.reportResult ?? null,
        clientDecision: summary.clientDecision ?? null,
        counted: counts,
        critical: counts ? inspection.critical : 0,
        major: counts ? inspection.major : 0,
        minor: counts ? inspection.minor : 0,
        weight: counts ? Math.round(weightOf(inspection.date, now) * 1000) / 1000 : 0,
        badness: counts ? Math.round(badnessOf(inspection) * 1000) / 1000 : 0,
      };
    }),
  };
}

// ---- POST /back/bo/smartdata/operations/newService ----

export const NEW_SERVICE_KEYS = ['referenceId', 'strategy', 'orderId', 'roles', 'service', 'note'];

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** The body's shape: 1 to 100 distinct reference ids, a strategy id, an optional order id (400 with each field's error). */
function shapeErrors(body: Row): FieldError[] {
  const errors: FieldError[] = [];
  const ids = body.referenceId;
  if (!Array.isArray(ids) || !ids.length) errors.push({ path: '/referenceId', key: ids === undefined ? 'validation.required' : 'validation.wrongType' });
  else if (ids.length > MAX_REFERENCES) errors.push({ path: '/referenceId', key: 'smartdata.newService.tooMany' });
  else {
    ids.forEach((id: unknown, index) => {
      if (!isId(id)) errors.push({ path: `/referenceId/${index}`, key: 'validation.wrongType' });
      else if (ids.indexOf(id) !== index) errors.push({ path: `/referenceId/${index}`, key: 'validation.duplicate' });
    });
  }
  if (!isId(body.strategy)) errors.push({ path: '/strategy', key: body.strategy === undefined ? 'validation.required' : 'validation.wrongType' });
  if (body.orderId !== undefined && body.orderId !== null && !isId(body.orderId)) errors.push({ path: '/orderId', key: 'validation.wrongType' });
  if (body.service !== undefined && (typeof body.service !== 'object' || body.service === null || Array.isArray(body.service))) errors.push({ path: '/service', key: 'validation.wrongType' });
  return errors;
}

/** The caller's company's strategy (a super admin's: any of its universe), not archived. */
async function strategyOf(db: Reader, registry: Registry, caller: Caller, strategyId: number): Promise<Stored<Row> | undefined> {
  const entity = registry.entities.get('strategy')!;
  const found = (await db.query<Row>({ collection: entity.collection, where: and(eq(entity.idField, strategyId), eq('universeId', caller.universeId), archiveCondition(entity)), limit: 1 }))[0];
  return found && (isSuperAdmin(caller) || found.companyId === caller.company.companyId) ? found : undefined;
}

/** A service line of a purchase-order line (collection orderLines). */
const fromOrderLine = (order: Row, line: Row, reference: Row): Row =>
  defined({
    poNumber: String(order.poNumber),
    designation: String(line.designation || reference.designation || reference.name),
    referenceObj: String(reference.sku),
    sku: String(line.sku ?? reference.sku),
    color: line.color,
    size: line.size,
    material: line.material,
    productType: line.productType,
    unit: line.unit,
    packing: line.packing,
    orderedQuantity: defined({ quantity: Number(line.orderedQuantity ?? 0), unit: line.unit }),
  });

/** One line of a reference without an order: its sku stands for the PO number, the quantity is left to fill (0). */
const fromReference = (reference: Row): Row =>
  defined({
    poNumber: String(reference.sku),
    designation: String(reference.designation || reference.name),
    referenceObj: String(reference.sku),
    sku: String(reference.sku),
    color: reference.color,
    size: reference.size,
    material: reference.material,
    productType: reference.productType,
    orderedQuantity: { quantity: 0 },
  });

function defined(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

/** The side the caller's company takes by default: the brand's, else an order taker's. */
const defaultRoles = (caller: Caller, brand: number) => (caller.company.companyId === brand || isSuperAdmin(caller) ? ['DECISION_MAKER'] : ['ORDER_TAKER']);

/**
 * The wizard body of a new service for the chosen references: the client is their brand, the
 * department the strategy's, the supplier and factory the order's (else the body's, else the one
 * supplier all the references name), the lines the order's lines of those references (else one
 * per reference). 400 with field errors when a reference, the strategy or the order does not fit.
 */
export async function newServiceBody(db: Reader, registry: Registry, caller: Caller, body: Row): Promise<Row> {
  throwIfAny(shapeErrors(body));
  const ids = body.referenceId as number[];
  const referenceEntity = registry.entities.get('reference')!;
  // A reference the caller does not see (x-visibility) is refused at its index, as one that does not exist.
  const records = await Promise.all(ids.map((id) => seenRecord(db, referenceEntity, id, caller)));
  const errors: FieldError[] = records.flatMap((record, index) => (record ? [] : [{ path: `/referenceId/${index}`, key: 'validation.unknownValue' }]));
  const brand = records.find((record) => record)?.companyId as number | undefined;
  records.forEach((record, index) => {
    if (record && record.companyId !== brand) errors.push({ path: `/referenceId/${index}`, key: 'smartdata.newService.otherBrand' });
  });
  const strategy = await strategyOf(db, registry, caller, body.strategy as number);
  if (!strategy) errors.push({ path: '/strategy', key: 'validation.unknownValue' });
  const order = isId(body.orderId) ? await db.get<Row>(PURCHASE_ORDERS, body.orderId) : undefined;
  if (isId(body.orderId) && (!order || order.companyId !== brand)) errors.push({ path: '/orderId', key: 'validation.unknownValue' });
  throwIfAny(errors);
  const references = records as Stored<Row>[];
  let lines: Row[];
  if (order) {
    const orderLines = await db.query<Row>({ collection: ORDER_LINES, where: eq('purchaseOrderId', order.purchaseOrderId as number), orderBy: [{ field: 'orderLineId' }] });
    const perReference = references.map((reference) => orderLines.filter((line) => lineOfReference(line, reference)));
    throwIfAny(perReference.flatMap((found, index) => (found.length ? [] : [{ path: `/referenceId/${index}`, key: 'smartdata.newService.notInOrder' }])));
    lines = references.flatMap((reference, index) => perReference[index].map((line) => fromOrderLine(order, line, reference)));
  } else lines = references.map(fromReference);
  const given = (body.service ?? {}) as Row;
  const commonSuppliers = references.map((reference) => (reference.suppliers as number[] | undefined) ?? []).reduce((common, list) => common.filter((id) => list.includes(id)));
  return {
    roles: body.roles ?? defaultRoles(caller, brand!),
    service: defined({
      ...given,
      client: brand,
      thirdPartyDepartment: strategy!.department ?? 'INSP',
      supplier: order?.supplier ?? given.supplier ?? (commonSuppliers.length === 1 ? commonSuppliers[0] : undefined),
      factory: order?.factory ?? given.factory,
    }),
    purchaseOrderLines: lines,
    ...(body.note === undefined ? {} : { note: body.note }),
  };
}
