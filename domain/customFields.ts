/**
 * A company's custom fields (spec §3 "Custom field") as JSON Schema: the one place where a
 * customer's run-time fields meet a config author's static schema (DESIGN.md rule 10). The server
 * validates writes with what these functions build and the browser renders its forms from the same
 * output, so both apply the same rules. Pure: the definitions arrive as arguments.
 */

export type CustomFieldType = 'TEXT' | 'NUMERIC' | 'NUMERIC_WITH_DECIMAL' | 'DATE' | 'DATE_WITH_HOURS' | 'BOOLEAN' | 'LIST' | 'COMPANY' | 'PASSED_FAILED';
export type CustomFieldScope = 'ORDER' | 'SERVICE' | 'REPORT' | 'REPORT_PIECE' | 'GLOBAL';
type Names = { en: string; fr?: string; it?: string };
type Schema = Record<string, unknown>;

/** A custom field as stored (schemas/entities/customField.json); absent values take spec §9's defaults. */
export interface CustomFieldDef {
  code: string;
  i18n: Names;
  functionalGroup?: CustomFieldScope;
  serviceTypes?: string[];
  productTypes?: number[];
  reportCriterion?: number;
  section?: number;
  fieldType?: CustomFieldType;
  nbDecimal?: number;
  dateWithHour?: boolean;
  listOptions?: { code: string; i18n: Names }[];
  enabled?: boolean;
  required?: boolean;
}

/** Spec §9 "Custom field defaults", plus ours: `required` false. */
export const CUSTOM_FIELD_DEFAULTS = { functionalGroup: 'REPORT', fieldType: 'TEXT', nbDecimal: 0, dateWithHour: false, enabled: true, required: false } as const;

/** The longest text a TEXT field holds, and the bounds of a number (every value a client writes is bounded). */
export const CUSTOM_TEXT_MAX = 500;
const NUMBER_BOUND = 1_000_000_000;

/**
 * Where a scope's fields live in a record, by entity (spec §3: a service's `customFieldService`; a
 * purchase-order line's `customFieldOrder`). A home's fields are those of the caller's company
 * (merged into GET /back/schemas), unless it says `company: 'client'`: a report and its pieces,
 * written by the provider, hold the fields of the service's client (the decision maker), read with
 * the report (GET /back/bo/reports/{id}/customFields).
 */
export const CUSTOM_FIELD_HOMES = {
  service: { property: 'customFieldService', scope: 'SERVICE' },
  purchaseOrderLine: { property: 'customFieldOrder', scope: 'ORDER' },
  report: { property: 'customFieldReport', scope: 'REPORT', company: 'client' },
  inspectedPiece: { property: 'customFieldPiece', scope: 'REPORT_PIECE', company: 'client' },
} as const satisfies Record<string, { property: string; scope: CustomFieldScope; company?: 'client' }>;

/** i18n keys of a field's label and of its options' labels (`enum.<x-enum>.<VALUE>`, as every enum). */
export const customFieldLabelKey = (code: string) => `customField.label.${code}`;
export const customFieldEnumName = (code: string) => `customField.${code}`;
/** The i18n key of a section or report criterion heading grouping fields on a form. */
export const customFieldGroupKey = (kind: 'section' | 'criterion', id: number) => `customField.${kind}.${id}`;

const COMPANY_LOOKUP = '/back/bo/networkcombo/allcompanies';

/** The value's JSON Schema for the field's type. */
function valueSchema(field: CustomFieldDef): Schema {
  const type = field.fieldType ?? CUSTOM_FIELD_DEFAULTS.fieldType;
  switch (type) {
    case 'NUMERIC':
      return { type: 'integer', minimum: -NUMBER_BOUND, maximum: NUMBER_BOUND };
    case 'NUMERIC_WITH_DECIMAL':
      return { type: 'number', minimum: -NUMBER_BOUND, maximum: NUMBER_BOUND, decimals: field.nbDecimal ?? CUSTOM_FIELD_DEFAULTS.nbDecimal };
    case 'DATE':
      return field.dateWithHour ? { type: 'string', format: 'date-time' } : { type: 'string', format: 'date' };
    case 'DATE_WITH_HOURS':
      return { type: 'string', format: 'date-time' };
    case 'BOOLEAN':
      return { type: 'boolean' };
    case 'LIST':
      return { type: 'string', enum: (field.listOptions ?? []).map((option) => option.code), 'x-enum': customFieldEnumName(field.code) };
    case 'COMPANY':
      return { type: 'integer', minimum: 1, 'x-lookup': { url: COMPANY_LOOKUP } };
    case 'PASSED_FAILED':
      return { type: 'string', enum: ['PASSED', 'FAILED'], 'x-enum': 'result' };
    default:
      return { type: 'string', maxLength: CUSTOM_TEXT_MAX };
  }
}

/**
 * One field as a property: its value schema, its label key, and where it applies (`x-serviceTypes`,
 * `x-productTypes`: none means everywhere), whether it is mandatory there (`x-required`) and the
 * heading it sits under (`x-group`). A disabled field is `readOnly`: new forms leave it out, stored
 * values stay readable and the server keeps them.
 */
export function customFieldProperty(field: CustomFieldDef): Schema {
  const group = field.section !== undefined ? customFieldGroupKey('section', field.section) : field.reportCriterion !== undefined ? customFieldGroupKey('criterion', field.reportCriterion) : undefined;
  return {
    ...valueSchema(field),
    title: customFieldLabelKey(field.code),
    ...(field.serviceTypes?.length ? { 'x-serviceTypes': field.serviceTypes } : {}),
    ...(field.productTypes?.length ? { 'x-productTypes': field.productTypes } : {}),
    ...(field.required ? { 'x-required': true } : {}),
    ...(group ? { 'x-group': group } : {}),
    ...(field.enabled === false ? { readOnly: true } : {}),
  };
}

/** The fields of a scope (GLOBAL ones go everywhere) as the properties of one object. */
export function customFieldsObject(fields: readonly CustomFieldDef[], scope: CustomFieldScope): Schema {
  const mine = fields.filter((field) => {
    const group = field.functionalGroup ?? CUSTOM_FIELD_DEFAULTS.functionalGroup;
    return group === scope || group === 'GLOBAL';
  });
  return { type: 'object', properties: Object.fromEntries(mine.map((field) => [field.code, customFieldProperty(field)])) };
}

/** What a record is: its service type, and for an order line its product type. */
export interface CustomFieldTarget {
  serviceType?: string;
  productType?: number;
}

const appliesTo = (property: Schema, target: CustomFieldTarget): boolean => {
  const types = property['x-serviceTypes'] as string[] | undefined;
  const products = property['x-productTypes'] as number[] | undefined;
  return (!types || (target.serviceType !== undefined && types.includes(target.serviceType))) && (!products || (target.productType !== undefined && products.includes(target.productType)));
};

/**
 * The object of `customFieldsObject` narrowed to one record: the fields of its service type (and
 * product type), those marked `x-required` and enabled made `required`. Browser and server both
 * validate a record's custom values with this.
 */
export function customFieldsFor(object: Schema, target: CustomFieldTarget, options: { draft?: boolean } = {}): Schema {
  const all = (object.properties ?? {}) as Record<string, Schema>;
  const properties = Object.fromEntries(Object.entries(all).filter(([, property]) => appliesTo(property, target)));
  // A draft (a report saved on the way) may leave a required field empty: it is enforced when sent.
  const required = options.draft ? [] : Object.keys(properties).filter((code) => properties[code]['x-required'] === true && properties[code].readOnly !== true);
  const { required: _was, ...rest } = object;
  return { ...rest, properties, ...(required.length ? { required } : {}) };
}

/** The entity schema with its custom field property holding `object`'s fields (its own title, default, bounds kept). */
export function withCustomFields(entity: Schema, property: string, object: Schema): Schema {
  const properties = (entity.properties ?? {}) as Record<string, Schema>;
  if (!properties[property]) return entity;
  return { ...entity, properties: { ...properties, [property]: { ...properties[property], ...object } } };
}

/** Labels in `language`, falling back to English (the spec's i18n has en and fr; ours adds it). */
export function customFieldLabels(fields: readonly CustomFieldDef[], language: 'en' | 'fr' | 'it'): Record<string, string> {
  const text = (names: Names) => names[language]?.trim() || names.en;
  return Object.fromEntries(
    fields.flatMap((field) => [
      [customFieldLabelKey(field.code), text(field.i18n)],
      ...(field.listOptions ?? []).map((option) => [`enum.${customFieldEnumName(field.code)}.${option.code}`, text(option.i18n)]),
    ]),
  );
}

const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * The form of a record's custom fields: those of its type that are enabled, and the disabled ones
 * only where the record holds a value (shown read-only). New records never show a disabled field.
 */
export function customFieldsForm(object: Schema, target: CustomFieldTarget, values: Record<string, unknown> = {}): Schema {
  const narrowed = customFieldsFor(object, target);
  const all = narrowed.properties as Record<string, Schema>;
  const properties = Object.fromEntries(Object.entries(all).filter(([code, property]) => property.readOnly !== true || hasValue(values[code])));
  return { ...narrowed, properties };
}

/** The values a client sends: those of the enabled fields of the record's type (the server keeps the rest). */
export function writableCustomValues(object: Schema, target: CustomFieldTarget, values: Record<string, unknown> = {}): Record<string, unknown> {
  const properties = customFieldsFor(object, target).properties as Record<string, Schema>;
  return Object.fromEntries(Object.entries(values).filter(([code]) => properties[code] && properties[code].readOnly !== true && hasValue(values[code])));
}

/** Headings grouping a form's fields (`x-group`: a section or report criterion), as the engine's `ui:sections`. */
export function customFieldSections(form: Schema): { title: string; fields: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const [code, property] of Object.entries((form.properties ?? {}) as Record<string, Schema>)) {
    const group = property['x-group'] as string | undefined;
    if (group) groups.set(group, [...(groups.get(group) ?? []), code]);
  }
  return [...groups].map(([title, fields]) => ({ title, fields }));
}
