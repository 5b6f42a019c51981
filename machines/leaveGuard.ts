import { not, setup } from 'xstate';

/**
 * Form leave guard (spec §4, §5.5, §8): leaving a form whose content changed asks for
 * confirmation that the changes will be lost. Pure: the browser reports edits (CHANGE with
 * whether the content now differs from what was loaded), saves, and leave requests; it
 * closes the form when the machine reaches `left`.
 */
export type LeaveGuardEvent =
  | { type: 'CHANGE'; changed: boolean }
  | { type: 'SAVED' }
  | { type: 'LEAVE' }
  | { type: 'CONFIRM' }
  | { type: 'STAY' }
  | { type: 'RESET' };

export const leaveGuardMachine = setup({
  types: { events: {} as LeaveGuardEvent },
  guards: {
    isChanged: ({ event }) => event.type === 'CHANGE' && event.changed,
  },
}).createMachine({
  id: 'leaveGuard',
  initial: 'clean',
  // New content was loaded (another record, or the form reopened): nothing to lose.
  on: { RESET: { target: '.clean' } },
  states: {
    clean: {
      on: {
        CHANGE: { guard: 'isChanged', target: 'dirty' },
        LEAVE: { target: 'left' },
      },
    },
    dirty: {
      on: {
        CHANGE: { guard: not('isChanged'), target: 'clean' },
        SAVED: { target: 'clean' },
        LEAVE: { target: 'confirming' },
      },
    },
    confirming: {
      on: {
        CONFIRM: { target: 'left' },
        STAY: { target: 'dirty' },
      },
    },
    left: {},
  },
});

/** Whether leaving now would lose changes (what `beforeunload` needs to know). */
export function hasUnsavedChanges(state: string): boolean {
  return state === 'dirty' || state === 'confirming';
}
