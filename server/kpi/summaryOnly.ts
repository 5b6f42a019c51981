import { sideOfCompanyRole } from '../../machines/serviceRoles';
import type { Caller } from '../context';
import { ownsEveryService } from '../services/access';
import { COLLECTIONS, type Company } from '../identity';
import { ORDER_TAKER_SLOTS } from '../services/wizardRules';
import { and, eq, type Condition } from '../store/query';
import type { Reader } from '../store/types';

/**
 * Spec §6.4 report access, for sums: an order taker that does not own a terminated service reads its
 * report in summary only (the verdict and the decision), unless the client lets its suppliers download
 * reports (server/reports/access.ts; before termination it reads none: `unreadReports`). The defects
 * and inspected pieces of those services are not the caller's to add up (server/kpi/figures.ts: the
 * filter of those measures). The condition of those services among the ones it sees, or null when it
 * reads every report it sees: a super admin, an ALWAYS_OWNER account, or a company that holds no
 * order-taker role (a brand's figures then need no filter of it).
 */
export async function summaryOnly(db: Reader, caller: Caller): Promise<Condition | null> {
  if (ownsEveryService(caller)) return null;
  if (!(caller.company.roles ?? []).some((role) => sideOfCompanyRole(role) === 'ORDER_TAKER')) return null;
  const companyId = caller.company.companyId;
  const downloadable = await db.query<Company>({ collection: COLLECTIONS.companies, where: and(eq('universeId', caller.universeId), eq('reportSupplierDownload', true)) });
  return and(
    eq('serviceStep', 'TERMINATED'),
    { op: 'anyEq', fields: [...ORDER_TAKER_SLOTS], value: companyId },
    // The decision maker's side wins over the order taker's, and the owner reads the whole report.
    { op: 'not', condition: eq('client', companyId) },
    { op: 'not', condition: eq('creatorCompany', companyId) },
    downloadable.length > 0 && { op: 'not', condition: { op: 'in', field: 'client', values: downloadable.map((company) => company.companyId) } },
  );
}
