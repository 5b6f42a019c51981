import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { AppConfig, ScreenConfig } from '../config';
import { defaultRange, RANGE_FIELDS, type DateRange } from '../dates';
import { prefetchGet } from '../prefetch';
import { compactQuery, propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import { fillApi, paramValue, routeFilters, type RouteParams } from './routeParams';

/**
 * What a search screen asks first, known from its config and route alone: the app starts that
 * search while the screen's code loads (`useFirstSearch`), and the screen starts from the same
 * values, so the answer it takes is the one it would have asked for.
 */
type Row = Record<string, unknown>;

const EMPTY_SEARCH: JsonSchema = { type: 'object', properties: {} };

/** A screen's search form (`search`), or an empty one. */
export const searchSchemaOf = (screen: ScreenConfig, config: AppConfig): JsonSchema => config.search[screen.search ?? ''] ?? EMPTY_SEARCH;

/** Whether the search form has a period (fromDate and toDate). */
export const hasRangeOf = (search: JsonSchema) => RANGE_FIELDS.every((name) => name in propertiesOf(search));

/** The search form without the dates (the toolbar's range picker edits them), the toolbar's fields and the fields the route fixes. */
export function panelSchema(search: JsonSchema, leftOut: string[]): JsonSchema {
  // `x-hidden`: a parameter other screens' calls take (a record page's related list), never a filter of the panel.
  const left = (name: string) => !RANGE_FIELDS.includes(name) && !leftOut.includes(name) && propertiesOf(search)[name]?.['x-hidden'] !== true;
  const properties = Object.fromEntries(Object.entries(propertiesOf(search)).filter(([name]) => left(name)));
  return { ...search, properties, required: (search.required ?? []).filter(left) };
}

/**
 * Criteria given in the address (`?ownerId=12&steps=OPEN&steps=DONE`, a
 * chart's click-through): each parameter named like a property of the form, a list repeated, each
 * value typed as its property (the server refuses what does not fit).
 */
export function addressCriteria(search: JsonSchema, address?: URLSearchParams): Row {
  if (!address) return {};
  const out: Row = {};
  for (const [name, prop] of Object.entries(propertiesOf(search))) {
    const texts = address.getAll(name).filter((text) => text !== '');
    if (!texts.length) continue;
    out[name] = prop.type === 'array' ? texts.map((text) => paramValue((prop.items as JsonSchema | undefined) ?? {}, text)) : paramValue(prop, texts[0]);
  }
  return out;
}

/** The first period: the address's dates when it gives one, else the search form's `x-defaultRange`. */
export function firstRange(search: JsonSchema, address?: URLSearchParams): DateRange {
  const given = addressCriteria({ properties: Object.fromEntries(RANGE_FIELDS.map((name) => [name, { type: 'string' }])) }, address);
  if (given.fromDate || given.toDate) return { fromDate: (given.fromDate as string) ?? null, toDate: (given.toDate as string) ?? null };
  return defaultRange(search['x-defaultRange']);
}

/** A search form's `default`s, and over them the criteria the address gives: the first filter (the user may clear them). */
export const firstFilter = (filterSchema: JsonSchema, address?: URLSearchParams): Row => ({
  ...Object.fromEntries(Object.entries(propertiesOf(filterSchema)).filter(([, prop]) => prop.default !== undefined).map(([name, prop]) => [name, prop.default])),
  ...addressCriteria(filterSchema, address),
});

/** The criteria that filter: a flag (a boolean whose `default` is false) filters only when true, so false is neither counted, saved nor sent. */
export function criteria(filter: Row, search: JsonSchema): Row {
  const props = propertiesOf(search);
  return compactQuery(Object.fromEntries(Object.entries(filter).filter(([name, value]) => !(value === false && props[name]?.default === false))));
}

/**
 * `x-view`: the property by which a search form's screens ask for only the fields they show (docs/schemas.md "What a
 * search reads"); other callers of the call, which name no view, get whole records.
 */
function screenView(search: JsonSchema): Row {
  const name = Object.entries(propertiesOf(search)).find(([, prop]) => prop['x-view'] === true)?.[0];
  return name ? { [name]: 'screen' } : {};
}

/** The query of a search screen: the criteria, the period when the form has one, the route's fixed filters and the screen's view. */
export const searchQuery = (search: JsonSchema, applied: Row, range: DateRange | null, fixed: Row): Row => ({ ...applied, ...(range ?? {}), ...fixed, ...screenView(search) });

/** The call a search screen reads: its search form's `x-url` (a search of its own), else its entity's `x-api`. */
export const searchApi = (search: JsonSchema, entity: JsonSchema | undefined, params: RouteParams): string | null =>
  fillApi((search['x-url'] as string | undefined) ?? entity?.['x-api'], params);

/** The first search of a screen at a route: its path and query, or null when the screen searches nothing. */
export function firstSearch(screen: ScreenConfig, config: AppConfig, params: RouteParams, address?: URLSearchParams): { path: string; query: Row } | null {
  if (screen.type !== 'search') return null;
  const search = searchSchemaOf(screen, config);
  const api = searchApi(search, config.entities[screen.entity ?? ''], params);
  if (typeof api !== 'string') return null;
  const fixed = routeFilters(search, params);
  const toolbarFields = (screen.toolbar ?? []).map((item) => item.field);
  const applied = criteria(firstFilter(panelSchema(search, [...Object.keys(fixed), ...toolbarFields]), address), search);
  return { path: `${api}/`, query: compactQuery(searchQuery(search, applied, hasRangeOf(search) ? firstRange(search, address) : null, fixed)) };
}

/**
 * Starts a search screen's first search as its route renders, before the screen's code has
 * arrived (an effect would wait for it). Once per mount; a render React throws away and redoes
 * finds the same search already on its way (engine/prefetch.ts).
 */
export function useFirstSearch(screen: ScreenConfig, config: AppConfig): void {
  const params = useParams();
  const [address] = useSearchParams();
  useState(() => {
    const first = firstSearch(screen, config, params, address);
    if (first) prefetchGet(first.path, first.query);
    return null;
  });
}
