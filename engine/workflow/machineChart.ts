import type { AnyStateMachine } from 'xstate';

/**
 * A machine as plain data for workflow review: `{id, initial, states: {S: {on: {EV: target}}}}`.
 * A transition is the target path, `null` when it has no target (actions only), or a list of
 * `{target, guard}` candidates when guarded or several; a guarded candidate with neither target
 * nor action is a refusal (`refused: true`: the event is forbidden when its guard passes).
 */
export type TransitionJson = string | null | { target: string | null; guard?: string; refused?: true }[];
export interface StateJson {
  type?: 'final' | 'parallel' | 'history';
  initial?: string;
  on?: Record<string, TransitionJson>;
  always?: TransitionJson;
  states?: Record<string, StateJson>;
}
export interface MachineJson extends StateJson {
  id: string;
}

type Node = AnyStateMachine['root'];
type Transition = NonNullable<Node['always']>[number];

const path = (node: Node) => node.path.join('.');

/** A guard's name; xstate's `and`/`or`/`not` helpers are functions carrying their `guards`. */
export function guardName(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  const inner = (guard as { guards?: unknown[] }).guards;
  if (typeof guard === 'function' && Array.isArray(inner)) {
    const parts = inner.map((g) => guardName(g) ?? 'guard').map((p) => (p.includes(' ') ? `(${p})` : p));
    if (guard.name === 'not') return `!${parts[0]}`;
    return parts.join(guard.name === 'or' ? ' || ' : ' && ');
  }
  if (typeof guard === 'function') return guard.name || 'guard';
  // A guard with parameters (a JSON machine's `{ type: "filled", params: { fields: ["parts"] } }`) shows them.
  const { type, params } = guard as { type?: unknown; params?: Record<string, unknown> };
  const args = params && typeof params === 'object' ? Object.values(params).flat().map(String).join(', ') : '';
  return `${String(type ?? 'guard')}${args ? `(${args})` : ''}`;
}

/** Readable name of xstate's internal event types (delays, done and error events). */
function eventLabel(eventType: string): string {
  const after = /^xstate\.after\.(\d+)\./.exec(eventType);
  if (after) return `after ${after[1]}ms`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}: ${actor[2]}`;
  return eventType;
}

function transitionJson(candidates: readonly Transition[]): TransitionJson {
  const items = candidates.map((t) => {
    const target = t.target?.length ? t.target.map((n) => path(n as Node)).join(', ') : null;
    const guard = guardName(t.guard);
    if (guard && !target && !t.actions.length) return { target, guard, refused: true as const };
    return guard ? { target, guard } : { target };
  });
  return items.length === 1 && !('guard' in items[0]) ? items[0].target : items;
}

function stateJson(node: Node): StateJson {
  const out: StateJson = {};
  if (node.type === 'final' || node.type === 'parallel' || node.type === 'history') out.type = node.type;
  if (node.type === 'compound') out.initial = node.initial.target.map((n) => n.key).join(', ');
  if (node.transitions.size) {
    out.on = Object.fromEntries([...node.transitions].map(([type, list]) => [eventLabel(type), transitionJson(list)]));
  }
  if (node.always?.length) out.always = transitionJson(node.always);
  const children = Object.values(node.states) as Node[];
  if (children.length) out.states = Object.fromEntries(children.map((child) => [child.key, stateJson(child)]));
  return out;
}

export function machineJson(machine: AnyStateMachine): MachineJson {
  return { id: machine.id, ...stateJson(machine.root) };
}

const mermaidId = (statePath: string) => statePath.replace(/[^\w]+/g, '_');

function edges(source: string, on: string, transition: TransitionJson | undefined): string[] {
  if (transition === undefined || transition === null) return [];
  const items = typeof transition === 'string' ? [{ target: transition }] : transition;
  // A transition without a target stays in its state: drawn as a loop so guarded self-moves show.
  return items
    .map((item) => ({ ...item, target: item.target ?? source }))
    .flatMap((item) => item.target.split(', ').map((target) => {
      const label = [on, item.guard ? `[${item.guard}]` : '', 'refused' in item ? 'refused' : ''].filter(Boolean).join(' ');
      return `${mermaidId(source)} --> ${mermaidId(target)}${label ? `: ${label}` : ''}`;
    }));
}

/** Lines describing the children of a state (`prefix` is its path, '' for the machine). */
function mermaidBody(state: StateJson, prefix: string, indent: string): string[] {
  const lines: string[] = [];
  const children = Object.entries(state.states ?? {});
  if (state.initial) lines.push(`${indent}[*] --> ${mermaidId(prefix ? `${prefix}.${state.initial}` : state.initial)}`);
  children.forEach(([key, child], index) => {
    const childPath = prefix ? `${prefix}.${key}` : key;
    if (state.type === 'parallel' && index > 0) lines.push(`${indent}--`);
    if (prefix) lines.push(`${indent}state "${key}" as ${mermaidId(childPath)}`);
    if (child.states) {
      lines.push(`${indent}state ${mermaidId(childPath)} {`, ...mermaidBody(child, childPath, `${indent}    `), `${indent}}`);
    }
    for (const [event, transition] of Object.entries(child.on ?? {})) lines.push(...edges(childPath, event, transition).map((l) => indent + l));
    lines.push(...edges(childPath, '', child.always).map((l) => indent + l));
    if (child.type === 'final') lines.push(`${indent}${mermaidId(childPath)} --> [*]`);
  });
  return lines;
}

/**
 * Mermaid `stateDiagram-v2`: `[*] --> INITIAL`, then `A --> B: EVENT` per transition.
 * Events the machine handles at its root are drawn from every top-level state that is not final.
 */
export function machineMermaid(json: MachineJson): string {
  const rootEdges = Object.entries(json.states ?? {})
    .filter(([, state]) => state.type !== 'final')
    .flatMap(([key]) => Object.entries(json.on ?? {}).flatMap(([event, transition]) => edges(key, event, transition)));
  return ['stateDiagram-v2', ...mermaidBody(json, '', '    '), ...rootEdges.map((line) => `    ${line}`)].join('\n') + '\n';
}
