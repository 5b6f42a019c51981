import { createMachine } from 'xstate';

/** Structural cost line (spec §4): new lines start CREATED; generated lines GENERATED; validating sets VERIFIED. */
export const structuralCostMachine = createMachine({
  id: 'structuralCost',
  initial: 'CREATED',
  states: {
    CREATED: { on: { VERIFY: 'VERIFIED' } },
    GENERATED: { on: { VERIFY: 'VERIFIED' } },
    VERIFIED: { on: { UNVERIFY: 'CREATED' } },
  },
});
