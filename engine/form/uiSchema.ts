import type { TFunction } from 'i18next';
import { humanize, titleText } from '../i18n';
import { fieldKind, propertiesOf, type FieldKind } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import { rolesAllow, type RoleRule } from '../schema/roles';

/**
 * The RJSF uiSchema the engine renders with: the screen's ui file (schemas/ui) completed with
 * translated titles, the widget each field kind needs, and grid spans. What the ui file says wins.
 */
export type FormMode = 'create' | 'edit' | 'filter';
export type UiSchema = Record<string, any>;

const GRID_COLUMNS = 12;
const DEFAULT_SPAN = 6;

const widgetByKind: Partial<Record<FieldKind, string>> = {
  date: 'date',
  yearMonth: 'yearMonth',
  dateTime: 'dateTime',
  enum: 'enumSelect',
  enumList: 'enumSelect',
  lookup: 'lookup',
  lookupList: 'lookup',
  tags: 'tags',
  longText: 'textarea',
  boolean: 'checkbox',
};

/** Fields picked from a list: in a filter, empty means "any". */
const choiceKinds: FieldKind[] = ['enum', 'enumList', 'lookup', 'lookupList', 'tags'];

/** Relative width of a field in a table-like row of an array of objects. */
const rowWeight: Partial<Record<FieldKind, number>> = {
  boolean: 1,
  date: 2,
  yearMonth: 2,
  enum: 2,
  integer: 2,
  number: 2,
  lookup: 3,
  lookupList: 3,
  tags: 3,
  enumList: 3,
  longText: 5,
};

export function defaultSpan(kind: FieldKind, widget?: string): number {
  if (widget === 'textarea' || kind === 'longText' || kind === 'objectList' || kind === 'object') return GRID_COLUMNS;
  return DEFAULT_SPAN;
}

/**
 * Spans of an array item's fields laid out as one table row, or null when the ui file asks for
 * wider fields than a row holds (the items are then shown as cards).
 */
export function rowSpans(fields: { name: string; kind: FieldKind; span?: number }[]): Record<string, number> | null {
  if (!fields.length) return {};
  // Fields without a span need at least one column each.
  const needed = fields.reduce((sum, f) => sum + (f.span ?? 1), 0);
  if (needed > GRID_COLUMNS || fields.some((f) => f.kind === 'objectList' || f.kind === 'object')) return null;
  const weights = fields.map((f) => f.span ?? rowWeight[f.kind] ?? 3);
  const total = weights.reduce((a, b) => a + b, 0);
  // Scale to 12 columns, at least 1 each, then give the rounding rest to the widest fields.
  const spans = weights.map((w) => Math.max(1, Math.floor((w * GRID_COLUMNS) / total)));
  let rest = GRID_COLUMNS - spans.reduce((a, b) => a + b, 0);
  const order = weights.map((w, i) => [w, i]).sort((a, b) => b[0] - a[0]).map(([, i]) => i);
  for (let k = 0; rest > 0; k = (k + 1) % order.length, rest -= 1) spans[order[k]] += 1;
  for (let k = 0; rest < 0; k = (k + 1) % order.length) {
    if (spans[order[k]] > 1) {
      spans[order[k]] -= 1;
      rest += 1;
    }
  }
  return Object.fromEntries(fields.map((f, i) => [f.name, spans[i]]));
}

interface BuildOptions {
  t: TFunction;
  mode: FormMode;
  /** The caller's permission flags: an `x-writeRoles` field none of them allows is shown disabled. */
  roles?: readonly string[];
}

const writeLocked = (prop: JsonSchema, roles: readonly string[] | undefined) => !rolesAllow(prop['x-writeRoles'], roles ?? []);

/** The enum values of an `x-valueRoles` field the caller may not choose (RJSF shows them disabled). */
const valuesLocked = (prop: JsonSchema, roles: readonly string[] | undefined): string[] =>
  Object.entries((prop['x-valueRoles'] ?? {}) as Record<string, RoleRule[]>)
    .filter(([, rule]) => !rolesAllow(rule, roles ?? []))
    .map(([value]) => value);

function fieldUi(name: string, prop: JsonSchema, given: UiSchema | undefined, options: BuildOptions): UiSchema {
  const kind = fieldKind(prop);
  const ui: UiSchema = { ...given };
  const givenOptions = { ...(given?.['ui:options'] ?? {}) };
  ui['ui:title'] ??= prop.title ? titleText(options.t, prop.title) : humanize(name);
  // A placeholder or a help text a uiSchema gives is a label key.
  for (const key of ['ui:placeholder', 'ui:help'] as const) if (typeof given?.[key] === 'string') ui[key] = options.t(given[key]);
  if (prop.readOnly && options.mode === 'create') ui['ui:widget'] = 'hidden';
  if (options.mode !== 'filter' && writeLocked(prop, options.roles)) ui['ui:disabled'] = true;
  const lockedValues = options.mode === 'filter' ? [] : valuesLocked(prop, options.roles);
  if (lockedValues.length) ui['ui:enumDisabled'] = lockedValues;
  ui['ui:widget'] ??= options.mode === 'filter' && kind === 'boolean' ? 'switch' : widgetByKind[kind];
  if (!ui['ui:widget']) delete ui['ui:widget'];
  if (options.mode === 'filter') {
    givenOptions.span = GRID_COLUMNS;
    if (choiceKinds.includes(kind)) ui['ui:placeholder'] ??= options.t('engine.search.any');
  }
  givenOptions.span ??= defaultSpan(kind, ui['ui:widget']);
  ui['ui:options'] = givenOptions;
  if (kind === 'objectList') ui.items = itemsUi(prop.items, given?.items, options);
  // An object field's own fields get their titles, widgets and spans like the record's.
  if (kind === 'object') Object.assign(ui, objectUi(prop, given, options), { 'ui:title': ui['ui:title'], 'ui:options': givenOptions });
  if (kind === 'object' && prop['x-text']?.language) sideBySide(ui, Object.keys(propertiesOf(prop)), given);
  return ui;
}

/** Per-language names (`x-text.language`) are typed side by side, one language per column, under the field's title. */
function sideBySide(ui: UiSchema, fields: string[], given: UiSchema | undefined): void {
  const span = Math.max(1, Math.floor(GRID_COLUMNS / Math.max(1, fields.length)));
  for (const field of fields) ui[field]['ui:options'] = { ...ui[field]['ui:options'], span: given?.[field]?.['ui:options']?.span ?? span };
}

function itemsUi(itemSchema: JsonSchema, given: UiSchema | undefined, options: BuildOptions): UiSchema {
  const props = propertiesOf(itemSchema);
  const built = objectUi(itemSchema, given, options);
  const spans = rowSpans(
    Object.entries(props).map(([name, prop]) => ({ name, kind: fieldKind(prop), span: given?.[name]?.['ui:options']?.span })),
  );
  if (!spans) return { ...built, 'ui:options': { ...built['ui:options'], layout: 'card' } };
  for (const name of Object.keys(props)) {
    built[name]['ui:options'] = { ...built[name]['ui:options'], span: spans[name], label: false };
  }
  return { ...built, 'ui:options': { ...built['ui:options'], layout: 'row' } };
}

function objectUi(schema: JsonSchema, given: UiSchema | undefined, options: BuildOptions): UiSchema {
  const ui: UiSchema = { ...given };
  for (const [name, prop] of Object.entries(propertiesOf(schema))) ui[name] = fieldUi(name, prop, given?.[name], options);
  return ui;
}

/** RJSF passes `ui:sections` of the ui file to the object template as `options.sections`. */
export function buildUiSchema(schema: JsonSchema, given: UiSchema | undefined, options: BuildOptions): UiSchema {
  return objectUi(schema, given, options);
}
