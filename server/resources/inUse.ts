import type { JsonSchema } from '../../engine/schema/resolve';
import { businessRule } from '../errors';
import type { EntityDef, Registry, UsedBy } from '../schemas';
import { and, eq, type Scalar } from '../store/query';
import type { Reader, Row } from '../store/types';

/**
 * `x-archive`: a record still in use is archived, never deleted. "In use" is found from the
 * configuration: every entity property whose `x-lookup` is this entity's lookup (at any depth,
 * through arrays: `lines[].seasonId`), plus the entity's `x-usedBy` for references that are not
 * lookups (by id, or by another field of the record: a service's `season` holds a season's code). A delete of a record in use is refused with 422, level WARN, "may be in use, archive
 * instead", before anything is removed.
 */

/** The paths of `schema` whose `x-lookup` url is `url` (`a.b`, `lines[].id`). */
function lookupPaths(schema: JsonSchema, url: string, prefix = ''): string[] {
  if ((schema['x-lookup'] as { url?: string } | undefined)?.url === url) return [prefix];
  if (schema.type === 'array' && schema.items) return lookupPaths(schema.items as JsonSchema, url, `${prefix}[]`);
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).flatMap(([name, child]) => lookupPaths(child, url, prefix ? `${prefix}.${name}` : name));
}

/** Where the records of `entity` are referenced: lookups pointing at it, and its `x-usedBy`. */
export function referencesTo(registry: Registry, entity: EntityDef): UsedBy[] {
  if (!entity.api) return entity.usedBy;
  const url = `${entity.api}/lookup`;
  const lookups = [...registry.entities.values()].flatMap((other) => lookupPaths(other.schema, url).map((path) => ({ collection: other.collection, path: path.replace(/\[\]$/, '') })));
  return [...lookups, ...entity.usedBy];
}

export async function isInUse(db: Reader, registry: Registry, entity: EntityDef, record: Row): Promise<boolean> {
  for (const { collection, path, field = entity.idField } of referencesTo(registry, entity)) {
    const value = record[field];
    if (value === undefined || value === null || typeof value === 'object') continue;
    // An array of ids holds the id when one of its items equals it (store/query.ts `eq`).
    // A universe's record is used by records of its universe (a code means another season elsewhere).
    const where = and(eq(path, value as Scalar), entity.scope !== 'global' && typeof record.universeId === 'number' && eq('universeId', record.universeId));
    if ((await db.count({ collection, where, limit: 1 })) > 0) return true;
  }
  return false;
}

export async function assertNotInUse(db: Reader, registry: Registry, entity: EntityDef, record: Row): Promise<void> {
  if (entity.archive && (await isInUse(db, registry, entity, record))) throw businessRule('error.mayBeInUseArchive', {}, 'WARN');
}
