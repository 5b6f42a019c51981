import type { AnyStateMachine } from 'xstate';
import { allEvents } from '../../machines/workflow';
import type { JsonSchema, SharedDefs } from '../../engine/schema/resolve';
import { RANKED_LIST_LABELS } from '../../engine/search/ranked/labels';

/** The configuration files under schemas/, by kind and name (without `.json`). */
export interface SchemaFiles {
  entities: Record<string, JsonSchema>;
  search: Record<string, JsonSchema>;
  screens: Record<string, JsonSchema>;
  ui: Record<string, JsonSchema>;
  shared: SharedDefs;
}

/** Where a label key is used: a file of schemas/ and the JSON pointer in it. */
export interface Use {
  file: string;
  path: string;
}

/** Keys holding data, not schema: their content is never a label (a notes or history panel's `rowFields` names fields). */
const dataKeys = new Set(['default', 'const', 'enum', 'examples', 'x-filter', 'x-lookup', 'x-stamps', 'x-visibility', 'rowFields']);
/** uiSchema keywords whose value is a label key (`required`: a rule's own message, under `ui:messages`). */
const uiLabelKeys = new Set(['title', 'ui:title', 'ui:description', 'ui:help', 'ui:placeholder', 'required']);
/** Screen keywords whose value is a label key (titles, row actions, delete texts, record headers' questions, alerts and tooltips, a wizard's headings, badges and save messages). */
const screenLabelKeys = new Set(['title', 'description', 'label', 'confirm', 'success', 'failure', 'refused', 'xLabel', 'yLabel', 'message', 'text', 'tooltip', 'notice', 'submit', 'empty', 'confirmTitle', 'heading', 'badge', 'created', 'updated']);

/** A JSON pointer step (RFC 6901). */
export const step = (key: string | number) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Every string found under one of `names`, at any depth (skipping data keys), with its pointer. */
function stringsUnder(value: unknown, names: Set<string>, path = '', found: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((item, index) => stringsUnder(item, names, path + step(index), found));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (dataKeys.has(key)) continue;
      if (names.has(key) && typeof child === 'string') found.push([child, path + step(key)]);
      else stringsUnder(child, names, path + step(key), found);
    }
  }
  return found;
}

/** The label keys schemas/ and the workflows use, each with its first use. */
export function labelKeys(files: SchemaFiles, workflows: Record<string, AnyStateMachine>): Map<string, Use> {
  const used = new Map<string, Use>();
  const add = (file: string, keys: Iterable<[string, string]>) => {
    for (const [key, path] of keys) if (!used.has(key)) used.set(key, { file, path });
  };
  for (const [name, schema] of Object.entries(files.entities)) {
    // Titles, and the message keys of field rules (`notAbove.message`); an `x-sums` message is a server error text (sumProblems).
    const { 'x-sums': _serverMessages, ...labelled } = schema;
    add(`entities/${name}.json`, stringsUnder(labelled, new Set(['title', 'message'])));
    add(`entities/${name}.json`, Object.entries<string>(schema['x-messages'] ?? {}).map(([kind, key]) => [key, `/x-messages${step(kind)}`]));
  }
  for (const [name, schema] of Object.entries(files.search)) add(`search/${name}.json`, stringsUnder(schema, new Set(['title', 'x-rangeTitle'])));
  for (const [name, screen] of Object.entries(files.screens)) {
    add(`screens/${name}.json`, stringsUnder(screen, screenLabelKeys));
    // A side panel's texts are keys under its `labels` prefix.
    const prefix = screen.side?.labels;
    if (typeof prefix === 'string') add(`screens/${name}.json`, RANKED_LIST_LABELS.map((suffix) => [`${prefix}.${suffix}`, '/side/labels']));
  }
  for (const [name, ui] of Object.entries(files.ui)) add(`ui/${name}.json`, stringsUnder(ui, uiLabelKeys));
  // Shared formats (quantity, address) carry their own field labels; the file's own title is prose.
  add('formats.json', stringsUnder(files.shared['formats.json'].$defs, new Set(['title']), '/$defs'));
  for (const [defName, def] of Object.entries<JsonSchema>(files.shared['enums.json'].$defs ?? {})) {
    add('enums.json', ((def.enum ?? []) as unknown[]).map((value, index) => [`enum.${defName}.${String(value)}`, `/$defs${step(defName)}/enum/${index}`]));
  }
  for (const [name, machine] of Object.entries(workflows)) add(`machines/${name}`, allEvents(machine).map((event) => [`workflow.${name}.${event}`, `/events${step(event)}`]));
  return used;
}
