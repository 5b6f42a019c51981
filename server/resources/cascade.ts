import type { EntityDef, Registry } from '../schemas';
import { eq } from '../store/query';
import type { Writer } from '../store/types';

/**
 * `x-cascade`: a deleted record takes with it the records of other entities' collections whose
 * `field` holds its id (a report criterion its sections and custom fields), inside the delete's
 * transaction, so nothing is left pointing at it and nothing is half-removed.
 */
export async function removeCascade(tx: Writer, registry: Registry, entity: EntityDef, id: number): Promise<void> {
  for (const { collection, field } of entity.cascade) {
    const linkedEntity = [...registry.entities.values()].find((candidate) => candidate.collection === collection);
    if (!linkedEntity) throw new Error(`Entity ${entity.name}: x-cascade names no entity's collection ${collection}`);
    const linked = await tx.query({ collection, where: eq(field, id) });
    for (const record of linked) await tx.remove(collection, record[linkedEntity.idField] as number);
  }
}
