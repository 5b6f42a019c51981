import type { Caller } from '../context';
import { SERVICES, serviceScope, type ServiceRow } from '../services/access';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Row } from '../store/types';
import type { ReferenceRow } from './access';

/**
 * Which service lines are of a reference (issue 31's shared rule): a purchase-order line is of
 * reference R when it names R's id (`referenceId`, which wins), else when its code — its
 * `referenceObj`, else its SKU — equals R's SKU, trimmed and case-insensitive; and only in the
 * services of R's brand (the service's `client`). The lines live inside the services, so the
 * services' keyword index (`searchText` holds the lines' references and SKUs) finds the few
 * candidates, and the exact match picks among them (docs/risk.md "How a reference is found").
 */
export interface ReferenceKey {
  /** The brand. */
  companyId: number;
  sku: string;
  referenceId?: number;
}

export const codeKey = (code: unknown) => (typeof code === 'string' ? code.trim().toLowerCase() : '');

/** A line's code: its reference, else its SKU (trimmed; undefined when it has neither). */
export function lineCode(line: Row): string | undefined {
  const code = (typeof line.referenceObj === 'string' && line.referenceObj.trim()) || (typeof line.sku === 'string' && line.sku.trim());
  return code || undefined;
}

export function lineOfReference(line: Row, key: ReferenceKey): boolean {
  if (typeof line.referenceId === 'number') return line.referenceId === key.referenceId;
  const code = lineCode(line);
  return code !== undefined && codeKey(code) === codeKey(key.sku);
}

export const purchaseOrderLines = (service: Row): Row[] => (Array.isArray(service.purchaseOrderLines) ? (service.purchaseOrderLines as Row[]) : []);

export const referenceKey = (reference: ReferenceRow): ReferenceKey => ({ companyId: reference.companyId, sku: reference.sku, referenceId: reference.referenceId });

/** The lines of the service that are of the reference (none in another brand's service). */
export const linesOfReference = (service: Row, key: ReferenceKey): Row[] =>
  service.client === key.companyId ? purchaseOrderLines(service).filter((line) => lineOfReference(line, key)) : [];

/**
 * The services holding a line of the reference that the caller sees (`serviceScope`), newest
 * first, narrowed by `where` (an order taker, open steps…).
 */
export async function servicesOfReference(db: Reader, caller: Caller, key: ReferenceKey, where?: Condition): Promise<ServiceRow[]> {
  const candidates = await db.query<ServiceRow>({
    collection: SERVICES,
    where: and(serviceScope(caller), eq('client', key.companyId), { op: 'keywords', fields: ['searchText'], value: key.sku }, where),
    orderBy: [{ field: 'startDate', desc: true }, { field: 'serviceId', desc: true }],
  });
  return candidates.filter((service) => linesOfReference(service, key).length > 0);
}
