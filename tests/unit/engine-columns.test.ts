import { describe, expect, it } from 'vitest';
import type { ScreenConfig } from '../../engine/config';
import { applyColumnPrefs, checkColumnPrefs, loadColumnPrefs, moveColumn, saveColumnPrefs, screenColumns, toPrefs } from '../../engine/grid/columns';

const entity = {
  'x-status': 'state',
  properties: {
    id: { type: 'integer', title: 'thing.id' },
    title: { type: 'string', title: 'thing.title' },
    state: { type: 'string', enum: ['ALPHA', 'BETA'], 'x-enum': 'thingState' },
    level: { type: 'string', enum: ['CRITICAL', 'MAJOR', 'MINOR'], 'x-enum': 'level', 'x-colors': { CRITICAL: 'red', MAJOR: 'orange', MINOR: 'blue' } },
    // State words without colours in the schema: plain text (the engine reads no word).
    phase: { type: 'string', enum: ['PENDING', 'COMPLETED'], 'x-enum': 'phase' },
    kind: { type: 'string', enum: ['A_KIND', 'B_KIND'], 'x-enum': 'kind' },
    amount: { type: 'number', decimals: 2 },
    currency: { type: 'string', enum: ['EUR', 'USD'] },
    lines: { type: 'array', items: { type: 'object', properties: {} } },
  },
};

const screen = (columns?: ScreenConfig['columns']): ScreenConfig => ({ route: '/things', type: 'search', title: 'screen.things', columns });

describe('screen columns', () => {
  it('reads field names and options, with header keys and kinds', () => {
    const columns = screenColumns(screen([{ field: 'id', width: 90 }, 'title', { field: 'amount', currencyField: 'currency' }, { field: 'kind', hidden: true }]), entity);
    expect(columns.map((c) => [c.field, c.width, c.hidden, c.kind])).toEqual([
      ['id', 90, false, 'integer'],
      ['title', undefined, false, 'text'],
      ['amount', undefined, false, 'number'],
      ['kind', undefined, true, 'enum'],
    ]);
    expect(columns[0].title).toBe('thing.id');
    expect(columns[2].currencyField).toBe('currency');
  });

  it('shows the workflow status and enums with colours (x-colors) as badges, other enums as text', () => {
    const columns = screenColumns(screen(['state', 'level', 'kind', 'phase']), entity);
    expect(columns.map((c) => c.badge)).toEqual([true, true, false, false]);
  });

  it('derives columns from the entity when the screen lists none, skipping nested lists', () => {
    const fields = screenColumns(screen(), entity).map((c) => c.field);
    expect(fields).not.toContain('lines');
    expect(fields[0]).toBe('id');
  });

  it('survives a column the entity does not declare', () => {
    expect(screenColumns(screen(['ghost']), entity)[0]).toMatchObject({ field: 'ghost', title: 'ghost', kind: 'text' });
  });
});

describe('column preferences', () => {
  const columns = screenColumns(screen(['id', 'title', 'state', { field: 'kind', hidden: true }]), entity);

  it('applies the stored order and visibility, appending new columns and dropping removed ones', () => {
    const applied = applyColumnPrefs(columns, [
      { field: 'state', hidden: false },
      { field: 'gone', hidden: false },
      { field: 'id', hidden: true },
    ]);
    expect(applied.map((c) => `${c.field}:${c.hidden}`)).toEqual(['state:false', 'id:true', 'title:false', 'kind:true']);
  });

  it('ignores empty or all-hidden preferences', () => {
    expect(applyColumnPrefs(columns, null)).toBe(columns);
    expect(applyColumnPrefs(columns, [{ field: 'id', hidden: true }, { field: 'title', hidden: true }, { field: 'state', hidden: true }, { field: 'kind', hidden: true }])).toBe(columns);
  });

  it('requires at least one visible column', () => {
    expect(checkColumnPrefs(toPrefs(columns))).toBeNull();
    expect(checkColumnPrefs(toPrefs(columns).map((p) => ({ ...p, hidden: true })))).toBe('engine.columns.atLeastOne');
  });

  it('moves a column within bounds only', () => {
    expect(moveColumn(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveColumn(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    const same = ['a', 'b'];
    expect(moveColumn(same, 0, 5)).toBe(same);
  });

  it('stores preferences per route and tolerates broken storage', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
    saveColumnPrefs('/things', [{ field: 'id', hidden: true }], storage);
    expect(loadColumnPrefs('/things', storage)).toEqual([{ field: 'id', hidden: true }]);
    expect(loadColumnPrefs('/other', storage)).toBeNull();
    saveColumnPrefs('/things', null, storage);
    expect(loadColumnPrefs('/things', storage)).toBeNull();
    data.set('qcflow.columns./bad', '{oops');
    expect(loadColumnPrefs('/bad', storage)).toBeNull();
    const failing = { setItem: () => { throw new Error('full'); }, removeItem: () => undefined };
    expect(() => saveColumnPrefs('/x', [], failing)).not.toThrow();
  });
});
