import { isSuperAdmin, type Caller } from '../context';
import { forbidden, notFound } from '../errors';
import { and, eq, or, type Condition } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';

/**
 * Who reaches a reference (schemas/entities/reference.json; issue 31's shared rule): it is its
 * brand's (`companyId`); the brand and the suppliers it names (`suppliers`) read it, as its
 * x-visibility says, and a super admin of the universe; only the brand's MANAGER (or a super
 * admin) changes it and its files. Anyone else, another universe included: 404.
 */
export const REFERENCES = 'references';

export interface ReferenceRow extends Row {
  referenceId: number;
  companyId: number;
  sku: string;
  name?: string;
  designation?: string;
  suppliers?: number[];
  universeId: number;
}

export function canSeeReference(reference: Row, caller: Caller): boolean {
  if (reference.universeId !== caller.universeId) return false;
  if (isSuperAdmin(caller)) return true;
  const companyId = caller.company.companyId;
  return reference.companyId === companyId || (Array.isArray(reference.suppliers) && reference.suppliers.includes(companyId));
}

/** `canSeeReference` as a store condition. */
export function referenceScope(caller: Caller): Condition {
  const universe = eq('universeId', caller.universeId);
  if (isSuperAdmin(caller)) return universe;
  const companyId = caller.company.companyId;
  return and(universe, or(eq('companyId', companyId), eq('suppliers', companyId)));
}

/** The brand's MANAGER, or a super admin of the universe (who sees it). */
export const mayChangeReference = (reference: Row, caller: Caller) =>
  isSuperAdmin(caller) || (reference.companyId === caller.company.companyId && caller.roles.has('MANAGER'));

export async function visibleReference(db: Reader, id: number, caller: Caller): Promise<Stored<ReferenceRow>> {
  const reference = await db.get<ReferenceRow>(REFERENCES, id);
  if (!reference || !canSeeReference(reference, caller)) throw notFound('error.notFound');
  return reference;
}

/** The reference's record rule, for the calls reaching it by id (its files, its elements pushed to services). */
export const referenceRecordAccess = {
  read: (db: Reader, id: number, caller: Caller) => visibleReference(db, id, caller),
  async write(db: Reader, id: number, caller: Caller): Promise<Stored<ReferenceRow>> {
    const reference = await visibleReference(db, id, caller);
    if (!mayChangeReference(reference, caller)) throw forbidden();
    return reference;
  },
};
