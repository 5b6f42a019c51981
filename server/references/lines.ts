import type { Caller } from '../context';
import { lineOfReference, linesOf, servicesOfReference as brandServicesOfReference } from '../risk/referenceRecords';
import { SERVICES, serviceScope, type ServiceRow } from '../services/access';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Row } from '../store/types';
import type { ReferenceRow } from './access';

/**
 * Which services hold a line of a reference, for a caller: the rule of server/risk/referenceRecords.ts
 * (a line naming the reference's id, else whose code — its `referenceObj`, else its SKU — is the
 * reference's SKU, trimmed and case-insensitive, in a service of its brand), within what the caller
 * sees (`serviceScope`). A code no reference record has (the provider does not see the brand's
 * references) is matched by its code alone. The services' keyword index (`searchText`) finds the
 * candidates (docs/risk.md "How a reference is found").
 */
export interface ReferenceKey extends Row {
  /** The brand. */
  companyId: number;
  sku: string;
  referenceId?: number;
}

export const referenceKey = (reference: ReferenceRow): ReferenceKey => ({ companyId: reference.companyId, sku: reference.sku, referenceId: reference.referenceId });

/** The services holding a line of the reference that the caller sees, newest first, narrowed by `where` (an order taker, open steps…). */
export async function servicesOfReference(db: Reader, caller: Caller, key: ReferenceKey, where?: Condition): Promise<ServiceRow[]> {
  const scope = and(serviceScope(caller), where);
  if (key.referenceId !== undefined) return brandServicesOfReference(db, key, scope);
  const candidates = await db.query<ServiceRow>({
    collection: SERVICES,
    where: and(scope, eq('client', key.companyId), { op: 'keywords', fields: ['searchText'], value: key.sku }),
    orderBy: [{ field: 'startDate', desc: true }, { field: 'serviceId', desc: true }],
  });
  return candidates.filter((service) => linesOf(service).some((line) => lineOfReference(line, key)));
}
