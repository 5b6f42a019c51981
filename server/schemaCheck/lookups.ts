import Ajv, { type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../../engine/schema/resolve';
import { COMMON_PARAMS, kindOf, type LookupConfig, type LookupSource } from '../lookups/config';
import type { SchemaFiles } from './labelKeys';
import type { SchemaProblem } from './problem';

/**
 * lookups.json (docs/schemas.md "Lookups"): its shape (every object closed, so a misspelt key is
 * reported where it stands), then what no shape tells — one kind of source each, enums and
 * entities that exist, paths under /back/bo/ answered by one source only.
 */
const FILE = 'lookups.json';
const text = { type: 'string', minLength: 1 };
const texts = { type: 'array', items: text, minItems: 1 };
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', additionalProperties: false, properties, required });
const scalar = { type: ['string', 'number', 'boolean'] };
const SCOPES = ['company', 'partners', 'network', 'universe', 'global', 'entity'];
const param = closed({
  type: { enum: ['id', 'text', 'boolean'] },
  enum: text,
  field: text,
  fields: texts,
  fieldsBy: closed({ param: text, fields: { type: 'object', additionalProperties: texts } }, ['param', 'fields']),
  match: { const: 'prefix' },
  scope: { enum: SCOPES },
});
const source = closed(
  {
    paths: { ...texts, items: { type: 'string', pattern: '^/back/bo/[A-Za-z0-9/]+$' }, uniqueItems: true },
    summary: text,
    enum: text,
    values: texts,
    list: { type: 'array', minItems: 1, items: { type: 'object', required: ['value'], additionalProperties: { type: ['string', 'number'] } } },
    provider: text,
    collection: text,
    distinct: text,
    collections: texts,
    value: text,
    label: { anyOf: [text, texts, closed({ template: text }, ['template'])] },
    match: texts,
    scope: { enum: SCOPES },
    where: { type: 'object', additionalProperties: { anyOf: [scalar, { type: 'array', items: scalar, minItems: 1 }] } },
    hide: { type: 'object', additionalProperties: scalar },
    joins: { type: 'object', additionalProperties: closed({ collection: text, on: text, id: text, hide: { type: 'object', additionalProperties: scalar } }, ['collection', 'on', 'id']) },
    orderBy: { type: 'array', minItems: 1, items: closed({ field: text, desc: { type: 'boolean' } }, ['field']) },
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
    params: { type: 'object', propertyNames: { not: { enum: [...COMMON_PARAMS] } }, additionalProperties: param },
  },
  ['paths', 'summary'],
);
export const lookupsMeta = closed({ $comment: text, $schema: text, lookups: { type: 'object', additionalProperties: source } }, ['lookups']);

let validate: ValidateFunction | undefined;

/** What a source of one kind must and must not hold. */
const KIND_KEYS: Record<ReturnType<typeof kindOf>, { needs: (keyof LookupSource)[]; refuses: (keyof LookupSource)[] }> = {
  enum: { needs: [], refuses: ['list', 'provider', 'collection', 'distinct', 'collections', 'value', 'match', 'scope', 'where', 'hide', 'joins', 'orderBy', 'limit'] },
  provider: { needs: [], refuses: ['values', 'list', 'collection', 'distinct', 'collections', 'value', 'match', 'scope', 'where', 'hide', 'joins', 'orderBy', 'limit'] },
  list: { needs: [], refuses: ['values', 'provider', 'collection', 'distinct', 'collections', 'value', 'match', 'scope', 'where', 'hide', 'joins', 'orderBy', 'limit'] },
  distinct: { needs: ['collections'], refuses: ['values', 'provider', 'collection', 'value', 'label', 'match', 'joins', 'orderBy', 'limit'] },
  collection: { needs: ['collection', 'value', 'label'], refuses: ['values', 'provider', 'collections'] },
};

function sourceProblems(name: string, source: LookupSource, files: SchemaFiles, enums: Record<string, JsonSchema>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const at = (path: string, message: string) => problems.push({ file: FILE, path: `/lookups/${name}${path}`, message });
  const kind = kindOf(source);
  const aKind = `${kind === 'enum' ? 'an' : 'a'} ${kind} lookup`;
  if (!source.enum && !source.list && !source.provider && !source.collection && !source.distinct) at('', 'a lookup needs enum, list, provider, collection or distinct');
  for (const key of KIND_KEYS[kind].needs) if (source[key] === undefined) at('', `${aKind} needs ${key}`);
  for (const key of KIND_KEYS[kind].refuses) if (source[key] !== undefined) at(`/${key}`, `${aKind} takes no ${key}`);
  const enumValues = (enumName: string, path: string) => {
    const values = enums[enumName]?.enum as unknown[] | undefined;
    if (!values) at(path, `unknown enum ${enumName} (enums.json)`);
    return values ?? [];
  };
  if (source.enum) {
    const values = enumValues(source.enum, '/enum');
    source.values?.forEach((value, index) => !values.includes(value) && at(`/values/${index}`, `${value} is not a value of enum ${source.enum}`));
  }
  if (source.limit !== undefined && !source.match?.length) at('/limit', 'a capped lookup needs match: q searches its fields before the cap');
  // A distinct lookup reads each of its collections under that collection's entity rule.
  for (const collection of source.scope === 'entity' ? (source.collections ?? [source.collection]) : []) {
    if (!Object.values(files.entities).some((entity) => entity['x-collection'] === collection)) at('/scope', `scope entity needs an entity of collection ${collection}`);
  }
  for (const [paramName, param] of Object.entries(source.params ?? {})) {
    const path = `/params/${paramName}`;
    if (param.enum) enumValues(param.enum, `${path}/enum`);
    if (param.enum && param.type) at(path, 'a parameter has either type or enum');
    if (param.match && kind !== 'enum' && kind !== 'list') at(`${path}/match`, 'prefix matches items of an enum or a list only');
    if (param.fieldsBy) {
      const by = source.params?.[param.fieldsBy.param];
      if (!by?.enum) at(`${path}/fieldsBy/param`, `${param.fieldsBy.param} is not an enum parameter of this lookup`);
      else for (const value of Object.keys(param.fieldsBy.fields)) if (!enumValues(by.enum, `${path}/fieldsBy`).includes(value)) at(`${path}/fieldsBy/fields/${value}`, `${value} is not a value of enum ${by.enum}`);
    }
  }
  return problems;
}

/** Every problem of lookups.json (none: it is sound). */
export function lookupProblems(files: SchemaFiles & { lookups: unknown }): SchemaProblem[] {
  validate ??= new Ajv({ allErrors: true, strict: false }).compile(lookupsMeta);
  if (!validate(files.lookups)) {
    return (validate.errors ?? []).map((error) => ({
      file: FILE,
      path: error.instancePath,
      message: error.keyword === 'additionalProperties' ? `unknown key ${String(error.params.additionalProperty)}` : (error.message ?? 'invalid'),
    }));
  }
  const { lookups } = files.lookups as LookupConfig;
  const enums = files.shared['enums.json'].$defs as Record<string, JsonSchema>;
  const problems = Object.entries(lookups).flatMap(([name, source]) => sourceProblems(name, source, files, enums));
  const owners = new Map<string, string>();
  for (const [name, source] of Object.entries(lookups)) {
    source.paths.forEach((path, index) => {
      const owner = owners.get(path);
      if (owner) problems.push({ file: FILE, path: `/lookups/${name}/paths/${index}`, message: `${path} is already the path of lookup ${owner}` });
      owners.set(path, name);
    });
  }
  return problems;
}
