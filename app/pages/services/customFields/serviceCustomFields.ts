import { CUSTOM_FIELD_HOMES, writableCustomValues, type CustomFieldTarget } from '../../../../domain/customFields';
import type { AppConfig } from '../../../../engine/config';
import { propertiesOf } from '../../../../engine/schema/fields';
import type { JsonSchema } from '../../../../engine/schema/resolve';
import type { PoLineDraft, WizardDraft, WizardError } from '../../../../machines/serviceWizard';
import { customValueErrors } from './customValueErrors';

/**
 * A service's custom fields in the browser, its own (SERVICE) and its order lines' (ORDER): the
 * company's fields GET /back/schemas merged into the service and line schemas (domain/customFields.ts
 * built them, as for the server's checks), narrowed to the service's type and each line's product
 * type, checked with the same rules before Next and sent without the values the server keeps itself
 * (disabled fields, other companies', other types').
 */
export const CUSTOM_PATH = `/service/${CUSTOM_FIELD_HOMES.service.property}`;
const ORDER_PROPERTY = CUSTOM_FIELD_HOMES.purchaseOrderLine.property;
/** Where a line's custom values are refused: `/purchaseOrderLines/<n>/customFieldOrder`. */
export const lineCustomPath = (index: number) => `/purchaseOrderLines/${index}/${ORDER_PROPERTY}`;

const EMPTY: JsonSchema = { type: 'object', properties: {} };

/** Every custom field of the caller's company a service (SERVICE) and an order line (ORDER) may hold. */
export interface CustomObjects {
  service: JsonSchema;
  order: JsonSchema;
}

export const customObjects = (config: AppConfig): CustomObjects => ({
  service: propertiesOf(config.entities.service)[CUSTOM_FIELD_HOMES.service.property] ?? EMPTY,
  order: propertiesOf(config.entities.purchaseOrderLine)[ORDER_PROPERTY] ?? EMPTY,
});

/** What a line is, for its custom fields: the service's type and the line's product type (an id of the list). */
export const lineTarget = (serviceType: string | undefined, line: PoLineDraft): CustomFieldTarget => ({
  serviceType,
  productType: typeof line.productType === 'number' ? line.productType : undefined,
});

/** The draft with only the values the caller's company writes, on the service and on each line. */
export function withSentCustomValues(draft: WizardDraft, objects: CustomObjects): WizardDraft {
  const serviceType = draft.service.type;
  const values = writableCustomValues(objects.service, { serviceType }, draft.service.customFieldService);
  const purchaseOrderLines = draft.purchaseOrderLines.map((line) => ({ ...line, [ORDER_PROPERTY]: writableCustomValues(objects.order, lineTarget(serviceType, line), line.customFieldOrder) }));
  return { ...draft, service: { ...draft.service, customFieldService: values }, purchaseOrderLines };
}

/** The refusals of the service's custom values and of each order line's. */
export function customFieldErrors(objects: CustomObjects, draft: WizardDraft): WizardError[] {
  const serviceType = draft.service.type;
  return [
    ...customValueErrors(objects.service, { serviceType }, draft.service.customFieldService, CUSTOM_PATH),
    ...draft.purchaseOrderLines.flatMap((line, index) => customValueErrors(objects.order, lineTarget(serviceType, line), line.customFieldOrder, lineCustomPath(index))),
  ];
}
