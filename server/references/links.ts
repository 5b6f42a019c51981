import { and, eq, or, type Condition } from '../store/query';
import type { Reader, Row } from '../store/types';
import { sameValue } from '../resources/uniqueness';

/**
 * What points at a reference (issue 31's shared decisions): its sub-references (naming it in
 * `parentIds`), the order lines of its brand (`orderLines`: by `referenceId`, else by sku) and the
 * order lines inside its brand's services (`purchaseOrderLines`: by `referenceId`, else `referenceObj`,
 * else `sku`). Skus compare trimmed and case-insensitively; the store's keyword match narrows, the
 * exact comparison decides.
 */
export const REFERENCES = 'references';
export const ORDER_LINES = 'orderLines';
const SERVICES = 'services';

const skuOf = (reference: Row) => String(reference.sku ?? '');
const inUniverse = (reference: Row) => eq('universeId', reference.universeId as number);

/** Whether an order line (of an order, or inside a service) is of the reference: its `referenceId` wins over the sku. */
export function lineOfReference(line: Row, reference: Row, skuFields: string[]): boolean {
  if (typeof line.referenceId === 'number') return line.referenceId === reference.referenceId;
  const sku = skuFields.map((field) => line[field]).find((value) => typeof value === 'string' && value.trim() !== '');
  return sku !== undefined && sameValue(sku, skuOf(reference));
}

export async function subReferenceCount(db: Reader, reference: Row): Promise<number> {
  return db.count({ collection: REFERENCES, where: and(inUniverse(reference), eq('parentIds', reference.referenceId as number)), limit: 1 });
}

/** The order lines of the reference (orderLines of its brand). */
export async function orderLinesOf(db: Reader, reference: Row): Promise<Row[]> {
  const bySku: Condition = and(eq('companyId', reference.companyId as number), { op: 'keywords', fields: ['sku'], value: skuOf(reference) });
  const candidates = await db.query({ collection: ORDER_LINES, where: and(inUniverse(reference), or(eq('referenceId', reference.referenceId as number), bySku)) });
  return candidates.filter((line) => lineOfReference(line, reference, ['sku']));
}

/** Whether a service of the brand has an order line of the reference (its keyword index holds the lines' references and skus). */
export async function hasServiceLines(db: Reader, reference: Row): Promise<boolean> {
  const where = and(inUniverse(reference), eq('client', reference.companyId as number), { op: 'keywords', fields: ['searchText'], value: skuOf(reference) });
  const services = await db.query({ collection: SERVICES, where });
  const lines = services.flatMap((service) => (Array.isArray(service.purchaseOrderLines) ? (service.purchaseOrderLines as Row[]) : []));
  if (lines.some((line) => lineOfReference(line, reference, ['referenceObj', 'sku']))) return true;
  // A line naming the reference by id only (its sku changed since).
  return (await db.count({ collection: SERVICES, where: and(inUniverse(reference), eq('purchaseOrderLines[].referenceId', reference.referenceId as number)), limit: 1 })) > 0;
}
