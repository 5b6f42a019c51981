import { and, eq, type Condition } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';

/**
 * The key of a purchase order line (spec §3's line has no line number): its order's PO number, sku,
 * colour and size, each trimmed and compared case-insensitively (a missing colour or size is empty).
 * One key, one line within an order: the line calls refuse a second (rules.ts) and an order import
 * updates the line of the same key instead of adding one.
 */
/** A line with its `poNumber`, `sku`, `color` and `size` (any record: a stored line, a body, an imported row). */
export type LineKeyFields = Readonly<Record<string, unknown>>;

const part = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

export const orderLineKey = (line: LineKeyFields): string => [line.poNumber, line.sku, line.color, line.size].map(part).join('\u0000');

export const ORDER_LINES = 'orderLines';

/** The line of the order holding the key of `line` (another than `ownId`), if any. */
export async function lineWithKey(db: Reader, purchaseOrderId: number, line: LineKeyFields, ownId?: number): Promise<Stored<Row> | undefined> {
  const sku = typeof line.sku === 'string' ? line.sku : '';
  // The keyword match on the sku narrows the store's answer; the key decides.
  const candidates = await db.query({
    collection: ORDER_LINES,
    where: and(eq('purchaseOrderId', purchaseOrderId), { op: 'keywords', fields: ['sku'], value: sku } as Condition, ownId !== undefined && { op: 'not', condition: eq('orderLineId', ownId) }),
  });
  const key = orderLineKey(line);
  return candidates.find((other) => orderLineKey(other) === key);
}
