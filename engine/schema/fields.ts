import type { JsonSchema } from './resolve';

/**
 * What kind of input or cell a schema property needs. One place decides it, so the form,
 * the grid and the Excel export agree.
 */
export type FieldKind =
  | 'date'
  | 'yearMonth'
  | 'dateTime'
  | 'enum'
  | 'enumList'
  | 'lookup'
  | 'lookupList'
  | 'tags'
  | 'boolean'
  | 'integer'
  | 'number'
  | 'text'
  | 'longText'
  | 'objectList'
  | 'list'
  | 'object';

export interface LookupConfig {
  url: string;
  kind?: 'tags' | string;
  /** Search as you type (`?q=`) instead of loading the whole list once. */
  search?: boolean;
  /** A cascading list: query parameter → the field of the same record giving its value (engine/lookup/cascade.ts). */
  params?: Record<string, string>;
}

/** Strings longer than this are edited in a textarea. */
const LONG_TEXT = 300;

export function lookupOf(prop: JsonSchema | undefined): LookupConfig | undefined {
  const lookup = prop?.['x-lookup'];
  return lookup && typeof lookup.url === 'string' ? lookup : undefined;
}

/** The enum of a property, or of the items of an array property. */
export function enumOf(prop: JsonSchema | undefined): { name?: string; values: string[] } | undefined {
  if (!prop) return undefined;
  const target = prop.type === 'array' ? prop.items : prop;
  if (!target || !Array.isArray(target.enum)) return undefined;
  return { name: target['x-enum'], values: target.enum.map(String) };
}

export function fieldKind(prop: JsonSchema | undefined): FieldKind {
  if (!prop) return 'text';
  const lookup = lookupOf(prop);
  if (lookup) {
    if (lookup.kind === 'tags') return 'tags';
    return prop.type === 'array' ? 'lookupList' : 'lookup';
  }
  if (prop.type === 'array') {
    if (Array.isArray(prop.items?.enum)) return 'enumList';
    if (prop.items?.type === 'object') return 'objectList';
    return 'list';
  }
  if (Array.isArray(prop.enum)) return 'enum';
  if (prop.format === 'date') return 'date';
  if (prop.format === 'yearMonth') return 'yearMonth';
  if (prop.format === 'date-time') return 'dateTime';
  switch (prop.type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'object':
      return 'object';
    default:
      return typeof prop.maxLength === 'number' && prop.maxLength > LONG_TEXT ? 'longText' : 'text';
  }
}

export function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  return (schema?.properties as Record<string, JsonSchema>) ?? {};
}

/** Keep only the declared properties: the entity schemas forbid others (`version`, `universeId`). */
export function pickDeclared(schema: JsonSchema, record: Record<string, unknown>): Record<string, unknown> {
  const declared = propertiesOf(schema);
  return Object.fromEntries(Object.entries(record).filter(([key]) => key in declared));
}

/** Drop empty values: the API treats a missing parameter as "no filter". */
export function compactQuery(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)),
  );
}

/**
 * The schema without its `description`s: they are notes for schema authors (in English, not
 * i18n keys), never shown to users. Labels come from `title`.
 */
export function withoutDescriptions(schema: JsonSchema): JsonSchema {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const { description: _note, ...rest } = schema;
  if (rest.properties) rest.properties = Object.fromEntries(Object.entries(propertiesOf(rest)).map(([name, prop]) => [name, withoutDescriptions(prop)]));
  if (rest.items) rest.items = withoutDescriptions(rest.items);
  return rest;
}

/**
 * The schema cut down to some fields (a form then validates only what it shows). It loses its
 * `$id`: the validator caches compiled schemas by id, and this one is not the whole entity.
 */
export function schemaOfFields(schema: JsonSchema, fields: string[]): JsonSchema {
  const props = propertiesOf(schema);
  const { $id: _id, ...rest } = schema;
  return {
    ...rest,
    properties: Object.fromEntries(fields.filter((field) => props[field]).map((field) => [field, props[field]])),
    required: ((schema.required ?? []) as string[]).filter((field) => fields.includes(field)),
  };
}

/** Those fields of a record that it has. */
export const pickFields = (record: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]));
