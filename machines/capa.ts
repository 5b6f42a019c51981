import { createMachine } from 'xstate';

/** CAPA: NEW → IN_PROGRESS → COMPLETED (spec §4); a completed CAPA can be reopened. */
export const capaMachine = createMachine({
  id: 'capa',
  initial: 'NEW',
  states: {
    NEW: { on: { START: 'IN_PROGRESS', COMPLETE: 'COMPLETED' } },
    IN_PROGRESS: { on: { COMPLETE: 'COMPLETED' } },
    COMPLETED: { on: { REOPEN: 'IN_PROGRESS' } },
  },
});
