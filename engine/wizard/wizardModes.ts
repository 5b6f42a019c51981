import type { AnyStateMachine } from 'xstate';
import type { WizardStepConfig } from '../config';

export { screenInMode } from '../screenMode';

/** The steps a machine walks: those of the screen that are its states, in the screen's order. */
export function stepsOfMachine(steps: WizardStepConfig[], machine: AnyStateMachine): WizardStepConfig[] {
  const states = machine.root.states ?? {};
  return steps.filter((step) => Object.hasOwn(states, step.name));
}

/**
 * The step that shows a refused save's field: the one whose `paths` (or `fields`) hold the longest
 * prefix of it; null when no step claims it.
 */
export function stepOfPath(steps: WizardStepConfig[], path: string): string | null {
  let best: { name: string; length: number } | null = null;
  for (const step of steps) {
    const prefixes = [...(step.paths ?? []), ...(step.fields ?? []).map((field) => `/${field}`)];
    for (const prefix of prefixes) {
      const holds = path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
      if (holds && (!best || prefix.length > best.length)) best = { name: step.name, length: prefix.length };
    }
  }
  return best?.name ?? null;
}
