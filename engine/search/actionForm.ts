import type { ActionFormConfig } from '../config';
import type { FieldError } from '../form/validation';
import { propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import { actionBody } from './rowActions';

type Row = Record<string, unknown>;

/** One option of a field whose choices a call answers (`[{ value, label, disabled? }]`). */
export interface ActionChoice {
  value: unknown;
  label: string;
  disabled?: boolean;
}

/** The property at a dotted path of a schema (`outcome.comment`: the comment of the outcome object). */
function propertyAt(schema: JsonSchema | undefined, path: string): JsonSchema | undefined {
  return path.split('.').reduce<JsonSchema | undefined>((node, key) => (node ? propertiesOf(node)[key] : undefined), schema);
}

/** A form field's name: the last part of its path (`outcome.comment` → `comment`), the body key it is sent as. */
export const formFieldName = (path: string) => path.split('.').pop()!;

/**
 * The schema of an action's form: the entity's properties at `fields` (each writable here, read-only
 * as stored or not; `{ field, name }` names one otherwise), then the form's own `schema` properties, with `required`.
 */
export function actionFormSchema(form: ActionFormConfig, entity: JsonSchema | undefined): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const entry of form.fields ?? []) {
    const { field, name } = typeof entry === 'string' ? { field: entry, name: formFieldName(entry) } : entry;
    const property = propertyAt(entity, field);
    if (property) properties[name] = { ...property, readOnly: false };
  }
  Object.assign(properties, form.schema ?? {});
  return { type: 'object', properties, required: form.required ?? [] };
}

/**
 * The values the form opens with: `values` filled from the row (`"{field}"` takes its value as is);
 * empty ones are left out, and a field with choices keeps only values that may be chosen.
 */
export function initialValues(form: ActionFormConfig, row: Row, choices: Record<string, ActionChoice[]>): Row {
  const filled = actionBody(form.values, row) ?? {};
  const values: Row = {};
  for (const [field, value] of Object.entries(filled)) {
    const options = choices[field];
    const choosable = (item: unknown) => item != null && item !== '' && (!options || options.some((option) => option.value === item && !option.disabled));
    if (Array.isArray(value)) {
      const kept = value.filter(choosable);
      if (kept.length) values[field] = kept;
    } else if (choosable(value)) values[field] = value;
  }
  return values;
}

/** A choices call's query: each parameter a template of the row's fields, or a list of them; empty values are left out. */
export function choiceQuery(query: Record<string, string | string[]> | undefined, row: Row): Record<string, unknown> {
  const filled = actionBody(query, row) ?? {};
  const present = (value: unknown) => value != null && value !== '';
  return Object.fromEntries(
    Object.entries(filled)
      .map(([key, value]) => [key, Array.isArray(value) ? value.filter(present) : value] as const)
      .filter(([, value]) => (Array.isArray(value) ? value.length > 0 : present(value))),
  );
}

/** A refusal of one item of a choice list (`/contacts/2`) shows on the list, naming the item by its label. */
export function onChoiceField({ path, message }: FieldError, values: Row, choices: Record<string, ActionChoice[]>): FieldError {
  const [, field, index] = path.split('/');
  const options = choices[field];
  if (!options || index === undefined) return { path, message };
  const item = (values[field] as unknown[] | undefined)?.[Number(index)];
  const label = options.find((choice) => choice.value === item)?.label;
  return label ? { path: `/${field}`, message: `${label}: ${message}` } : { path, message };
}
