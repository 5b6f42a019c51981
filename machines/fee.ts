import { setup } from 'xstate';
import type { RecordEvent } from './workflow';

/**
 * Fee sheet (expense sheet, spec-2 §5.5): CREATED, then validation is requested (TOVALIDATE),
 * then VALID or TOFIX; a sheet to fix goes back to validation. A sheet without any fee line
 * cannot be sent for validation (`hasLines`). Who may validate, and the comment TOFIX needs,
 * are the entity's `x-events` (schemas/entities/fee.json).
 */
const hasLines = ({ event }: { event: RecordEvent }) => {
  const lines = event.record?.feeLines;
  return Array.isArray(lines) && lines.length > 0;
};

export const feeMachine = setup({
  types: { events: {} as RecordEvent },
  guards: { hasLines },
}).createMachine({
  id: 'fee',
  initial: 'CREATED',
  states: {
    CREATED: { on: { REQUEST_VALIDATION: { target: 'TOVALIDATE', guard: 'hasLines' } } },
    TOVALIDATE: { on: { VALIDATE: 'VALID', TOFIX: 'TOFIX' } },
    TOFIX: { on: { REQUEST_VALIDATION: { target: 'TOVALIDATE', guard: 'hasLines' } } },
    VALID: {},
  },
});
