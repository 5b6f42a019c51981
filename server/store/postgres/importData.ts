/**
 * Copies a whole embedded store (lowdb's `StoreData`) into an empty PostgreSQL store, in one
 * transaction: records with their versions and their lowdb order, the id sequences (never below
 * a sequence's lowdb value, so an id given once is never given again) and the meta values. The
 * copy is checked by counting each table; any difference rolls everything back.
 */
import type pg from 'pg';
import type { StoreData } from '../draft';
import type { Stored } from '../types';
import { columns, indexPosition, INSERTED_AFTER } from './rows';
import type { Tables } from './tables';

/** Rows per INSERT statement (7 parameters each, well under PostgreSQL's 65,535). */
const BATCH = 1_000;
/** Serializes imports (and the demo seed of servers starting together on an empty database). */
const IMPORT_LOCK = 0x5143_494d;

export interface ImportResult {
  /** Records copied per collection (collections without records are left out). */
  counts: Record<string, number>;
}

export class NotEmptyError extends Error {
  constructor() {
    super('The PostgreSQL store already holds records: import only into an empty database');
  }
}

/** One collection's records (by store key, in lowdb's order); answers how many rows its table then holds. */
async function copyCollection(client: pg.ClientBase, tables: Tables, collection: string, records: [string, Stored][], sequence: number | undefined): Promise<number> {
  const names = await tables.names(collection);
  for (let start = 0; start < records.length; start += BATCH) {
    const values: unknown[] = [];
    const rows = records.slice(start, start + BATCH).map(([id, record]) => {
      const row = columns(record);
      values.push(id, Number.isInteger(record.version) ? record.version : 1, row.universeId, indexPosition(id), row.data, row.norm, row.search);
      const n = values.length - 7;
      return `($${n + 1}, $${n + 2}, $${n + 3}, coalesce($${n + 4}::bigint, ${INSERTED_AFTER} + nextval('record_positions')), $${n + 5}, $${n + 6}, $${n + 7})`;
    });
    await client.query(`INSERT INTO ${names.table} (id, version, universe_id, position, data, norm, search) VALUES ${rows.join(', ')}`, values);
  }
  let highest = sequence ?? 0;
  for (const [id] of records) if (Number.isSafeInteger(Number(id)) && Number(id) > highest) highest = Number(id);
  if (highest > 0) await client.query('SELECT store_raise_sequence($1::regclass, $2)', [names.sequence, highest]);
  const { rows } = await client.query(`SELECT count(*)::integer AS count FROM ${names.table}`);
  return rows[0].count as number;
}

/**
 * `data` into the store. With `ifEmpty`, a store that already holds records is left as it is
 * (answers null: servers starting together seed once); without it, that is a `NotEmptyError`.
 */
export async function importData(client: pg.ClientBase, tables: Tables, isEmpty: () => Promise<boolean>, data: StoreData, { ifEmpty = false } = {}): Promise<ImportResult | null> {
  // Tables of new collections are made before the transaction (they are created on another connection).
  const collections = Object.entries(data.collections).filter(([, rows]) => Object.keys(rows).length);
  for (const [collection] of collections) await tables.names(collection);
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
    if (!(await isEmpty())) {
      await client.query('ROLLBACK');
      if (ifEmpty) return null;
      throw new NotEmptyError();
    }
    const counts: Record<string, number> = {};
    for (const [collection, rows] of collections) {
      const records = Object.entries(rows);
      const copied = await copyCollection(client, tables, collection, records, data.sequences[collection]);
      if (copied !== records.length) throw new Error(`Import of ${collection}: ${records.length} records read, ${copied} in PostgreSQL`);
      counts[collection] = copied;
    }
    for (const [collection, value] of Object.entries(data.sequences)) {
      if (counts[collection] === undefined && value > 0) await client.query('SELECT store_raise_sequence($1::regclass, $2)', [(await tables.names(collection)).sequence, value]);
    }
    for (const [key, value] of Object.entries(data.meta)) {
      if (value !== undefined) await client.query('INSERT INTO meta (key, value) VALUES ($1, $2)', [key, JSON.stringify(value)]);
    }
    await client.query('COMMIT');
    // Statistics now, not when autovacuum gets to it: the planner's estimates decide the plans.
    for (const [collection] of collections) await client.query(`ANALYZE ${(await tables.names(collection)).table}`);
    return { counts };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
