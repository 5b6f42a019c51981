import { HttpError, type FieldError } from '../errors';
import type { EntityDef } from '../schemas';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Row } from '../store/types';
import { ownerScope } from './ownership';

/**
 * `x-unique`: a field's value is unique among the records of the owner scope (the same company,
 * universe, or all: ownership.ts), compared trimmed and case-insensitively. A duplicate is refused
 * with 422 'code already in use' naming each field, before anything is written.
 */
export const sameValue = (a: unknown, b: unknown) => String(a).trim().toLowerCase() === String(b).trim().toLowerCase();

/** The fields of `record` whose value another record of the scope already holds. */
export async function duplicateErrors(db: Reader, entity: EntityDef, record: Row, ownId?: number): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const field of entity.unique) {
    const value = record[field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    // The keyword match (accent- and case-insensitive, by word) narrows the store's answer; the exact comparison decides.
    const candidates = await db.query({
      collection: entity.collection,
      where: and(ownerScope(entity, record), { op: 'keywords', fields: [field], value } as Condition, ownId !== undefined && { op: 'not', condition: eq(entity.idField, ownId) }),
    });
    if (candidates.some((other) => sameValue(other[field], value))) errors.push({ path: `/${field}`, key: 'error.codeInUse' });
  }
  return errors;
}

export async function assertUnique(db: Reader, entity: EntityDef, record: Row, ownId?: number): Promise<void> {
  const errors = await duplicateErrors(db, entity, record, ownId);
  if (errors.length) throw new HttpError(422, 'BusinessException', 'error.codeInUse', {}, errors);
}
