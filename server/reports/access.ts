import { isCompanyManager } from '../auth/roles';
import { isSuperAdmin, type Caller } from '../context';
import { forbidden } from '../errors';
import { COLLECTIONS, type Company } from '../identity';
import { and, eq, or, type Condition } from '../store/query';
import type { Reader } from '../store/types';
import { ORDER_TAKER_SLOTS } from '../services/wizardRules';
import { actingSide, isOwner, ownsEveryService, type Right, type ServiceParties } from '../services/access';

/** The reports' collection (one report per service). */
export const REPORTS = 'reports';

/**
 * Spec §6.4 for reports, in one place:
 * - report access: write for the provider once the service is confirmed; read for decision
 *   power (the decision maker's side: SERVICE_DECISION_POWER held by an order taker's person opens
 *   nothing more, DESIGN rule 11) or for an order taker when the client
 *   lets its suppliers download reports; otherwise limited read (the summary) for an order taker
 *   who is not owner; none while opened or requested, or when not owner and not terminated.
 * - decision right: write for the decision maker, read with DESIGN rule 11 — the caller's company
 *   holds the decision-maker role on the service and the caller is one of its managers (the MANAGER
 *   flag or a local manager's profile, as for assigning) or holds SERVICE_DECISION_POWER; a super admin aside. Decision power never lets another party
 *   (the provider's managers hold it too) decide. Limited read otherwise; none while no report is
 *   available (the decision is taken on a report of a terminated service).
 */
export interface ReportRights {
  report: Right;
  decision: Right;
}

const DECISION_POWER = 'SERVICE_DECISION_POWER';
const BEFORE_CONFIRMATION = new Set(['OPENED', 'REQUESTED']);

/** Whether the client of the service lets its order takers read the whole report. */
async function supplierDownload(db: Reader, service: ServiceParties): Promise<boolean> {
  if (typeof service.client !== 'number') return false;
  return (await db.get<Company>(COLLECTIONS.companies, service.client))?.reportSupplierDownload === true;
}

export async function reportRights(db: Reader, service: ServiceParties, caller: Caller, hasReport: boolean): Promise<ReportRights> {
  const report = await reportAccess(db, service, caller);
  const decides = isSuperAdmin(caller) || (actingSide(service, caller) === 'DECISION_MAKER' && (isCompanyManager(caller.roles, caller.contact.account?.profiles) || caller.roles.has(DECISION_POWER)));
  const decidable = hasReport && service.serviceStep === 'TERMINATED' && report !== 'NONE';
  return { report, decision: !decidable ? 'NONE' : decides ? 'WRITE' : 'READ_LIMITED' };
}

/**
 * Whether the caller reads the service's report at all (its access is not NONE): what the service
 * search shows of it (the verdict) and what the KPIs count follow it. `unreadReports` is the same rule
 * as a store condition.
 */
export function readsReport(service: ServiceParties, caller: Caller): boolean {
  const step = String(service.serviceStep);
  const side = actingSide(service, caller);
  if (!side || BEFORE_CONFIRMATION.has(step) || step === 'CANCELLED') return false;
  return side === 'SERVICE_PROVIDER' || step === 'TERMINATED' || isOwner(service, caller);
}

/**
 * `readsReport` false, as a condition on the services the caller sees, for those not yet terminated
 * nor cancelled (the steps an index narrows them to): before confirmation for everyone; confirmed, for
 * a company on the decision maker's or the order taker's side that does not own the service, or for
 * one playing no role on it. A terminated service's report is read by every company with a role on it
 * (the wizard gives its creator's company one). Null when the caller reads every report it sees (a
 * super admin, an ALWAYS_OWNER account).
 */
export function unreadReports(caller: Caller): Condition | null {
  if (ownsEveryService(caller)) return null;
  const me = caller.company.companyId;
  const notProvider: Condition = { op: 'anyEq', fields: ['client', ...ORDER_TAKER_SLOTS], value: me };
  const noRole: Condition = { op: 'not', condition: { op: 'anyEq', fields: ['client', ...ORDER_TAKER_SLOTS, 'serviceProvider'], value: me } };
  return and(
    { op: 'in', field: 'serviceStep', values: [...BEFORE_CONFIRMATION, 'CONFIRMED'] },
    or({ op: 'in', field: 'serviceStep', values: [...BEFORE_CONFIRMATION] }, and({ op: 'not', condition: eq('creatorCompany', me) }, notProvider), noRole),
  );
}

async function reportAccess(db: Reader, service: ServiceParties, caller: Caller): Promise<Right> {
  if (!readsReport(service, caller)) return 'NONE';
  const side = actingSide(service, caller);
  if (side === 'SERVICE_PROVIDER') return 'WRITE';
  const owner = isOwner(service, caller);
  if (side === 'DECISION_MAKER') return 'READ';
  if (await supplierDownload(db, service)) return 'READ';
  return owner ? 'READ' : 'READ_LIMITED';
}

/** 403 unless the rights reach `needed` (READ_LIMITED < READ < WRITE). */
export function requireRight(right: Right, needed: Right, key = 'error.forbidden'): void {
  const order: Right[] = ['NONE', 'READ_LIMITED', 'READ', 'WRITE'];
  if (order.indexOf(right) < order.indexOf(needed)) throw forbidden(key);
}
