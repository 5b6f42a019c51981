import { propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import type { UiSchema } from '../form/uiSchema';

/**
 * Screens whose route has named parameters (`/owners/:ownerId/items`) are scoped by them:
 * a parameter that is a property of the search form is a fixed filter of every search, the
 * default of that field in a new record, and read-only in the sheet (docs/schemas.md).
 */
export type RouteParams = Readonly<Record<string, string | undefined>>;

function typesOf(prop: JsonSchema): string[] {
  return Array.isArray(prop.type) ? prop.type : [prop.type];
}

/** A parameter's text as the property's type; text that is not a number stays text (the server refuses it). */
export function paramValue(prop: JsonSchema, text: string): unknown {
  const types = typesOf(prop);
  if (types.includes('integer') || types.includes('number')) {
    const number = Number(text);
    return text.trim() !== '' && Number.isFinite(number) ? number : text;
  }
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The fixed filters of a screen: route parameters named like a search form property. */
export function routeFilters(search: JsonSchema, params: RouteParams): Record<string, unknown> {
  const props = propertiesOf(search);
  return Object.fromEntries(
    Object.entries(params)
      .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '' && entry[0] in props)
      .map(([name, text]) => [name, paramValue(props[name], text)]),
  );
}

/** Fixed filters a new record takes as values: writable properties of the entity only. */
export function createDefaults(entity: JsonSchema, fixed: Record<string, unknown>): Record<string, unknown> {
  const props = propertiesOf(entity);
  return Object.fromEntries(Object.entries(fixed).filter(([name]) => props[name] && !props[name].readOnly));
}

/** The sheet's uiSchema with the scope fields read-only (the record belongs to the scope). */
export function withReadonlyFields(ui: UiSchema | undefined, fields: string[]): UiSchema | undefined {
  if (!fields.length) return ui;
  const next: UiSchema = { ...ui };
  for (const field of fields) next[field] = { ...next[field], 'ui:readonly': true };
  return next;
}

/** `/owners/:ownerId/items` with `{ownerId: '7'}` → `/owners/7/items`; null when a parameter is missing. */
export function fillRoute(route: string, params: RouteParams): string | null {
  let missing = false;
  const path = route.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? null : path;
}

/** The parameter of a record route that holds the record id: its last `:name`. */
export const idParamOf = (route: string) => [...route.matchAll(/:(\w+)/g)].pop()?.[1] ?? 'id';

/**
 * An `x-api` with `{name}` parameters (`/companies/{companyId}/items`) filled from the screen's
 * route parameters; null while one is missing (no call is made).
 */
export function fillApi(api: string | undefined, params: RouteParams): string | null {
  if (!api) return null;
  let missing = false;
  const path = api.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? null : path;
}
