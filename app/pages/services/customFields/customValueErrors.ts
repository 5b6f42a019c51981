import type { ErrorObject } from 'ajv';
import { customFieldsFor, writableCustomValues, type CustomFieldTarget } from '../../../../domain/customFields';
import { validator } from '../../../../engine/form/validation';
import { propertiesOf } from '../../../../engine/schema/fields';
import type { JsonSchema } from '../../../../engine/schema/resolve';
import { messageKey } from '../../../../engine/schema/rules';

/**
 * The refusals the server would give a record's custom values (required, options, bounds: the same
 * schema, domain/customFields.ts), each at `<path>/<code>` with its message key. Only the values of
 * enabled fields are checked: the server keeps the others as stored.
 */
export function customValueErrors(object: JsonSchema, target: CustomFieldTarget, values: Record<string, unknown> | undefined, path: string): { path: string; key: string }[] {
  const schema = customFieldsFor(object, target);
  const writable = { ...schema, properties: Object.fromEntries(Object.entries(propertiesOf(schema)).filter(([, property]) => property.readOnly !== true)) };
  const { errors } = validator.rawValidation<ErrorObject>(writable as never, writableCustomValues(object, target, values));
  return (errors ?? []).map((error) => {
    const params = error.params as Record<string, unknown>;
    const field = error.keyword === 'required' ? `/${String(params.missingProperty)}` : error.instancePath;
    return { path: `${path}${field}`, key: messageKey(error.keyword, params) };
  });
}
