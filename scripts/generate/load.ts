import { readFileSync } from 'node:fs';
import type { JsonSchema } from '../../engine/schema/resolve';
import { loadConfigFiles, type ConfigFiles } from '../../server/schemaLoader';

/** The configuration under `schemas/` as server/schemaLoader.ts reads and checks it: file name (without `.json`) → parsed content, sorted by name. */
export type SchemaTree = ConfigFiles;

/** A JSON file that is no configuration (package.json, a locale file a test compares). */
export function readJson(file: string): any {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** The configuration, from the server's one loader (a problem stops the generation with the problems `npm run check:schemas` prints). */
export const loadSchemaTree = (root = 'schemas'): SchemaTree => loadConfigFiles(root);

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
