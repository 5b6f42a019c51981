import type { ReadOps } from '../store/types';
import { SERVICES, type ServiceRow } from './access';

/**
 * The service search index, rebuilt from the stored services after a write to them
 * (`store.derived`): the services newest first, so a search reads them in the order it
 * answers and stops once its page is full, and their keyword texts joined in one string, so
 * a keyword is found in one `indexOf` pass instead of one test per service.
 */
export interface ServiceIndex {
  /** Services with a start date, by start date descending, then id descending. */
  rows: ServiceRow[];
  /** `rows[i].startDate`, for binary searches on the date range. */
  starts: string[];
  /** The longest service in days (end date − start date): how far back a date range must look. */
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
const byStartDesc = (a: ServiceRow, b: ServiceRow) =>
  a.startDate === b.startDate ? Number(b.serviceId) - Number(a.serviceId) : (a.startDate as string) < (b.startDate as string) ? 1 : -1;

function buildIndex(records: ServiceRow[]): ServiceIndex {
  const rows = records.filter((service) => typeof service.startDate === 'string').sort(byStartDesc);
  const offsets = new Int32Array(rows.length + 1);
  const texts: string[] = [];
  let length = 0;
  let maxSpanDays = 0;
  rows.forEach((service, i) => {
    offsets[i] = length;
    const text = `${typeof service.searchText === 'string' ? service.searchText : ''}${SEPARATOR}`;
    texts.push(text);
    length += text.length;
    if (typeof service.endDate === 'string' && service.endDate > (service.startDate as string)) {
      const span = dayNumber(service.endDate) - dayNumber(service.startDate as string);
      if (span > maxSpanDays) maxSpanDays = span;
    }
  });
  offsets[rows.length] = length;
  return { rows, starts: rows.map((service) => service.startDate as string), maxSpanDays, text: texts.join(''), offsets };
}

export function serviceIndex(store: ReadOps): ServiceIndex {
  return store.derived(SERVICES, 'searchIndex', (records) => buildIndex(records as ServiceRow[]));
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
