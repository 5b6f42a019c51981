import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sameCriteria, savedFilterMachine, type SavedFilter, type SavedFilterEvent } from '../../machines/ui';

const open: SavedFilter = { userFilterId: 1, name: 'Open items', filter: { statuses: ['NEW'] } };
const mine: SavedFilter = { userFilterId: 2, name: 'Mine', filter: { leader: 7 } };

function start(...events: SavedFilterEvent[]) {
  const actor = createActor(savedFilterMachine).start();
  events.forEach((event) => actor.send(event));
  return actor;
}

const loaded = (defaultId: number | null = null): SavedFilterEvent => ({ type: 'LOADED', filters: [open, mine], defaultId });

describe('saved filter machine: loading', () => {
  it('starts loading, then selects the default filter so the screen applies it', () => {
    expect(start().getSnapshot().value).toBe('loading');
    const snapshot = start(loaded(2)).getSnapshot();
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.filters).toHaveLength(2);
    expect(snapshot.context.defaultId).toBe(2);
    expect(snapshot.context.selectedId).toBe(2);
  });

  it('forgets a default id that is not among the filters', () => {
    const { context } = start(loaded(99)).getSnapshot();
    expect(context.defaultId).toBeNull();
    expect(context.selectedId).toBeNull();
  });

  it('is usable without filters when loading failed, and can reload', () => {
    const actor = start({ type: 'FAILED' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
  });
});

describe('saved filter machine: selection and rename mode', () => {
  it('selects a known filter and deselects', () => {
    const actor = start(loaded(), { type: 'SELECT', userFilterId: 1 });
    expect(actor.getSnapshot().context.selectedId).toBe(1);
    actor.send({ type: 'SELECT', userFilterId: 42 });
    expect(actor.getSnapshot().context.selectedId).toBe(1);
    actor.send({ type: 'DESELECT' });
    expect(actor.getSnapshot().context.selectedId).toBeNull();
  });

  it('enters rename mode only with a selection; selecting leaves it', () => {
    const actor = start(loaded(), { type: 'RENAME_MODE', on: true });
    expect(actor.getSnapshot().context.renaming).toBe(false);
    actor.send({ type: 'SELECT', userFilterId: 1 });
    actor.send({ type: 'RENAME_MODE', on: true });
    expect(actor.getSnapshot().context.renaming).toBe(true);
    actor.send({ type: 'RENAME_MODE', on: false });
    expect(actor.getSnapshot().context.renaming).toBe(false);
    actor.send({ type: 'RENAME_MODE', on: true });
    actor.send({ type: 'SELECT', userFilterId: 2 });
    expect(actor.getSnapshot().context.renaming).toBe(false);
  });
});

describe('saved filter machine: saving without a selection creates', () => {
  it('asks to create, then adds and selects the created filter', () => {
    const actor = start(loaded(), { type: 'SAVE', name: '  Late ones ', filter: { late: true } });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('busy');
    expect(snapshot.context.command).toEqual({ kind: 'create', name: 'Late ones', filter: { late: true } });
    actor.send({ type: 'DONE', filter: { userFilterId: 3, name: 'Late ones', filter: { late: true } } });
    const done = actor.getSnapshot().context;
    expect(done.filters.map((f) => f.userFilterId)).toEqual([1, 2, 3]);
    expect(done.selectedId).toBe(3);
    expect(done.command).toBeNull();
    expect(done.notice).toMatchObject({ level: 'success', key: 'engine.filters.created' });
  });

  it('refuses a nameless filter with a warning', () => {
    const actor = start(loaded(), { type: 'SAVE', name: '   ', filter: { late: true } });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.notice).toMatchObject({ level: 'warning', key: 'engine.filters.nameRequired' });
    actor.send({ type: 'SAVE', filter: { late: true } });
    expect(actor.getSnapshot().context.notice?.seq).toBe(2);
  });

  it('refuses an identical filter (same name or same criteria) with a warning', () => {
    const byName = start(loaded(), { type: 'SAVE', name: 'open ITEMS', filter: { other: 1 } }).getSnapshot();
    expect(byName.value).toBe('ready');
    expect(byName.context.notice).toMatchObject({ level: 'warning', key: 'engine.filters.duplicate' });
    const byCriteria = start(loaded(), { type: 'SAVE', name: 'Another', filter: { statuses: ['NEW'], empty: '' } }).getSnapshot();
    expect(byCriteria.context.notice?.key).toBe('engine.filters.duplicate');
  });

  it('keeps the list when the server creates nothing, and shows a server warning on failure', () => {
    const actor = start(loaded(), { type: 'SAVE', name: 'X', filter: { x: 1 } }, { type: 'DONE' });
    expect(actor.getSnapshot().context.filters).toHaveLength(2);
    actor.send({ type: 'SAVE', name: 'Y', filter: { y: 1 } });
    actor.send({ type: 'FAILED', messageKey: 'engine.filters.duplicate' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.command).toBeNull();
    expect(actor.getSnapshot().context.notice?.key).toBe('engine.filters.duplicate');
  });

  it('leaves the previous notice when a failure brings no message of its own', () => {
    const actor = start(loaded(), { type: 'SAVE', name: 'Y', filter: { y: 1 } }, { type: 'FAILED' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});

describe('saved filter machine: saving with a selection updates or renames', () => {
  it('updates the selected filter criteria', () => {
    const actor = start(loaded(), { type: 'SELECT', userFilterId: 1 }, { type: 'SAVE', filter: { statuses: ['DONE'] } });
    expect(actor.getSnapshot().context.command).toEqual({ kind: 'update', target: open, filter: { statuses: ['DONE'] } });
    actor.send({ type: 'DONE' });
    const { context } = actor.getSnapshot();
    expect(context.filters[0].filter).toEqual({ statuses: ['DONE'] });
    expect(context.notice?.key).toBe('engine.filters.updated');
  });

  it('uses the record the server answers', () => {
    const actor = start(loaded(), { type: 'SELECT', userFilterId: 1 }, { type: 'SAVE', filter: {} });
    actor.send({ type: 'DONE', filter: { ...open, filter: {}, version: 4 } });
    expect(actor.getSnapshot().context.filters[0].version).toBe(4);
  });

  it('renames in rename mode, then leaves rename mode', () => {
    const actor = start(loaded(), { type: 'SELECT', userFilterId: 2 }, { type: 'RENAME_MODE', on: true }, { type: 'SAVE', name: 'My items ', filter: {} });
    expect(actor.getSnapshot().context.command).toEqual({ kind: 'rename', target: mine, name: 'My items' });
    actor.send({ type: 'DONE' });
    const { context } = actor.getSnapshot();
    expect(context.filters[1]).toMatchObject({ name: 'My items', filter: { leader: 7 } });
    expect(context.renaming).toBe(false);
    expect(context.notice?.key).toBe('engine.filters.renamed');
  });

  it('refuses renaming to nothing or to another filter name; the own name is fine', () => {
    const base: SavedFilterEvent[] = [loaded(), { type: 'SELECT', userFilterId: 2 }, { type: 'RENAME_MODE', on: true }];
    expect(start(...base, { type: 'SAVE', name: '', filter: {} }).getSnapshot().context.notice?.key).toBe('engine.filters.nameRequired');
    expect(start(...base, { type: 'SAVE', name: 'Open items', filter: {} }).getSnapshot().context.notice?.key).toBe('engine.filters.duplicate');
    expect(start(...base, { type: 'SAVE', name: 'MINE', filter: {} }).getSnapshot().value).toBe('busy');
  });
});

describe('saved filter machine: default mark and delete', () => {
  it('toggles the default filter', () => {
    const actor = start(loaded(), { type: 'TOGGLE_DEFAULT', userFilterId: 2 });
    expect(actor.getSnapshot().context.command).toEqual({ kind: 'setDefault', userFilterId: 2 });
    actor.send({ type: 'DONE' });
    expect(actor.getSnapshot().context.defaultId).toBe(2);
    actor.send({ type: 'TOGGLE_DEFAULT', userFilterId: 2 });
    expect(actor.getSnapshot().context.command).toEqual({ kind: 'setDefault', userFilterId: null });
    actor.send({ type: 'DONE' });
    expect(actor.getSnapshot().context.defaultId).toBeNull();
  });

  it('ignores the default mark and delete of an unknown filter', () => {
    expect(start(loaded(), { type: 'TOGGLE_DEFAULT', userFilterId: 9 }).getSnapshot().value).toBe('ready');
    expect(start(loaded(), { type: 'DELETE', userFilterId: 9 }).getSnapshot().value).toBe('ready');
  });

  it('deletes a filter, clearing the selection and default that pointed at it', () => {
    const actor = start(loaded(1), { type: 'DELETE', userFilterId: 1 });
    expect(actor.getSnapshot().context.command).toEqual({ kind: 'delete', target: open });
    actor.send({ type: 'DONE' });
    const { context } = actor.getSnapshot();
    expect(context.filters).toEqual([mine]);
    expect(context.selectedId).toBeNull();
    expect(context.defaultId).toBeNull();
    expect(context.notice?.key).toBe('engine.filters.deleted');
  });

  it('keeps selection and default when another filter is deleted', () => {
    const actor = start(loaded(1), { type: 'DELETE', userFilterId: 2 }, { type: 'DONE' });
    expect(actor.getSnapshot().context).toMatchObject({ selectedId: 1, defaultId: 1 });
  });

  it('ignores gestures while a call is pending, and DONE without a command', () => {
    const actor = start(loaded(), { type: 'TOGGLE_DEFAULT', userFilterId: 1 }, { type: 'SELECT', userFilterId: 2 });
    expect(actor.getSnapshot().context.selectedId).toBeNull();
    expect(actor.getSnapshot().value).toBe('busy');
    const idle = start(loaded(), { type: 'DONE' });
    expect(idle.getSnapshot().value).toBe('ready');
  });
});

describe('saved filter machine: shared filters', () => {
  const colleagues: SavedFilter = { userFilterId: 3, name: 'Team view', filter: { levels: ['CRITICAL'] }, shared: true, mine: false };
  const withShared: SavedFilterEvent = { type: 'LOADED', filters: [open, mine, colleagues], defaultId: null };

  it('shares one of my filters, then stops sharing it', () => {
    const actor = start(withShared, { type: 'SHARE', userFilterId: 2 });
    expect(actor.getSnapshot().context.command).toEqual({ kind: 'share', target: mine, shared: true });
    actor.send({ type: 'DONE' });
    expect(actor.getSnapshot().context.filters.find((f) => f.userFilterId === 2)?.shared).toBe(true);
    expect(actor.getSnapshot().context.notice?.key).toBe('engine.filters.sharedNow');
    actor.send({ type: 'SHARE', userFilterId: 2 });
    expect(actor.getSnapshot().context.command).toMatchObject({ kind: 'share', shared: false });
  });

  it('leaves a colleague’s filter as it is: no share, rename, update or delete', () => {
    for (const event of [{ type: 'SHARE', userFilterId: 3 }, { type: 'DELETE', userFilterId: 3 }] as SavedFilterEvent[]) {
      const actor = start(withShared, event);
      expect(actor.getSnapshot().value, event.type).toBe('ready');
      expect(actor.getSnapshot().context.command).toBeNull();
    }
    const selected = start(withShared, { type: 'SELECT', userFilterId: 3 }, { type: 'RENAME_MODE', on: true });
    expect(selected.getSnapshot().context.renaming).toBe(false);
    expect(selected.getSnapshot().context.selectedId).toBe(3);
  });

  it('saves a colleague’s selected filter as a copy of my own, which may keep its name', () => {
    const actor = start(withShared, { type: 'SELECT', userFilterId: 3 }, { type: 'SAVE', name: 'Team view', filter: { levels: ['CRITICAL'] } });
    expect(actor.getSnapshot().context.command).toEqual({ kind: 'create', name: 'Team view', filter: { levels: ['CRITICAL'] } });
    actor.send({ type: 'DONE', filter: { userFilterId: 4, name: 'Team view', filter: { levels: ['CRITICAL'] }, mine: true } });
    expect(actor.getSnapshot().context.selectedId).toBe(4);
    // A copy identical to one of my own is refused like any duplicate.
    const again = start(withShared, { type: 'SELECT', userFilterId: 3 }, { type: 'SAVE', name: 'Mine', filter: {} });
    expect(again.getSnapshot().context.command).toBeNull();
    expect(again.getSnapshot().context.notice?.key).toBe('engine.filters.duplicate');
  });
});

describe('sameCriteria', () => {
  it('ignores key order and empty values, but not different values', () => {
    expect(sameCriteria({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1, c: null, d: [], e: '' })).toBe(true);
    expect(sameCriteria({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toBe(true);
    expect(sameCriteria({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameCriteria({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});
