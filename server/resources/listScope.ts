import { badRequest } from '../errors';
import type { AppContext, Caller } from '../context';
import type { EntityDef } from '../schemas';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Row } from '../store/types';
import { assertOwnCompany } from './ownership';
import { notFoundFor } from './visibility';

/**
 * What scopes the generic calls of a list besides visibility (docs/schemas.md "Owned lists"):
 *  - `x-api` path parameters (`/back/bo/companies/{companyId}/compulsoryElements/admin`): each is
 *    a field every record of the call has: a filter of the list, a stamp on create, and a record
 *    whose field differs is "not found". `companyId` must be a company the caller owns records for
 *    (its own; a super admin's: any of its universe), else 404.
 *  - the `companyId` query of a scoped list: checked alike, then a filter;
 *  - `archived` of an `x-archive` list: archived records are left out, unless `archived=true`
 *    asks for them alone.
 */

/** The Hono path of an `x-api` with `{name}` parameters (ids). */
export const routePath = (api: string) => api.replace(/\{(\w+)\}/g, ':$1{[0-9]+}');

/** Query names the generic list reads itself, whatever its search form says. */
export const reservedQuery = (entity: EntityDef): string[] => [...(entity.scope && entity.scope !== 'global' ? ['companyId'] : []), ...(entity.archive ? ['archived'] : [])];

const COMPANY = 'companyId';

async function checked(db: Reader, caller: Caller, field: string, value: number): Promise<number> {
  return field === COMPANY ? assertOwnCompany(db, caller, value) : value;
}

/** The path parameters' values, checked (404 for another company). */
export async function fixedFields(c: AppContext, db: Reader, entity: EntityDef, caller: Caller): Promise<Row> {
  const fixed: Row = {};
  for (const param of entity.pathParams) fixed[param] = await checked(db, caller, param, Number(c.req.param(param)));
  return fixed;
}

/** A record of another path than the call's is not found. */
export function assertFixed(entity: EntityDef, record: Row, fixed: Row): void {
  if (Object.entries(fixed).some(([field, value]) => record[field] !== value)) throw notFoundFor(entity);
}

export const fixedCondition = (fixed: Row): Condition => and(...Object.entries(fixed).map(([field, value]) => eq(field, value as number)));

/** Archived records are left out of a list, or only they with `archived=true`. */
export function archiveCondition(entity: EntityDef, archived?: string): Condition | undefined {
  if (!entity.archive) return undefined;
  const isArchived = eq(entity.archive, true);
  return archived === 'true' ? isArchived : { op: 'not', condition: isArchived };
}

/** The list's own conditions from its query (`companyId`, `archived`), and the rest of the query for its search form. */
export async function listQuery(db: Reader, entity: EntityDef, caller: Caller, query: Record<string, string[]>): Promise<{ where: Condition; rest: Record<string, string[]> }> {
  const reserved = reservedQuery(entity);
  const rest = Object.fromEntries(Object.entries(query).filter(([name]) => !reserved.includes(name)));
  const one = (name: string) => {
    const values = (query[name] ?? []).filter((value) => value !== '');
    return values.length > 1 ? null : values[0];
  };
  const company = reserved.includes(COMPANY) ? one(COMPANY) : undefined;
  if (company === null || (company !== undefined && !/^[1-9]\d{0,15}$/.test(company))) throw badRequest('error.badQuery');
  const archived = reserved.includes('archived') ? one('archived') : undefined;
  if (archived === null || (archived !== undefined && archived !== 'true' && archived !== 'false')) throw badRequest('error.badQuery');
  const companyId = company === undefined ? undefined : await assertOwnCompany(db, caller, Number(company));
  return { where: and(companyId !== undefined && eq(COMPANY, companyId), archiveCondition(entity, archived)), rest };
}
