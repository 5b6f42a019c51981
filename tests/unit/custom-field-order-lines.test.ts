import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CUSTOM_FIELD_HOMES, customFieldsFor, customFieldsObject, withCustomFields, type CustomFieldDef } from '../../domain/customFields';
import { cellText } from '../../engine/format/values';
import { spreadColumns } from '../../engine/record/lines/spreadColumns';
import type { JsonSchema } from '../../engine/schema/resolve';
import { customFieldErrors, withSentCustomValues, type CustomObjects } from '../../app/pages/services/customFields/serviceCustomFields';
import { emptyQuick, quickBody, quickErrors } from '../../app/pages/services/wizard/quick/quickService';
import { emptyDraft } from '../../machines/serviceWizard';

/** ORDER custom fields on purchase-order lines: their home, the merged line schema, the browser's checks and the sheet's columns. */
const lineEntity = JSON.parse(readFileSync('schemas/entities/purchaseOrderLine.json', 'utf8')) as JsonSchema;
const field = (changes: Partial<CustomFieldDef>): CustomFieldDef => ({ code: 'F', i18n: { en: 'F' }, ...changes });
const DRESS = 4;
const BAG = 5;
const fields = [
  field({ code: 'LOT', functionalGroup: 'SERVICE' }),
  field({ code: 'CARTONS', functionalGroup: 'ORDER', fieldType: 'NUMERIC' }),
  field({ code: 'CARE', functionalGroup: 'ORDER', fieldType: 'LIST', productTypes: [DRESS], required: true, listOptions: [{ code: 'SEWN', i18n: { en: 'Sewn' } }] }),
  field({ code: 'REF', functionalGroup: 'GLOBAL' }),
];
const order = customFieldsObject(fields, 'ORDER');

describe('the order line is the home of ORDER fields', () => {
  it('CUSTOM_FIELD_HOMES names purchaseOrderLine.customFieldOrder, a bounded object of the line schema', () => {
    expect(CUSTOM_FIELD_HOMES.purchaseOrderLine).toEqual({ property: 'customFieldOrder', scope: 'ORDER' });
    expect(lineEntity.properties?.customFieldOrder).toMatchObject({ type: 'object', default: {}, maxBytes: 16384 });
  });

  it('the merged line schema holds the ORDER and GLOBAL fields, its bounds kept; a line of another product type has no CARE', () => {
    const merged = withCustomFields(lineEntity, 'customFieldOrder', order);
    const property = (merged.properties as Record<string, JsonSchema>).customFieldOrder;
    expect(Object.keys(property.properties as object)).toEqual(['CARTONS', 'CARE', 'REF']);
    expect(property.maxBytes).toBe(16384);
    expect(customFieldsFor(order, { productType: DRESS }).required).toEqual(['CARE']);
    expect(Object.keys(customFieldsFor(order, { productType: BAG }).properties as object)).toEqual(['CARTONS', 'REF']);
  });
});

describe('the wizard checks each line as the server does', () => {
  const objects: CustomObjects = { service: customFieldsObject(fields, 'SERVICE'), order };
  const draft = (lines: Record<string, unknown>[]) => ({ ...emptyDraft(), service: { ...emptyDraft().service, type: 'INSP_FINAL_RANDOM' }, purchaseOrderLines: lines.map((line) => ({ orderedQuantity: {}, ...line })) });

  it('a dress line without its required value is refused at its path; a bag line is not', () => {
    expect(customFieldErrors(objects, draft([{ productType: BAG }, { productType: DRESS }])).map((error) => error.path)).toEqual(['/purchaseOrderLines/1/customFieldOrder/CARE']);
  });

  it('a typed text in a number field is kept and refused', () => {
    const errors = customFieldErrors(objects, draft([{ productType: BAG, customFieldOrder: { CARTONS: 'twelve' } }]));
    expect(errors.map((error) => error.path)).toEqual(['/purchaseOrderLines/0/customFieldOrder/CARTONS']);
  });

  it('sends only the values of the fields of each line’s type', () => {
    const sent = withSentCustomValues(draft([{ productType: BAG, customFieldOrder: { CARE: 'SEWN', CARTONS: 3 } }]), objects);
    expect(sent.purchaseOrderLines[0].customFieldOrder).toEqual({ CARTONS: 3 });
  });
});

describe('the light wizard checks and sends its line’s ORDER fields as the full wizard does', () => {
  const objects: CustomObjects = { service: customFieldsObject([], 'SERVICE'), order: customFieldsObject([...fields, field({ code: 'SEAL', functionalGroup: 'ORDER', fieldType: 'LIST', required: true, listOptions: [{ code: 'LEAD', i18n: { en: 'Lead' } }] })], 'ORDER') };
  const user = { companyId: 3, companyRoles: ['DECISION_MAKER'], superAdmin: false, profileRoles: [] } as never;
  const complete = { ...emptyQuick(user), type: 'INSP_FINAL_RANDOM', supplier: 4, serviceProvider: 2, orderTakerContacts: [17], startDate: '2026-12-01', poNumber: 'PO-1', designation: 'Shirt', quantity: 10 };
  const paths = (quick: typeof complete) => quickErrors(quick, user, objects).map((error) => `${error.path} ${error.key}`);

  it('a required field without a value, a number that is none: refused on the flat /customFieldOrder path', () => {
    expect(paths(complete)).toEqual(['/customFieldOrder/SEAL validation.required']);
    expect(paths({ ...complete, customFieldOrder: { SEAL: 'LEAD', CARTONS: 'twelve' } })).toEqual(['/customFieldOrder/CARTONS validation.wrongType']);
    expect(paths({ ...complete, customFieldOrder: { SEAL: 'LEAD' } })).toEqual([]);
  });

  it('sends the values of the fields of the type, none when empty', () => {
    expect(quickBody({ ...complete, customFieldOrder: { SEAL: 'LEAD', CARE: 'SEWN', CARTONS: 3 } }, objects).customFieldOrder).toEqual({ SEAL: 'LEAD', CARTONS: 3 });
    expect(quickBody({ ...complete, customFieldOrder: {} }, objects)).not.toHaveProperty('customFieldOrder');
  });
});

describe('read-only lines spread an object into columns', () => {
  const props: Record<string, JsonSchema> = { poNumber: { type: 'string' }, customFieldOrder: { type: 'object', properties: { CARTONS: { type: 'integer', title: 'c' }, CARE: { type: 'string' } } } };

  it('one column per property a line fills, read from the lines', () => {
    const lines = [{ poNumber: 'A', customFieldOrder: { CARTONS: 4 } }, { poNumber: 'B' }];
    const spread = spreadColumns(['poNumber', { field: 'customFieldOrder', spread: true }], props, lines);
    expect(spread.columns).toEqual(['poNumber', 'customFieldOrder.CARTONS']);
    expect(spread.props['customFieldOrder.CARTONS']).toEqual(props.customFieldOrder.properties!.CARTONS);
    expect(spread.lines.map((line) => line['customFieldOrder.CARTONS'])).toEqual([4, undefined]);
  });

  it('columns without spread are left as they are', () => {
    expect(spreadColumns(['poNumber'], props, [{ poNumber: 'A' }]).columns).toEqual(['poNumber']);
  });
});

describe('a lookup of ids holding a text stored before it was a list', () => {
  it('reads as the text, an unknown id as #id', () => {
    const spec = { field: 'productType', schema: { type: 'integer', 'x-lookup': { url: '/back/bo/combospa/filters/productTypes' } } as JsonSchema };
    const ctx = { t: ((key: string) => key) as never, locale: 'en', lookupLabel: () => undefined };
    expect(cellText(spec, { productType: 'Handbag' }, ctx)).toBe('Handbag');
    expect(cellText(spec, { productType: 12 }, ctx)).toBe('#12');
  });
});
