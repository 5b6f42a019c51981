import { api } from '../api';
import type { RoleRule } from '../schema/roles';

/** A machine as GET /back/bo/workflows/ gives it (server/routes/workflows.ts). */
export interface WorkflowChart {
  id: string;
  entity?: string;
  statusField?: string;
  roles?: RoleRule[];
  /** Each state with the events the machine takes from it. */
  states: Record<string, string[]>;
  /** Mermaid `stateDiagram-v2`, transitions labelled `EVENT [guard]` and, for a record workflow, `· roles`. */
  mermaid: string;
}

let loading: Promise<WorkflowChart[]> | null = null;
/** The charts, read once per page load (they change only with the server's code). */
export function loadWorkflowCharts(): Promise<WorkflowChart[]> {
  loading ??= api.get<WorkflowChart[]>('/back/bo/workflows/').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The Mermaid id of a state (as generated/machines draws it). */
const mermaidId = (state: string) => state.replace(/[^\w]+/g, '_');

/** The chart's text (`text`: another drawing of it, e.g. readableChart.ts's) with `current` highlighted. */
export function highlighted(chart: WorkflowChart, current: string | undefined, text = chart.mermaid): string {
  if (!current || !(current in chart.states)) return text;
  return `${text.trimEnd()}\n    classDef current fill:#fff3bf,stroke:#f08c00,stroke-width:3px,font-weight:bold\n    class ${mermaidId(current)} current\n`;
}
