import { createMachine } from 'xstate';

/**
 * Quality alert (spec §4): a communication track DRAFT → SENT → ADDRESSED, and an
 * open/close track OPENED ↔ CLOSED. An addressed alert is closed; a draft can be
 * opened internally without being sent.
 */
export const qualityAlertMachine = createMachine({
  id: 'qualityAlert',
  initial: 'DRAFT',
  states: {
    DRAFT: { on: { SEND: 'SENT', OPEN: 'OPENED' } },
    SENT: { on: { ADDRESS: 'ADDRESSED' } },
    ADDRESSED: { on: { CLOSE: 'CLOSED' } },
    OPENED: { on: { CLOSE: 'CLOSED' } },
    CLOSED: { on: { REOPEN: 'OPENED' } },
  },
});
