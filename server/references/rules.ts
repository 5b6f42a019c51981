import { businessRule, HttpError, type FieldError } from '../errors';
import { isSuperAdmin, type Caller } from '../context';
import type { Reader, Row, Stored } from '../store/types';
import type { WriteRules } from '../resources/entityRules';
import { REFERENCES, hasServiceLines, orderLinesOf, subReferenceCount } from './links';

/**
 * The rules of a reference's writes (docs/references.md), beside the generic ones (its schema,
 * x-writers: the brand's MANAGER or SUPER_ADMIN, x-unique sku within the brand, lookups):
 * - only a brand's people (a company with the DECISION_MAKER role) or a SUPER_ADMIN write references
 *   at all (403 before the body; x-writers then keeps each reference to its own brand);
 * - its parents are other references of the same brand, never itself nor one of its own
 *   descendants (422 naming /parentIds);
 * - spec §5.4: a reference with parents keeps its type (422 naming /referenceType);
 * - spec §8: one with sub-references, order lines or lines in its brand's services is not
 *   deleted (422 'The server rejected the reference deletion.').
 */
const BRAND_ROLE = 'DECISION_MAKER';

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : []);
const refused = (path: string, key: string) => new HttpError(422, 'BusinessException', key, {}, [{ path, key }]);

/** The ancestors of the given references (their parents, theirs, …), read level by level. */
async function ancestorsOf(db: Reader, start: number[], universeId: unknown): Promise<Set<number>> {
  const seen = new Set<number>();
  let level = start;
  while (level.length) {
    const rows = await db.query({ collection: REFERENCES, where: { op: 'in', field: 'referenceId', values: level } });
    const next = rows.filter((row) => row.universeId === universeId).flatMap((row) => idsOf(row.parentIds)).filter((id) => !seen.has(id));
    next.forEach((id) => seen.add(id));
    level = [...new Set(next)];
  }
  return seen;
}

async function assertParents(db: Reader, record: Row, existing: Stored<Row> | undefined): Promise<void> {
  const parentIds = idsOf(record.parentIds);
  if (!parentIds.length) return;
  const ownId = existing?.referenceId as number | undefined;
  const parents = await db.query({ collection: REFERENCES, where: { op: 'in', field: 'referenceId', values: parentIds } });
  const errors: FieldError[] = parentIds.flatMap((id, index) => {
    const parent = parents.find((row) => row.referenceId === id);
    const own = !!parent && id !== ownId && parent.universeId === record.universeId && parent.companyId === record.companyId;
    return own ? [] : [{ path: `/parentIds/${index}`, key: 'error.referenceParentNotOwn' }];
  });
  if (errors.length) throw new HttpError(422, 'BusinessException', 'error.referenceParentNotOwn', {}, errors);
  // A new reference has no descendants yet; an existing one may not hang under one of its own.
  if (ownId !== undefined && (await ancestorsOf(db, parentIds, record.universeId)).has(ownId)) throw refused('/parentIds', 'error.referenceParentCycle');
}

export const referenceWriteRules: WriteRules = {
  writer: (caller: Caller) => isSuperAdmin(caller) || (caller.company.roles ?? []).includes(BRAND_ROLE),
  async prepare(db: Reader, record: Row, existing: Stored<Row> | undefined) {
    const hadParents = idsOf(existing?.parentIds).length > 0 || idsOf(record.parentIds).length > 0;
    if (existing && hadParents && record.referenceType !== existing.referenceType) throw refused('/referenceType', 'error.referenceTypeLocked');
    await assertParents(db, record, existing);
    return record;
  },
  async remove(db: Reader, record: Stored<Row>) {
    const linked = (await subReferenceCount(db, record)) > 0 || (await orderLinesOf(db, record)).length > 0 || (await hasServiceLines(db, record));
    if (linked) throw businessRule('error.referenceDeleteRefused');
  },
};
