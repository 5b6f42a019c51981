import type { Changes } from '../store/derived';
import type { ReadOps } from '../store/types';
import { SERVICES, type ServiceRow } from './access';

/**
 * The service search index, kept by the store per snapshot of the services (`store.derived`)
 * and brought up to date from the services written since. The services are sorted newest
 * first, so a search reads them in the order it answers and stops once its page is full; they
 * are cut in blocks, each with its services' keyword texts joined in one string, so a keyword
 * is found with `indexOf` instead of one test per service, and a write rebuilds only the
 * blocks it touches (the others are shared with the previous index).
 */
export interface ServiceIndex {
  blocks: Block[];
  /** Rows per block when building; a block that grows past twice this is cut. */
  blockRows: number;
  /** At least the longest service in days (end date − start date): how far back a date range must look. */
  maxSpanDays: number;
}

export interface Block {
  /** By start date descending, then id descending. */
  rows: ServiceRow[];
  /** `rows[i].startDate` and `rows[i].serviceId`, read without touching the records. */
  starts: string[];
  ids: Int32Array;
  /** Every row's `searchText`, in row order, each followed by SEPARATOR. */
  text: string;
  /** Where row i's text begins in `text` (one more entry: the end). */
  offsets: Int32Array;
}

/** Rows per block: small enough to rebuild in well under a millisecond, few enough blocks to skip fast. */
const BLOCK_ROWS = 1024;
/** Never in a normalized keyword text (control characters are not typed in a search box). */
const SEPARATOR = '\u0000';
const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Newest start date first; the highest id breaks ties so the order is stable. */
const comesBefore = (startA: string, idA: number, startB: string, idB: number) => (startA === startB ? idA > idB : startA > startB);
const byStartDesc = (a: ServiceRow, b: ServiceRow) =>
  comesBefore(a.startDate as string, Number(a.serviceId), b.startDate as string, Number(b.serviceId)) ? -1 : 1;

const indexed = (service: ServiceRow | null): service is ServiceRow => !!service && typeof service.startDate === 'string';

function spanOf(service: ServiceRow): number {
  const start = service.startDate as string;
  const end = service.endDate;
  const span = typeof end === 'string' && end > start ? dayNumber(end) - dayNumber(start) : 0;
  return Number.isFinite(span) ? span : 0;
}

function blockOf(rows: ServiceRow[]): Block {
  const offsets = new Int32Array(rows.length + 1);
  const texts: string[] = [];
  let length = 0;
  rows.forEach((service, i) => {
    offsets[i] = length;
    const text = `${typeof service.searchText === 'string' ? service.searchText : ''}${SEPARATOR}`;
    texts.push(text);
    length += text.length;
  });
  offsets[rows.length] = length;
  const starts = rows.map((service) => service.startDate as string);
  const ids = Int32Array.from(rows, (service) => Number(service.serviceId));
  return { rows, starts, ids, text: texts.join(''), offsets };
}

/** Sorted rows in blocks of `size`. */
function blocksOf(rows: ServiceRow[], size: number): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < rows.length; i += size) blocks.push(blockOf(rows.slice(i, i + size)));
  return blocks;
}

export function buildIndex(records: ServiceRow[], blockRows = BLOCK_ROWS): ServiceIndex {
  const rows = records.filter(indexed).sort(byStartDesc);
  return { blocks: blocksOf(rows, blockRows), blockRows, maxSpanDays: rows.reduce((max, service) => Math.max(max, spanOf(service)), 0) };
}

/** The block a new row goes in: the first whose oldest row comes after it (else the last). */
function blockFor(blocks: Block[], service: ServiceRow): number {
  const start = service.startDate as string;
  const id = Number(service.serviceId);
  let low = 0;
  let high = blocks.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    const last = blocks[middle].rows.length - 1;
    if (comesBefore(start, id, blocks[middle].starts[last], blocks[middle].ids[last])) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The previous index with the services written since: each block holding an old version of
 * one, or where a new version belongs, is rebuilt (cut in two when it grew too large, dropped
 * when empty); the other blocks are kept as they are. The longest span only grows: an
 * over-estimate widens a date range's bound, never narrows it.
 */
export function updateIndex(previous: ServiceIndex, changes: Changes): ServiceIndex {
  const blocks = previous.blocks.length ? [...previous.blocks] : [blockOf([])];
  const touched = new Map<number, { gone: Set<number>; added: ServiceRow[] }>();
  const touch = (b: number) => touched.get(b) ?? touched.set(b, { gone: new Set(), added: [] }).get(b)!;
  for (const [id] of changes) {
    const number = Number(id);
    for (let b = 0; b < blocks.length; b++) if (blocks[b].ids.includes(number)) touch(b).gone.add(number);
  }
  let maxSpanDays = previous.maxSpanDays;
  for (const [, record] of changes) {
    const service = record as ServiceRow | null;
    if (!indexed(service)) continue;
    touch(blockFor(blocks, service)).added.push(service);
    maxSpanDays = Math.max(maxSpanDays, spanOf(service));
  }
  // From the last block back, so the positions of the blocks still to rebuild do not move.
  for (const b of [...touched.keys()].sort((x, y) => y - x)) {
    const { gone, added } = touched.get(b)!;
    const rows = blocks[b].rows.filter((_, i) => !gone.has(blocks[b].ids[i])).concat(added).sort(byStartDesc);
    blocks.splice(b, 1, ...(rows.length > 2 * previous.blockRows ? blocksOf(rows, previous.blockRows) : rows.length ? [blockOf(rows)] : []));
  }
  return { blocks: blocks.filter((block) => block.rows.length), blockRows: previous.blockRows, maxSpanDays };
}

export function serviceIndex(store: ReadOps): ServiceIndex {
  return store.derived(SERVICES, 'searchIndex', (records) => buildIndex(records as ServiceRow[]), updateIndex);
}

export interface IndexQuery {
  /** Services starting on or before this day. */
  toDate?: string;
  /** Services that may last until this day (the caller checks the end date itself). */
  fromDate?: string;
  /** Services whose keyword text holds this (normalized) word. */
  word?: string;
}

/** The first row of a block whose start date is ≤ `day` (rows.length when none). */
function firstStartingBy(block: Block, day: string): number {
  let low = 0;
  let high = block.starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (block.starts[middle] > day) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The services that may match, newest first: those starting by `toDate`, not earlier than
 * `fromDate` minus the longest span (a service ends at most that long after it starts), and
 * holding `word`. The caller stops reading once its page is full.
 */
export function* candidates(index: ServiceIndex, { toDate, fromDate, word }: IndexQuery): Generator<ServiceRow> {
  const fromDay = fromDate ? dayNumber(fromDate) : NaN;
  const earliest = Number.isFinite(fromDay) ? dayText(fromDay - index.maxSpanDays) : undefined;
  for (const block of index.blocks) {
    const count = block.rows.length;
    if (toDate && block.starts[count - 1] > toDate) continue;
    if (earliest && block.starts[0] < earliest) return;
    let row = toDate ? firstStartingBy(block, toDate) : 0;
    while (row < count) {
      if (word) {
        const position = block.text.indexOf(word, block.offsets[row]);
        if (position === -1) break;
        while (block.offsets[row + 1] <= position) row++;
        // A hit that runs past its row's text would join two services' texts: not a match.
        if (position + word.length >= block.offsets[row + 1]) {
          row++;
          continue;
        }
      }
      if (earliest && block.starts[row] < earliest) return;
      yield block.rows[row];
      row++;
    }
  }
}
