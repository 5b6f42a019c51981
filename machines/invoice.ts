import { createMachine } from 'xstate';

/** Invoice (spec "Invoice status"): a new invoice is a provision (W); validated it is invoiced (I), then paid (M) or lost (L). */
export const invoiceMachine = createMachine({
  id: 'invoice',
  initial: 'W',
  states: {
    W: { on: { VALIDATE: 'I' } },
    I: { on: { PAY: 'M', LOSE: 'L' } },
    M: {},
    L: {},
  },
});
