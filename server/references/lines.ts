import type { Caller } from '../context';
import { lineOfReference, linesOf } from '../risk/referenceRecords';
import { SERVICES, serviceScope, type ServiceRow } from '../services/access';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Row } from '../store/types';

/**
 * Which services hold a line of a reference, for a caller: the line rule of server/risk/referenceRecords.ts
 * (a line naming the reference's id, else whose code — its `referenceObj`, else its SKU — is the
 * reference's SKU, trimmed and case-insensitive, in a service of its brand), within what the caller
 * sees (`serviceScope`). The candidates come from the services' keyword index alone (`searchText`
 * holds the lines' codes; docs/risk.md "How a reference is found"): on the embedded store a
 * condition on the lines' `referenceId` beside it would scan every service (20,000 services, 200
 * found: p50 4 ms with the index alone, 106 ms with both), so a line linked by id whose code is
 * not the reference's SKU is found by its code only.
 */
export interface ReferenceKey extends Row {
  /** The brand. */
  companyId: number;
  sku: string;
  referenceId?: number;
}

/** A reference record as the service links read it. */
export interface ReferenceRow extends Row {
  referenceId: number;
  companyId: number;
  sku: string;
  name?: string;
  designation?: string;
}

export const referenceKey = (reference: Row): ReferenceKey => ({ companyId: reference.companyId as number, sku: reference.sku as string, referenceId: reference.referenceId as number });

/** The services holding a line of the reference that the caller sees, newest first, narrowed by `where` (an order taker, open steps…). */
export async function servicesOfReference(db: Reader, caller: Caller, key: ReferenceKey, where?: Condition): Promise<ServiceRow[]> {
  const candidates = await db.query<ServiceRow>({
    collection: SERVICES,
    where: and(serviceScope(caller), eq('client', key.companyId), { op: 'keywords', fields: ['searchText'], value: key.sku }, where),
    orderBy: [{ field: 'startDate', desc: true }, { field: 'serviceId', desc: true }],
  });
  return candidates.filter((service) => linesOf(service).some((line) => lineOfReference(line, key)));
}
