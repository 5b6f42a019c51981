import { assign, setup } from 'xstate';

/**
 * A user's ranked service list (spec §4 "Service priorities"), as a pure machine like
 * machines/savedFilter.ts: it decides what a gesture means on the working copy; the browser
 * performs the save it asks for (`context.command` while in `saving`) and answers DONE or FAILED.
 *
 * - adding appends at the end (rank = count + 1); a service already ranked is not added again;
 * - removing renumbers the rest from 1; clearing removes all; moving reorders and renumbers;
 * - saving happens only when the working copy differs from the saved snapshot;
 * - a failed save keeps the working copy (the user may retry or discard).
 */

/** What the list shows of a ranked service (GET /back/bo/services/priority answers it). */
export interface PriorityService {
  serviceId: number;
  number?: string;
  type?: string;
  serviceStep?: string;
  startDate?: string;
  client?: number;
  supplier?: number;
  factory?: number;
}

export interface Priority {
  service: PriorityService;
  priority: number;
}

export type PriorityCommand = { kind: 'save'; list: Priority[] };

/** A message for the user, as an i18n key; `seq` makes two equal notices distinct. */
export interface PriorityNotice {
  level: 'success' | 'warning';
  key: string;
  seq: number;
}

export interface ServicePrioritiesContext {
  saved: Priority[];
  working: Priority[];
  command: PriorityCommand | null;
  notice: PriorityNotice | null;
}

export type ServicePrioritiesEvent =
  | { type: 'LOADED'; list: Priority[] }
  | { type: 'ADD'; service: PriorityService }
  | { type: 'REMOVE'; serviceId: number }
  | { type: 'CLEAR' }
  | { type: 'MOVE'; serviceId: number; direction?: 'up' | 'down'; rank?: number }
  | { type: 'SAVE' }
  | { type: 'RESET' }
  | { type: 'DONE'; list?: Priority[] }
  | { type: 'FAILED' };

/** Ranks 1..n in list order. */
export function renumber(list: readonly Priority[]): Priority[] {
  return list.map((item, index) => (item.priority === index + 1 ? item : { ...item, priority: index + 1 }));
}

/** A list from the server, in rank order and numbered 1..n. */
export function ranked(list: readonly Priority[]): Priority[] {
  return renumber([...list].sort((a, b) => a.priority - b.priority));
}

export function isDirty(context: Pick<ServicePrioritiesContext, 'saved' | 'working'>): boolean {
  const ids = (list: readonly Priority[]) => list.map((item) => item.service.serviceId).join(',');
  return ids(context.saved) !== ids(context.working);
}

export function isRanked(list: readonly Priority[], serviceId: number): boolean {
  return list.some((item) => item.service.serviceId === serviceId);
}

/** The rank a MOVE asks for, or null when it goes nowhere (unknown service, out of range, same place). */
export function moveTarget(list: readonly Priority[], event: Extract<ServicePrioritiesEvent, { type: 'MOVE' }>): number | null {
  const from = list.findIndex((item) => item.service.serviceId === event.serviceId);
  if (from < 0) return null;
  const to = event.rank !== undefined ? event.rank - 1 : event.direction === 'up' ? from - 1 : event.direction === 'down' ? from + 1 : from;
  return Number.isInteger(to) && to >= 0 && to < list.length && to !== from ? to : null;
}

function moved(list: readonly Priority[], serviceId: number, to: number): Priority[] {
  const next = [...list];
  const from = next.findIndex((item) => item.service.serviceId === serviceId);
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return renumber(next);
}

function notice(context: ServicePrioritiesContext, level: PriorityNotice['level'], key: string): PriorityNotice {
  return { level, key, seq: (context.notice?.seq ?? 0) + 1 };
}

export const servicePrioritiesMachine = setup({
  types: {
    context: {} as ServicePrioritiesContext,
    events: {} as ServicePrioritiesEvent,
  },
  guards: {
    notRanked: ({ context, event }) => event.type === 'ADD' && !isRanked(context.working, event.service.serviceId),
    ranked: ({ context, event }) => event.type === 'REMOVE' && isRanked(context.working, event.serviceId),
    notEmpty: ({ context }) => context.working.length > 0,
    canMove: ({ context, event }) => event.type === 'MOVE' && moveTarget(context.working, event) !== null,
    dirty: ({ context }) => isDirty(context),
  },
}).createMachine({
  id: 'servicePriorities',
  context: { saved: [], working: [], command: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      on: {
        LOADED: { target: 'ready', actions: assign(({ event }) => ({ saved: ranked(event.list), working: ranked(event.list) })) },
        // Without the saved list the user still ranks; saving then replaces whatever was stored.
        FAILED: { target: 'ready' },
      },
    },
    ready: {
      on: {
        LOADED: { actions: assign(({ event }) => ({ saved: ranked(event.list), working: ranked(event.list) })) },
        ADD: {
          guard: 'notRanked',
          actions: assign({ working: ({ context, event }) => [...context.working, { service: event.service, priority: context.working.length + 1 }] }),
        },
        REMOVE: {
          guard: 'ranked',
          actions: assign({ working: ({ context, event }) => renumber(context.working.filter((item) => item.service.serviceId !== event.serviceId)) }),
        },
        CLEAR: { guard: 'notEmpty', actions: assign({ working: [] }) },
        MOVE: {
          guard: 'canMove',
          actions: assign({ working: ({ context, event }) => moved(context.working, event.serviceId, moveTarget(context.working, event)!) }),
        },
        RESET: { actions: assign({ working: ({ context }) => context.saved }) },
        SAVE: { guard: 'dirty', target: 'saving', actions: assign({ command: ({ context }) => ({ kind: 'save' as const, list: context.working }) }) },
      },
    },
    saving: {
      on: {
        DONE: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const list = event.list ? ranked(event.list) : context.command!.list;
            return { saved: list, working: list, command: null, notice: notice(context, 'success', 'serviceSearch.priorities.saved') };
          }),
        },
        FAILED: { target: 'ready', actions: assign({ command: null }) },
      },
    },
  },
});
