import { notFound } from '../errors';
import { hasMessage } from '../i18n';
import { isPlatformAdmin, isSuperAdmin, type Caller } from '../context';
import type { EntityDef } from '../schemas';
import { and, eq, or, type Condition } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
import { scopeCondition, scopeSees } from './ownership';

/**
 * x-visibility: a record is seen by callers of its universe whose company is in one of the
 * listed fields; a super admin sees the whole universe; the platform records (no universe) only
 * the platform's own administrators (context.ts isPlatformAdmin).
 * Anything else is "not found". An `x-scope` list follows its scope instead (ownership.ts).
 */
export function canSee(entity: EntityDef, record: Stored<Row>, caller: Caller): boolean {
  if (entity.scope) return scopeSees(entity, record, caller);
  // Platform records (a log of no universe, a login with an unknown e-mail): the platform's own admins only.
  if (record.universeId === null || record.universeId === undefined) return isPlatformAdmin(caller);
  if (record.universeId !== caller.universeId) return false;
  if (isSuperAdmin(caller) || entity.visibility.length === 0) return true;
  const companyId = caller.company.companyId;
  return entity.visibility.some((field) => {
    const value = record[field];
    return Array.isArray(value) ? value.includes(companyId) : value === companyId;
  });
}

/** `canSee` as a store condition: the caller's visibility scope of a query. */
export function visibleScope(entity: EntityDef, caller: Caller): Condition {
  if (entity.scope) return and(scopeCondition(entity, caller));
  const companyId = caller.company.companyId;
  const fields = isSuperAdmin(caller) ? [] : entity.visibility;
  const own = and(eq('universeId', caller.universeId), fields.length > 0 && or(...fields.map((field) => eq(field, companyId))));
  return isPlatformAdmin(caller) ? or(eq('universeId', null), own) : own;
}

/** The entity's own "not found" text when it has one (structural cost: 'line not found'). */
export function notFoundFor(entity: EntityDef) {
  const key = `error.notFound.${entity.name}`;
  return notFound(hasMessage(key) ? key : 'error.notFound');
}

/** The record when the caller sees it, else undefined: for a call that refuses an unseen id as a field of its body, not with 404. */
export async function seenRecord(db: Reader, entity: EntityDef, id: number, caller: Caller): Promise<Stored<Row> | undefined> {
  const record = await db.get(entity.collection, id);
  return record && canSee(entity, record, caller) ? record : undefined;
}

export async function visibleRecord(db: Reader, entity: EntityDef, id: number, caller: Caller): Promise<Stored<Row>> {
  const record = await seenRecord(db, entity, id, caller);
  if (!record) throw notFoundFor(entity);
  return record;
}
