import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { TFunction } from 'i18next';
import { formats, keywords, messageKey } from '../schema/rules';

/**
 * Browser-side validation with the very rules the server applies (engine/schema/rules.ts),
 * and the mapping of errors to localized `validation.*` messages.
 */
type CustomFormat = string | RegExp | ((data: string) => boolean);

const customFormats: Record<string, CustomFormat> = Object.fromEntries(
  Object.entries(formats).map(([name, format]) => [name, format instanceof RegExp ? format : (value: string) => (format.validate as (v: string) => boolean)(value)]),
);

export const validator = customizeValidator({ customFormats, ajvOptionsOverrides: { keywords } });

/** The uiSchema of the field an error names (`.outcome.comment`, `.lines.0.qty`): list indexes are skipped. */
function uiAt(uiSchema: Record<string, any> | undefined, property: string | undefined): Record<string, any> | undefined {
  return pathSegments(property ?? '')
    .filter((segment) => !/^\d+$/.test(segment))
    .reduce<Record<string, any> | undefined>((ui, segment) => ui?.[segment], uiSchema);
}

/**
 * RJSF errors → one localized message each (the field already shows its own label). A field's
 * `ui:messages` names its own message per rule: `{ "required": "thing.reasonRequired" }`.
 */
export function localizeErrors(t: TFunction) {
  return (errors: RJSFValidationError[], uiSchema?: Record<string, any>): RJSFValidationError[] =>
    errors.map((error) => {
      const own = uiAt(uiSchema, error.property)?.['ui:messages']?.[error.name ?? ''] as string | undefined;
      const message = t(own ?? messageKey(error.name ?? '', (error.params ?? {}) as Record<string, unknown>));
      return { ...error, message, stack: `${error.property ?? ''} ${message}`.trim() };
    });
}

export interface FieldError {
  path: string;
  message: string;
}

/** `/actions/0/description`, `actions.0.description` or `.title` → path segments. */
export function pathSegments(path: string): string[] {
  return path.split(/[/.]/).filter(Boolean);
}

/**
 * Field errors of a 400 answer (`errors: [{path, message}]`) as an RJSF ErrorSchema shown
 * beside the fields. A message that is an i18n key is translated; the server's own text is
 * already localized.
 */
export function serverErrorSchema(errors: FieldError[] | undefined, t?: TFunction): ErrorSchema {
  const schema: Record<string, any> = {};
  for (const error of errors ?? []) {
    let node = schema;
    for (const segment of pathSegments(error.path)) node = node[segment] ??= {};
    const message = t ? t(error.message, { defaultValue: error.message }) : error.message;
    (node.__errors ??= []).push(message);
  }
  return schema as ErrorSchema;
}
