import { isSuperAdmin, type AppContext, type Caller } from '../context';
import { notFound } from '../errors';
import { companyById, type Company } from '../identity';
import type { Stored } from '../store/types';

/** Universe and super admins reach every company of their universe; everyone else their own company only. */
export const reachesOtherCompanies = (caller: Caller) => isSuperAdmin(caller) || caller.roles.has('UNIVERSE_ADMIN');

/**
 * The company of a company profile call (`:companyId`): the caller's own, or (universe or super admins)
 * one of its universe; 404 otherwise, so another company's profile is not revealed to exist.
 */
export async function reachableCompany(c: AppContext, caller: Caller): Promise<Stored<Company>> {
  const company = await companyById(c.get('services').db, Number(c.req.param('companyId')));
  if (!company || company.universeId !== caller.universeId || (!reachesOtherCompanies(caller) && company.companyId !== caller.company.companyId)) throw notFound();
  return company;
}
