/** How a record is written as a row of its collection's table (see migrations.ts). */
import { normalize } from '../../text';
import type { Id, Row, Stored } from '../types';

/**
 * Where lowdb's `Object.values` puts a record, which is the order `runQuery` keeps among equals:
 * ids that are array indexes (0 … 2³²−2) first, ascending; then the others in insertion order.
 */
export function indexPosition(id: Id): number | null {
  const key = String(id);
  const index = Number(key);
  return Number.isInteger(index) && index >= 0 && index < 2 ** 32 - 1 && String(index) === key ? index : null;
}
/** The position of a record whose id is not an array index: after every index, by insertion. */
export const INSERTED_AFTER = 2 ** 32;

/**
 * A record as it will be read back (JSON), and the columns written with it: `norm` holds
 * `normalize(value)` of every field (what a keyword condition tests), `search` all of them.
 */
export function columns(record: Row) {
  const json = JSON.stringify(record);
  const stored = JSON.parse(json) as Stored;
  const norm: Record<string, string> = {};
  for (const [field, value] of Object.entries(stored)) {
    const text = normalize(value);
    if (text) norm[field] = text;
  }
  const universeId = stored.universeId;
  return {
    stored,
    data: json,
    norm: JSON.stringify(norm),
    // Only narrows a keyword search (norm decides); a word holds no whitespace, so none spans two fields.
    search: Object.values(norm).join('\n'),
    // The column is an integer: other values stay in data only.
    universeId: Number.isInteger(universeId) && Math.abs(universeId as number) < 2 ** 31 ? universeId : null,
  };
}
