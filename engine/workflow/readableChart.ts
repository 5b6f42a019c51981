/**
 * A machine's chart for the people who use it rather than those who review it: states and events
 * in the reader's language, one arrow per pair of states (its events listed on it), the events that
 * keep a record in its state written inside that state, guards, roles and refusals left out. The technical chart (machineChart.ts: codes, `[guard]`, `· roles`,
 * `refused`) stays a switch away in the viewer.
 */
export interface ChartLabels {
  state: (state: string) => string;
  event: (event: string) => string;
}

/** `A --> B` or `A --> B: label`, at the top level of a chart (4 spaces in, as machineChart.ts writes it). */
const EDGE = /^ {4}(\S+) --> (\S+)(?:: (.*))?$/;

/** Mermaid cuts labels at these (`;` ends a statement, `#` starts an entity, `:` a label, quotes a name). */
const safe = (text: string) => text.replace(/[;#:"<>]/g, ' ').replace(/\s+/g, ' ').trim();

const isLoop = (arrow: string) => {
  const [from, , to] = arrow.split(' ');
  return from === to;
};

/** The event of a technical label (`REQUEST_DATE [byOrderTaker] · MANAGER`), or null for a refusal. */
function eventOf(label: string | undefined): string | null | undefined {
  if (!label) return undefined;
  const [transition] = label.split(' · ');
  if (/\]\s+refused$|\srefused$/.test(transition)) return null;
  return transition.split(' ')[0] || undefined;
}

/**
 * The readable Mermaid text of a flat chart (the record workflows), or undefined for a chart with
 * nested or parallel states, which is drawn as it is. State ids stay those of the technical chart,
 * so a highlighted state (charts.ts `highlighted`) still finds its node.
 */
export function readableMermaid(mermaid: string, labels: ChartLabels): string | undefined {
  const lines = mermaid.trimEnd().split('\n');
  if (lines[0].trim() !== 'stateDiagram-v2' || lines.slice(1).some((line) => !EDGE.test(line))) return undefined;
  const states = new Set<string>();
  const arrows = new Map<string, Set<string>>();
  for (const line of lines.slice(1)) {
    const [, from, to, label] = EDGE.exec(line)!;
    const event = eventOf(label);
    if (event === null) continue;
    for (const state of [from, to]) if (state !== '[*]') states.add(state);
    const key = `${from} --> ${to}`;
    if (!arrows.has(key)) arrows.set(key, new Set());
    if (event) arrows.get(key)!.add(safe(labels.event(event)));
  }
  // An event that keeps the record where it is is written inside its state, not drawn as a loop.
  const loops = [...arrows].filter(([arrow]) => isLoop(arrow));
  return [
    'stateDiagram-v2',
    ...[...states].map((state) => `    state "${safe(labels.state(state)) || state}" as ${state}`),
    ...loops.flatMap(([arrow, events]) => [...events].map((event) => `    ${arrow.split(' ')[0]} : ${event}`)),
    ...[...arrows].filter(([arrow]) => !isLoop(arrow)).map(([arrow, events]) => `    ${arrow}${events.size ? `: ${[...events].join('<br/>')}` : ''}`),
  ].join('\n') + '\n';
}
