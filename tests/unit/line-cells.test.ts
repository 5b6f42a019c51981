import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { FormatContext } from '../../engine/format/values';
import { conditionHolds } from '../../engine/record/header/conditions';
import { columnText } from '../../engine/record/lines/lineCells';
import type { JsonSchema } from '../../engine/schema/resolve';

// A booking of a room, not a service: the capabilities are the engine's, any screen may use them.
const labels: Record<string, string> = { 'enum.bookingState.HELD': 'Held', 'booking.heldBy': 'Held by {{guest}} · {{state}} · {{heldAt}}' };
const t = ((key: string, values?: Record<string, unknown>) => (labels[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name] ?? ''))) as unknown as TFunction;
const ctx: FormatContext = { t, locale: 'en-GB', lookupLabel: (url, id) => (url === '/guests' && id === 7 ? 'Ada Lovelace' : undefined) };
const props: Record<string, JsonSchema> = {
  from: { type: 'string', format: 'date' },
  to: { type: 'string', format: 'date' },
  guest: { type: 'integer', 'x-lookup': { url: '/guests' } },
  state: { type: 'string', enum: ['HELD'], 'x-enum': 'bookingState' },
  heldAt: { type: 'string', format: 'date-time' },
  note: { type: 'string' },
};

describe('read-only line columns', () => {
  it('reads a range `start → end`, the end left out when empty or the same day', () => {
    const range = { field: 'from', until: 'to' };
    expect(columnText(range, { from: '2027-03-02', to: '2027-03-05' }, props, ctx)).toBe('2 Mar 2027 → 5 Mar 2027');
    expect(columnText(range, { from: '2027-03-02', to: '2027-03-02' }, props, ctx)).toBe('2 Mar 2027');
    expect(columnText(range, { from: '2027-03-02' }, props, ctx)).toBe('2 Mar 2027');
    expect(columnText(range, {}, props, ctx)).toBe('');
  });

  it('puts a value in a sentence whose placeholders are the line fields as they read', () => {
    const sentence = { field: 'guest', text: 'booking.heldBy' };
    expect(columnText(sentence, { guest: 7, state: 'HELD', heldAt: '2027-03-01T09:30:00Z' }, props, ctx)).toMatch(/^Held by Ada Lovelace · Held · 1 Mar 2027/);
    // No value: no sentence (a line nobody answered shows no "answered by").
    expect(columnText(sentence, { state: 'HELD' }, props, ctx)).toBe('');
    expect(columnText('note', { note: 'Late arrival' }, props, ctx)).toBe('Late arrival');
  });
});

describe('conditions on lists', () => {
  it('`has` and `hasNot` test whether a list holds a value (the calls offered to the caller)', () => {
    const row = { state: 'HELD', actions: ['CONFIRM', 'MOVE'] };
    expect(conditionHolds({ actions: { has: 'MOVE' } }, row)).toBe(true);
    expect(conditionHolds({ actions: { has: 'CANCEL' } }, row)).toBe(false);
    expect(conditionHolds({ actions: { hasNot: 'CANCEL' }, state: 'HELD' }, row)).toBe(true);
    expect(conditionHolds({ actions: { has: 'MOVE', hasNot: 'CONFIRM' } }, row)).toBe(false);
    // Not a list: it holds nothing.
    expect(conditionHolds({ state: { has: 'HELD' } }, row)).toBe(false);
    expect(conditionHolds({ missing: { hasNot: 'X' } }, row)).toBe(true);
  });
});
