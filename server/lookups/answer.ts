import type { Caller } from '../context';
import type { Language } from '../i18n';
import { canSee, visibleScope } from '../resources/visibility';
import { entityRules } from '../resources/entityRules';
import type { EntityDef, Registry } from '../schemas';
import { and, eq, fieldReader, or, type Condition, type Scalar } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
import { keywordsOf, normalize } from '../text';
import { networkCompanyIds } from '../networkLinks/links';
import { kindOf, type LookupLabel, type LookupScope, type LookupSource } from './config';
import type { LookupRequest } from './request';
import { providedItems } from './providers';

/**
 * The one answer of every configured lookup (schemas/lookups.json): the items of a source the
 * caller may see, narrowed by the call, named in the caller's language. The write check
 * (server/resources/lookups.ts) asks `lookupAccepts` the same question for a value.
 */
export interface LookupItem {
  value: string | number;
  label: string;
}

export interface LookupContext {
  db: Reader;
  registry: Registry;
  caller: Caller;
  language: Language;
}

/** The configured source answering at a lookup url (its query string aside). */
export function lookupAt(registry: Registry, url: string): LookupSource | undefined {
  const path = url.split('?')[0];
  return Object.values(registry.lookups).find((source) => source.paths.includes(path));
}

/** A value of a field in the reader's language: a localized names object gives its language, else English. */
function textOf(value: unknown, language: Language): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const names = value as Record<string, unknown>;
    return String(names[language] || names.en || '');
  }
  return value === undefined || value === null ? '' : String(value);
}

export function labelOf(label: LookupLabel | undefined, record: Row, language: Language, fallback: unknown): string {
  const read = (field: string) => textOf(fieldReader(field)(record), language);
  let text = '';
  if (typeof label === 'string') text = read(label);
  else if (Array.isArray(label)) text = label.map(read).find((part) => part.trim()) ?? '';
  // Brackets around a part that is missing (a contact without company) go with it.
  else if (label) text = label.template.replace(/\{([\w.]+)\}/g, (_, field: string) => read(field)).replace(/\(\s*\)/g, '').replace(/\s+/g, ' ');
  return text.trim() || String(fallback);
}

/**
 * Whose records the caller sees (spec §6: its company, its network — itself and its ACTIVE partners,
 * docs/network.md —, its universe's companies, its universe's shared lists, or the entity's own rule).
 */
async function scopeCondition(context: LookupContext, scope: LookupScope, entity: EntityDef | undefined): Promise<Condition | undefined> {
  const { caller } = context;
  const universe = eq('universeId', caller.universeId);
  const ownCompany = eq('companyId', caller.company.companyId);
  switch (scope) {
    case 'company':
      return and(universe, ownCompany);
    case 'partners': {
      const companies = await networkCompanyIds(context.db, caller);
      return and(universe, companies && { op: 'in', field: 'companyId', values: companies });
    }
    case 'network':
      return universe;
    case 'universe':
      return and(universe, or(eq('companyId', null), ownCompany));
    case 'global':
      return undefined;
    case 'entity':
      return entity ? visibleScope(entity, caller) : and(universe, eq('universeId', -1));
  }
}

/** The scope a call answers with: a true parameter's own `scope` (includeUniverse), else the source's. */
function scopeOf(source: LookupSource, request?: LookupRequest): LookupScope {
  const widened = Object.entries(source.params ?? {}).find(([name, param]) => param.scope && request?.params[name]?.[0] === true);
  return widened?.[1].scope ?? source.scope ?? 'company';
}

/** The scopes a written value may come from: the source's and those its parameters switch to. */
const pickableScopes = (source: LookupSource): LookupScope[] => [
  ...new Set([source.scope ?? 'company', ...Object.values(source.params ?? {}).flatMap((param) => (param.scope ? [param.scope] : []))]),
];

const entityOf = (registry: Registry, collection: string | undefined) => [...registry.entities.values()].find((entity) => entity.collection === collection);

/** The record-level rule of an `entity` scope where the entity has one of its own (a service), besides the store condition. */
function seesOf(source: LookupSource, entity: EntityDef | undefined, caller: Caller): ((record: Stored<Row>) => boolean) | undefined {
  if (source.scope !== 'entity' || !entity) return undefined;
  const sees = entityRules(entity.name)?.sees;
  return sees ? (record) => sees(record, caller) : (record) => canSee(entity, record, caller);
}

const whereOf = (where: LookupSource['where']): Condition[] =>
  Object.entries(where ?? {}).map(([field, value]) => (Array.isArray(value) ? { op: 'in', field, values: value } : eq(field, value)));

/** The fields a parameter narrows on (those another parameter's value picks, when it says so). */
function paramFields(source: LookupSource, name: string, request: LookupRequest): string[] {
  const param = source.params![name];
  const by = param.fieldsBy && request.params[param.fieldsBy.param]?.[0];
  if (by !== undefined && param.fieldsBy!.fields[String(by)]) return param.fieldsBy!.fields[String(by)];
  return param.fields ?? (param.field ? [param.field] : []);
}

/** The declared parameters as store conditions (collection and distinct sources). */
function paramConditions(source: LookupSource, request: LookupRequest): Condition[] {
  return Object.entries(request.params).flatMap(([name, values]) => {
    const fields = paramFields(source, name, request);
    if (!fields.length) return [];
    return [or(...fields.map((field): Condition => ({ op: 'in', field, values: values as Scalar[] })))];
  });
}

/** The declared parameters on an item of a fixed list or an enum. */
function paramsMatch(source: LookupSource, request: LookupRequest, item: Row): boolean {
  return Object.entries(request.params).every(([name, values]) => {
    const fields = paramFields(source, name, request);
    const prefix = source.params![name].match === 'prefix';
    return !fields.length || fields.some((field) => values.some((value) => (prefix ? String(item[field]).startsWith(`${String(value)}_`) : item[field] === value)));
  });
}

const hideOf = (hide: LookupSource['hide']): Condition | undefined => {
  const hides = Object.entries(hide ?? {}).map(([field, value]) => eq(field, value));
  return hides.length ? or(...hides) : undefined;
};

/** Records the source leaves out of its list: hidden themselves, or naming a hidden joined record (a contact of an archived company). */
async function hidden(context: LookupContext, source: LookupSource): Promise<Condition | undefined> {
  const own = hideOf(source.hide);
  const joined = await Promise.all(
    Object.values(source.joins ?? {}).map(async (join): Promise<Condition | undefined> => {
      const hide = hideOf(join.hide);
      if (!hide) return undefined;
      const rows = await context.db.query({ collection: join.collection, where: and(eq('universeId', context.caller.universeId), hide) });
      // `in` of an empty list matches everything: only when some are hidden.
      return rows.length ? { op: 'in', field: join.on, values: rows.map((row) => row[join.id] as Scalar) } : undefined;
    }),
  );
  const hides = [own, ...joined].filter((condition): condition is Condition => !!condition);
  return hides.length ? { op: 'not', condition: or(...hides) } : undefined;
}

/** The records with their joined records under the join names (`company`), for their labels. */
async function withJoins(context: LookupContext, source: LookupSource, rows: Stored<Row>[]): Promise<Row[]> {
  const joins = Object.entries(source.joins ?? {});
  if (!joins.length || !rows.length) return rows;
  const found = await Promise.all(
    joins.map(async ([, join]) => {
      const ids = [...new Set(rows.map((row) => row[join.on]).filter((id) => id !== undefined && id !== null))] as Scalar[];
      const joined = ids.length ? await context.db.query({ collection: join.collection, where: { op: 'in', field: join.id, values: ids } }) : [];
      return new Map(joined.map((record) => [record[join.id], record]));
    }),
  );
  return rows.map((row) => ({ ...row, ...Object.fromEntries(joins.map(([name, join], index) => [name, found[index].get(row[join.on])])) }));
}

/**
 * Where `q` is searched: a capped source (`limit`) searches its `match` fields in the store, before
 * the cap; any other source its items, each word in the label or in a `match` field.
 */
const qInStore = (source: LookupSource) => source.limit !== undefined && !!source.match?.length;

const textMatches = (texts: string[], q: string) => {
  const normalized = texts.map(normalize);
  return keywordsOf(q).every((word) => normalized.some((text) => text.includes(word)));
};

const byLabel = (items: LookupItem[]) => items.sort((a, b) => a.label.localeCompare(b.label));

/** The enum, fixed-list or provided items of a source, in their declared order. */
async function fixedItems(context: LookupContext, source: LookupSource, request?: LookupRequest): Promise<{ item: Row; label: string }[]> {
  if (source.provider) return (await providedItems(source.provider, request?.params ?? {})).map((item) => ({ item, label: labelOf(source.label ?? 'value', item, context.language, item.value) }));
  if (source.list) return source.list.map((item) => ({ item, label: labelOf(source.label ?? 'value', item, context.language, item.value) }));
  const values = source.values ?? ((context.registry.enums[source.enum!]?.enum ?? []) as string[]);
  const labels = context.registry.locales[context.language] ?? {};
  return values.map((value) => ({ item: { value }, label: source.label === 'value' ? value : (labels[`enum.${source.enum}.${value}`] ?? value) }));
}

/** The records of a collection source the caller may pick (or one, by id or uuid: hidden ones too). */
async function records(context: LookupContext, source: LookupSource, request: LookupRequest, collection: string): Promise<Stored<Row>[]> {
  const entity = entityOf(context.registry, collection);
  const one = request.id !== undefined ? eq(source.value ?? 'id', request.id) : request.uuid !== undefined ? eq('uuid', request.uuid) : undefined;
  const q = !one && request.q.trim() && qInStore(source) ? { op: 'keywords' as const, fields: source.match!, value: request.q } : undefined;
  const where = and(await scopeCondition(context, scopeOf(source, request), entity), ...whereOf(source.where), ...paramConditions(source, request), one ?? (await hidden(context, source)), q);
  const sees = seesOf(source, entity, context.caller);
  const query = { collection, where, orderBy: source.orderBy };
  if (!sees) return context.db.query({ ...query, limit: source.limit });
  // A rule of its own (a service's parties): pages of the store's answer until the limit is reached.
  const limit = source.limit ?? Number.MAX_SAFE_INTEGER;
  const found: Stored<Row>[] = [];
  const page = 200;
  for (let offset = 0; found.length < limit; offset += page) {
    const rows = await context.db.query({ ...query, limit: page, offset });
    found.push(...rows.filter(sees));
    if (rows.length < page) break;
  }
  return found.slice(0, limit);
}

/** The records a collection source offers the caller (what its items name): for a feature that needs the records themselves (e-mail recipients). */
export const lookupRecords = (context: LookupContext, source: LookupSource, request: LookupRequest): Promise<Stored<Row>[]> => records(context, source, request, source.collection!);

/** The items a call of this source answers the caller. */
export async function lookupItems(context: LookupContext, source: LookupSource, request: LookupRequest): Promise<LookupItem[]> {
  const kind = kindOf(source);
  const searched = request.q.trim() && !qInStore(source);
  const inLabel = (items: LookupItem[]) => (searched ? items.filter((item) => textMatches([item.label], request.q)) : items);
  if (kind === 'enum' || kind === 'list' || kind === 'provider') {
    if (request.uuid !== undefined) return [];
    const items = (await fixedItems(context, source, request))
      .filter(({ item }) => (request.id === undefined || String(item.value) === String(request.id)) && paramsMatch(source, request, item))
      .map(({ item, label }) => ({ value: item.value as string | number, label }));
    return inLabel(items);
  }
  if (kind === 'distinct') {
    if (request.uuid !== undefined) return [];
    const values = new Set<string>();
    for (const collection of source.collections ?? []) {
      const rows = await records(context, source, { ...request, id: undefined }, collection);
      for (const row of rows) for (const value of [row[source.distinct!]].flat()) if (typeof value === 'string' && value.trim()) values.add(value);
    }
    const items = [...values].filter((value) => request.id === undefined || value === request.id).map((value) => ({ value, label: value }));
    return byLabel(inLabel(items));
  }
  const rows = await withJoins(context, source, await records(context, source, request, source.collection!));
  const items = rows
    .map((row) => ({ row, item: { value: row[source.value!] as number, label: labelOf(source.label, row, context.language, row[source.value!]) } }))
    .filter(({ row, item }) => !searched || textMatches([item.label, ...(source.match ?? []).map((field) => String(row[field] ?? ''))], request.q))
    .map(({ item }) => item);
  return source.orderBy ? items : byLabel(items);
}

/**
 * Whether a value written into a record is one the caller could have picked from the source:
 * offered now (not hidden), visible, within its fixed conditions. Parameters are the picker's
 * narrowing, not a rule, so none is applied; a parameter's `scope` is one more place it may come from.
 */
export async function lookupAccepts(context: LookupContext, source: LookupSource, value: unknown): Promise<boolean> {
  for (const scope of pickableScopes(source)) if (await acceptsIn(context, source, value, scope)) return true;
  return false;
}

/**
 * Why a written value is refused: `unknown` (no such item the caller could see), `outsideNetwork` (a
 * record of the caller's universe the `partners` scope leaves out: a company outside its network, a
 * business rule, 422), or undefined when accepted.
 */
export async function lookupRefusal(context: LookupContext, source: LookupSource, value: unknown): Promise<'unknown' | 'outsideNetwork' | undefined> {
  if (await lookupAccepts(context, source, value)) return undefined;
  const widest = pickableScopes(source).includes('partners') && (await acceptsIn(context, source, value, 'network'));
  return widest ? 'outsideNetwork' : 'unknown';
}

async function acceptsIn(context: LookupContext, source: LookupSource, value: unknown, scope: LookupScope): Promise<boolean> {
  const kind = kindOf(source);
  if (kind === 'enum' || kind === 'list' || kind === 'provider') return (await fixedItems(context, source)).some(({ item }) => item.value === value);
  if (kind === 'distinct') return typeof value === 'string' && (await lookupItems(context, { ...source, scope, params: undefined }, { q: '', id: value, params: {} })).length > 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return false;
  const entity = entityOf(context.registry, source.collection);
  const where = and(await scopeCondition(context, scope, entity), ...whereOf(source.where), await hidden(context, source), eq(source.value!, value));
  const rows = await context.db.query({ collection: source.collection!, where, limit: 1 });
  const sees = seesOf(source, entity, context.caller);
  return rows.length > 0 && (!sees || sees(rows[0]));
}
