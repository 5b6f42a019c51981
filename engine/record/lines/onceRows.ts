import type { RowActionConfig } from '../../config';

type Row = Record<string, unknown>;

/**
 * An action with `once: field` shows on the first row of each value of that field only (one
 * action per order on lines grouped by order number); rows without a value get none.
 */
export function onceRows(rows: Row[], actions: RowActionConfig[]): (action: RowActionConfig, index: number) => boolean {
  const firsts = new Map<string, Set<number>>();
  for (const action of actions) {
    if (!action.once || firsts.has(action.once)) continue;
    const seen = new Map<unknown, number>();
    rows.forEach((row, index) => {
      const value = row[action.once!];
      if (value != null && value !== '' && !seen.has(value)) seen.set(value, index);
    });
    firsts.set(action.once, new Set(seen.values()));
  }
  return (action, index) => !action.once || firsts.get(action.once)!.has(index);
}
