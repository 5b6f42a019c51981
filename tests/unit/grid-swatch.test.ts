import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { SwatchCell } from '../../engine/grid/cells';
import { buildColDefs } from '../../engine/grid/colDefs';
import { screenColumns } from '../../engine/grid/columns';

const ctx = { t: ((key: string) => key) as unknown as TFunction, locale: 'en', lookupLabel: () => undefined };
const entity = {
  type: 'object',
  properties: { name: { type: 'string', title: 'x.name' }, color: { type: 'string', title: 'x.color', pattern: '^#[0-9a-fA-F]{6}$' } },
};

describe('grid colour cells', () => {
  it('shows a #rrggbb field (the colour picker’s) as a swatch, other texts as text', () => {
    const defs = buildColDefs(screenColumns({ route: '/x', type: 'search', title: 'x', columns: ['name', 'color'] }, entity), ctx);
    expect(defs.find((def) => def.colId === 'color')?.cellRenderer).toBe(SwatchCell);
    expect(defs.find((def) => def.colId === 'name')?.cellRenderer).toBeUndefined();
  });
});
