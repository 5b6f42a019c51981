import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveSchema, type JsonSchema } from '../../engine/schema/resolve';
import { loadSchemaTree } from '../../scripts/generate/load';
import { MAX_ARRAY_ITEMS } from '../../server/json-body';
import { MAX_QUERY_VALUES } from '../../server/urlGuard';

/**
 * Every value a client may write is bounded by its schema, which the server enforces with ajv:
 * free text has a maxLength, numbers a minimum and a maximum (2^53 + 1 would be stored rounded),
 * free-form objects a `maxBytes` (engine/schema/rules.ts), lists a maxItems (below the JSON reader's
 * ceiling, and a search form's below the ceiling of a repeated query parameter). Server-owned (readOnly) fields are written by the server only.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const tree = loadSchemaTree(join(root, 'schemas'));

/** Formats whose shape bounds the length already. */
const FIXED_SHAPE_FORMATS = new Set(['date', 'yearMonth', 'date-time', 'uuid17', 'requiredIp']);

/** An anchored pattern without an open-ended repetition accepts only bounded text. */
const boundedPattern = (pattern: unknown) => typeof pattern === 'string' && /^\^.*\$$/.test(pattern) && !/[*+]|\{\d+,\}/.test(pattern.replace(/\\./g, ''));

const typesOf = (schema: JsonSchema): string[] => [schema.type ?? []].flat();

/** The problems of one writable schema node and its children, as `path: what is missing`. */
function unbounded(schema: JsonSchema, path: string, ceiling = MAX_ARRAY_ITEMS): string[] {
  if (!schema || typeof schema !== 'object' || schema.readOnly) return [];
  const types = typesOf(schema);
  const problems: string[] = [];
  const fixedValues = schema.enum !== undefined || schema.const !== undefined;
  if (types.includes('string') && !fixedValues && schema.maxLength === undefined && !FIXED_SHAPE_FORMATS.has(schema.format) && !boundedPattern(schema.pattern)) {
    problems.push(`${path}: free text without maxLength`);
  }
  if (types.includes('number')) {
    if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) problems.push(`${path}: number without minimum`);
    if (!Number.isFinite(schema.maximum)) problems.push(`${path}: number without maximum`);
  }
  if (types.includes('array') && schema.maxItems === undefined) problems.push(`${path}: array without maxItems`);
  if (types.includes('array') && schema.maxItems > ceiling) problems.push(`${path}: maxItems above ${ceiling}`);
  if (types.includes('object') && !schema.properties && schema.additionalProperties !== false && schema.maxBytes === undefined) {
    problems.push(`${path}: free-form object without maxBytes`);
  }
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) problems.push(...unbounded(child, `${path}/${name}`, ceiling));
  if (schema.items) problems.push(...unbounded(schema.items, `${path}[]`, ceiling));
  for (const key of ['oneOf', 'anyOf', 'allOf']) ((schema[key] ?? []) as JsonSchema[]).forEach((branch, index) => problems.push(...unbounded(branch, `${path}<${key} ${index}>`, ceiling)));
  return problems;
}

const resolved = (schema: JsonSchema) => resolveSchema(schema, tree.shared);

describe('schema bounds', () => {
  it.each(Object.keys(tree.entities))('entity %s bounds every value a client writes', (name) => {
    expect(unbounded(resolved(tree.entities[name]), name)).toEqual([]);
  });

  it.each(Object.keys(tree.search))('search form %s bounds every criterion', (name) => {
    expect(unbounded(resolved(tree.search[name]), name, MAX_QUERY_VALUES)).toEqual([]);
  });

  it('finds what it looks for', () => {
    const sample = {
      type: 'object',
      properties: { note: { type: 'string' }, amount: { type: 'number', minimum: 0 }, criteria: { type: 'object' }, code: { type: 'string', pattern: '^[A-Z]+$' }, ids: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 9 } } },
    };
    expect(unbounded(sample, 'sample')).toEqual([
      'sample/note: free text without maxLength',
      'sample/amount: number without maximum',
      'sample/criteria: free-form object without maxBytes',
      'sample/code: free text without maxLength',
      'sample/ids: array without maxItems',
    ]);
    expect(unbounded({ type: 'string', pattern: '^#[0-9a-f]{6}$' }, 'colour')).toEqual([]);
    expect(unbounded({ type: 'string', readOnly: true }, 'stamp')).toEqual([]);
    expect(unbounded({ type: 'array', maxItems: 600, items: { type: 'integer', minimum: 1, maximum: 9 } }, 'steps', MAX_QUERY_VALUES)).toEqual([`steps: maxItems above ${MAX_QUERY_VALUES}`]);
  });
});
