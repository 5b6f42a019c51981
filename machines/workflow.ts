import { type AnyStateMachine, initialTransition, transition } from 'xstate';

/**
 * Pure helpers over a status machine whose state values are the record's status.
 * Used by the server (to move a status) and by the browser (to show allowed actions).
 */
export function initialStatus(machine: AnyStateMachine): string {
  const [snapshot] = initialTransition(machine);
  return String(snapshot.value);
}

/** Every event type the machine knows, in definition order. */
export function allEvents(machine: AnyStateMachine): string[] {
  return [...new Set(machine.events as string[])];
}

function snapshotAt(machine: AnyStateMachine, status: string) {
  return machine.resolveState({ value: status, context: {} });
}

/**
 * A record machine's events are `{ type, record }`: a guard may read the record the event
 * would move (`event.record`, undefined when the caller has none to give).
 */
export interface RecordEvent {
  type: string;
  record?: Record<string, unknown>;
}

/** Events accepted from `status` for `record` (empty when the status is unknown to the machine). */
export function allowedEvents(machine: AnyStateMachine, status: string, record?: Record<string, unknown>): string[] {
  if (!(status in (machine.root.states ?? {}))) return [];
  const snapshot = snapshotAt(machine, status);
  return allEvents(machine).filter((type) => snapshot.can({ type, record } satisfies RecordEvent));
}

/** The status after `event`, or null when the machine refuses the event from `status` (for `record`). */
export function nextStatus(machine: AnyStateMachine, status: string, event: string, record?: Record<string, unknown>): string | null {
  if (!allowedEvents(machine, status, record).includes(event)) return null;
  const [next] = transition(machine, snapshotAt(machine, status), { type: event, record } satisfies RecordEvent);
  return String(next.value);
}
