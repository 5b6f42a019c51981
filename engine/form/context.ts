import type { JsonSchema } from '../schema/resolve';

/**
 * What widgets may know beyond their own value: the whole record and a way to set a sibling
 * field (the money widget edits the amount and its currency field together).
 */
export interface EngineFormContext {
  rootSchema: JsonSchema;
  formData: Record<string, unknown>;
  setField: (field: string, value: unknown) => void;
  /** The whole form is read-only (a frozen record), not just some of its fields. */
  readOnly?: boolean;
}
