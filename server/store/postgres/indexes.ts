/**
 * The declared indexes of the entity schemas as btree expression indexes on typed keys (`keyOf`
 * of sql.ts: the very expressions queries compare and order by):
 * - `x-indexes` (an order): one column per sort field in the declared direction, NULLS LAST,
 *   then `position`. A query ordered like it reads it in order and stops at its limit; a bound
 *   on the first field starts and ends the scan.
 * - `x-index` (a property): its key alone. It serves equality and ranges on the field and, as
 *   ANALYZE keeps statistics on index expressions, lets the planner estimate conditions on it
 *   (containment on the JSONB column has no statistics).
 * - the `keywords` field of `x-indexes`: a trigram index on its normalized text (`normOf`), which
 *   a keyword search on that field alone uses, and whose statistics let the planner tell a rare
 *   word (read through this index) from a common one (read along the order, up to the limit).
 * Aggregates (aggregateSql.ts) filter with the same compiled conditions, so these indexes serve
 * their `where`, and group a field of a declared type on its key; an index the KPI queries need on
 * a date bucket goes here too, as an expression index on `bucketOf(isoDayOf(…))` of aggregateSql.ts.
 * Created when the store opens, if missing, under the schema lock (servers starting together
 * create each once). The name holds a hash of the definition: a changed declaration makes a new
 * index (the old one stays until dropped by hand).
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { IndexDef, IndexDefs, KeyType } from '../orderedIndex';
import { createCollection, underSchemaLock } from './migrations';
import { keyOf, normOf, type IndexedFields } from './sql';

/** Per collection, the declared type of every indexed field (how `selectStatement` compares and orders it) and its keyword fields. */
export function indexedFields(indexes: IndexDefs): Map<string, IndexedFields> {
  return new Map(
    [...indexes].map(([collection, { ordered, fields }]) => [
      collection,
      {
        types: new Map<string, KeyType>([...ordered.flatMap((def) => def.orderBy.map(({ field }) => [field, typeOfField(collection, def, field)] as const)), ...Object.entries(fields)]),
        keywords: new Set(ordered.flatMap((def) => def.keywords ?? [])),
      },
    ]),
  );
}

function typeOfField(collection: string, def: IndexDef, field: string): KeyType {
  const type = def.types?.[field];
  if (!type) throw new Error(`x-indexes of ${collection}: no declared type for ${field}`);
  return type;
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 10);

/** On the schema connection (`client`), which also creates the table of a collection not yet used. */
export async function ensureIndexes(client: pg.ClientBase, indexes: IndexDefs): Promise<void> {
  const wanted: { table: string; name: string; columns: string; using?: string }[] = [];
  for (const [collection, { ordered, fields }] of indexes) {
    const names = await createCollection(client, collection);
    for (const def of ordered) {
      const columns = def.orderBy.map(({ field, desc }) => `(${keyOf(field, typeOfField(collection, def, field))}) ${desc ? 'DESC' : 'ASC'} NULLS LAST`);
      wanted.push({ table: names.table, name: names.index(`x_${hashOf(def)}`), columns: [...columns, 'position'].join(', ') });
      if (def.keywords) wanted.push({ table: names.table, name: names.index(`k_${hashOf(def.keywords)}`), columns: `${normOf(def.keywords)} gin_trgm_ops`, using: 'gin' });
    }
    for (const [field, type] of Object.entries(fields)) {
      wanted.push({ table: names.table, name: names.index(`f_${hashOf({ field, type })}`), columns: `(${keyOf(field, type)})` });
    }
  }
  if (!wanted.length) return;
  await underSchemaLock(client, async () => {
    const { rows } = await client.query<{ name: string }>(`SELECT format('%I', indexname) AS name FROM pg_indexes WHERE schemaname = current_schema()`);
    // Quoted as the names built here are (collections.ts quotes every identifier).
    const existing = new Set(rows.map((row) => (row.name.startsWith('"') ? row.name : `"${row.name}"`)));
    const created = new Set<string>();
    for (const { table, name, columns, using = 'btree' } of wanted) {
      if (existing.has(name)) continue;
      await client.query(`CREATE INDEX ${name} ON ${table} USING ${using} (${columns})`);
      created.add(table);
    }
    // The statistics of the new keys now: without them the planner guesses and may not use the indexes.
    for (const table of created) await client.query(`ANALYZE ${table}`);
  });
}
