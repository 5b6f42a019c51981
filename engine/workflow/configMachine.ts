import { setup, type AnyStateMachine } from 'xstate';

/**
 * Machines written as JSON in schemas/machines/<id>.json (docs/schemas.md "Machines as JSON"): an
 * XState machine config, as the Stately editor reads and writes it, with no code. Its guards are
 * the engine's, named with parameters; like every record guard they test the record the event is
 * about (`event.record`, machines/workflow.ts):
 * - `{ "type": "filled", "params": { "fields": ["parts"] } }`: each field has a value (a list: an item);
 * - `{ "type": "equals", "params": { "field": "size", "value": "L" } }`.
 */
type Row = Record<string, unknown>;
export type MachineConfig = Row & { id: string };

const filled = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
const recordOf = (event: unknown): Row => ((event as { record?: Row }).record ?? {}) as Row;

export const CONFIG_GUARDS = ['filled', 'equals'] as const;

const engineSetup = setup({
  guards: {
    filled: ({ event }, params: { fields: string[] }) => params.fields.every((field) => filled(recordOf(event)[field])),
    equals: ({ event }, params: { field: string; value: unknown }) => recordOf(event)[params.field] === params.value,
  },
});

const built = new Map<string, AnyStateMachine>();

/** The machine of a JSON config (built once per config text). */
export function machineFromConfig(config: MachineConfig): AnyStateMachine {
  const key = JSON.stringify(config);
  let machine = built.get(key);
  if (!machine) {
    machine = engineSetup.createMachine(config as never) as unknown as AnyStateMachine;
    built.set(key, machine);
  }
  return machine;
}

interface StateConfig {
  on?: Record<string, unknown>;
  always?: unknown;
  states?: Record<string, StateConfig>;
}

/** Guard names a config uses that the engine does not have (a transition may be a target, an object, or a list). */
export function unknownGuards(config: StateConfig): string[] {
  const transitions = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
  const guardName = (transition: unknown) => {
    const guard = (transition as { guard?: unknown } | null)?.guard;
    return typeof guard === 'string' ? guard : ((guard as { type?: string } | undefined)?.type ?? null);
  };
  const names = [...Object.values(config.on ?? {}), config.always].flatMap(transitions).map(guardName);
  const nested = Object.values(config.states ?? {}).flatMap(unknownGuards);
  return [...new Set([...names.filter((name): name is string => !!name && !(CONFIG_GUARDS as readonly string[]).includes(name)), ...nested])];
}
