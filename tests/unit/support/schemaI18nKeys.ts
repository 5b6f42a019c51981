import type { AnyStateMachine } from 'xstate';
import { allEvents } from '../../../machines/workflow';
import type { SchemaTree } from '../../../scripts/generate/load';

/** Keys holding data, not schema: their content is never a label. */
const dataKeys = new Set(['default', 'const', 'enum', 'examples', 'x-filter', 'x-lookup', 'x-stamps', 'x-visibility']);
/** uiSchema keywords whose value is a label key. */
const uiLabelKeys = new Set(['title', 'ui:title', 'ui:description', 'ui:help', 'ui:placeholder']);

/** Screen keywords whose value is a label key (titles, row actions, delete texts). */
const screenLabelKeys = new Set(['title', 'description', 'label', 'confirm', 'success', 'refused']);

/** Every string found under one of `names`, at any depth (skipping data keys). */
function stringsUnder(value: unknown, names: Set<string>, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => stringsUnder(item, names, found));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (dataKeys.has(key)) continue;
      if (names.has(key) && typeof child === 'string') found.add(child);
      else stringsUnder(child, names, found);
    }
  }
  return found;
}

/** The i18n keys schemas/ and the workflows use, each with where it is used (for failure messages). */
export function schemaI18nKeys(tree: SchemaTree, workflows: Record<string, AnyStateMachine>): Map<string, string> {
  const used = new Map<string, string>();
  const add = (keys: Iterable<string>, where: string) => {
    for (const key of keys) if (!used.has(key)) used.set(key, where);
  };
  for (const [name, schema] of Object.entries(tree.entities)) {
    add(stringsUnder(schema, new Set(['title'])), `entities/${name}.json`);
    add(Object.values(schema['x-messages'] ?? {}) as string[], `entities/${name}.json x-messages`);
  }
  for (const [name, schema] of Object.entries(tree.search)) add(stringsUnder(schema, new Set(['title'])), `search/${name}.json`);
  for (const [name, screen] of Object.entries(tree.screens)) add(stringsUnder(screen, screenLabelKeys), `screens/${name}.json`);
  for (const [name, ui] of Object.entries(tree.ui)) add(stringsUnder(ui, uiLabelKeys), `ui/${name}.json`);
  // Shared formats (quantity, address) carry their own field labels; the file's own title is prose.
  add(stringsUnder(tree.shared['formats.json'].$defs, new Set(['title'])), 'formats.json');
  for (const [defName, def] of Object.entries(tree.shared['enums.json'].$defs)) {
    add((def.enum as unknown[]).map((value) => `enum.${defName}.${String(value)}`), 'enums.json');
  }
  for (const [name, machine] of Object.entries(workflows)) add(allEvents(machine).map((event) => `workflow.${name}.${event}`), `machines: ${name}`);
  return used;
}
