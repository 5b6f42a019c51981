import type { JsonSchema } from '../../engine/schema/resolve';

const enumRef = /^enums\.json#\/\$defs\/([\w-]+)$/;

/** Deep copy of a schema where every `$ref` to an enum definition is replaced by `replace(defName)` (siblings kept). */
export function mapEnumRefs(schema: unknown, replace: (defName: string) => JsonSchema): any {
  if (Array.isArray(schema)) return schema.map((item) => mapEnumRefs(item, replace));
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = mapEnumRefs(value, replace);
  const match = typeof node.$ref === 'string' ? enumRef.exec(node.$ref) : null;
  if (!match) return out;
  delete out.$ref;
  return { ...replace(match[1]), ...out };
}

/** Keys whose values are maps of sub-schemas by name (the names are data, not keywords). */
const schemaMaps = new Set(['properties', '$defs', 'definitions', 'patternProperties']);
/** Keys whose values are data, never walked. */
const dataKeys = new Set(['default', 'const', 'enum', 'examples']);

/**
 * Deep copy of a schema with every keyword node passed through `edit` (after its children),
 * e.g. to drop `x-` annotations. Property names are never edited.
 */
export function editSchema(schema: unknown, edit: (node: JsonSchema, isRoot: boolean) => JsonSchema, isRoot = true): any {
  if (Array.isArray(schema)) return schema.map((item) => editSchema(item, edit, false));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (dataKeys.has(key)) out[key] = value;
    else if (schemaMaps.has(key) && value && typeof value === 'object')
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, editSchema(sub, edit, false)]));
    else out[key] = editSchema(value, edit, false);
  }
  return edit(out, isRoot);
}

/** Drop every `x-` annotation of a node. */
export function withoutAnnotations(node: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(node).filter(([key]) => !key.startsWith('x-')));
}

/**
 * Express the custom keywords of `engine/schema/rules.ts` in standard JSON Schema where one exists
 * (`notBlank` → a non-space character, `decimals: n` → `multipleOf`); `maxTwo` duplicates `maxItems`.
 */
export function standardKeywords(node: JsonSchema): JsonSchema {
  const { notBlank, decimals, maxTwo, ...rest } = node;
  if (notBlank === true && rest.pattern === undefined) rest.pattern = '\\S';
  if (typeof decimals === 'number' && rest.multipleOf === undefined) rest.multipleOf = Number((10 ** -decimals).toFixed(decimals));
  return rest;
}
