import type { Registry } from '../schemas';
import type { Row } from '../store/types';
import { referencesTo } from './inUse';

/**
 * Foreign keys, from the configuration alone: every (collection, path) whose value names a record
 * of an entity — the `x-lookup` fields offering that entity's records and its `x-usedBy`
 * (inUse.ts `referencesTo`, which also decides "in use" for a delete). `path` is a field, a dotted
 * path or a path through arrays (`lines[].defectId`); `field` is the target's field the value
 * holds (its id unless said otherwise: a service's `season` holds a season's `code`).
 */
export interface ForeignKey {
  collection: string;
  path: string;
  target: { entity: string; collection: string; field: string; global: boolean };
}

export function foreignKeys(registry: Registry): ForeignKey[] {
  const seen = new Set<string>();
  return [...registry.entities.values()].flatMap((entity) =>
    referencesTo(registry, entity).flatMap(({ collection, path, field = entity.idField }) => {
      const key = `${collection}|${path}|${entity.collection}|${field}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ collection, path, target: { entity: entity.name, collection: entity.collection, field, global: entity.scope === 'global' } }];
    }),
  );
}

/** The foreign keys that point at `entityName`'s records (who refers to a record of it). */
export const foreignKeysTo = (registry: Registry, entityName: string) => foreignKeys(registry).filter((key) => key.target.entity === entityName);

/** The scalar values at `path` in a record: through objects (`a.b`), arrays of records (`lines[].id`) and arrays of ids. */
export function valuesAt(record: unknown, path: string): (string | number)[] {
  const [head, ...rest] = path.split('.');
  const name = head.replace(/\[\]$/, '');
  const value = record && typeof record === 'object' ? (record as Row)[name] : undefined;
  const items = Array.isArray(value) ? value : [value];
  if (rest.length) return items.flatMap((item) => valuesAt(item, rest.join('.')));
  return items.filter((item): item is string | number => (typeof item === 'number' || typeof item === 'string') && item !== '');
}
