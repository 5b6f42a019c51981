/**
 * Inline the shared definition files (`enums.json`, `formats.json`) into a schema so
 * that ajv and RJSF both get a self-contained schema. A property that used an enum
 * definition keeps its name in `x-enum` (the i18n key of its labels is
 * `enum.<name>.<VALUE>`).
 */
export type JsonSchema = Record<string, any>;

export interface SharedDefs {
  [file: string]: { $defs: Record<string, JsonSchema> };
}

const refPattern = /^([\w.-]+\.json)#\/\$defs\/([\w-]+)$/;

export function resolveSchema(schema: JsonSchema, shared: SharedDefs): JsonSchema {
  if (Array.isArray(schema)) return schema.map((item) => resolveSchema(item, shared)) as unknown as JsonSchema;
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string' && refPattern.test(value)) continue;
    out[key] = value && typeof value === 'object' ? resolveSchema(value, shared) : value;
  }
  const match = typeof schema.$ref === 'string' ? refPattern.exec(schema.$ref) : null;
  if (!match) return out;
  const [, file, name] = match;
  const def = shared[file]?.$defs?.[name];
  if (!def) throw new Error(`Unknown schema reference ${schema.$ref}`);
  const base = resolveSchema(def, shared);
  delete base.title;
  const merged = { ...base, ...out };
  if (file === 'enums.json') merged['x-enum'] = name;
  return merged;
}
