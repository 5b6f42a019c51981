import { describe, expect, it } from 'vitest';
import { openTab, queryWithTab, visibleTabs } from '../../engine/record/tabQuery';
import { firstValue, mayChangeRow, rowCallUrl } from '../../engine/record/rowCalls';
import { onceRows } from '../../engine/record/lines/onceRows';
import { objectText } from '../../engine/format/values';
import type { RowActionConfig } from '../../engine/config';

const tabs = [
  { name: 'main', title: 'a', panels: [] },
  { name: 'files', title: 'b', panels: [] },
  { name: 'money', title: 'c', roles: ['BILLING'], panels: [] },
];

describe('record page tabs', () => {
  it('shows the tabs whose roles the caller holds', () => {
    expect(visibleTabs(tabs, []).map((tab) => tab.name)).toEqual(['main', 'files']);
    expect(visibleTabs(tabs, ['BILLING']).map((tab) => tab.name)).toEqual(['main', 'files', 'money']);
  });

  it('opens the tab the address names, else the first (a tab the caller may not see included)', () => {
    const shown = visibleTabs(tabs, []);
    expect(openTab(shown, new URLSearchParams('tab=files'))).toBe('files');
    expect(openTab(shown, new URLSearchParams('tab=money'))).toBe('main');
    expect(openTab(shown, new URLSearchParams('tab=nothing'))).toBe('main');
    expect(openTab(shown, new URLSearchParams(''))).toBe('main');
  });

  it('keeps the open tab in the query, the first one without a parameter, other parameters kept', () => {
    expect(queryWithTab(new URLSearchParams('mode=x'), 'files', 'main').toString()).toBe('mode=x&tab=files');
    expect(queryWithTab(new URLSearchParams('tab=files&mode=x'), 'main', 'main').toString()).toBe('mode=x');
  });
});

describe('notes and history calls', () => {
  const record = { itemId: 7, owner: false };
  it('fills URL templates with the row, then the record', () => {
    expect(rowCallUrl('/back/bo/items/{itemId}/notes', record)).toBe('/back/bo/items/7/notes');
    expect(rowCallUrl('/back/bo/items/{itemId}/notes/{noteId}', record, { noteId: 3 })).toBe('/back/bo/items/7/notes/3');
    expect(rowCallUrl('/back/bo/items/{itemId}/notes/{noteId}', record)).toBeNull();
    expect(rowCallUrl(undefined, record)).toBeNull();
    expect(rowCallUrl('/x/{itemId}', null)).toBeNull();
  });

  it('lets the author, or whoever a true record flag names, change a note; nobody without a rule', () => {
    const note = { creator: 5 };
    expect(mayChangeRow(['author'], note, record, 'creator', 5)).toBe(true);
    expect(mayChangeRow(['author'], note, record, 'creator', 6)).toBe(false);
    expect(mayChangeRow(['author', 'owner'], note, record, 'creator', 6)).toBe(false);
    expect(mayChangeRow(['author', 'owner'], note, { ...record, owner: true }, 'creator', 6)).toBe(true);
    expect(mayChangeRow(undefined, note, { owner: true }, 'creator', 5)).toBe(false);
    expect(mayChangeRow(['author'], {}, record, 'creator', undefined)).toBe(false);
  });

  it('reads the first field holding a value', () => {
    expect(firstValue({ updateDate: null, creationDate: 'd' }, ['updateDate', 'creationDate'])).toEqual({ field: 'creationDate', value: 'd' });
    expect(firstValue({}, ['a'])).toBeUndefined();
  });
});

describe('read-only lines', () => {
  it('shows a `once` action on the first line of each value only', () => {
    const once = { name: 'order', label: 'x', to: '/x', once: 'po' } as RowActionConfig;
    const every = { name: 'open', label: 'y', to: '/y' } as RowActionConfig;
    const shown = onceRows([{ po: 'A' }, { po: 'A' }, { po: 'B' }, {}], [once, every]);
    expect([0, 1, 2, 3].map((index) => shown(once, index))).toEqual([true, false, true, false]);
    expect([0, 1, 2, 3].map((index) => shown(every, index))).toEqual([true, true, true, true]);
  });

  it('reads an object by its x-text groups, empty parts left out', () => {
    const t = ((key: string) => key.split('.').pop()) as never;
    const ctx = { t, locale: 'en', lookupLabel: () => undefined };
    const quantity = {
      type: 'object',
      'x-text': { parts: [['quantity', 'unit'], ['packing']] },
      properties: { quantity: { type: 'number' }, unit: { type: 'string', enum: ['PIECE'], 'x-enum': 'unit' }, packing: { type: 'string', enum: ['BOX'], 'x-enum': 'packing' } },
    };
    expect(objectText(quantity, { quantity: 1200, unit: 'PIECE', packing: 'BOX' }, ctx)).toBe('1,200 PIECE · BOX');
    expect(objectText(quantity, { quantity: 5 }, ctx)).toBe('5');
    const place = { type: 'object', 'x-text': { parts: [['zip', 'city'], ['country']], separator: ', ' }, properties: { zip: { type: 'string' }, city: { type: 'string' }, country: { type: 'string' } } };
    expect(objectText(place, { zip: '75001', city: 'Paris', country: 'France' }, ctx)).toBe('75001 Paris, France');
    expect(objectText(place, null, ctx)).toBe('');
  });
});
