import { translate } from './i18n';
import type { EntityDef, Registry } from './schemas';
import type { ReadOps, Row } from './store/types';
import { fieldErrors } from './validation';

/**
 * Records the server writes without going through the API (the demo seed) are held to the
 * entity schemas the API validates with, so the store never holds what the API would refuse.
 * Tolerated: the store's own bookkeeping (`version`, `universeId` where the schema does not
 * declare them) and read-only fields the server cleared with null (a withdrawn date proposal).
 */
const BOOKKEEPING = ['version', 'universeId'];

function asValidated(entity: EntityDef, record: Row): Row {
  const properties = (entity.schema.properties ?? {}) as Record<string, { readOnly?: boolean }>;
  return Object.fromEntries(
    Object.entries(record).filter(([key, value]) => {
      if (Object.hasOwn(properties, key)) return !(value === null && properties[key].readOnly);
      return !BOOKKEEPING.includes(key);
    }),
  );
}

/** Every schema error of every stored record of every entity, as `collection #id /path: message`. */
export function storedRecordErrors(registry: Registry, store: ReadOps): string[] {
  return [...registry.entities.values()].flatMap((entity) =>
    store.all(entity.collection).flatMap((record) => {
      if (entity.validateUpdate(asValidated(entity, record))) return [];
      return fieldErrors(entity.validateUpdate.errors).map(({ path, key }) => `${entity.collection} #${String(record[entity.idField])} ${path || '/'}: ${translate('en', key)}`);
    }),
  );
}

/** Throws, naming each fault, when a stored record breaks its schema. */
export function assertStoredRecords(registry: Registry, store: ReadOps, what: string): void {
  const errors = storedRecordErrors(registry, store);
  if (errors.length) throw new Error(`${what} breaks the entity schemas (${errors.length} faults):\n${errors.slice(0, 50).join('\n')}`);
}
