/**
 * The key of a purchase order's line (spec §3's line has no number): its order's poNumber +
 * sku + colour + size, trimmed and case-insensitive. An import that meets a line of the same key
 * updates it; it never adds a second one.
 */
export const orderLineKey = (line: Record<string, unknown>): string =>
  [line.poNumber, line.sku, line.color, line.size].map((part) => String(part ?? '').trim().toLowerCase()).join('\u0000');
