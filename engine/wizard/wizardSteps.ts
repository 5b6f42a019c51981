import { transition, type AnyStateMachine } from 'xstate';

type Row = Record<string, unknown>;

/**
 * A wizard's moves (docs/schemas.md "Wizards"): its machine's states are the steps, `NEXT` and
 * `BACK` move between them, and guards read the data typed so far (`event.record`, like record
 * workflows). Returns the next step, or null when the machine refuses the move.
 */
export function wizardMove(machine: AnyStateMachine, step: string, event: 'NEXT' | 'BACK', data: Row): string | null {
  const snapshot = machine.resolveState({ value: step, context: {} });
  if (!snapshot.can({ type: event, record: data })) return null;
  const [next] = transition(machine, snapshot, { type: event, record: data });
  return String(next.value);
}

/** The machine's last step: one without a NEXT, where the wizard saves. */
export function isLastStep(machine: AnyStateMachine, step: string): boolean {
  const on = (machine.root.states[step]?.config.on ?? {}) as Record<string, unknown>;
  return !Object.hasOwn(on, 'NEXT');
}
