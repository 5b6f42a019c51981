/**
 * How a collection maps to PostgreSQL objects: one table per collection, named after it in
 * snake_case (`serviceHistory` → `service_history`), its id sequence and its indexes.
 */

/** The SQL names of one collection's objects, already quoted. */
export interface CollectionNames {
  collection: string;
  /** Unquoted, as stored in the `collections` registry. */
  tableName: string;
  table: string;
  sequence: string;
  index(suffix: string): string;
}

/** Tables of the store itself, which no collection may shadow. */
const RESERVED = new Set(['meta', 'schema_migrations', 'collections']);

/**
 * Lower camelCase only: with no underscore in the name, camelCase → snake_case cannot map two
 * collections to one table, and every name is a safe identifier.
 */
const NAME = /^[a-z][A-Za-z0-9]*$/;

const quote = (identifier: string) => `"${identifier}"`;

export function collectionNames(collection: string): CollectionNames {
  const tableName = collection.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  // 63 bytes is PostgreSQL's identifier limit; the longest derived name adds 9 (`_position`).
  if (!NAME.test(collection) || tableName.length > 54 || RESERVED.has(tableName)) {
    throw new Error(`Invalid collection name for the PostgreSQL store: ${JSON.stringify(collection)} (lower camelCase letters and digits, at most 54 characters once in snake_case)`);
  }
  return {
    collection,
    tableName,
    table: quote(tableName),
    sequence: quote(`${tableName}_ids`),
    index: (suffix) => quote(`${tableName}_${suffix}`),
  };
}
