import { callerFor } from '../auth/caller';
import type { Caller } from '../context';
import { COLLECTIONS, ORDER_TAKER_ROLES, type Company } from '../identity';
import type { Registry } from '../schemas';
import { eq } from '../store/query';
import type { Reader } from '../store/types';
import type { CellError } from './cells';

/**
 * What an import's rows are read against: the person who started it (the job acts as them, with
 * the rights they have now) and the companies of their universe by name, so a row may name a
 * supplier or a provider as people write it ("Shenzhen Textile Co") or by its id.
 */
export interface RunContext {
  registry: Registry;
  caller: Caller;
  companies: { byName: Map<string, Company>; byId: Map<number, Company> };
}

const nameKey = (name: string) => name.trim().toLowerCase();

/** The context of the person who started an import, as they are now; undefined when they can no longer act. */
export async function runContext(db: Reader, registry: Registry, contactId: number): Promise<RunContext | undefined> {
  const caller = await callerFor(db, contactId, { via: 'session', sessionKey: 'import-job' });
  return caller && callerContext(db, registry, caller);
}

export async function callerContext(db: Reader, registry: Registry, caller: Caller): Promise<RunContext> {
  const all = await db.query<Company>({ collection: COLLECTIONS.companies, where: eq('universeId', caller.universeId) });
  const live = all.filter((company) => !company.archived);
  return { registry, caller, companies: { byName: new Map(live.map((company) => [nameKey(company.name), company])), byId: new Map(live.map((company) => [company.companyId, company])) } };
}

/** Which company roles a target may name: order takers for supplier and factory, providers for the service provider. */
const ROLES_OF: Record<string, readonly string[]> = { serviceProvider: ['SERVICE_PROVIDER'] };

/** A company cell (name or id) as its id, or the cell error. */
export function companyOf(context: RunContext, target: string, value: unknown): { id?: number; error?: CellError } {
  if (value === undefined) return {};
  const text = String(value);
  const company = /^\d+$/.test(text) ? context.companies.byId.get(Number(text)) : context.companies.byName.get(nameKey(text));
  const roles = ROLES_OF[target.split('.')[1]] ?? ORDER_TAKER_ROLES;
  if (!company || !company.roles.some((role) => roles.includes(role))) return { error: { target, key: 'import.error.unknownCompany' } };
  return { id: company.companyId };
}
