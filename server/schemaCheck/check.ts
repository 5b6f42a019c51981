import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { createRequire } from 'node:module';
import type { AnyStateMachine } from 'xstate';
import type { JsonSchema } from '../../engine/schema/resolve';
import { workflows as allWorkflows } from '../../machines';
import { allEvents } from '../../machines/workflow';
import { CONFIG_GUARDS, machineFromConfig, unknownGuards, type MachineConfig } from '../../engine/workflow/configMachine';
import { colorProblems } from './colorAnnotations';
import { eventProblems, fileDomainProblems, frozenProblems, indexProblems, lineProblems, listRuleProblems, sumProblems } from './entityAnnotations';
import { labelKeys, step, type SchemaFiles } from './labelKeys';
import { META_AJV_OPTIONS, META_SCHEMAS, metaSchemasHash } from './metaSchemas';
import { tableProblems } from './tables';
import { lookupProblems } from './lookups';
import { patternProblems } from './patterns';
import type { ReportTables } from '../../domain/report';

/**
 * `npm run check:schemas` and the server's start (docs/schemas.md "Checking schemas"), on the files
 * server/schemaLoader.ts read (this module reads nothing): every file of schemas/ against the meta-schema of its kind, then what no single file can tell — fields,
 * entities, screens, uiSchemas and machine events that are named but do not exist, and labels
 * missing in a language. Each problem names its file (relative to schemas/) and JSON pointer.
 */
import type { SchemaProblem } from './problem';
export { formatProblem, type SchemaProblem } from './problem';

export const LANGUAGES = ['en', 'fr', 'it'] as const;
export type Locales = Record<(typeof LANGUAGES)[number], Record<string, string>>;

/** Every file of a configuration folder, parsed (server/schemaLoader.ts reads them). */
export interface ConfigFiles extends SchemaFiles {
  /** The folder read (SCHEMAS_DIR). */
  root: string;
  /** Machines written as JSON (machines/), by file name. */
  machines: Record<string, JsonSchema>;
  /** Labels per language, the files of locales/ merged. */
  locales: Locales;
  /** The reference tables (aql.json, reportStandards.json) as read, checked by ./tables.ts. */
  tables: ReportTables;
  /** The lookups of spec §7.9 (lookups.json), checked by ./lookups.ts. */
  lookups: unknown;
}

type Kind = keyof typeof META_SCHEMAS;
type Validators = Record<Kind, ValidateFunction>;

let validators: Validators | undefined;
/**
 * The meta-schemas' validators, once per process: the code `npm run generate` made of them (about 20 ms to
 * load, against about 450 ms to compile at every start), else compiled here: that code is missing, or
 * was made from other meta-schemas (one being edited; generate itself reads the configuration through this check).
 */
function metaValidators(): Validators {
  if (validators) return validators;
  try {
    const generated = createRequire(import.meta.url)('../../generated/metaValidators.cjs') as Validators & { metaSchemasHash: string };
    if (generated.metaSchemasHash === metaSchemasHash()) return (validators = generated);
  } catch {
    // Not generated yet: compiled below.
  }
  const ajv = new Ajv(META_AJV_OPTIONS);
  return (validators = Object.fromEntries(Object.entries(META_SCHEMAS).map(([kind, meta]) => [kind, ajv.compile(meta)])) as Validators);
}

function metaProblems(file: string, content: unknown, validate: ValidateFunction): SchemaProblem[] {
  if (validate(content)) return [];
  // An `if`/`else` failure is explained by the errors of its `else`.
  return (validate.errors ?? []).filter((error) => error.keyword !== 'if').map((error) => metaProblem(file, error));
}

function metaProblem(file: string, error: ErrorObject): SchemaProblem {
  if (error.keyword === 'additionalProperties') {
    const name = String(error.params.additionalProperty);
    return { file, path: error.instancePath + step(name), message: `unknown ${name.startsWith('x-') ? 'annotation' : 'keyword'} ${name}` };
  }
  const allowed = error.keyword === 'enum' ? `: ${(error.params.allowedValues as unknown[]).join(', ')}` : '';
  return { file, path: error.instancePath, message: `${error.message}${allowed}` };
}

/** The top-level property a field name reaches (`address.country` → `address`). */
const topField = (name: string) => name.split('.')[0];

/** A panel of a record screen, as the file holds it (unchecked). */
interface PanelFile {
  kind?: unknown;
  ui?: unknown;
  field?: unknown;
  fields?: unknown[];
  columns?: unknown[];
  totals?: unknown[];
  requiredFirst?: unknown[];
  entity?: unknown;
  params?: Record<string, unknown>;
  fileType?: unknown;
  panels?: PanelFile[];
  rowFields?: Record<string, unknown>;
  rowActions?: ActionFile[];
  buttons?: ActionFile[];
  actions?: ActionFile[];
}

/** A row action's dialog form, as the file holds it (unchecked). */
interface ActionFile {
  form?: { entity?: unknown; fields?: unknown[]; schema?: Record<string, unknown>; required?: unknown[]; ui?: unknown; choices?: Record<string, unknown> };
}

/** Whether a dotted path names a property (into objects whose properties the file spells out; a `$ref` is trusted). */
function reaches(schema: JsonSchema, path: string): boolean {
  let node: JsonSchema | undefined = schema;
  for (const key of path.split('.')) {
    if (!node?.properties) return !!node;
    node = node.properties[key] as JsonSchema | undefined;
  }
  return !!node;
}

/** Names that must exist, checked across files. */
function crossProblems(files: SchemaFiles, workflows: Record<string, AnyStateMachine>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const fieldsOf = (entity: string) => (files.entities[entity]?.properties ?? {}) as Record<string, unknown>;
  /** `name` must be a field of `entity` (checked only when the entity exists: its absence is reported once). */
  const needField = (file: string, path: string, entity: string, name: unknown, where = '') => {
    if (typeof name === 'string' && files.entities[entity] && !Object.hasOwn(fieldsOf(entity), topField(name))) {
      problems.push({ file, path, message: `unknown field ${name}${where}: entity ${entity} has no such property` });
    }
  };
  /** A column (`"field"` or `{ field, currencyField }`) names fields of the entity. */
  const needColumn = (file: string, path: string, entity: string, column: unknown) => {
    const spec = typeof column === 'string' ? { field: column } : ((column ?? {}) as { field?: unknown; currencyField?: unknown });
    needField(file, typeof column === 'string' ? path : `${path}/field`, entity, spec.field, ' in a column');
    needField(file, `${path}/currencyField`, entity, spec.currencyField);
  };
  const needEntity = (file: string, path: string, entity: unknown) => {
    if (typeof entity === 'string' && !files.entities[entity]) problems.push({ file, path, message: `unknown entity ${entity}` });
  };
  /** A wizard: its machine exists, each step is a state of it, names fields of the entity and an existing uiSchema. */
  const wizardProblems = (file: string, entity: string, screen: JsonSchema) => {
    if (screen.machine === undefined) return;
    // The screen's machine and its modes': a step is a state of one of them.
    const modes = Object.entries((screen.modes ?? {}) as Record<string, { machine?: unknown }>).map(([mode, config]): [string, unknown] => [`/modes/${mode}/machine`, config?.machine]);
    const named = [['/machine', screen.machine] as [string, unknown], ...modes].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    for (const [path, name] of named) if (!workflows[name]) problems.push({ file, path, message: `unknown machine ${name} (machines/index.ts or schemas/machines/)` });
    const machines = named.every(([, name]) => workflows[name]) ? named.map(([, name]) => workflows[name]) : undefined;
    ((screen.steps ?? []) as { name?: unknown; ui?: unknown; fields?: unknown[] }[]).forEach((wizardStep, i) => {
      const name = wizardStep?.name;
      if (machines && typeof name === 'string' && !machines.some((machine) => Object.hasOwn(machine.root.states ?? {}, name))) {
        problems.push({ file, path: `/steps/${i}/name`, message: `unknown state ${wizardStep.name} of machine ${screen.machine}` });
      }
      if (typeof wizardStep?.ui === 'string' && !files.ui[wizardStep.ui]) problems.push({ file, path: `/steps/${i}/ui`, message: `unknown uiSchema ${wizardStep.ui} (schemas/ui/)` });
      (wizardStep?.fields ?? []).forEach((field, k) => needField(file, `/steps/${i}/fields/${k}`, entity, field));
    });
  };
  /** An action form: its entity, the fields it names there, its uiSchema; what it requires and offers choices for are its own fields. */
  const formProblems = (file: string, path: string, form: ActionFile['form']) => {
    if (!form) return;
    needEntity(file, `${path}/entity`, form.entity);
    const names = Object.keys(form.schema ?? {});
    (form.fields ?? []).forEach((entry, k) => {
      const { field, name } = (typeof entry === 'string' ? { field: entry, name: entry.split('.').pop() } : (entry ?? {})) as { field?: unknown; name?: unknown };
      if (typeof form.entity === 'string' && typeof field === 'string' && files.entities[form.entity] && !reaches(files.entities[form.entity], field)) {
        problems.push({ file, path: `${path}/fields/${k}`, message: `unknown field ${field} in a form: entity ${form.entity} has no such property` });
      }
      if (typeof name === 'string') names.push(name);
    });
    if (typeof form.ui === 'string' && !files.ui[form.ui]) problems.push({ file, path: `${path}/ui`, message: `unknown uiSchema ${form.ui} (schemas/ui/)` });
    const own = (where: string, name: unknown) => {
      if (typeof name === 'string' && !names.includes(name)) problems.push({ file, path: where, message: `unknown form field ${name}: the form has ${names.join(', ') || 'none'}` });
    };
    (form.required ?? []).forEach((name, k) => own(`${path}/required/${k}`, name));
    Object.keys(form.choices ?? {}).forEach((name) => own(`${path}/choices${step(name)}`, name));
  };
  /** A record page's panel: its uiSchema, the fields it names (a lines grid's: fields of a line), a related panel's entity. */
  const panelProblems = (file: string, path: string, entity: string, panel: PanelFile) => {
    if (typeof panel.ui === 'string' && !files.ui[panel.ui]) problems.push({ file, path: `${path}/ui`, message: `unknown uiSchema ${panel.ui} (schemas/ui/)` });
    // A stack's panels are panels of the same page.
    (panel.panels ?? []).forEach((inner, k) => panelProblems(file, `${path}/panels/${k}`, entity, inner ?? {}));
    (['rowActions', 'buttons', 'actions'] as const).forEach((key) => (panel[key] ?? []).forEach((action, k) => formProblems(file, `${path}/${key}/${k}/form`, action?.form)));
    needField(file, `${path}/field`, entity, panel.field);
    (panel.fields ?? []).forEach((field, k) => needField(file, `${path}/fields/${k}`, entity, field));
    // Read-only lines may name their lines' schema; notes and history name their rows' schema, whose fields `rowFields` names.
    const named = typeof panel.entity === 'string' && panel.kind !== 'related' ? panel.entity : undefined;
    if (named) needEntity(file, `${path}/entity`, named);
    if (named) Object.entries(panel.rowFields ?? {}).forEach(([key, value]) => (Array.isArray(value) ? value : [value]).forEach((name, k) => needField(file, `${path}/rowFields/${key}${Array.isArray(value) ? `/${k}` : ''}`, named, name)));
    const itemsOf = (field: unknown) => (typeof field === 'string' ? (fieldsOf(entity)[field] as { items?: { properties?: Record<string, unknown> } } | undefined)?.items?.properties : undefined);
    const line = named && panel.kind === 'lines' ? fieldsOf(named) : itemsOf(panel.field);
    if (panel.kind === 'lines' && line) {
      const needLineField = (where: string, name: unknown) => {
        if (typeof name === 'string' && !Object.hasOwn(line, name)) problems.push({ file, path: where, message: `unknown field ${name}: ${panel.field === undefined ? `a row of ${String(named)}` : `a line of ${entity}.${String(panel.field)}`} has no such property` });
      };
      (panel.columns ?? []).forEach((column, k) => needLineField(typeof column === 'string' ? `${path}/columns/${k}` : `${path}/columns/${k}/field`, typeof column === 'string' ? column : (column as { field?: unknown })?.field));
      (['totals', 'requiredFirst'] as const).forEach((key) => (panel[key] ?? []).forEach((name, k) => needLineField(`${path}/${key}/${k}`, name)));
    }
    if (panel.kind === 'attachments' && files.entities[entity]) {
      // The file domain: one the entity declares in `x-files`, named when it declares several.
      const domains = Object.keys((files.entities[entity]['x-files'] ?? {}) as object);
      if (panel.fileType === undefined && domains.length !== 1) problems.push({ file, path, message: `an attachments panel of ${entity} needs a fileType: x-files declares ${domains.join(', ') || 'none'}` });
      if (typeof panel.fileType === 'string' && !domains.includes(panel.fileType)) problems.push({ file, path: `${path}/fileType`, message: `unknown file domain ${panel.fileType}: x-files of ${entity} declares ${domains.join(', ') || 'none'}` });
    }
    if (panel.kind === 'related') {
      needEntity(file, `${path}/entity`, panel.entity);
      Object.entries(panel.params ?? {}).forEach(([param, field]) => needField(file, `${path}/params${step(param)}`, entity, field));
      if (typeof panel.entity === 'string') (panel.columns ?? []).forEach((column, k) => needColumn(file, `${path}/columns/${k}`, panel.entity as string, column));
    }
  };

  const collections = new Set(Object.values(files.entities).map((schema) => String(schema['x-collection'])));
  for (const [name, schema] of Object.entries(files.entities)) {
    const file = `entities/${name}.json`;
    // Screens, search forms and x-machine find an entity by its file name.
    if (schema.$id !== undefined && schema.$id !== name) problems.push({ file, path: '/$id', message: `must be the file's name, ${name}` });
    for (const key of ['x-id', 'x-status', 'x-label']) needField(file, step(key), name, schema[key]);
    needField(file, '/x-number/field', name, schema['x-number']?.field);
    needField(file, '/x-tags/field', name, schema['x-tags']?.field);
    ((schema.required ?? []) as unknown[]).forEach((field, index) => needField(file, `/required/${index}`, name, field));
    ((schema['x-visibility'] ?? []) as unknown[]).forEach((field, index) => needField(file, `/x-visibility/${index}`, name, field));
    ((schema['x-indexes'] ?? []) as { orderBy?: { field?: unknown }[]; keywords?: unknown; include?: unknown[] }[]).forEach((index, i) => {
      (index.orderBy ?? []).forEach((order, j) => needField(file, `/x-indexes/${i}/orderBy/${j}/field`, name, order.field));
      needField(file, `/x-indexes/${i}/keywords`, name, index.keywords);
      (index.include ?? []).forEach((included, j) => needField(file, `/x-indexes/${i}/include/${j}`, name, included));
    });
    const stamps = schema['x-stamps'] ?? {};
    for (const when of ['onCreate', 'onUpdate']) for (const field of Object.keys(stamps[when] ?? {})) needField(file, `/x-stamps/${when}${step(field)}`, name, field);
    const machineName = schema['x-machine'];
    const machine = typeof machineName === 'string' ? workflows[machineName] : undefined;
    if (typeof machineName === 'string' && !machine) problems.push({ file, path: '/x-machine', message: `unknown machine ${machineName} (machines/index.ts or schemas/machines/)` });
    if (machineName !== undefined && schema['x-status'] === undefined) problems.push({ file, path: '', message: 'x-machine needs x-status, the field the machine drives' });
    for (const [event, fields] of Object.entries<Record<string, unknown>>(stamps.onEvent ?? {})) {
      const path = `/x-stamps/onEvent${step(event)}`;
      if (!machine) problems.push({ file, path, message: `x-stamps.onEvent needs x-machine` });
      else if (!allEvents(machine).includes(event)) problems.push({ file, path, message: `unknown machine event ${event} of machine ${machineName}: ${allEvents(machine).join(', ')}` });
      for (const field of Object.keys(fields ?? {})) needField(file, path + step(field), name, field);
    }
    eventProblems(file, schema, machine, problems);
    frozenProblems(file, schema, machine, problems);
    sumProblems(file, schema, problems);
    indexProblems(file, schema, problems);
    lineProblems(file, schema, problems);
    listRuleProblems(file, schema, collections, problems);
  }
  fileDomainProblems(files.entities, files.shared['enums.json'].$defs as Record<string, JsonSchema>, problems);
  colorProblems(files, problems);

  for (const [name, schema] of Object.entries(files.search)) {
    const file = `search/${name}.json`;
    const entity = schema['x-entity'];
    needEntity(file, '/x-entity', entity);
    for (const [param, property] of Object.entries<JsonSchema>(schema.properties ?? {})) {
      const filter = property['x-filter'] ?? {};
      const path = `/properties${step(param)}/x-filter`;
      needField(file, `${path}/field`, entity, filter.field);
      ((filter.fields ?? []) as unknown[]).forEach((field, index) => needField(file, `${path}/fields/${index}`, entity, field));
    }
  }

  // A menu page's aliases are routes its children may name as parent.
  const routes = new Set(Object.values(files.screens).flatMap((screen) => [screen.route, ...((screen.aliases ?? []) as string[])]));
  for (const [name, screen] of Object.entries(files.screens)) {
    const file = `screens/${name}.json`;
    const entity = screen.entity as string | undefined;
    needEntity(file, '/entity', entity);
    if (typeof screen.search === 'string' && !files.search[screen.search]) problems.push({ file, path: '/search', message: `unknown search form ${screen.search} (schemas/search/)` });
    ((screen.tabs ?? []) as { search?: unknown }[]).forEach((tab, i) => {
      if (typeof tab?.search === 'string' && !files.search[tab.search]) problems.push({ file, path: `/tabs/${i}/search`, message: `unknown search form ${tab.search} (schemas/search/)` });
    });
    const ui = screen.sheet?.ui;
    if (typeof ui === 'string' && !files.ui[ui]) problems.push({ file, path: '/sheet/ui', message: `unknown uiSchema ${ui} (schemas/ui/)` });
    // A settings screen's form (docs/schemas.md "Settings screens").
    if (typeof screen.ui === 'string' && !files.ui[screen.ui]) problems.push({ file, path: '/ui', message: `unknown uiSchema ${screen.ui} (schemas/ui/)` });
    if (screen.type === 'settings' && (!entity || typeof screen.url !== 'string')) problems.push({ file, path: '', message: 'a settings screen names its entity and url' });
    if (typeof screen.parent === 'string' && !routes.has(screen.parent)) problems.push({ file, path: '/parent', message: `no screen has the route ${screen.parent}` });
    if (typeof screen.record === 'string' && !routes.has(screen.record)) problems.push({ file, path: '/record', message: `no screen has the route ${screen.record}` });
    // A menu page's `items` may name screens not built yet: the menu leaves them out.
    if (!entity) continue;
    ((screen.header?.fields ?? []) as unknown[]).forEach((column, index) => needColumn(file, `/header/fields/${index}`, entity, column));
    wizardProblems(file, entity, screen);
    ((screen.tabs ?? []) as { panels?: PanelFile[] }[]).forEach((tab, i) => (tab?.panels ?? []).forEach((panel, j) => panelProblems(file, `/tabs/${i}/panels/${j}`, entity, panel ?? {})));
    ((screen.sheet?.panels ?? []) as PanelFile[]).forEach((panel, j) => panelProblems(file, `/sheet/panels/${j}`, entity, panel ?? {}));
    ((screen.panels ?? []) as PanelFile[]).forEach((panel, j) => panelProblems(file, `/panels/${j}`, entity, panel ?? {}));
    // A tree's family is an entity; its family field is the items' own.
    const tree = screen.tree as { family?: unknown; familyField?: unknown; order?: unknown } | undefined;
    if (tree) {
      needEntity(file, '/tree/family', tree.family);
      needField(file, '/tree/familyField', entity, tree.familyField);
      if (typeof tree.family === 'string') needField(file, '/tree/order', tree.family, tree.order);
    }
    // A side list's card and kept fields are the entity's; toolbar fields are the search form's.
    const side = screen.side as { keep?: unknown[]; card?: { titleField?: unknown; badgeField?: unknown; lines?: unknown[][] } } | undefined;
    (side?.keep ?? []).forEach((field, i) => needField(file, `/side/keep/${i}`, entity, field));
    needField(file, '/side/card/titleField', entity, side?.card?.titleField);
    needField(file, '/side/card/badgeField', entity, side?.card?.badgeField);
    (side?.card?.lines ?? []).forEach((line, i) => (Array.isArray(line) ? line : []).forEach((field, j) => needField(file, `/side/card/lines/${i}/${j}`, entity, field)));
    ((screen.toolbar ?? []) as { field?: unknown }[]).forEach((item, i) => {
      const form = files.search[screen.search as string];
      if (form && typeof item?.field === 'string' && !Object.hasOwn(form.properties ?? {}, item.field)) problems.push({ file, path: `/toolbar/${i}/field`, message: `unknown field ${item.field}: search form ${screen.search} has no such property` });
    });
    // A search answer's own fields (`x-answer`) are columns too.
    const answerFields = Object.keys(files.search[screen.search as string]?.['x-answer']?.fields ?? {});
    ((screen.columns ?? []) as unknown[]).forEach((column, index) => {
      if (!answerFields.includes(typeof column === 'string' ? column : (column as { field?: string })?.field ?? '')) needColumn(file, `/columns/${index}`, entity, column);
    });
    ((screen.rowActions ?? []) as ActionFile[]).forEach((action, index) => formProblems(file, `/rowActions/${index}/form`, action?.form));
    ((screen.rowActions ?? []) as { when?: Record<string, unknown> }[]).forEach((action, index) => {
      for (const field of Object.keys(action?.when ?? {})) needField(file, `/rowActions/${index}/when${step(field)}`, entity, field);
    });
    // The fields a uiSchema names (its keys, `ui:order`, `ui:sections`), against the entity of the screen using it.
    const uiSchema = typeof ui === 'string' ? files.ui[ui] : undefined;
    if (!uiSchema) continue;
    const uiFile = `ui/${ui}.json`;
    for (const key of Object.keys(uiSchema)) if (!key.startsWith('ui:')) needField(uiFile, step(key), entity, key);
    ((uiSchema['ui:order'] ?? []) as unknown[]).forEach((field, index) => field !== '*' && needField(uiFile, `/ui:order/${index}`, entity, field));
    ((uiSchema['ui:sections'] ?? []) as { fields?: unknown[] }[]).forEach((section, i) =>
      (section?.fields ?? []).forEach((field, j) => needField(uiFile, `/ui:sections/${i}/fields/${j}`, entity, field)),
    );
  }
  return problems;
}

/**
 * The machines written as JSON (schemas/machines/<id>.json) that build: each named like its file,
 * not like a machine of machines/, with the engine's guards only.
 */
export function configMachines(configs: Record<string, JsonSchema>, codeWorkflows: Record<string, AnyStateMachine>, problems: SchemaProblem[]): Record<string, AnyStateMachine> {
  const built: Record<string, AnyStateMachine> = {};
  for (const [name, config] of Object.entries(configs)) {
    const file = `machines/${name}.json`;
    if (config.id !== name) problems.push({ file, path: '/id', message: `the machine id must be its file name (${name})` });
    else if (Object.hasOwn(codeWorkflows, name)) problems.push({ file, path: '/id', message: `machines/ already has a machine ${name}` });
    else if (typeof config.initial !== 'string' || typeof config.states !== 'object') problems.push({ file, path: '', message: 'a machine needs initial and states' });
    else {
      const unknown = unknownGuards(config);
      if (unknown.length) problems.push({ file, path: '', message: `unknown guard ${unknown.join(', ')} (the engine's are ${CONFIG_GUARDS.join(', ')})` });
      try {
        if (!unknown.length) built[name] = machineFromConfig(config as MachineConfig);
      } catch (error) {
        problems.push({ file, path: '', message: (error as Error).message.replace(/\s+/g, ' ') });
      }
    }
  }
  return built;
}

/** Every problem of the configuration's files (none: it is sound). */
export function checkSchemaFiles(files: ConfigFiles, codeWorkflows: Record<string, AnyStateMachine> = allWorkflows): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const workflows = { ...codeWorkflows, ...configMachines(files.machines, codeWorkflows, problems) };
  const meta = metaValidators();
  for (const kind of Object.keys(META_SCHEMAS) as Kind[]) {
    for (const [name, content] of Object.entries(files[kind])) problems.push(...metaProblems(`${kind}/${name}.json`, content, meta[kind]));
  }
  problems.push(...patternProblems('entities', files.entities), ...patternProblems('search', files.search));
  problems.push(...crossProblems(files, workflows));
  problems.push(...tableProblems(files.tables, files.shared['enums.json'].$defs as Record<string, JsonSchema>));
  problems.push(...lookupProblems(files));
  for (const [key, use] of labelKeys(files, workflows)) {
    for (const lang of LANGUAGES) {
      const label = files.locales[lang][key];
      if (typeof label !== 'string' || !label.trim()) problems.push({ ...use, message: `no ${lang} label for ${key} (schemas/locales/${lang}.json)` });
    }
  }
  return problems;
}
