import { createMachine } from 'xstate';

/** 8D status (spec §4): starts PROBLEMS, then ANALYSIS, then RESULT; each step can step back. */
export const matrix8dMachine = createMachine({
  id: 'matrix8d',
  initial: 'PROBLEMS',
  states: {
    PROBLEMS: { on: { ANALYSE: 'ANALYSIS' } },
    ANALYSIS: { on: { CONCLUDE: 'RESULT', BACK: 'PROBLEMS' } },
    RESULT: { on: { BACK: 'ANALYSIS' } },
  },
});
