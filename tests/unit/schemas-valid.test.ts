import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveSchema, type JsonSchema } from '../../engine/schema/resolve';
import { formats, keywords } from '../../engine/schema/rules';
import { allEvents, workflows } from '../../machines/index';
import { loadSchemaTree } from '../../scripts/generate/load';

/** The configuration under schemas/ is consistent: what docs/schemas.md promises holds for every file. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const tree = loadSchemaTree(join(root, 'schemas'));
const { entities, search, screens, ui, shared } = tree;
const enumDefs = shared['enums.json'].$defs;

function jsonFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? jsonFiles(join(folder, entry.name)) : entry.name.endsWith('.json') ? [join(folder, entry.name)] : [],
  );
}

/** Every `x-` annotation used anywhere, so that ajv's strict mode knows them and still catches misspelt keywords. */
function annotationNames(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => annotationNames(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('x-')) found.add(key);
      annotationNames(child, found);
    }
  }
  return found;
}
// resolveSchema adds x-enum.
const annotations = [...annotationNames([entities, search, shared]).add('x-enum')];

function newAjv() {
  const ajv = new Ajv({ allErrors: true, strictSchema: true, strictTypes: false, strictTuples: false, formats: formats as never, keywords });
  addFormats(ajv);
  ajv.addVocabulary(annotations);
  return ajv;
}

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else refsIn(child, found);
    }
  }
  return found;
}

function brokenRefs(schema: JsonSchema): string[] {
  return refsIn(schema).filter((ref) => {
    const match = /^(enums|formats)\.json#\/\$defs\/([\w-]+)$/.exec(ref);
    return !match || !shared[`${match[1]}.json`].$defs[match[2]];
  });
}

/** Properties whose `default` does not satisfy their own (resolved) schema. */
function invalidDefaults(schema: JsonSchema): string[] {
  const ajv = newAjv();
  return Object.entries<JsonSchema>(resolveSchema(schema, shared).properties ?? {})
    .filter(([, property]) => 'default' in property && !ajv.validate(property, property.default))
    .map(([name]) => name);
}

const properties = (entity: string): Record<string, JsonSchema> => entities[entity]?.properties ?? {};

describe('every file under schemas/', () => {
  it.each(jsonFiles(join(root, 'schemas')).map((file) => relative(root, file)))('%s is valid JSON', (file) => {
    expect(() => JSON.parse(readFileSync(join(root, file), 'utf8'))).not.toThrow();
  });

  it('enums are non-empty lists of unique strings', () => {
    for (const [name, def] of Object.entries(enumDefs)) {
      expect(def.enum.length, name).toBeGreaterThan(0);
      expect(new Set(def.enum).size, name).toBe(def.enum.length);
    }
  });
});

describe.each(Object.keys(entities))('entity %s', (name) => {
  const schema = entities[name];
  const props = properties(name);

  it('has the required annotations', () => {
    expect(schema.$id).toBe(name);
    expect(typeof schema.title).toBe('string');
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    expect(schema['x-collection']).toMatch(/^\w+$/);
    expect(props[schema['x-id']], 'x-id is an integer, read-only property').toMatchObject({ type: 'integer', readOnly: true });
    expect((schema.required ?? []).filter((field: string) => !props[field])).toEqual([]);
  });

  it('has a consistent API description when it has x-api', () => {
    if (schema['x-api'] === undefined) return;
    // `{name}` segments are path parameters (docs/schemas.md "Owned lists").
    expect(schema['x-api']).toMatch(/^\/back\/(?:[\w/]|\{\w+\})+[^/]$/);
    // Role rules themselves are checked in tests/unit/permission-flags.test.ts; an owned list (x-scope) says who writes by its scope.
    if (!schema['x-scope']) expect(schema['x-roles'].length).toBeGreaterThan(0);
    // Generated writable APIs scope records by company (x-visibility) or owner (x-scope); custom routes scope in their code, audit trails by role.
    if (!schema['x-readOnly'] && schema['x-routes'] !== 'custom' && !schema['x-scope']) expect(schema['x-visibility'].length).toBeGreaterThan(0);
    expect((schema['x-visibility'] ?? []).filter((field: string) => !props[field])).toEqual([]);
    expect(props[schema['x-label']], 'x-label').toBeDefined();
    if (!schema['x-readOnly']) expect(Object.keys(schema['x-messages'] ?? {}).sort()).toEqual(['created', 'updated']);
    else expect(schema['x-messages']).toBeUndefined();
  });

  it('names fields that exist in x-stamps, x-number, x-tags and x-status', () => {
    const { onEvent = {}, ...onWrite } = schema['x-stamps'] ?? {};
    const stamps = [...Object.values<Record<string, string>>(onWrite), ...Object.values<Record<string, string>>(onEvent)].flatMap((map) => Object.entries(map));
    const events = schema['x-machine'] ? allEvents(workflows[schema['x-machine']]) : [];
    expect(Object.keys(onEvent).filter((event) => !events.includes(event)), 'x-stamps.onEvent names events of the machine').toEqual([]);
    expect(stamps.filter(([field, source]) => !props[field] || !['contactId', 'companyId', 'today', 'now'].includes(source))).toEqual([]);
    if (schema['x-number']) expect(props[schema['x-number'].field]).toMatchObject({ readOnly: true });
    if (schema['x-tags']) {
      expect(props[schema['x-tags'].field]).toBeDefined();
      expect(enumDefs.tagSource.enum).toContain(schema['x-tags'].source);
    }
  });

  it('drives its status with a known machine whose states are exactly the status values', () => {
    if (schema['x-machine'] === undefined) return;
    const machine = workflows[schema['x-machine']];
    expect(machine, `machine ${schema['x-machine']}`).toBeDefined();
    const status = resolveSchema(props[schema['x-status']], shared);
    expect(status.readOnly, 'only the machine moves the status').toBe(true);
    expect([...status.enum].sort()).toEqual(Object.keys(machine.root.states).sort());
  });

  it('has only resolvable $refs, lookups under /back/, valid defaults, and compiles with ajv', () => {
    expect(brokenRefs(schema)).toEqual([]);
    const lookups = Object.entries(props).filter(([, p]) => p['x-lookup'] && !/^\/back\//.test(p['x-lookup'].url));
    expect(lookups.map(([field]) => field)).toEqual([]);
    expect(invalidDefaults(schema)).toEqual([]);
    expect(() => newAjv().compile(resolveSchema(schema, shared))).not.toThrow();
  });
});

const filterOps = ['eq', 'in', 'anyEq', 'gte', 'lte', 'keywords'];

describe.each(Object.keys(search))('search form %s', (name) => {
  const form = search[name];
  const entityProps = properties(form['x-entity']);

  it('belongs to an existing entity', () => {
    expect(form.$id).toBe(`search/${name}`);
    expect(entities[form['x-entity']], `x-entity ${form['x-entity']}`).toBeDefined();
    expect(form.additionalProperties).toBe(false);
  });

  it('filters every parameter on fields of its entity', () => {
    // A form filtered by hand-written server code names that code instead.
    if (form['x-customFilters']) return expect(form['x-customFilters']).toMatch(/^server\/.+\.ts$/);
    const problems = Object.entries<JsonSchema>(form.properties ?? {}).flatMap(([param, property]) => {
      const filter = property['x-filter'];
      if (!filter || !filterOps.includes(filter.op)) return [`${param}: no known x-filter op`];
      const fields: string[] = filter.fields ?? [filter.field];
      const missing = fields.filter((field) => !entityProps[field]).map((field) => `${param}: unknown field ${field}`);
      const arrayOp = filter.op === 'in';
      const isArray = resolveSchema(property, shared).type === 'array';
      return arrayOp === isArray ? missing : [...missing, `${param}: op ${filter.op} ${isArray ? 'on' : 'needs'} an array`];
    });
    expect(problems).toEqual([]);
  });

  it('has only resolvable $refs and compiles with ajv', () => {
    expect(brokenRefs(form)).toEqual([]);
    expect(() => newAjv().compile(resolveSchema(form, shared))).not.toThrow();
  });
});

const routes = new Set(Object.values(screens).map((screen) => screen.route));

/** Fields a uiSchema names: `ui:order`, `ui:sections[].fields` and its property keys. */
function uiFields(uiSchema: JsonSchema): string[] {
  const sections = (uiSchema['ui:sections'] ?? []).flatMap((section: { fields: string[] }) => section.fields);
  const keys = Object.keys(uiSchema).filter((key) => !key.startsWith('ui:'));
  return [...(uiSchema['ui:order'] ?? []), ...sections, ...keys].filter((field) => field !== '*');
}

describe.each(Object.keys(screens))('screen %s', (name) => {
  const screen = screens[name];

  it('has a unique route, a known type and existing parent and items', () => {
    expect(screen.route).toMatch(/^\//);
    expect(Object.values(screens).filter((other) => other.route === screen.route)).toHaveLength(1);
    expect(['search', 'menu', 'page', 'workflows', 'record', 'wizard', 'files', 'panels', 'settings']).toContain(screen.type);
    if (screen.type === 'page') expect(typeof screen.page, 'a page screen names its app page').toBe('string');
    expect(typeof screen.title).toBe('string');
    if (screen.parent) expect(routes.has(screen.parent) || Object.values(screens).some((menu) => menu.aliases?.includes(screen.parent)), `parent ${screen.parent}`).toBe(true);
    // Static entries (a disabled card) are objects; routes name screens.
    expect((screen.items ?? []).filter((item: unknown) => typeof item === 'string' && !routes.has(item))).toEqual([]);
  });

  it('uses an existing entity, search form and uiSchema, and only fields of the entity (or of its search answer)', () => {
    if (screen.type !== 'search') return;
    // A search answering rows with references adds its own fields (`x-answer`): columns like the entity's.
    const props = { ...properties(screen.entity), ...search[screen.search]?.['x-answer']?.fields };
    expect(entities[screen.entity], `entity ${screen.entity}`).toBeDefined();
    expect(search[screen.search]?.['x-entity'], `search ${screen.search}`).toBe(screen.entity);
    const columns: (string | { field: string; currencyField?: string })[] = screen.columns ?? [];
    expect(columns.length).toBeGreaterThan(0);
    const fields = columns.flatMap((column) => (typeof column === 'string' ? [column] : [column.field, column.currencyField ?? column.field]));
    expect(fields.filter((field) => !props[field])).toEqual([]);
    if (screen.sheet?.ui) {
      expect(ui[screen.sheet.ui], `ui ${screen.sheet.ui}`).toBeDefined();
      expect(uiFields(ui[screen.sheet.ui]).filter((field) => !props[field])).toEqual([]);
    }
  });
});
