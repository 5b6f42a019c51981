import { assign, setup } from 'xstate';

/**
 * A user's ranked list of records (a search screen's `rankedList` side panel, docs/schemas.md;
 * the service priorities of spec §4), as a pure machine like machines/savedFilter.ts: it decides
 * what a gesture means on the working copy; the browser performs the save it asks for
 * (`context.command` while in `saving`) and answers DONE or FAILED.
 *
 * - adding appends at the end (rank = count + 1); a record already ranked is not added again;
 * - removing renumbers the rest from 1; clearing removes all; moving reorders and renumbers;
 * - saving happens only when the working copy differs from the saved snapshot;
 * - a failed save keeps the working copy (the user may retry or discard).
 */

export type RankedId = string | number;

/** One ranked record: its id, what the list shows of it, and its rank (1..n). */
export interface RankedEntry {
  id: RankedId;
  item: Record<string, unknown>;
  rank: number;
}

export type RankedCommand = { kind: 'save'; list: RankedEntry[] };

/** A message for the user: the suffix of the list's i18n keys (`saved`); `seq` makes two equal notices distinct. */
export interface RankedNotice {
  level: 'success' | 'warning';
  key: string;
  seq: number;
}

export interface RankedListContext {
  saved: RankedEntry[];
  working: RankedEntry[];
  command: RankedCommand | null;
  notice: RankedNotice | null;
}

export type RankedListEvent =
  | { type: 'LOADED'; list: RankedEntry[] }
  | { type: 'ADD'; id: RankedId; item: Record<string, unknown> }
  | { type: 'REMOVE'; id: RankedId }
  | { type: 'CLEAR' }
  | { type: 'MOVE'; id: RankedId; direction?: 'up' | 'down'; rank?: number }
  | { type: 'SAVE' }
  | { type: 'RESET' }
  | { type: 'DONE'; list?: RankedEntry[] }
  | { type: 'FAILED' };

/** Ranks 1..n in list order. */
export function renumber(list: readonly RankedEntry[]): RankedEntry[] {
  return list.map((entry, index) => (entry.rank === index + 1 ? entry : { ...entry, rank: index + 1 }));
}

/** A list from the server, in rank order and numbered 1..n. */
export function ranked(list: readonly RankedEntry[]): RankedEntry[] {
  return renumber([...list].sort((a, b) => a.rank - b.rank));
}

export function isDirty(context: Pick<RankedListContext, 'saved' | 'working'>): boolean {
  const ids = (list: readonly RankedEntry[]) => list.map((entry) => entry.id).join(',');
  return ids(context.saved) !== ids(context.working);
}

export function isRanked(list: readonly RankedEntry[], id: RankedId): boolean {
  return list.some((entry) => entry.id === id);
}

/** The rank a MOVE asks for, or null when it goes nowhere (unknown record, out of range, same place). */
export function moveTarget(list: readonly RankedEntry[], event: Extract<RankedListEvent, { type: 'MOVE' }>): number | null {
  const from = list.findIndex((entry) => entry.id === event.id);
  if (from < 0) return null;
  const to = event.rank !== undefined ? event.rank - 1 : event.direction === 'up' ? from - 1 : event.direction === 'down' ? from + 1 : from;
  return Number.isInteger(to) && to >= 0 && to < list.length && to !== from ? to : null;
}

function moved(list: readonly RankedEntry[], id: RankedId, to: number): RankedEntry[] {
  const next = [...list];
  const from = next.findIndex((entry) => entry.id === id);
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry);
  return renumber(next);
}

function notice(context: RankedListContext, level: RankedNotice['level'], key: string): RankedNotice {
  return { level, key, seq: (context.notice?.seq ?? 0) + 1 };
}

export const rankedListMachine = setup({
  types: {
    context: {} as RankedListContext,
    events: {} as RankedListEvent,
  },
  guards: {
    notRanked: ({ context, event }) => event.type === 'ADD' && !isRanked(context.working, event.id),
    ranked: ({ context, event }) => event.type === 'REMOVE' && isRanked(context.working, event.id),
    notEmpty: ({ context }) => context.working.length > 0,
    canMove: ({ context, event }) => event.type === 'MOVE' && moveTarget(context.working, event) !== null,
    dirty: ({ context }) => isDirty(context),
  },
}).createMachine({
  id: 'rankedList',
  context: { saved: [], working: [], command: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      on: {
        LOADED: {
          target: 'ready',
          actions: assign(({ event }) => ({
            saved: ranked(event.list),
            working: ranked(event.list),
          })),
        },
        // Without the saved list the user still ranks; saving then replaces whatever was stored.
        FAILED: { target: 'ready' },
      },
    },
    ready: {
      on: {
        LOADED: {
          actions: assign(({ event }) => ({
            saved: ranked(event.list),
            working: ranked(event.list),
          })),
        },
        ADD: {
          guard: 'notRanked',
          actions: assign({
            working: ({ context, event }) => [
              ...context.working,
              {
                id: event.id,
                item: event.item,
                rank: context.working.length + 1,
              },
            ],
          }),
        },
        REMOVE: {
          guard: 'ranked',
          actions: assign({
            working: ({ context, event }) => renumber(context.working.filter((entry) => entry.id !== event.id)),
          }),
        },
        CLEAR: { guard: 'notEmpty', actions: assign({ working: [] }) },
        MOVE: {
          guard: 'canMove',
          actions: assign({
            working: ({ context, event }) => moved(context.working, event.id, moveTarget(context.working, event)!),
          }),
        },
        RESET: { actions: assign({ working: ({ context }) => context.saved }) },
        SAVE: {
          guard: 'dirty',
          target: 'saving',
          actions: assign({
            command: ({ context }) => ({
              kind: 'save' as const,
              list: context.working,
            }),
          }),
        },
      },
    },
    saving: {
      on: {
        DONE: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const list = event.list ? ranked(event.list) : context.command!.list;
            return {
              saved: list,
              working: list,
              command: null,
              notice: notice(context, 'success', 'saved'),
            };
          }),
        },
        FAILED: { target: 'ready', actions: assign({ command: null }) },
      },
    },
  },
});
