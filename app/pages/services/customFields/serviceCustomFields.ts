import type { ErrorObject } from 'ajv';
import { CUSTOM_FIELD_HOMES, customFieldsFor, writableCustomValues } from '../../../../domain/customFields';
import type { AppConfig } from '../../../../engine/config';
import { validator } from '../../../../engine/form/validation';
import { propertiesOf } from '../../../../engine/schema/fields';
import type { JsonSchema } from '../../../../engine/schema/resolve';
import { messageKey } from '../../../../engine/schema/rules';
import type { ServiceDraft, WizardDraft, WizardError } from '../../../../machines/serviceWizard';

/**
 * A service's custom fields in the browser: the company's fields GET /back/schemas merged into the
 * service schema (domain/customFields.ts built it, as for the server's checks), narrowed to the
 * service's type, checked with the same rules before Next and sent without the values the server
 * keeps itself (disabled fields, other companies', other types').
 */
export const CUSTOM_PATH = `/service/${CUSTOM_FIELD_HOMES.service.property}`;

/** Every custom field of the caller's company a service may hold. */
export const serviceCustomObject = (config: AppConfig): JsonSchema => propertiesOf(config.entities.service)[CUSTOM_FIELD_HOMES.service.property] ?? { type: 'object', properties: {} };

/** The draft with only the values the caller's company writes. */
export function withSentCustomValues(draft: WizardDraft, object: JsonSchema): WizardDraft {
  const values = writableCustomValues(object, { serviceType: draft.service.type }, draft.service.customFieldService);
  return { ...draft, service: { ...draft.service, customFieldService: values } };
}

/** The refusals the server would give the values (required, options, bounds), at their paths. */
export function customFieldErrors(object: JsonSchema, service: ServiceDraft): WizardError[] {
  const schema = customFieldsFor(object, { serviceType: service.type });
  const writable = { ...schema, properties: Object.fromEntries(Object.entries(propertiesOf(schema)).filter(([, property]) => property.readOnly !== true)) };
  const values = writableCustomValues(object, { serviceType: service.type }, service.customFieldService);
  const { errors } = validator.rawValidation<ErrorObject>(writable as never, values);
  return (errors ?? []).map((error) => {
    const params = error.params as Record<string, unknown>;
    const field = error.keyword === 'required' ? `/${String(params.missingProperty)}` : error.instancePath;
    return { path: `${CUSTOM_PATH}${field}`, key: messageKey(error.keyword, params) };
  });
}
