import type { Changes } from '../store/derived';
import type { ReadOps } from '../store/types';
import { SERVICES, type ServiceRow } from './access';

/**
 * The service search index, kept by the store per snapshot of the services (`store.derived`)
 * and brought up to date from the services written since: the services newest first, so a
 * search reads them in the order it answers and stops once its page is full, and their keyword
 * texts joined in one string, so a keyword is found in one `indexOf` pass instead of one test
 * per service.
 */
export interface ServiceIndex {
  /** Services with a start date, by start date descending, then id descending. */
  rows: ServiceRow[];
  /** `rows[i].startDate` and `rows[i].serviceId`, read without touching the records. */
  starts: string[];
  ids: number[];
  /** At least the longest service in days (end date − start date): how far back a date range must look. */
  maxSpanDays: number;
  /** Every row's `searchText`, in row order, each followed by SEPARATOR. */
  text: string;
  /** Where row i's text begins in `text` (one more entry: the end). */
  offsets: Int32Array;
}

/** Never in a normalized keyword text (control characters are not typed in a search box). */
const SEPARATOR = '\u0000';
const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** Newest start date first; the highest id breaks ties so the order is stable. */
const comesBefore = (startA: string, idA: number, startB: string, idB: number) => (startA === startB ? idA > idB : startA > startB);

const indexed = (service: ServiceRow | null): service is ServiceRow => !!service && typeof service.startDate === 'string';
const textOf = (service: ServiceRow) => `${typeof service.searchText === 'string' ? service.searchText : ''}${SEPARATOR}`;

function spanOf(service: ServiceRow): number {
  const start = service.startDate as string;
  const end = service.endDate;
  const span = typeof end === 'string' && end > start ? dayNumber(end) - dayNumber(start) : 0;
  return Number.isFinite(span) ? span : 0;
}

/** Columns of rows taken together: a run of a previous index (sliced at once), or services added one by one. */
interface Chunk {
  rows: ServiceRow[];
  starts: string[];
  ids: number[];
  /** Text lengths of added services; absent for a run, whose offsets come from its index. */
  lengths?: number[];
  from?: { index: ServiceIndex; row: number };
}

/** Concatenates column chunks (a handful of copies, not one push per row). */
const flat = <T,>(chunks: T[][]): T[] => (chunks.length === 1 ? chunks[0] : ([] as T[]).concat(...chunks));

/** The index of services in that order, built by appending runs of a previous index and new services. */
class IndexBuilder {
  private readonly chunks: Chunk[] = [];
  private readonly pieces: string[] = [];
  private open: Chunk | undefined;

  constructor(private maxSpanDays: number) {}

  /** A service not indexed before. */
  add(service: ServiceRow): void {
    if (!this.open) this.chunks.push((this.open = { rows: [], starts: [], ids: [], lengths: [] }));
    const text = textOf(service);
    this.open.rows.push(service);
    this.open.starts.push(service.startDate as string);
    this.open.ids.push(Number(service.serviceId));
    this.open.lengths!.push(text.length);
    this.pieces.push(text);
    this.maxSpanDays = Math.max(this.maxSpanDays, spanOf(service));
  }

  /** Rows [from, to) of a previous index, as they were. */
  keep(index: ServiceIndex, from: number, to: number): void {
    if (from === to) return;
    this.open = undefined;
    this.chunks.push({ rows: index.rows.slice(from, to), starts: index.starts.slice(from, to), ids: index.ids.slice(from, to), from: { index, row: from } });
    this.pieces.push(index.text.slice(index.offsets[from], index.offsets[to]));
  }

  done(): ServiceIndex {
    const rows = flat(this.chunks.map((chunk) => chunk.rows));
    const offsets = new Int32Array(rows.length + 1);
    let position = 0;
    let length = 0;
    for (const chunk of this.chunks) {
      if (chunk.from) {
        const { index, row } = chunk.from;
        const shift = length - index.offsets[row];
        for (let i = row; i < row + chunk.rows.length; i++) offsets[position++] = index.offsets[i] + shift;
        length = index.offsets[row + chunk.rows.length] + shift;
      } else {
        for (const textLength of chunk.lengths!) {
          offsets[position++] = length;
          length += textLength;
        }
      }
    }
    offsets[position] = length;
    const starts = flat(this.chunks.map((chunk) => chunk.starts));
    const ids = flat(this.chunks.map((chunk) => chunk.ids));
    return { rows, starts, ids, maxSpanDays: this.maxSpanDays, text: this.pieces.join(''), offsets };
  }
}

const byStartDesc = (a: ServiceRow, b: ServiceRow) =>
  comesBefore(a.startDate as string, Number(a.serviceId), b.startDate as string, Number(b.serviceId)) ? -1 : 1;

export function buildIndex(records: ServiceRow[]): ServiceIndex {
  const builder = new IndexBuilder(0);
  for (const service of records.filter(indexed).sort(byStartDesc)) builder.add(service);
  return builder.done();
}

/**
 * The previous index with the services written since: their old rows leave, their new ones
 * go in place, and the rows in between are copied in runs (their text in one slice each).
 * The longest span only grows: an over-estimate widens a date range's bound, never narrows it.
 */
export function updateIndex(previous: ServiceIndex, changes: Changes): ServiceIndex {
  const written = new Set(changes.map(([id]) => Number(id)));
  const added = changes.map(([, record]) => record as ServiceRow | null).filter(indexed).sort(byStartDesc);
  const builder = new IndexBuilder(previous.maxSpanDays);
  const count = previous.rows.length;
  const before = (service: ServiceRow, i: number) => comesBefore(service.startDate as string, Number(service.serviceId), previous.starts[i], previous.ids[i]);
  let run = 0; // the first old row not copied yet
  let next = 0;
  for (let i = 0; i < count; i++) {
    if (next < added.length && before(added[next], i)) {
      builder.keep(previous, run, i);
      run = i;
      while (next < added.length && before(added[next], i)) builder.add(added[next++]);
    }
    if (written.has(previous.ids[i])) {
      builder.keep(previous, run, i);
      run = i + 1;
    }
  }
  builder.keep(previous, run, count);
  while (next < added.length) builder.add(added[next++]);
  return builder.done();
}

export function serviceIndex(store: ReadOps): ServiceIndex {
  return store.derived(SERVICES, 'searchIndex', (records) => buildIndex(records as ServiceRow[]), updateIndex);
}

/** The first row whose start date is ≤ `day` (rows are by start date descending). */
export function firstStartingBy(index: ServiceIndex, day: string): number {
  let low = 0;
  let high = index.starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (index.starts[middle] > day) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The end of the rows that may last until `day` or later: a service ends at most
 * `maxSpanDays` after it starts, so the rows starting before `day` minus that span cannot.
 */
export function endOfRangeFrom(index: ServiceIndex, day: string): number {
  if (!Number.isFinite(dayNumber(day))) return index.rows.length;
  const beforeEarliest = new Date((dayNumber(day) - index.maxSpanDays - 1) * DAY_MS).toISOString().slice(0, 10);
  return firstStartingBy(index, beforeEarliest);
}

/**
 * The first row in [row, to) whose text holds `word`, or -1: `indexOf` over the joined text,
 * so the rows in between cost nothing. Rows come newest first, so a search asks for the next
 * one only until its page is full.
 */
export function nextRowWithWord(index: ServiceIndex, word: string, row: number, to: number): number {
  const { text, offsets } = index;
  while (row < to) {
    const position = text.indexOf(word, offsets[row]);
    if (position === -1 || position >= offsets[to]) return -1;
    while (offsets[row + 1] <= position) row++;
    // A hit that runs past its row's text would join two services' texts: not a match.
    if (position + word.length < offsets[row + 1]) return row;
    row++;
  }
  return -1;
}
