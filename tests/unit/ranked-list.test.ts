import { describe, expect, it } from 'vitest';
import { createActor, transition } from 'xstate';
import { isDirty, moveTarget, rankedListMachine, type RankedEntry, type RankedListEvent } from '../../machines/rankedList';
import { branchUse } from './support/machineBranches';

/** What the list keeps of a record: a number and a type, as a search row would give them. */
const summary = (id: number) => ({ serviceId: id, number: `S-${String(id).padStart(6, '0')}`, type: 'INSP_FINAL_RANDOM' });
const add = (id: number): RankedListEvent => ({ type: 'ADD', id, item: summary(id) });
const item = (id: number, rank: number): RankedEntry => ({ id, item: summary(id), rank });

function start(...events: RankedListEvent[]) {
  const actor = createActor(rankedListMachine).start();
  events.forEach((event) => actor.send(event));
  return actor;
}

const loaded = (...ids: number[]): RankedListEvent => ({ type: 'LOADED', list: ids.map((id, index) => item(id, index + 1)) });
const order = (list: RankedEntry[]) => list.map((entry) => [entry.id, entry.rank]);
const working = (actor: ReturnType<typeof start>) => order(actor.getSnapshot().context.working);

describe('ranked list: loading', () => {
  it('starts loading, then holds the saved list as saved snapshot and working copy, in rank order', () => {
    expect(start().getSnapshot().value).toBe('loading');
    const actor = start({ type: 'LOADED', list: [item(7, 2), item(4, 1), item(9, 3)] });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('ready');
    expect(order(context.saved)).toEqual([[4, 1], [7, 2], [9, 3]]);
    expect(order(context.working)).toEqual([[4, 1], [7, 2], [9, 3]]);
    expect(isDirty(context)).toBe(false);
  });

  it('numbers a stored list with gaps 1..n', () => {
    expect(working(start({ type: 'LOADED', list: [item(4, 3), item(7, 10)] }))).toEqual([[4, 1], [7, 2]]);
  });

  it('is usable with an empty list when loading failed', () => {
    const actor = start({ type: 'FAILED' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send(add(3));
    expect(working(actor)).toEqual([[3, 1]]);
  });

  it('ignores gestures before the list is loaded', () => {
    const actor = start(add(3));
    expect(actor.getSnapshot().value).toBe('loading');
    expect(working(actor)).toEqual([]);
  });

  it('takes a reloaded list as the new snapshot', () => {
    const actor = start(loaded(1), add(2), loaded(5, 6));
    expect(working(actor)).toEqual([[5, 1], [6, 2]]);
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });
});

describe('ranked list: editing the working copy', () => {
  it('appends an added service at the end: rank = count + 1, with its summary', () => {
    const actor = start(loaded(4, 7), add(12));
    expect(working(actor)).toEqual([[4, 1], [7, 2], [12, 3]]);
    expect(actor.getSnapshot().context.working[2].item.number).toBe('S-000012');
    expect(order(actor.getSnapshot().context.saved)).toEqual([[4, 1], [7, 2]]);
    expect(isDirty(actor.getSnapshot().context)).toBe(true);
  });

  it('does nothing when the added service is already ranked', () => {
    const actor = start(loaded(4, 7), add(4));
    expect(working(actor)).toEqual([[4, 1], [7, 2]]);
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('removes a service and renumbers the rest from 1', () => {
    const actor = start(loaded(4, 7, 9, 12), { type: 'REMOVE', id: 7 });
    expect(working(actor)).toEqual([[4, 1], [9, 2], [12, 3]]);
    actor.send({ type: 'REMOVE', id: 4 });
    expect(working(actor)).toEqual([[9, 1], [12, 2]]);
  });

  it('ignores removing a service that is not ranked', () => {
    const actor = start(loaded(4, 7), { type: 'REMOVE', id: 99 });
    expect(working(actor)).toEqual([[4, 1], [7, 2]]);
  });

  it('clears the whole list', () => {
    const actor = start(loaded(4, 7), { type: 'CLEAR' });
    expect(working(actor)).toEqual([]);
    expect(isDirty(actor.getSnapshot().context)).toBe(true);
  });

  it('moves a service up or down one place and renumbers', () => {
    const actor = start(loaded(4, 7, 9), { type: 'MOVE', id: 9, direction: 'up' });
    expect(working(actor)).toEqual([[4, 1], [9, 2], [7, 3]]);
    actor.send({ type: 'MOVE', id: 4, direction: 'down' });
    expect(working(actor)).toEqual([[9, 1], [4, 2], [7, 3]]);
  });

  it('moves a service to a rank (the third to the top)', () => {
    const actor = start(loaded(4, 7, 9), { type: 'MOVE', id: 9, rank: 1 });
    expect(working(actor)).toEqual([[9, 1], [4, 2], [7, 3]]);
    actor.send({ type: 'MOVE', id: 9, rank: 3 });
    expect(working(actor)).toEqual([[4, 1], [7, 2], [9, 3]]);
  });

  it('refuses moves that go nowhere: past either end, out of range, unknown service, same place', () => {
    const list = [item(4, 1), item(7, 2)];
    expect(moveTarget(list, { type: 'MOVE', id: 4, direction: 'up' })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', id: 7, direction: 'down' })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', id: 4, rank: 0 })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', id: 4, rank: 3 })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', id: 4, rank: 1.5 })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', id: 99, rank: 1 })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', id: 7, rank: 2 })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', id: 7, rank: 1 })).toBe(0);
    const actor = start(loaded(4, 7), { type: 'MOVE', id: 4, direction: 'up' }, { type: 'MOVE', id: 7, rank: 5 });
    expect(working(actor)).toEqual([[4, 1], [7, 2]]);
  });

  it('is no longer dirty when edits lead back to the saved order', () => {
    const actor = start(loaded(4, 7), { type: 'MOVE', id: 7, direction: 'up' });
    expect(isDirty(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'MOVE', id: 7, direction: 'down' });
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('discards the working copy back to the saved snapshot', () => {
    const actor = start(loaded(4, 7), { type: 'CLEAR' }, add(1), { type: 'RESET' });
    expect(working(actor)).toEqual([[4, 1], [7, 2]]);
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });
});

describe('ranked list: saving', () => {
  it('does nothing when the working copy equals the saved snapshot', () => {
    const actor = start(loaded(4, 7), { type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.command).toBeNull();
  });

  it('asks to save the working copy when it differs, then takes the server answer as the snapshot', () => {
    const actor = start(loaded(4, 7), add(9), { type: 'MOVE', id: 9, rank: 1 }, { type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(order(actor.getSnapshot().context.command!.list)).toEqual([[9, 1], [4, 2], [7, 3]]);
    actor.send({ type: 'DONE', list: [item(9, 1), item(4, 2), item(7, 3)] });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('ready');
    expect(order(context.saved)).toEqual([[9, 1], [4, 2], [7, 3]]);
    expect(isDirty(context)).toBe(false);
    expect(context.command).toBeNull();
    expect(context.notice).toMatchObject({ level: 'success', key: 'saved', seq: 1 });
  });

  it('takes the sent list as the snapshot when the server answers without one', () => {
    const actor = start(loaded(4), { type: 'CLEAR' }, { type: 'SAVE' }, { type: 'DONE' });
    expect(order(actor.getSnapshot().context.saved)).toEqual([]);
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('keeps the working copy when saving failed, so the user can retry', () => {
    const actor = start(loaded(4, 7), { type: 'REMOVE', id: 4 }, { type: 'SAVE' }, { type: 'FAILED' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('ready');
    expect(order(context.working)).toEqual([[7, 1]]);
    expect(order(context.saved)).toEqual([[4, 1], [7, 2]]);
    expect(isDirty(context)).toBe(true);
    expect(context.command).toBeNull();
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('ignores edits while a save is running', () => {
    const actor = start(loaded(4, 7), { type: 'MOVE', id: 7, rank: 1 }, { type: 'SAVE' }, add(9), { type: 'CLEAR' }, { type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(working(actor)).toEqual([[7, 1], [4, 2]]);
  });

  it('numbers successive notices so two saves both show', () => {
    const actor = start(loaded(4, 7), { type: 'CLEAR' }, { type: 'SAVE' }, { type: 'DONE' }, add(3), { type: 'SAVE' }, { type: 'DONE' });
    expect(actor.getSnapshot().context.notice?.seq).toBe(2);
  });
});

/**
 * The machine as a hand-written table: state × event → next state and lists (or ignored), each
 * expected value read off spec §4 "Service priorities" and the machine's comment (append at
 * count + 1, remove renumbers from 1, clear removes all, save only when the working copy differs
 * from the saved snapshot, a failed save keeps the working copy). The last tests check from the
 * machine's own transition list that the rows take every transition and see every guard refuse.
 */
type Ranks = Array<[number, number]>;
const listOf = (ranks: Ranks): RankedEntry[] => ranks.map(([id, rank]) => item(id, rank));

/** The contexts the rows start from: [state, saved, working, command list]. */
const FROM = {
  loading: ['loading', [], [], null],
  'clean [4,7]': ['ready', [[4, 1], [7, 2]], [[4, 1], [7, 2]], null],
  'dirty [7,4] over [4,7]': ['ready', [[4, 1], [7, 2]], [[7, 1], [4, 2]], null],
  'cleared over [4,7]': ['ready', [[4, 1], [7, 2]], [], null],
  empty: ['ready', [], [], null],
  'saving [7,4] over [4,7]': ['saving', [[4, 1], [7, 2]], [[7, 1], [4, 2]], [[7, 1], [4, 2]]],
} satisfies Record<string, [string, Ranks, Ranks, Ranks | null]>;
type From = keyof typeof FROM;

const startAt = (from: From) => {
  const [value, saved, working, command] = FROM[from];
  return rankedListMachine.resolveState({
    value,
    context: { saved: listOf(saved), working: listOf(working), command: command ? { kind: 'save', list: listOf(command) } : null, notice: null },
  });
};

const IGNORED = 'ignored' as const;
const SAVED_NOTICE = { level: 'success', key: 'saved', seq: 1 } as const;
interface Expected {
  state: 'loading' | 'ready' | 'saving';
  saved: Ranks;
  working: Ranks;
  command?: Ranks | null;
  notice?: typeof SAVED_NOTICE | null;
}
type PRow = [from: From, event: RankedListEvent, expected: typeof IGNORED | Expected];

const PROWS: PRow[] = [
  // loading: the stored list arrives (in rank order, numbered 1..n) or could not be read; gestures wait.
  ['loading', { type: 'LOADED', list: [item(7, 2), item(4, 1)] }, { state: 'ready', saved: [[4, 1], [7, 2]], working: [[4, 1], [7, 2]] }],
  ['loading', { type: 'FAILED' }, { state: 'ready', saved: [], working: [] }],
  ['loading', add(3), IGNORED],
  ['loading', { type: 'REMOVE', id: 4 }, IGNORED],
  ['loading', { type: 'CLEAR' }, IGNORED],
  ['loading', { type: 'MOVE', id: 4, direction: 'down' }, IGNORED],
  ['loading', { type: 'SAVE' }, IGNORED],
  ['loading', { type: 'RESET' }, IGNORED],
  ['loading', { type: 'DONE' }, IGNORED],

  // ready: a reload replaces snapshot and working copy.
  ['dirty [7,4] over [4,7]', { type: 'LOADED', list: [item(5, 1), item(6, 2)] }, { state: 'ready', saved: [[5, 1], [6, 2]], working: [[5, 1], [6, 2]] }],
  // ADD appends at count + 1, unless already ranked.
  ['clean [4,7]', add(9), { state: 'ready', saved: [[4, 1], [7, 2]], working: [[4, 1], [7, 2], [9, 3]] }],
  ['empty', add(3), { state: 'ready', saved: [], working: [[3, 1]] }],
  ['clean [4,7]', add(7), IGNORED],
  // REMOVE renumbers the rest from 1, unless the service is not ranked.
  ['clean [4,7]', { type: 'REMOVE', id: 4 }, { state: 'ready', saved: [[4, 1], [7, 2]], working: [[7, 1]] }],
  ['dirty [7,4] over [4,7]', { type: 'REMOVE', id: 7 }, { state: 'ready', saved: [[4, 1], [7, 2]], working: [[4, 1]] }],
  ['clean [4,7]', { type: 'REMOVE', id: 99 }, IGNORED],
  ['empty', { type: 'REMOVE', id: 4 }, IGNORED],
  // CLEAR removes all, unless there is nothing to remove.
  ['clean [4,7]', { type: 'CLEAR' }, { state: 'ready', saved: [[4, 1], [7, 2]], working: [] }],
  ['empty', { type: 'CLEAR' }, IGNORED],
  ['cleared over [4,7]', { type: 'CLEAR' }, IGNORED],
  // MOVE reorders and renumbers, unless it goes nowhere.
  ['clean [4,7]', { type: 'MOVE', id: 7, direction: 'up' }, { state: 'ready', saved: [[4, 1], [7, 2]], working: [[7, 1], [4, 2]] }],
  ['clean [4,7]', { type: 'MOVE', id: 4, direction: 'down' }, { state: 'ready', saved: [[4, 1], [7, 2]], working: [[7, 1], [4, 2]] }],
  ['clean [4,7]', { type: 'MOVE', id: 4, rank: 2 }, { state: 'ready', saved: [[4, 1], [7, 2]], working: [[7, 1], [4, 2]] }],
  ['clean [4,7]', { type: 'MOVE', id: 4, direction: 'up' }, IGNORED],
  ['clean [4,7]', { type: 'MOVE', id: 7, direction: 'down' }, IGNORED],
  ['clean [4,7]', { type: 'MOVE', id: 4, rank: 3 }, IGNORED],
  ['clean [4,7]', { type: 'MOVE', id: 7, rank: 2 }, IGNORED],
  ['clean [4,7]', { type: 'MOVE', id: 99, rank: 1 }, IGNORED],
  ['clean [4,7]', { type: 'MOVE', id: 4 }, IGNORED],
  // RESET goes back to the saved snapshot.
  ['dirty [7,4] over [4,7]', { type: 'RESET' }, { state: 'ready', saved: [[4, 1], [7, 2]], working: [[4, 1], [7, 2]] }],
  ['cleared over [4,7]', { type: 'RESET' }, { state: 'ready', saved: [[4, 1], [7, 2]], working: [[4, 1], [7, 2]] }],
  ['clean [4,7]', { type: 'RESET' }, { state: 'ready', saved: [[4, 1], [7, 2]], working: [[4, 1], [7, 2]] }],
  // SAVE asks to save the working copy only when it differs from the snapshot.
  ['dirty [7,4] over [4,7]', { type: 'SAVE' }, { state: 'saving', saved: [[4, 1], [7, 2]], working: [[7, 1], [4, 2]], command: [[7, 1], [4, 2]] }],
  ['cleared over [4,7]', { type: 'SAVE' }, { state: 'saving', saved: [[4, 1], [7, 2]], working: [], command: [] }],
  ['clean [4,7]', { type: 'SAVE' }, IGNORED],
  ['empty', { type: 'SAVE' }, IGNORED],
  // The save answers mean nothing outside saving.
  ['dirty [7,4] over [4,7]', { type: 'DONE', list: [item(7, 1), item(4, 2)] }, IGNORED],
  ['dirty [7,4] over [4,7]', { type: 'FAILED' }, IGNORED],

  // saving: DONE takes the server's list (else the sent one) as snapshot and working copy, with a notice.
  ['saving [7,4] over [4,7]', { type: 'DONE', list: [item(7, 1), item(4, 2)] }, { state: 'ready', saved: [[7, 1], [4, 2]], working: [[7, 1], [4, 2]], command: null, notice: SAVED_NOTICE }],
  ['saving [7,4] over [4,7]', { type: 'DONE', list: [item(4, 9), item(7, 3)] }, { state: 'ready', saved: [[7, 1], [4, 2]], working: [[7, 1], [4, 2]], command: null, notice: SAVED_NOTICE }],
  ['saving [7,4] over [4,7]', { type: 'DONE' }, { state: 'ready', saved: [[7, 1], [4, 2]], working: [[7, 1], [4, 2]], command: null, notice: SAVED_NOTICE }],
  // FAILED keeps the working copy (still dirty) and drops the command.
  ['saving [7,4] over [4,7]', { type: 'FAILED' }, { state: 'ready', saved: [[4, 1], [7, 2]], working: [[7, 1], [4, 2]], command: null, notice: null }],
  // Everything else waits for the answer.
  ['saving [7,4] over [4,7]', { type: 'LOADED', list: [item(5, 1)] }, IGNORED],
  ['saving [7,4] over [4,7]', add(9), IGNORED],
  ['saving [7,4] over [4,7]', { type: 'REMOVE', id: 4 }, IGNORED],
  ['saving [7,4] over [4,7]', { type: 'CLEAR' }, IGNORED],
  ['saving [7,4] over [4,7]', { type: 'MOVE', id: 7, direction: 'down' }, IGNORED],
  ['saving [7,4] over [4,7]', { type: 'SAVE' }, IGNORED],
  ['saving [7,4] over [4,7]', { type: 'RESET' }, IGNORED],
];

const eventTitle = (event: RankedListEvent) => {
  const { type, ...rest } = event as Record<string, unknown>;
  if ('item' in rest) return `${type} ${String(rest.id)}`;
  if ('list' in rest) return `${type} [${order(rest.list as RankedEntry[]).map(([id, rank]) => `${id}:${rank}`).join(',')}]`;
  const args = Object.values(rest).join(' ');
  return args ? `${type} ${args}` : String(type);
};

describe('ranked list, row by row (hand-written from spec §4)', () => {
  it.each(PROWS.map((row) => [`${row[0]}: ${eventTitle(row[1])} → ${row[2] === IGNORED ? 'ignored' : row[2].state}`, row] as const))('%s', (_title, [from, event, expected]) => {
    const before = startAt(from);
    const [next] = transition(rankedListMachine, before, event);
    if (expected === IGNORED) {
      expect(next.value).toBe(before.value);
      expect(next.context).toEqual(before.context);
      return;
    }
    expect(next.value).toBe(expected.state);
    expect(order(next.context.saved)).toEqual(expected.saved);
    expect(order(next.context.working)).toEqual(expected.working);
    if (expected.command !== undefined) expect(next.context.command ? order(next.context.command.list) : null).toEqual(expected.command);
    else expect(next.context.command).toBe(before.context.command);
    if (expected.notice !== undefined) expect(next.context.notice).toEqual(expected.notice);
    else expect(next.context.notice).toBeNull();
  });

  it('the rows take every transition and see every guard pass and refuse', () => {
    const use = branchUse(rankedListMachine, PROWS.map(([from, event]) => ({ snapshot: startAt(from), event })));
    expect([...use.all.keys()].filter((branch) => !use.taken.has(branch))).toEqual([]);
    expect([...use.all].filter(([branch, guard]) => guard && !use.refused.has(branch)).map(([branch]) => branch)).toEqual([]);
    expect([...use.guards].filter(([, seen]) => !seen.passed || !seen.refused)).toEqual([]);
    // loading 2, ready 7, saving 2 (a new branch needs its rows here).
    expect(use.all.size).toBe(11);
  });

  it('the rows cover every state × event', () => {
    const types: RankedListEvent['type'][] = ['LOADED', 'ADD', 'REMOVE', 'CLEAR', 'MOVE', 'SAVE', 'RESET', 'DONE', 'FAILED'];
    const missing = (['loading', 'ready', 'saving'] as const).flatMap((state) =>
      types.filter((type) => !PROWS.some(([from, event]) => FROM[from][0] === state && event.type === type)).map((type) => `${state} ${type}`),
    );
    expect(missing).toEqual([]);
  });
});
