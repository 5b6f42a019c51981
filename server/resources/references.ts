import type { EntityDef, Registry } from '../schemas';
import { COLLECTIONS } from '../identity';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Row, Writer } from '../store/types';
import { referencesTo } from './inUse';

/**
 * "Who refers to this record", read from the configuration alone, for every entity:
 * - a property whose `x-lookup` offers the entity's records, and its `x-usedBy` (inUse.ts `referencesTo`);
 * - a property named as the entity's id field in another entity (`companyId`, `contactId`): the foreign-key convention;
 * - for the companies, every `x-visibility` field (they name the companies that see a record);
 * - the files of its `x-files` domains (`fileType` one of them, `entityId` the record's id).
 * Deleting a company (server/companies/) refuses one any of these still names; merging moves them all;
 * a consistency check of the store can look for places that name a record that no longer exists.
 */
export interface ReferringPlace {
  collection: string;
  /** A path of store/query.ts `fieldReader` (`lines[].companyId`, `decision.decidedBy`). */
  path: string;
  /** The field of the referred record the place holds (default its id). */
  field?: string;
  /** Only among the records of these file types (the files of an `x-files` domain). */
  fileTypes?: string[];
}

const FILES = 'files';

export function referringPlaces(registry: Registry, entity: EntityDef): ReferringPlace[] {
  const places: ReferringPlace[] = [...referencesTo(registry, entity)];
  for (const other of registry.entities.values()) {
    if (other === entity) continue;
    const properties = (other.schema.properties ?? {}) as Record<string, unknown>;
    if (entity.idField in properties && entity.idField !== other.idField) places.push({ collection: other.collection, path: entity.idField });
    if (entity.collection === COLLECTIONS.companies) places.push(...other.visibility.map((path) => ({ collection: other.collection, path })));
  }
  const fileTypes = Object.keys(entity.files);
  if (fileTypes.length) places.push({ collection: FILES, path: 'entityId', fileTypes });
  const seen = new Set<string>();
  return places.filter((place) => {
    const key = `${place.collection} ${place.path} ${place.field ?? ''}`;
    return !seen.has(key) && !!seen.add(key);
  });
}

/**
 * The collections whose records extend one record of `entity` and share its id (their `x-id` is the entity's
 * id field: a company's settings, keyed by `companyId`). Not references: they go with the record (a delete,
 * a merge's source) and their absence means the defaults (a reset).
 */
export function extensionCollections(registry: Registry, entity: EntityDef): string[] {
  return [...registry.entities.values()].filter((other) => other !== entity && other.idField === entity.idField).map((other) => other.collection);
}

/** Removes the records extending record `id` of `entity`; answers how many per collection. */
export async function removeExtensions(tx: Writer, registry: Registry, entity: EntityDef, id: number): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const collection of extensionCollections(registry, entity)) if (await tx.remove(collection, id)) removed[collection] = 1;
  return removed;
}

function placeCondition(place: ReferringPlace, entity: EntityDef, record: Row): Condition | undefined {
  const value = record[place.field ?? entity.idField];
  if (value === undefined || value === null || typeof value === 'object') return undefined;
  return and(eq(place.path, value as string | number | boolean), place.fileTypes && { op: 'in', field: 'fileType', values: place.fileTypes });
}

/** How many records of each collection refer to `record` (collections with none left out). */
export async function referenceCounts(db: Reader, registry: Registry, entity: EntityDef, record: Row): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const place of referringPlaces(registry, entity)) {
    const where = placeCondition(place, entity, record);
    if (!where) continue;
    const records = await db.query({ collection: place.collection, where });
    // A record naming it in two places counts once per place: the merge preview shows places moved.
    if (records.length) counts[place.collection] = (counts[place.collection] ?? 0) + records.length;
  }
  return counts;
}

/** Whether any record refers to `record` (stops at the first). */
export async function isReferenced(db: Reader, registry: Registry, entity: EntityDef, record: Row): Promise<boolean> {
  for (const place of referringPlaces(registry, entity)) {
    const where = placeCondition(place, entity, record);
    if (where && (await db.count({ collection: place.collection, where, limit: 1 })) > 0) return true;
  }
  return false;
}

/** `value` with `from` replaced by `to` at `path` (through objects and `[]` arrays; an array of ids keeps each id once). */
function replaced(value: unknown, steps: string[], from: unknown, to: unknown): unknown {
  if (!steps.length) {
    if (Array.isArray(value)) return [...new Set(value.map((item) => (item === from ? to : item)))];
    return value === from ? to : value;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const [step, ...rest] = steps;
  const name = step.endsWith('[]') ? step.slice(0, -2) : step;
  const inner = (value as Row)[name];
  if (inner === undefined) return value;
  const next = step.endsWith('[]') && Array.isArray(inner) ? inner.map((item) => (rest.length ? replaced(item, rest, from, to) : item === from ? to : item)) : replaced(inner, rest, from, to);
  return { ...(value as Row), [name]: next };
}

/**
 * Makes every record referring to `from` refer to `to` instead, in the caller's transaction;
 * answers how many records of each collection changed.
 */
export async function moveReferences(tx: Writer, registry: Registry, entity: EntityDef, from: Row, to: Row): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  const idFields = new Map([...registry.entities.values()].map((other) => [other.collection, other.idField]));
  for (const place of referringPlaces(registry, entity)) {
    const where = placeCondition(place, entity, from);
    if (!where) continue;
    const field = place.field ?? entity.idField;
    const idField = idFields.get(place.collection) ?? 'id';
    for (const record of await tx.query({ collection: place.collection, where })) {
      await tx.update<Row>(place.collection, record[idField] as number, (current) => replaced(current, place.path.split('.'), from[field], to[field]) as Row);
      moved[place.collection] = (moved[place.collection] ?? 0) + 1;
    }
  }
  return moved;
}
