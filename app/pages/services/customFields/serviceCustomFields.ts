import { CUSTOM_FIELD_HOMES, writableCustomValues } from '../../../../domain/customFields';
import type { AppConfig } from '../../../../engine/config';
import { propertiesOf } from '../../../../engine/schema/fields';
import type { JsonSchema } from '../../../../engine/schema/resolve';
import type { ServiceDraft, WizardDraft, WizardError } from '../../../../machines/serviceWizard';
import { customValueErrors } from './customValueErrors';

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
export const customFieldErrors = (object: JsonSchema, service: ServiceDraft): WizardError[] => customValueErrors(object, { serviceType: service.type }, service.customFieldService, CUSTOM_PATH);
