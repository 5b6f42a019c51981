import type { JsonSchema } from '../schema/resolve';
import { enumOf } from '../schema/fields';
import type { WorkflowLabels } from './WorkflowPanel';

/** A record workflow's words: its states are the values of the entity's status field (`x-status`). */
export function statusLabels(properties: Record<string, JsonSchema>, statusField: string | undefined): WorkflowLabels | undefined {
  const field = statusField ? properties[statusField] : undefined;
  if (!field) return undefined;
  return { stateEnum: enumOf(field)?.name, fieldTitle: typeof field.title === 'string' ? field.title : undefined };
}
