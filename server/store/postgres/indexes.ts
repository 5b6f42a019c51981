/**
 * The declared indexes of the entity schemas, on typed keys (`keyOf` of sql.ts):
 * - every field of a declared type (an `x-index` property, a sort or included field of
 *   `x-indexes`) gets a stored generated column holding its key (`keyColumn` of sql.ts), which
 *   PostgreSQL computes at each write. Queries, orders and aggregates read that column, not the
 *   record: the same value, without reading the 2 kB JSONB of each row, and an index may hold it;
 * - `x-indexes` (an order): a btree with one column per sort field in the declared direction,
 *   NULLS LAST, then `position`. A query ordered like it reads it in order and stops at its limit;
 *   a bound on the first field starts and ends the scan. Its `include` fields are kept in the
 *   index too (`INCLUDE`): a query reading only them and the order's fields (the KPI aggregates)
 *   is answered by an index-only scan, without visiting the table, where the visibility map
 *   (VACUUM, autovacuum) says the rows are visible to all;
 * - `x-index` (a property): a btree on its key column. It serves equality and ranges on the field
 *   and, with the column's statistics (ANALYZE), lets the planner estimate conditions on it
 *   (containment on the JSONB column has no statistics);
 * - the `keywords` field of `x-indexes`: a trigram index on its normalized text (`normOf`), which
 *   a keyword search on that field alone uses, and whose statistics let the planner tell a rare
 *   word (read through this index) from a common one (read along the order, up to the limit).
 * Created when the store opens, if missing, under the schema lock (servers starting together
 * create each once). Adding key columns rewrites the table (one `ALTER TABLE` for all of a
 * collection's missing columns, holding its lock meanwhile). An index's name holds a hash of its
 * definition: a changed declaration makes a new index (the old one stays until dropped by hand),
 * as does a column no declaration names any more.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { IndexDef, IndexDefs, KeyType } from '../orderedIndex';
import { createCollection, underSchemaLock } from './migrations';
import { keyColumn, keyColumnName, keyOf, normOf, type IndexedFields } from './sql';

/** Per collection, the declared type of every indexed field (each with its key column) and its keyword fields. */
export function indexedFields(indexes: IndexDefs): Map<string, IndexedFields> {
  return new Map([...indexes].map(([collection, { ordered, fields }]) => [collection, { types: typesOf(collection, ordered, fields), columns: true, keywords: new Set(ordered.flatMap((def) => def.keywords ?? [])) }]));
}

function typesOf(collection: string, ordered: readonly IndexDef[], fields: Readonly<Record<string, KeyType>>): Map<string, KeyType> {
  const named = (def: IndexDef) => [...def.orderBy.map(({ field }) => field), ...(def.include ?? [])];
  return new Map<string, KeyType>([...ordered.flatMap((def) => named(def).map((field) => [field, typeOfField(collection, def, field)] as const)), ...Object.entries(fields)]);
}

function typeOfField(collection: string, def: IndexDef, field: string): KeyType {
  const type = def.types?.[field];
  if (!type) throw new Error(`x-indexes of ${collection}: no declared type for ${field}`);
  return type;
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 10);

const SQL_TYPES: Record<KeyType, string> = { number: 'float8', string: 'text COLLATE "C"', boolean: 'boolean' };
/** A key column's type as information_schema.columns names it: a column of another type (an older store's) is made again. */
const LISTED_TYPES: Record<KeyType, string> = { number: 'double precision', string: 'text', boolean: 'boolean' };

/** `ADD COLUMN` of a field's key column: generated from the record, stored. */
const keyColumnDef = (field: string, type: KeyType) => `ADD COLUMN ${keyColumn(field, type)} ${SQL_TYPES[type]} GENERATED ALWAYS AS (${keyOf(field, type)}) STORED`;

interface WantedIndex {
  table: string;
  name: string;
  columns: string;
  using?: string;
  include?: string;
}

/** On the schema connection (`client`), which also creates the table of a collection not yet used. */
export async function ensureIndexes(client: pg.ClientBase, indexes: IndexDefs): Promise<void> {
  const wantedColumns: { table: string; tableName: string; columns: Map<string, { def: string; type: KeyType; quoted: string }> }[] = [];
  const wanted: WantedIndex[] = [];
  for (const [collection, { ordered, fields }] of indexes) {
    const names = await createCollection(client, collection);
    const types = typesOf(collection, ordered, fields);
    // Keyed by the column's name as PostgreSQL lists it (unquoted).
    wantedColumns.push({ table: names.table, tableName: names.tableName, columns: new Map([...types].map(([field, type]) => [keyColumnName(field, type), { def: keyColumnDef(field, type), type, quoted: keyColumn(field, type) }])) });
    for (const def of ordered) {
      const columns = def.orderBy.map(({ field, desc }) => `${keyColumn(field, typeOfField(collection, def, field))} ${desc ? 'DESC' : 'ASC'} NULLS LAST`);
      const include = def.include?.length ? def.include.map((field) => keyColumn(field, typeOfField(collection, def, field))).join(', ') : undefined;
      // On key columns since they exist: a name of its own, beside an expression index of the same declaration.
      wanted.push({ table: names.table, name: names.index(`x_${hashOf({ ...def, on: 'columns' })}`), columns: [...columns, 'position'].join(', '), include });
      if (def.keywords) wanted.push({ table: names.table, name: names.index(`k_${hashOf(def.keywords)}`), columns: `${normOf(def.keywords)} gin_trgm_ops`, using: 'gin' });
    }
    for (const [field, type] of Object.entries(fields)) {
      wanted.push({ table: names.table, name: names.index(`f_${hashOf({ field, type, on: 'column' })}`), columns: keyColumn(field, type) });
    }
  }
  if (!wanted.length && !wantedColumns.some(({ columns }) => columns.size)) return;
  await underSchemaLock(client, async () => {
    const changed = new Set<string>();
    for (const { table, tableName, columns } of wantedColumns) {
      const { rows } = await client.query<{ name: string; type: string }>('SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1', [tableName]);
      const existing = new Map(rows.map((row) => [row.name, row.type]));
      const missing = [...columns.entries()].filter(([name, { type }]) => existing.get(name) !== LISTED_TYPES[type]);
      if (!missing.length) continue;
      // A column of another type is dropped with the indexes on it (made again below). One statement: the table is rewritten once for all of them.
      const changes = missing.flatMap(([name, { def, quoted }]) => [...(existing.has(name) ? [`DROP COLUMN ${quoted}`] : []), def]);
      await client.query(`ALTER TABLE ${table} ${changes.join(', ')}`);
      changed.add(table);
    }
    const { rows } = await client.query<{ name: string }>(`SELECT format('%I', indexname) AS name FROM pg_indexes WHERE schemaname = current_schema()`);
    // Quoted as the names built here are (collections.ts quotes every identifier).
    const existing = new Set(rows.map((row) => (row.name.startsWith('"') ? row.name : `"${row.name}"`)));
    for (const { table, name, columns, using = 'btree', include } of wanted) {
      if (existing.has(name)) continue;
      await client.query(`CREATE INDEX ${name} ON ${table} USING ${using} (${columns})${include ? ` INCLUDE (${include})` : ''}`);
      changed.add(table);
    }
    // The statistics of the new columns and keys now: without them the planner guesses and may not use the indexes.
    for (const table of changed) await client.query(`ANALYZE ${table}`);
  });
}
