import { forbidden, notFound } from '../errors';
import { isSuperAdmin, type Caller } from '../context';
import type { EntityDef } from '../schemas';
import { and, eq, or, type Condition } from '../store/query';
import type { Reader, Row } from '../store/types';
import { mayWriteAny, mayWriteRecord } from '../../engine/schema/writeRules';

/**
 * `x-scope`: who owns the records of a list, who reads them and who writes them (docs/schemas.md
 * "Owned lists"). The read side is a store condition (visibility.ts uses it); the write side
 * answers 403 for a missing flag and 404 for another company's or universe's record.
 *  - company: the record's `companyId` is its company; its members read and write it.
 *  - universe: records without `companyId` are the universe's, read by all its companies and
 *    written by UNIVERSE_ADMIN / SUPER_ADMIN; a company with the `x-customFlag` flag writes its
 *    own records (with its `companyId`) beside them, read by itself.
 *  - global: read by everybody logged in, written with EDIT_GLOBAL_DATA.
 */
export const GLOBAL_WRITER = 'EDIT_GLOBAL_DATA';

const isUniverseAdmin = (caller: Caller) => isSuperAdmin(caller) || caller.roles.has('UNIVERSE_ADMIN');
const isNil = (value: unknown) => value === undefined || value === null;

/** Whether the caller sees a record of a scoped entity (the record is of the caller's universe unless global). */
export function scopeSees(entity: EntityDef, record: Row, caller: Caller): boolean {
  if (entity.scope === 'global') return true;
  if (record.universeId !== caller.universeId) return false;
  if (entity.scope === 'company') return isSuperAdmin(caller) || record.companyId === caller.company.companyId;
  return isUniverseAdmin(caller) || isNil(record.companyId) || record.companyId === caller.company.companyId;
}

/** `scopeSees` as a store condition. */
export function scopeCondition(entity: EntityDef, caller: Caller): Condition | undefined {
  if (entity.scope === 'global') return undefined;
  const universe = eq('universeId', caller.universeId);
  if (entity.scope === 'company') return and(universe, !isSuperAdmin(caller) && eq('companyId', caller.company.companyId));
  return and(universe, !isUniverseAdmin(caller) && or(eq('companyId', null), eq('companyId', caller.company.companyId)));
}

/** A company the caller may own records for: its own, or for a super admin any of its universe; else "not found". */
export async function assertOwnCompany(db: Reader, caller: Caller, companyId: unknown): Promise<number> {
  if (companyId === caller.company.companyId) return companyId;
  const company = typeof companyId === 'number' && isSuperAdmin(caller) ? await db.get('companies', companyId) : undefined;
  if (!company || company.universeId !== caller.universeId) throw notFound();
  return companyId as number;
}

/** Whether the caller may write some record of the list at all: checked before the body (403), like the route roles. */
export function assertMayWrite(entity: EntityDef, caller: Caller): void {
  if (!mayWriteAny(entity.schema, caller.roles)) throw forbidden();
  if (entity.scope === 'global' && !caller.roles.has(GLOBAL_WRITER)) throw forbidden();
  if (entity.scope === 'universe' && !isUniverseAdmin(caller) && !(entity.customFlag && caller.roles.has(entity.customFlag))) throw forbidden();
}

/** `x-writers`: a record the caller sees but whose writing company is another (a supplier reading a brand's reference) is 403. */
export function assertWriterOf(entity: EntityDef, record: Row, caller: Caller): void {
  if (!mayWriteRecord(entity.schema, record, caller.company.companyId, caller.roles)) throw forbidden('error.notWriter');
}

/**
 * The owner fields of a record the caller writes (403 without the right, 404 for another
 * company): `record` is what the body asks for, `existing` the stored record on an update.
 */
export async function ownerFields(db: Reader, entity: EntityDef, caller: Caller, record: Row, existing?: Row): Promise<Row> {
  switch (entity.scope) {
    case 'global':
      if (!caller.roles.has(GLOBAL_WRITER)) throw forbidden();
      return {};
    case 'company': {
      const companyId = existing ? existing.companyId : await assertOwnCompany(db, caller, record.companyId ?? caller.company.companyId);
      return { companyId };
    }
    case 'universe': {
      const mayCustom = isUniverseAdmin(caller) || (!!entity.customFlag && caller.roles.has(entity.customFlag));
      if (existing) {
        // The universe's own records: its administrators only (a flag never reaches them).
        if (isNil(existing.companyId) ? !isUniverseAdmin(caller) : !mayCustom) throw forbidden();
        return { companyId: existing.companyId ?? undefined };
      }
      if (isUniverseAdmin(caller)) return { companyId: isNil(record.companyId) ? undefined : await assertOwnCompany(db, caller, record.companyId) };
      if (!mayCustom) throw forbidden();
      return { companyId: await assertOwnCompany(db, caller, record.companyId ?? caller.company.companyId) };
    }
    default:
      return {};
  }
}

/** The record with its owner fields; an undefined one is removed (a universe's record has no company). */
export function withOwner(record: Row, owner: Row): Row {
  const merged = { ...record, ...owner };
  for (const [field, value] of Object.entries(owner)) if (value === undefined) delete merged[field];
  return merged;
}

/**
 * The records a unique value is compared with: those of the same company, universe, or all. A record
 * of no `x-scope` whose `x-writers` company writes it (a brand's references) is compared within that company.
 */
export function ownerScope(entity: EntityDef, record: Row): Condition | undefined {
  if (entity.scope === 'global') return undefined;
  const universe = eq('universeId', record.universeId as number);
  if (entity.scope === 'company') return and(universe, eq('companyId', record.companyId as number));
  if (!entity.scope && entity.writers) return and(universe, eq(entity.writers.company, record[entity.writers.company] as number));
  return universe;
}
