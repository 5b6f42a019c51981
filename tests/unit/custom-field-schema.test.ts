import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  CUSTOM_FIELD_DEFAULTS,
  CUSTOM_FIELD_HOMES,
  CUSTOM_TEXT_MAX,
  customFieldLabels,
  customFieldProperty,
  customFieldsFor,
  customFieldsObject,
  withCustomFields,
  type CustomFieldDef,
} from '../../domain/customFields';
import { formats, keywords } from '../../engine/schema/rules';

/** domain/customFields.ts: a company's custom fields as JSON Schema, validated as the server and the forms do. */
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
for (const keyword of keywords) ajv.addKeyword(keyword);
const valid = (field: CustomFieldDef, value: unknown) => ajv.validate(customFieldProperty(field), value);
const field = (changes: Partial<CustomFieldDef>): CustomFieldDef => ({ code: 'F', i18n: { en: 'F' }, ...changes });

describe('each field type becomes a value schema', () => {
  it('TEXT (the default type): a string of at most CUSTOM_TEXT_MAX characters', () => {
    expect(customFieldProperty(field({}))).toMatchObject({ type: 'string', maxLength: CUSTOM_TEXT_MAX, title: 'customField.label.F' });
    expect(valid(field({}), 'Seal 42')).toBe(true);
    expect(valid(field({}), 'x'.repeat(CUSTOM_TEXT_MAX + 1))).toBe(false);
  });
  it('NUMERIC: an integer', () => {
    expect(valid(field({ fieldType: 'NUMERIC' }), 12)).toBe(true);
    expect(valid(field({ fieldType: 'NUMERIC' }), 1.5)).toBe(false);
    expect(valid(field({ fieldType: 'NUMERIC' }), '12')).toBe(false);
  });
  it('NUMERIC_WITH_DECIMAL: a number with at most its decimals', () => {
    const rate = field({ fieldType: 'NUMERIC_WITH_DECIMAL', nbDecimal: 2 });
    expect(customFieldProperty(rate)).toMatchObject({ type: 'number', decimals: 2 });
    expect(valid(rate, 12.25)).toBe(true);
    expect(valid(rate, 12.255)).toBe(false);
    expect(valid(field({ fieldType: 'NUMERIC_WITH_DECIMAL' }), 3.5)).toBe(false); // nbDecimal 0 by default
  });
  it('DATE: a day, or a date-time with dateWithHour; DATE_WITH_HOURS: a date-time', () => {
    expect(valid(field({ fieldType: 'DATE' }), '2026-11-28')).toBe(true);
    expect(valid(field({ fieldType: 'DATE' }), '2026-02-30')).toBe(false);
    expect(valid(field({ fieldType: 'DATE', dateWithHour: true }), '2026-11-28T10:30:00Z')).toBe(true);
    expect(valid(field({ fieldType: 'DATE_WITH_HOURS' }), '2026-11-28T10:30:00Z')).toBe(true);
    expect(valid(field({ fieldType: 'DATE_WITH_HOURS' }), '2026-11-28')).toBe(false);
  });
  it('BOOLEAN: true or false', () => {
    expect(valid(field({ fieldType: 'BOOLEAN' }), false)).toBe(true);
    expect(valid(field({ fieldType: 'BOOLEAN' }), 'yes')).toBe(false);
  });
  it('LIST: one of its options, labelled as an enum of its own', () => {
    const list = field({ code: 'LOT', fieldType: 'LIST', listOptions: [{ code: 'A', i18n: { en: 'Lot A' } }, { code: 'B', i18n: { en: 'Lot B' } }] });
    expect(customFieldProperty(list)).toMatchObject({ type: 'string', enum: ['A', 'B'], 'x-enum': 'customField.LOT' });
    expect(valid(list, 'B')).toBe(true);
    expect(valid(list, 'C')).toBe(false);
  });
  it('COMPANY: a company id picked from the companies lookup', () => {
    expect(customFieldProperty(field({ fieldType: 'COMPANY' }))).toMatchObject({ type: 'integer', 'x-lookup': { url: '/back/bo/networkcombo/allcompanies' } });
    expect(valid(field({ fieldType: 'COMPANY' }), 7)).toBe(true);
    expect(valid(field({ fieldType: 'COMPANY' }), 'Atlas')).toBe(false);
  });
  it('PASSED_FAILED: PASSED or FAILED, with the result labels', () => {
    expect(customFieldProperty(field({ fieldType: 'PASSED_FAILED' }))).toMatchObject({ enum: ['PASSED', 'FAILED'], 'x-enum': 'result' });
    expect(valid(field({ fieldType: 'PASSED_FAILED' }), 'FAILED')).toBe(true);
    expect(valid(field({ fieldType: 'PASSED_FAILED' }), 'PENDING')).toBe(false);
  });
});

describe('the fields of a company in a record', () => {
  const fields: CustomFieldDef[] = [
    field({ code: 'LOT', functionalGroup: 'SERVICE', serviceTypes: ['INSP_FINAL_RANDOM'], required: true }),
    field({ code: 'NOTE', functionalGroup: 'GLOBAL' }),
    field({ code: 'OLD', functionalGroup: 'SERVICE', enabled: false, required: true }),
    field({ code: 'CARTONS', functionalGroup: 'ORDER', fieldType: 'NUMERIC', productTypes: [4] }),
    field({ code: 'HANGER', section: 3 }), // REPORT by default (spec §9)
  ];

  it('takes the fields of its scope and the GLOBAL ones', () => {
    expect(Object.keys((customFieldsObject(fields, 'SERVICE').properties as object) ?? {})).toEqual(['LOT', 'NOTE', 'OLD']);
    expect(Object.keys(customFieldsObject(fields, 'ORDER').properties as object)).toEqual(['NOTE', 'CARTONS']);
    expect(Object.keys(customFieldsObject(fields, 'REPORT').properties as object)).toEqual(['NOTE', 'HANGER']);
    expect(CUSTOM_FIELD_DEFAULTS).toMatchObject({ functionalGroup: 'REPORT', fieldType: 'TEXT', nbDecimal: 0, dateWithHour: false, enabled: true, required: false });
  });

  it('narrows them to a service type and a product type, required only where they apply and enabled', () => {
    const service = customFieldsObject(fields, 'SERVICE');
    const inspection = customFieldsFor(service, { serviceType: 'INSP_FINAL_RANDOM' });
    expect(Object.keys(inspection.properties as object)).toEqual(['LOT', 'NOTE', 'OLD']);
    expect(inspection.required).toEqual(['LOT']);
    expect(ajv.validate(inspection, { NOTE: 'x' })).toBe(false);
    expect(ajv.validate(inspection, { LOT: 'x' })).toBe(true);
    const audit = customFieldsFor(service, { serviceType: 'AUDIT_SOCIAL' });
    expect(Object.keys(audit.properties as object)).toEqual(['NOTE', 'OLD']);
    expect(audit.required).toBeUndefined();
    const order = customFieldsObject(fields, 'ORDER');
    expect(Object.keys(customFieldsFor(order, { productType: 4 }).properties as object)).toEqual(['NOTE', 'CARTONS']);
    expect(Object.keys(customFieldsFor(order, { productType: 5 }).properties as object)).toEqual(['NOTE']);
  });

  it('keeps a disabled field, read-only, and groups a field under its section', () => {
    expect(customFieldProperty(fields[2])).toMatchObject({ readOnly: true, 'x-required': true });
    expect(customFieldProperty(fields[4])).toMatchObject({ 'x-group': 'customField.section.3' });
  });

  it('merges them into the static schema, keeping its own title, default and bounds', () => {
    const entity = { type: 'object', properties: { custom: { type: 'object', title: 'x.custom', default: {}, maxBytes: 100 }, name: { type: 'string' } } };
    const merged = withCustomFields(entity, 'custom', customFieldsObject(fields, 'SERVICE'));
    expect((merged.properties as Record<string, Record<string, unknown>>).custom).toMatchObject({ title: 'x.custom', default: {}, maxBytes: 100, type: 'object' });
    expect(Object.keys((merged.properties as Record<string, { properties: object }>).custom.properties)).toEqual(['LOT', 'NOTE', 'OLD']);
    expect(withCustomFields(entity, 'missing', customFieldsObject(fields, 'SERVICE'))).toBe(entity);
  });
});

describe('the report and its pieces', () => {
  const fields: CustomFieldDef[] = [
    field({ code: 'PACKING', functionalGroup: 'REPORT', fieldType: 'LIST', listOptions: [{ code: 'INTACT', i18n: { en: 'Intact' } }], serviceTypes: ['INSP_FINAL_RANDOM'], required: true }),
    field({ code: 'WEIGHT', functionalGroup: 'REPORT_PIECE', fieldType: 'NUMERIC', required: true }),
    field({ code: 'NOTE', functionalGroup: 'GLOBAL' }),
  ];

  it('are homes of their own: the report and each piece hold their service client’s fields', () => {
    expect(CUSTOM_FIELD_HOMES.report).toEqual({ property: 'customFieldReport', scope: 'REPORT', company: 'client' });
    expect(CUSTOM_FIELD_HOMES.inspectedPiece).toEqual({ property: 'customFieldPiece', scope: 'REPORT_PIECE', company: 'client' });
    expect(Object.keys(customFieldsObject(fields, CUSTOM_FIELD_HOMES.report.scope).properties as object)).toEqual(['PACKING', 'NOTE']);
    expect(Object.keys(customFieldsObject(fields, CUSTOM_FIELD_HOMES.inspectedPiece.scope).properties as object)).toEqual(['WEIGHT', 'NOTE']);
  });

  it('a draft leaves the required fields out (they are enforced when the report is sent), every other rule kept', () => {
    const report = customFieldsObject(fields, 'REPORT');
    const sent = customFieldsFor(report, { serviceType: 'INSP_FINAL_RANDOM' });
    const draft = customFieldsFor(report, { serviceType: 'INSP_FINAL_RANDOM' }, { draft: true });
    expect(sent.required).toEqual(['PACKING']);
    expect(draft.required).toBeUndefined();
    expect(ajv.validate(draft, {})).toBe(true);
    expect(ajv.validate(draft, { PACKING: 'CRUSHED' })).toBe(false);
    // Narrowing what was narrowed gives the same (the browser narrows the schema the server sends).
    expect(customFieldsFor(sent, { serviceType: 'INSP_FINAL_RANDOM' })).toEqual(sent);
    expect(customFieldsFor(sent, { serviceType: 'INSP_FINAL_RANDOM' }, { draft: true }).required).toBeUndefined();
  });
});

describe('labels in the reader’s language', () => {
  it('fall back to English for a missing or blank translation', () => {
    const lot = field({ code: 'LOT', i18n: { en: 'Colour lot', fr: 'Lot de teinture', it: ' ' }, fieldType: 'LIST', listOptions: [{ code: 'A', i18n: { en: 'Lot A', it: 'Lotto A' } }] });
    expect(customFieldLabels([lot], 'fr')).toEqual({ 'customField.label.LOT': 'Lot de teinture', 'enum.customField.LOT.A': 'Lot A' });
    expect(customFieldLabels([lot], 'it')).toEqual({ 'customField.label.LOT': 'Colour lot', 'enum.customField.LOT.A': 'Lotto A' });
  });
});
