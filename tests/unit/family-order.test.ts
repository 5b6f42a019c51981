import { describe, expect, it } from 'vitest';
import { byOrder, moved, orderChanges } from '../../engine/search/familyOrder';

/** The families pane's order (a screen's `tree.order`): a move, the records it rewrites, the sort. */
describe('families in their order', () => {
  const a = { id: 1, code: 'A', order: 10 };
  const b = { id: 2, code: 'B', order: 20 };
  const c = { id: 3, code: 'C', order: 30 };

  it('moves one family to another’s place, up or down; an index outside the list changes nothing', () => {
    expect(moved([a, b, c], 2, 0)).toEqual([c, a, b]);
    expect(moved([a, b, c], 0, 1)).toEqual([b, a, c]);
    expect(moved([a, b, c], 0, 3)).toEqual([a, b, c]);
    expect(moved([a, b, c], -1, 0)).toEqual([a, b, c]);
  });

  it('rewrites only the families whose order changed, ten apart', () => {
    expect(orderChanges(moved([a, b, c], 2, 0), 'order')).toEqual([
      { record: c, order: 10 },
      { record: a, order: 20 },
      { record: b, order: 30 },
    ]);
    expect(orderChanges(moved([a, b, c], 1, 2), 'order')).toEqual([
      { record: c, order: 20 },
      { record: b, order: 30 },
    ]);
    expect(orderChanges([a, { id: 4, code: 'D' }], 'order')).toEqual([{ record: { id: 4, code: 'D' }, order: 20 }]);
  });

  it('sorts by order, families without one last, then by name', () => {
    const name = (record: Record<string, unknown>) => String(record.code);
    const sorted = [{ id: 5, code: 'Z' }, c, { id: 6, code: 'E' }, a].sort(byOrder('order', name, 'en'));
    expect(sorted.map(name)).toEqual(['A', 'C', 'E', 'Z']);
    expect([c, a, b].sort(byOrder(undefined, name, 'en')).map(name)).toEqual(['A', 'B', 'C']);
  });
});
