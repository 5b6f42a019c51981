import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { guardName as generatedGuardName } from '../../../engine/workflow/machineChart';

/**
 * Which transitions of a flat machine a set of test rows exercises: a cheap stand-in for line
 * coverage (no coverage tool is installed). A branch is one candidate of `on: { EVENT: [...] }`,
 * named `STATE.EVENT#index`. For each row the machine itself says which candidate it takes
 * (`getTransitionData`); the guards of the candidates before it were refused, its own passed.
 * This only measures what the rows reach: the expected outcome of each row is written by hand.
 */
export interface BranchUse {
  /** Every branch of the machine's states, with its guard name (null: unguarded). */
  all: Map<string, string | null>;
  taken: Set<string>;
  /** Guarded branches seen refusing (their guard evaluated false). */
  refused: Set<string>;
  /** Guard name → outcomes seen. */
  guards: Map<string, { passed: boolean; refused: boolean }>;
}

/** Guards are named as the generated diagrams name them (`byProvider && drivesWorkflow`). */
const guardName = (guard: unknown): string | null => generatedGuardName(guard) ?? null;

export function branchUse(machine: AnyStateMachine, rows: Array<{ snapshot: AnyMachineSnapshot; event: EventObject }>): BranchUse {
  const all = new Map<string, string | null>();
  const guards = new Map<string, { passed: boolean; refused: boolean }>();
  for (const [state, node] of Object.entries(machine.root.states)) {
    for (const [type, candidates] of node.transitions) {
      candidates.forEach((candidate, index) => {
        const name = guardName(candidate.guard);
        all.set(`${state}.${type}#${index}`, name);
        if (name) guards.set(name, { passed: false, refused: false });
      });
    }
  }
  const taken = new Set<string>();
  const refused = new Set<string>();
  for (const { snapshot, event } of rows) {
    const state = String(snapshot.value);
    const candidates = machine.root.states[state]?.transitions.get(event.type) ?? [];
    const [chosen] = machine.getTransitionData(snapshot, event);
    const index = chosen ? candidates.indexOf(chosen) : candidates.length;
    candidates.forEach((candidate, at) => {
      const name = guardName(candidate.guard);
      const key = `${state}.${event.type}#${at}`;
      if (at < index && name) {
        refused.add(key);
        guards.get(name)!.refused = true;
      } else if (at === index) {
        taken.add(key);
        if (name) guards.get(name)!.passed = true;
      }
    });
  }
  return { all, taken, refused, guards };
}
