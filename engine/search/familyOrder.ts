type Row = Record<string, unknown>;

/** The list with the item at `from` moved to `to` (both indexes of the list). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Room between two neighbours' orders, so a later move writes few records. */
export const ORDER_STEP = 10;

/**
 * The records whose `orderField` must change so that they read in the list's order: the n-th
 * (from 1) gets n × ORDER_STEP; those already there are left alone.
 */
export function orderChanges(items: readonly Row[], orderField: string): { record: Row; order: number }[] {
  return items.map((record, index) => ({ record, order: (index + 1) * ORDER_STEP })).filter(({ record, order }) => record[orderField] !== order);
}

/** Records by their order (missing last), then by their name. */
export function byOrder(orderField: string | undefined, nameOf: (record: Row) => string, locale: string) {
  const rank = (record: Row) => (orderField && typeof record[orderField] === 'number' ? (record[orderField] as number) : Number.POSITIVE_INFINITY);
  return (a: Row, b: Row) => rank(a) - rank(b) || nameOf(a).localeCompare(nameOf(b), locale);
}
