import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonSchema, SharedDefs } from '../../engine/schema/resolve';

/** The JSON configuration under `schemas/`, file name (without `.json`) → parsed content, sorted by name. */
export interface SchemaTree {
  root: string;
  shared: SharedDefs;
  entities: Record<string, JsonSchema>;
  search: Record<string, JsonSchema>;
  screens: Record<string, JsonSchema>;
  ui: Record<string, JsonSchema>;
}

export function readJson(file: string): any {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** Every `*.json` file of a folder (none when the folder does not exist). */
export function readJsonFolder(folder: string): Record<string, any> {
  if (!existsSync(folder)) return {};
  const names = readdirSync(folder).filter((name) => name.endsWith('.json')).sort();
  return Object.fromEntries(names.map((name) => [name.slice(0, -'.json'.length), readJson(join(folder, name))]));
}

export function loadSchemaTree(root = 'schemas'): SchemaTree {
  return {
    root,
    shared: { 'enums.json': readJson(join(root, 'enums.json')), 'formats.json': readJson(join(root, 'formats.json')) },
    entities: readJsonFolder(join(root, 'entities')),
    search: readJsonFolder(join(root, 'search')),
    screens: readJsonFolder(join(root, 'screens')),
    ui: readJsonFolder(join(root, 'ui')),
  };
}

/** `capaType` → `CapaType`, `search/capa` → `SearchCapa`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** TypeScript / OpenAPI name of an enum definition: its `title` when it is an identifier, else the PascalCase def name. */
export function enumTypeName(defName: string, def: JsonSchema): string {
  return typeof def.title === 'string' && /^[A-Z][A-Za-z0-9]*$/.test(def.title) ? def.title : pascalCase(defName);
}

/**
 * A search form by its file name, else the first whose `x-entity` is this entity (as the server picks
 * an entity's search: the form named after it first).
 */
export function searchFormOf(tree: SchemaTree, name: string): [string, JsonSchema] | undefined {
  if (tree.search[name]) return [name, tree.search[name]];
  return Object.entries(tree.search).find(([, form]) => form['x-entity'] === name);
}
