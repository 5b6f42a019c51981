import type { JsonSchema } from '../../engine/schema/resolve';
import { kindOf, type LookupConfig, type LookupParam, type LookupSource } from '../../server/lookups/config';

/**
 * The OpenAPI operations of the lookups of lookups.json (spec §7.9), one per path: the generic
 * parameters (q, id, uuid), the source's own ones, and the item list it answers.
 */
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [String(code), { $ref: `#/components/responses/Error${code}` }]));

function valueSchema(source: LookupSource, enums: Record<string, JsonSchema>): JsonSchema {
  switch (kindOf(source)) {
    case 'enum':
      return { type: 'string', enum: source.values ?? enums[source.enum!].enum };
    case 'collection':
      return { type: 'integer', description: `The record's ${source.value}` };
    default:
      return { type: 'string' };
  }
}

function paramSchema(param: LookupParam, enums: Record<string, JsonSchema>): JsonSchema {
  if (param.enum) return { type: 'string', enum: enums[param.enum].enum };
  if (param.type === 'id') return { type: 'integer', minimum: 1 };
  if (param.type === 'boolean') return { type: 'boolean' };
  return { type: 'string', maxLength: 100 };
}

function operation(name: string, source: LookupSource, enums: Record<string, JsonSchema>): JsonSchema {
  const byRecord = kindOf(source) === 'collection';
  const own = Object.entries(source.params ?? {}).map(([param, def]) => ({
    name: param,
    in: 'query',
    description: def.field || def.fields ? `Only items whose ${(def.fields ?? [def.field]).join(' or ')} is one of these (repeatable)` : 'Accepted and checked; does not narrow',
    style: 'form',
    explode: true,
    schema: { type: 'array', items: paramSchema(def, enums) },
  }));
  return {
    tags: ['lookups'],
    operationId: `lookup_${name}`,
    summary: source.summary,
    parameters: [
      { name: 'q', in: 'query', description: 'Search text: items whose label (or search fields) hold every word', schema: { type: 'string', maxLength: 100 } },
      { name: 'id', in: 'query', description: 'One item by its value (archived records too: the label of a stored value)', schema: byRecord ? { type: 'integer', minimum: 1 } : { type: 'string' } },
      { name: 'uuid', in: 'query', description: 'One item by its uuid', schema: { type: 'string', format: 'uuid' } },
      ...own,
    ],
    responses: {
      200: {
        description: 'The items the caller may see',
        content: json({ type: 'array', items: { type: 'object', required: ['value', 'label'], properties: { value: valueSchema(source, enums), label: { type: 'string', description: "In the caller's language" } } } }),
      },
      ...errors(400, 403),
    },
  };
}

/** Path → path item of every configured lookup. */
export function lookupPaths(config: LookupConfig, enums: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const paths: Record<string, JsonSchema> = {};
  for (const [name, source] of Object.entries(config.lookups)) {
    source.paths.forEach((path, index) => {
      paths[path] = { get: { ...operation(name, source, enums), operationId: `lookup_${name}${index ? `_${index + 1}` : ''}` } };
    });
  }
  return paths;
}
