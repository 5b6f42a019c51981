import type { Stored } from './types';

/** The records written since a derived value was made: [id, record now, or null when removed]. */
export type Changes = [id: string, record: Stored | null][];

/** Brings a derived value up to date from the records written since (instead of a rebuild). */
export type Update<T> = (previous: T, changes: Changes) => T;

interface Derived {
  value: unknown;
  /** Ids written since `value` was made; absent: `value` is current. */
  stale?: Set<string>;
}

/** Past this many writes, rebuilding is as cheap as catching up. */
const MAX_STALE = 2_000;

/**
 * Values derived from a collection (a search index), by the collection's map of records. A write
 * replaces that map (copy-on-write), so a value can never outlive the records it was made from;
 * `carryDerived` hands the values on to the new map with the ids written, so the next read may
 * update a value instead of rebuilding it.
 */
const derivedValues = new WeakMap<object, Map<string, Derived>>();

export function derivedValue<T>(rows: Record<string, Stored>, key: string, build: () => T, update?: Update<T>): T {
  let values = derivedValues.get(rows);
  if (!values) derivedValues.set(rows, (values = new Map()));
  const known = values.get(key);
  if (known && !known.stale) return known.value as T;
  const value =
    known?.stale && update ? update(known.value as T, [...known.stale].map((id): Changes[number] => [id, Object.hasOwn(rows, id) ? rows[id] : null])) : build();
  values.set(key, { value });
  return value;
}

/** After a commit that wrote `ids` of a collection: its values, now stale, go with its new map of records. */
export function carryDerived(before: Record<string, Stored> | undefined, after: Record<string, Stored>, ids: Iterable<string>): void {
  const values = before && derivedValues.get(before);
  if (!values) return;
  const next = new Map<string, Derived>();
  for (const [key, { value, stale }] of values) {
    const written = new Set(stale);
    for (const id of ids) written.add(id);
    if (written.size <= MAX_STALE) next.set(key, { value, stale: written });
  }
  derivedValues.set(after, next);
}
