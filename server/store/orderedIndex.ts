import { keywordsOf, normalize } from '../text';
import type { Changes } from './derived';
import { comparator, fieldReader, type Condition, type Order } from './query';
import type { Row, Stored } from './types';

/**
 * An ordered index of a collection, for the embedded store's query planner (docs/store.md
 * "Indexes"). The records are sorted in the index's order and cut in blocks; each block keeps its
 * rows' first sort keys, to start and stop a range by binary search, and its rows' keyword texts
 * joined in one string, so a keyword is found with one `indexOf` instead of one test per record.
 * A write rebuilds only the blocks it touches; the others are shared with the previous index.
 */
/** The JSON type of an indexed field's values (the schema's). */
export type KeyType = 'number' | 'string' | 'boolean';

/** A collection's declared indexes: orders (`x-indexes`) and single fields (`x-index`, used by PostgreSQL only). */
export interface CollectionIndexes {
  ordered: readonly IndexDef[];
  fields: Readonly<Record<string, KeyType>>;
}

/** The indexes declared per collection (`storeIndexes` of schemas.ts): what both adapters are given. */
export type IndexDefs = ReadonlyMap<string, CollectionIndexes>;

export interface IndexDef {
  /** The order the index keeps; its last field is the collection's id field, so no two rows tie. */
  orderBy: Order[];
  /** A top-level field whose text `keywords` conditions search. */
  keywords?: string;
  /**
   * Fields (dotted paths allowed) whose keys PostgreSQL keeps in the index beside the order
   * (`INCLUDE`), so that a query reading only them and the order's fields is answered from the
   * index alone (an index-only scan). The embedded store ignores them.
   */
  include?: string[];
  /** The schema's JSON type of each sort and included field (set when the schemas load; PostgreSQL's index keys are typed). */
  types?: Record<string, KeyType>;
}

export interface OrderedIndex {
  def: IndexDef;
  blocks: Block[];
}

interface Block {
  rows: Stored[];
  /** `rows[i]` first sort key. */
  keys: unknown[];
  /** `rows[i]` id (the last sort key) as the store keys it. */
  ids: string[];
  /** Every row's normalized keyword text, in row order, each followed by SEPARATOR. */
  text: string;
  /** Where row i's text begins in `text` (one more entry: the end). */
  offsets: Int32Array;
  /** Per field (computed on first use): the least and greatest of its rows' values, per type. */
  ranges: Map<string, Ranges>;
}

type Key = string | number;
/** The least and greatest strings and numbers a field holds in a block (none: no value of that type). */
interface Ranges {
  string?: [string, string];
  number?: [number, number];
}

/** Rows per block: small enough to rebuild in well under a millisecond, few enough blocks to skip fast. */
const BLOCK_ROWS = 1024;
/** Never in a normalized keyword text (control characters are not typed in a search box). */
const SEPARATOR = '\u0000';

const isNil = (value: unknown) => value === undefined || value === null;

function blockOf(def: IndexDef, rows: Stored[]): Block {
  const lead = fieldReader(def.orderBy[0].field);
  const id = fieldReader(def.orderBy[def.orderBy.length - 1].field);
  const offsets = new Int32Array(rows.length + 1);
  const texts: string[] = [];
  let length = 0;
  if (def.keywords) {
    const field = def.keywords;
    rows.forEach((row, i) => {
      offsets[i] = length;
      const text = `${normalize(row[field])}${SEPARATOR}`;
      texts.push(text);
      length += text.length;
    });
  }
  offsets[rows.length] = length;
  return { rows, keys: rows.map(lead), ids: rows.map((row) => String(id(row))), text: texts.join(''), offsets, ranges: new Map() };
}

function blocksOf(def: IndexDef, rows: Stored[]): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < rows.length; i += BLOCK_ROWS) blocks.push(blockOf(def, rows.slice(i, i + BLOCK_ROWS)));
  return blocks;
}

export function buildIndex(def: IndexDef, records: readonly Stored[]): OrderedIndex {
  return { def, blocks: blocksOf(def, [...records].sort(comparator(def.orderBy))) };
}

/** The block a row goes in: the first whose last row comes after it (else the last). */
function blockFor(blocks: Block[], order: (a: Row, b: Row) => number, row: Stored): number {
  let low = 0;
  let high = blocks.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    const { rows } = blocks[middle];
    if (order(row, rows[rows.length - 1]) < 0) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The previous index with the records written since: each block holding an old version of one,
 * or where a new version belongs, is rebuilt (cut when it grew past twice the block size, dropped
 * when empty); the other blocks are kept as they are.
 */
export function updateIndex(previous: OrderedIndex, changes: Changes): OrderedIndex {
  const { def } = previous;
  const order = comparator(def.orderBy)!;
  const blocks = previous.blocks.length ? [...previous.blocks] : [blockOf(def, [])];
  const touched = new Map<number, { gone: Set<string>; added: Stored[] }>();
  const touch = (b: number) => touched.get(b) ?? touched.set(b, { gone: new Set(), added: [] }).get(b)!;
  for (const [id] of changes) for (let b = 0; b < blocks.length; b++) if (blocks[b].ids.includes(id)) touch(b).gone.add(id);
  for (const [, record] of changes) if (record) touch(blockFor(blocks, order, record)).added.push(record);
  // From the last block back, so the positions of the blocks still to rebuild do not move.
  for (const b of [...touched.keys()].sort((x, y) => y - x)) {
    const { gone, added } = touched.get(b)!;
    const rows = blocks[b].rows.filter((_, i) => !gone.has(blocks[b].ids[i])).concat(added).sort(order);
    blocks.splice(b, 1, ...(rows.length > 2 * BLOCK_ROWS ? blocksOf(def, rows) : rows.length ? [blockOf(def, rows)] : []));
  }
  return { def, blocks: blocks.filter((block) => block.rows.length) };
}

const sameOrder = (a: Order[], b: Order[] | undefined) =>
  !!b && a.length === b.length && a.every((order, i) => order.field === b[i].field && !!order.desc === !!b[i].desc);

/** Whether the index gives the query's order (and so can answer it). */
export const servesOrder = (def: IndexDef, orderBy: Order[] | undefined) => sameOrder(def.orderBy, orderBy);

/** The conditions every matching record meets: the parts of a top-level `and`, and of the `and`s in it. */
const conjuncts = (where: Condition | undefined): Condition[] => (!where ? [] : where.op === 'and' ? where.all.flatMap(conjuncts) : [where]);

const less = (a: unknown, b: Key) => typeof a === typeof b && (a as Key) < b;
const greater = (a: unknown, b: Key) => typeof a === typeof b && (a as Key) > b;

/**
 * From the conditions on the lead (first) sort field: `before(key)`, true for the rows that come
 * before the range (skipped by binary search), and `after(key)`, true from the first row past it
 * (the scan stops). An `eq` bounds both sides. The lead field holds values of one type (its
 * schema's), so keys of another type are never in range.
 */
function leadRange(def: IndexDef, where: Condition | undefined) {
  const { field, desc } = def.orderBy[0];
  const before: ((key: unknown) => boolean)[] = [];
  const after: ((key: unknown) => boolean)[] = [];
  // In scan order: `low` bounds are met last when descending.
  const bound = (kind: 'low' | 'high', value: Key, strict: boolean) => {
    const beyondLow = (key: unknown) => isNil(key) || typeof key !== typeof value || (strict ? !greater(key, value) : less(key, value));
    const beyondHigh = (key: unknown) => isNil(key) || typeof key !== typeof value || (strict ? !less(key, value) : greater(key, value));
    const beyond = kind === 'low' ? beyondLow : beyondHigh;
    // Rows before the range: beyond the bound the scan starts from, and not nil (nils come last).
    if ((kind === 'high') === !!desc) before.push((key) => !isNil(key) && typeof key === typeof value && beyond(key));
    else after.push(beyond);
  };
  for (const condition of conjuncts(where)) {
    if (!('field' in condition) || condition.field !== field) continue;
    if (condition.op === 'eq' && (typeof condition.value === 'string' || typeof condition.value === 'number')) {
      bound('low', condition.value, false);
      bound('high', condition.value, false);
    } else if (condition.op === 'gte' || condition.op === 'gt') bound('low', condition.value, condition.op === 'gt');
    else if (condition.op === 'lte' || condition.op === 'lt') bound('high', condition.value, condition.op === 'lt');
  }
  return {
    before: before.length ? (key: unknown) => before.some((test) => test(key)) : undefined,
    after: after.length ? (key: unknown) => after.some((test) => test(key)) : undefined,
  };
}

/** The longest word of the `keywords` conditions on the index's keyword field: every match holds it. */
function keywordOf(def: IndexDef, where: Condition | undefined): string {
  let longest = '';
  for (const condition of conjuncts(where)) {
    if (condition.op !== 'keywords' || condition.fields.length !== 1 || condition.fields[0] !== def.keywords) continue;
    for (const word of keywordsOf(condition.value)) if (word.length > longest.length) longest = word;
  }
  return longest;
}

function rangesOf(block: Block, field: string): Ranges {
  let ranges = block.ranges.get(field);
  if (ranges) return ranges;
  ranges = {};
  const read = fieldReader(field);
  for (const row of block.rows) {
    const value = read(row);
    if (typeof value === 'string') ranges.string = ranges.string ? [value < ranges.string[0] ? value : ranges.string[0], value > ranges.string[1] ? value : ranges.string[1]] : [value, value];
    else if (typeof value === 'number' && !Number.isNaN(value)) ranges.number = ranges.number ? [Math.min(value, ranges.number[0]), Math.max(value, ranges.number[1])] : [value, value];
  }
  block.ranges.set(field, ranges);
  return ranges;
}

/**
 * Whether some row of the block may meet the condition, judged from the least and greatest value
 * of the fields it bounds (a block's "zone map"): a block whose rows all end before a date range
 * starts is skipped, whatever the order. Other conditions are assumed to be met.
 */
function mayMatch(block: Block, condition: Condition): boolean {
  switch (condition.op) {
    case 'gte':
    case 'gt':
    case 'lte':
    case 'lt': {
      const bound = condition.value;
      const range = typeof bound === 'string' ? rangesOf(block, condition.field).string : typeof bound === 'number' ? rangesOf(block, condition.field).number : undefined;
      if (!range) return false; // comparisons hold only for present values of the bound's type
      const [least, greatest] = range as [Key, Key];
      if (condition.op === 'gte') return greatest >= bound;
      if (condition.op === 'gt') return greatest > bound;
      if (condition.op === 'lte') return least <= bound;
      return least < bound;
    }
    case 'and':
      return condition.all.every((part) => mayMatch(block, part));
    case 'or':
      return condition.any.some((part) => mayMatch(block, part));
    default:
      return true;
  }
}

/** The first row of a block for which `before` is false (rows.length when none). */
function firstInRange(block: Block, before: (key: unknown) => boolean): number {
  let low = 0;
  let high = block.keys.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(block.keys[middle])) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The rows that may match `where`, in the index's order: those in the lead field's range and
 * holding the longest keyword. The caller tests each with the whole condition and stops reading
 * once it has enough.
 */
export function* candidates(index: OrderedIndex, where: Condition | undefined): Generator<Stored> {
  const { before, after } = leadRange(index.def, where);
  const word = keywordOf(index.def, where);
  for (const block of index.blocks) {
    const count = block.rows.length;
    if (before?.(block.keys[count - 1])) continue;
    if (after?.(block.keys[0])) return;
    if (where && !mayMatch(block, where)) continue;
    let row = before ? firstInRange(block, before) : 0;
    while (row < count) {
      if (word) {
        const position = block.text.indexOf(word, block.offsets[row]);
        if (position === -1) break;
        while (block.offsets[row + 1] <= position) row++;
        // A hit that runs past its row's text would join two records' texts: not a match.
        if (position + word.length >= block.offsets[row + 1]) {
          row++;
          continue;
        }
      }
      if (after?.(block.keys[row])) return;
      yield block.rows[row];
      row++;
    }
  }
}
