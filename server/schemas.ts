import type { AnyStateMachine } from 'xstate';
import { workflows } from '../machines';
import { resolveSchema, type JsonSchema, type SharedDefs } from '../engine/schema/resolve';
import type { RoleRule } from '../engine/schema/roles';
import type { WritersRule } from '../engine/schema/writeRules';
import { createAjv, lazyValidator, type Validator } from './validation';
import { loadConfigFiles, type ConfigFiles } from './schemaLoader';
import { reportRules, type ReportRules, type ReportTables } from '../domain/report';
import type { ScreenConfig } from '../engine/config';
import { machineFromConfig, type MachineConfig } from '../engine/workflow/configMachine';
import type { LookupConfig, LookupSource } from './lookups/config';
import type { CollectionIndexes, IndexDef, KeyType } from './store/orderedIndex';

/**
 * Everything under SCHEMAS_DIR, read once at start by server/schemaLoader.ts: entity schemas with
 * their annotations read into typed definitions and compiled validators, search forms, screens,
 * uiSchemas, schema labels and the reference tables with the rules built on them
 * (docs/schemas.md describes the annotations).
 */
type StampSource = 'contactId' | 'companyId' | 'today' | 'now';
export interface StampRules {
  onCreate?: Record<string, StampSource>;
  onUpdate?: Record<string, StampSource>;
  /** Per workflow event: fields filled when the event moves the record and they are still empty. */
  onEvent?: Record<string, Record<string, StampSource>>;
}

/**
 * One `x-files` domain: `pictures` accepts images only; `documentType` makes the upload name one;
 * `internal` names the record's field holding its company: only that company's people (and the
 * platform's administrators) reach the domain's files.
 */
export interface FileDomainRule {
  pictures?: boolean;
  documentType?: boolean;
  internal?: string;
}

export interface SearchDef {
  name: string;
  schema: JsonSchema;
  validate: Validator;
}

export interface EntityDef {
  name: string;
  schema: JsonSchema;
  collection: string;
  idField: string;
  api?: string;
  /** x-history: every change of a record is kept (server/resources/history.ts). */
  history: boolean;
  /** x-notes: a record has notes (server/resources/notes.ts). */
  notes: boolean;
  /** x-files: the file domains of a record, with their rules (server/files/). */
  files: Record<string, FileDomainRule>;
  /** x-frozen: statuses in which a record is no longer edited nor deleted. */
  frozen: string[];
  /** x-readOnly: the API only searches and reads (records are written by the server itself). */
  readOnly: boolean;
  /** x-cascade: records of other collections whose `field` holds this record's id, removed with it. */
  cascade: { collection: string; field: string }[];
  /** x-routes "custom": the server has hand-written routes at `api`; none are generated. */
  customRoutes: boolean;
  roles?: RoleRule[];
  /** x-createRoles: a create also needs this role rule. */
  createRoles?: RoleRule[];
  visibility: string[];
  /** x-writers: who writes what others who see it only read (engine/schema/writeRules.ts `WritersRule`). */
  writers?: WritersRule;
  machine?: AnyStateMachine;
  /** The x-machine name (workflow action labels are `workflow.<machineName>.<EVENT>`). */
  machineName?: string;
  statusField?: string;
  stamps: StampRules;
  number?: { field: string; prefix: string };
  tags?: { source: string; field: string };
  label?: string;
  hitLimit: number;
  /** x-indexes: the orders (with their keyword field and included fields) the store keeps indexes for (docs/store.md "Indexes"). */
  indexes: IndexDef[];
  /** Properties marked `x-index`, with their JSON type: PostgreSQL indexes (and keeps statistics on) each. */
  indexedFields: Record<string, KeyType>;
  /** Fields the client never writes: readOnly properties, `version`, `universeId`. */
  serverOwned: Set<string>;
  /** `x-serverOnly` properties: kept in the store, never sent (a search index text). */
  serverOnly: Set<string>;
  validateCreate: Validator;
  validateUpdate: Validator;
  search?: SearchDef;
  /** x-unique: fields whose value is unique among the records of the owner scope (server/resources/uniqueness.ts). */
  unique: string[];
  /** x-archive: the boolean field that archives a record; a record in use is archived, not deleted (server/resources/inUse.ts). */
  archive?: string;
  /** x-usedBy: references to a record that are not `x-lookup` fields (`lines[].defectId` of a collection). */
  usedBy: UsedBy[];
  /** x-scope: who owns, reads and writes the records (server/resources/ownership.ts); x-customFlag: a company's own records beside the universe's. */
  scope?: RecordScope;
  customFlag?: string;
  /** The `{name}` parameters of `x-api` (`/companies/{companyId}/…`): each is a fixed field value of the records. */
  pathParams: string[];
}

export type RecordScope = 'company' | 'universe' | 'global';
export interface UsedBy {
  collection: string;
  /** A field, a dotted path, or a path through arrays (`lines[].defectId`). */
  path: string;
  /** The field of the referenced record the path holds (default: its id). */
  field?: string;
}

/** A screen file of schemas/screens/, as the engine reads it. */
export type Screen = ScreenConfig;

export interface Registry {
  entities: Map<string, EntityDef>;
  /** The machines written as JSON (schemas/machines/), for the browser and the workflow viewer. */
  machineConfigs: Record<string, MachineConfig>;
  search: Record<string, JsonSchema>;
  /** Every search form compiled, by file name (a form an entity's generic search does not use: a hand-written call's query). */
  searchForms: Record<string, SearchDef>;
  ui: Record<string, JsonSchema>;
  screens: Screen[];
  enums: Record<string, JsonSchema>;
  locales: Record<'en' | 'fr' | 'it', Record<string, string>>;
  /** The resolved entity schemas as the browser may see them (server-only properties removed). */
  publicEntities: Record<string, JsonSchema>;
  /** The reference tables (aql.json, reportStandards.json), as the configuration has them: the browser gets them too. */
  tables: ReportTables;
  /** The report rules (domain/report.ts) on those tables. */
  reports: ReportRules;
  /** The lookups of spec §7.9 by name (lookups.json, served by server/lookups/routes.ts). */
  lookups: Record<string, LookupSource>;
}

const DEFAULT_HIT_LIMIT = 1000;

/** `x-serverOnly` properties (account secrets) never leave the server, not even their schema. */
function withoutServerOnly(schema: JsonSchema): JsonSchema {
  if (!schema.properties) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties as Record<string, JsonSchema>).filter(([, prop]) => !prop['x-serverOnly']));
  return { ...schema, properties };
}

function entityDef(name: string, schema: JsonSchema, compilers: ReturnType<typeof compilersFor>, machines: Record<string, AnyStateMachine>): EntityDef {
  const required = (key: string) => {
    if (!schema[key]) throw new Error(`Entity ${name}: missing ${key}`);
    return schema[key] as string;
  };
  const machineName = schema['x-machine'] as string | undefined;
  const machine = machineName ? machines[machineName] : undefined;
  if (machineName && !machine) throw new Error(`Entity ${name}: unknown machine ${machineName}`);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const serverOwned = new Set(['version', 'universeId', ...Object.keys(properties).filter((key) => properties[key].readOnly)]);
  return {
    name,
    schema,
    collection: required('x-collection'),
    idField: required('x-id'),
    api: schema['x-api'],
    readOnly: schema['x-readOnly'] === true,
    history: schema['x-history'] === true,
    notes: schema['x-notes'] === true,
    frozen: schema['x-frozen'] ?? [],
    files: schema['x-files'] ?? {},
    customRoutes: schema['x-routes'] === 'custom',
    cascade: schema['x-cascade'] ?? [],
    roles: schema['x-roles'],
    createRoles: schema['x-createRoles'],
    visibility: schema['x-visibility'] ?? [],
    writers: schema['x-writers'],
    machine,
    machineName,
    statusField: machine ? required('x-status') : undefined,
    stamps: schema['x-stamps'] ?? {},
    number: schema['x-number'],
    tags: schema['x-tags'],
    label: schema['x-label'],
    hitLimit: schema['x-hitLimit'] ?? DEFAULT_HIT_LIMIT,
    indexes: indexDefs(name, schema, required('x-id')),
    indexedFields: indexedFields(name, properties),
    serverOwned,
    serverOnly: new Set(Object.keys(properties).filter((key) => properties[key]['x-serverOnly'])),
    validateCreate: lazyValidator(() => compilers.create.compile(schema)),
    validateUpdate: lazyValidator(() => compilers.update.compile(schema)),
    unique: schema['x-unique'] ?? [],
    archive: schema['x-archive'],
    usedBy: schema['x-usedBy'] ?? [],
    scope: schema['x-scope'],
    customFlag: schema['x-customFlag'],
    pathParams: [...String(schema['x-api'] ?? '').matchAll(/\{(\w+)\}/g)].map(([, param]) => param),
  };
}

/** `x-indexes`, checked: each order ends on the id field (so no two rows tie), keywords name a top-level string field. */
function indexDefs(name: string, schema: JsonSchema, idField: string): IndexDef[] {
  const declared = (schema['x-indexes'] ?? []) as IndexDef[];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const def of declared) {
    const orderBy = Array.isArray(def.orderBy) ? def.orderBy : [];
    if (!orderBy.length || orderBy[orderBy.length - 1].field !== idField || orderBy.some((order) => typeof order.field !== 'string')) {
      throw new Error(`Entity ${name}: an x-indexes order must end with the id field ${idField}`);
    }
    if (def.keywords !== undefined && !Object.hasOwn(properties, def.keywords)) throw new Error(`Entity ${name}: x-indexes keywords names no property: ${def.keywords}`);
  }
  return declared.map((def) => {
    // `universeId`, which every query of a universe's records tests, is included with any field.
    const include = def.include?.length ? ['universeId', ...def.include.filter((field) => field !== 'universeId')] : undefined;
    const typed = [...def.orderBy.map(({ field }) => field), ...(include ?? [])];
    return { ...def, include, types: Object.fromEntries(typed.map((field) => [field, field === 'universeId' ? 'number' : sortType(name, properties, field)])) };
  });
}

/**
 * The `x-index` properties with their types. With any of them comes `universeId`, which every
 * query of a universe's records tests: the server stamps it, as an integer, on every record.
 */
function indexedFields(entity: string, properties: Record<string, JsonSchema>): Record<string, KeyType> {
  const marked = Object.keys(properties).filter((field) => properties[field]['x-index'] === true);
  if (!marked.length) return {};
  return { universeId: 'number', ...Object.fromEntries(marked.map((field) => [field, sortType(entity, properties, field)])) };
}

/** The JSON type of the property an index sorts on or includes: top-level, or a dotted path through object properties. */
function sortType(entity: string, properties: Record<string, JsonSchema>, field: string): KeyType {
  const property = field.split('.').reduce<JsonSchema | undefined>((schema, step) => {
    const inner = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    return Object.hasOwn(inner, step) ? inner[step] : undefined;
  }, { properties });
  const type = property?.type;
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'string' || type === 'boolean') return type;
  throw new Error(`Entity ${entity}: an index on ${field} needs a property of type string, number, integer or boolean`);
}

/** The indexes the store keeps, per collection: orders (`x-indexes`) and single fields (`x-index`). */
export const storeIndexes = (registry: Registry): Map<string, CollectionIndexes> =>
  new Map(
    [...registry.entities.values()]
      .filter((entity) => entity.indexes.length || Object.keys(entity.indexedFields).length)
      .map((entity) => [entity.collection, { ordered: entity.indexes, fields: entity.indexedFields }]),
  );

function compilersFor() {
  return { create: createAjv({ useDefaults: true }), update: createAjv(), search: createAjv({ coerceTypes: 'array' }) };
}

/** The configuration under `schemasDir`, read once and checked (server/schemaLoader.ts): a problem refuses it with SchemaCheckError. */
export const loadRegistry = (schemasDir: string): Registry => registryOf(loadConfigFiles(schemasDir));

/** The registry of configuration files already read and checked. */
function registryOf(files: ConfigFiles): Registry {
  const shared: SharedDefs = files.shared;
  const compilers = compilersFor();
  // Record workflows: those of machines/ and those written as JSON (schemas/machines/, checked by the loader).
  const machineConfigs = files.machines as Record<string, MachineConfig>;
  const machines = { ...workflows, ...Object.fromEntries(Object.entries(machineConfigs).map(([name, config]) => [name, machineFromConfig(config)])) };
  const entities = new Map<string, EntityDef>();
  for (const [name, content] of Object.entries(files.entities)) {
    const entityName = (content.$id as string | undefined) ?? name;
    const resolved = resolveSchema(content, shared);
    delete resolved.$id; // ajv refuses two schemas with one $id across compilers
    entities.set(entityName, entityDef(entityName, resolved, compilers, machines));
  }
  const search: Record<string, JsonSchema> = {};
  const searchForms: Record<string, SearchDef> = {};
  for (const [name, content] of Object.entries(files.search)) {
    const resolved = resolveSchema(content, shared);
    search[name] = resolved;
    const entity = entities.get(resolved['x-entity']);
    if (!entity) throw new Error(`Search form ${name}: unknown x-entity ${resolved['x-entity']}`);
    const { $id, ...compilable } = resolved;
    searchForms[name] = { name, schema: resolved, validate: lazyValidator(() => compilers.search.compile(compilable)) };
    // The form named after the entity is its search; another form only when it has none (risk → report).
    if (!entity.search || (entity.search.name !== entity.name && name === entity.name)) entity.search = searchForms[name];
  }
  return {
    entities,
    machineConfigs,
    search,
    searchForms,
    ui: files.ui,
    screens: Object.values(files.screens) as Screen[],
    enums: shared['enums.json'].$defs,
    locales: files.locales,
    publicEntities: Object.fromEntries([...entities].map(([name, def]) => [name, withoutServerOnly({ $id: name, ...def.schema })])),
    tables: files.tables,
    reports: reportRules(files.tables),
    lookups: (files.lookups as LookupConfig).lookups,
  };
}

export { rolesAllow } from '../engine/schema/roles';
export { SchemaCheckError } from './schemaLoader';
