import { isSuperAdmin, requireCaller, type AppContext, type Caller } from '../context';
import { forbidden, notFound } from '../errors';
import { companyById, type Company } from '../identity';
import type { Reader, Stored } from '../store/types';

/**
 * Who may read risks (spec §6.4: "Non-managers skip loading … risks … and supplier risks"):
 * the MANAGER flag or SUPER_ADMIN, 403 otherwise. Which inspections count is the caller's
 * service visibility (`serviceScope`), applied by the queries of inspections.ts.
 */
export function riskCaller(c: AppContext): Caller {
  const caller = requireCaller(c);
  if (!caller.roles.has('MANAGER') && !isSuperAdmin(caller)) throw forbidden();
  return caller;
}

/** The company of the path, when it belongs to the caller's universe; 404 otherwise (its existence is not revealed). */
export async function companyInUniverse(db: Reader, companyId: number, caller: Caller): Promise<Stored<Company>> {
  const company = await companyById(db, companyId);
  if (!company || company.universeId !== caller.universeId) throw notFound('error.notFound');
  return company;
}
