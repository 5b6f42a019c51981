import { Hono } from 'hono';
import { isDeepStrictEqual } from 'node:util';
import { HttpError, businessRule, forbidden, notFound, validationError } from '../errors';
import { isPlainObject, readJson } from '../json-body';
import { requireCaller, type AppContext, type AppEnv, type Caller } from '../context';
import type { EntityDef, Registry } from '../schemas';
import { jsonBytes } from '../../engine/schema/rules';
import type { ReadOps, Row, Stored } from '../store/types';
import { expectedVersion, insertRecord, recordToCreate, recordToUpdate } from '../resources/write';

/**
 * Saved search filters (spec §7.8 "User filters"): per screen type, the caller's own
 * filters plus those shared within their company, which are read-only to the others (403)
 * and can be copied; each answer says whether a filter is `mine`. One default per contact and type.
 * Bounded: the type is the search form of a screen, the criteria are at most the schema's
 * `x-maxBytes` of JSON, and one person keeps at most MAX_PER_CONTACT_AND_TYPE per type.
 */
interface UserFilter {
  userFilterId: number;
  type: string;
  name: string;
  filter: Row;
  shared: boolean;
  contactId: number;
  companyId: number;
  universeId: number;
  [key: string]: unknown;
}

const DEFAULTS = 'userFilterDefaults';
/** Enough for every screen a person works with; a list longer than this is no longer read. */
export const MAX_PER_CONTACT_AND_TYPE = 100;
const TYPE = ':type{[A-Za-z0-9_.-]{1,60}}';

const visible = (filter: Stored<UserFilter>, caller: Caller, type: string) =>
  filter.universeId === caller.universeId &&
  filter.type === type &&
  (filter.contactId === caller.contact.contactId || (filter.shared && filter.companyId === caller.company.companyId));

const isMine = (filter: Stored<UserFilter>, caller: Caller) => filter.contactId === caller.contact.contactId;

/** The caller's own filter `id`: 404 out of sight, 403 for a colleague's shared one (read-only). */
function ownFilter(tx: ReadOps, filters: string, id: number, caller: Caller, type?: string): Stored<UserFilter> {
  const existing = tx.get<UserFilter>(filters, id);
  if (!existing || !visible(existing, caller, type ?? existing.type)) throw notFound();
  if (!isMine(existing, caller)) throw forbidden('error.filterReadOnly');
  return existing;
}

const withMine = (filter: Stored<UserFilter>, caller: Caller) => ({ ...filter, mine: isMine(filter, caller) });

const defaultKey = (caller: Caller, type: string) => `${caller.contact.contactId}:${type}`;

/** The search forms named by screens (schemas/screens `search`): the only filter types. */
const screenSearchForms = new WeakMap<Registry, Set<string>>();
function knownType(registry: Registry, type: string): string {
  let forms = screenSearchForms.get(registry);
  if (!forms) {
    forms = new Set(registry.screens.map((screen) => screen.search).filter((name): name is string => !!name && name in registry.search));
    screenSearchForms.set(registry, forms);
  }
  if (!forms.has(type)) throw validationError([{ path: '/type', key: 'validation.unknownValue' }]);
  return type;
}

/**
 * 413 when the criteria's JSON is longer than the schema's `maxBytes` for `filter`: checked before
 * the schema validation (which would answer a plain 400) so that the person reads what to do.
 */
function assertFilterSize(entity: EntityDef, body: unknown): void {
  const max = (entity.schema.properties as Record<string, { maxBytes?: number }>).filter.maxBytes;
  const filter = isPlainObject(body) ? body.filter : undefined;
  if (max === undefined || filter === undefined || jsonBytes(filter) <= max) return;
  throw new HttpError(413, 'PayloadTooLargeException', 'error.filterTooLarge', { max: max / 1024 }, [{ path: '/filter', key: 'validation.tooLarge' }]);
}

export function userFilterRoutes() {
  const app = new Hono<AppEnv>();
  const base = '/back/bo/userfilter';

  const context = (c: AppContext) => {
    const caller = requireCaller(c);
    const { store, registry } = c.get('services');
    const entity = registry.entities.get('userFilter') as EntityDef;
    const type = c.req.param('type');
    return { caller, store, entity, filters: entity.collection, type: type === undefined ? '' : knownType(registry, type) };
  };
  const listOf = (store: ReadOps, filters: string, caller: Caller, type: string) =>
    store.find<UserFilter>(filters, (filter) => visible(filter, caller, type)).sort((a, b) => a.name.localeCompare(b.name));

  app.get(`${base}/${TYPE}`, (c) => {
    const { caller, store, filters, type } = context(c);
    return c.json(listOf(store, filters, caller, type).map((filter) => withMine(filter, caller)));
  });

  /**
   * A filter identical (name and criteria) to one the caller already has is refused with a warning;
   * a copy of a colleague's shared filter is the caller's own and may keep its name.
   */
  app.post(`${base}/${TYPE}`, async (c) => {
    const { caller, store, entity, filters, type } = context(c);
    const body = await readJson(c);
    assertFilterSize(entity, body);
    const created = await store.transaction((tx) => {
      const record = recordToCreate(entity, body, caller);
      const mine = tx.find<UserFilter>(filters, (filter) => filter.contactId === caller.contact.contactId && filter.type === type);
      if (mine.length >= MAX_PER_CONTACT_AND_TYPE) throw businessRule('error.filterLimit', { max: MAX_PER_CONTACT_AND_TYPE });
      const duplicate = mine.some((filter) => filter.name.trim() === String(record.name).trim() && isDeepStrictEqual(filter.filter, record.filter));
      if (duplicate) throw new HttpError(422, 'DuplicateFilterException', 'warning.filterDuplicate', {}, [], 'WARN');
      return insertRecord(tx, entity, { ...record, type, contactId: caller.contact.contactId, companyId: caller.company.companyId });
    });
    return c.json(withMine(created as Stored<UserFilter>, caller), 201);
  });

  /** Update or rename one of the caller's own filters (body: the filter with userFilterId and version). */
  app.put(`${base}/${TYPE}`, async (c) => {
    const { caller, store, entity, type } = context(c);
    const body = await readJson(c);
    assertFilterSize(entity, body);
    const id = isPlainObject(body) ? body.userFilterId : undefined;
    if (!Number.isInteger(id)) throw validationError([{ path: '/userFilterId', key: 'validation.required' }]);
    const version = expectedVersion(isPlainObject(body) ? body.version : undefined, true);
    const updated = await store.transaction((tx) => {
      const existing = ownFilter(tx, entity.collection, id as number, caller, type);
      const record = recordToUpdate(entity, body, existing, caller);
      return tx.update(entity.collection, id as number, () => record, version);
    });
    return c.json(withMine(updated as Stored<UserFilter>, caller));
  });

  app.delete(`${base}/:id{[0-9]+}`, async (c) => {
    const { caller, store, filters } = context(c);
    const id = Number(c.req.param('id'));
    await store.transaction((tx) => {
      ownFilter(tx, filters, id, caller);
      tx.remove(filters, id);
      for (const pointer of tx.find(DEFAULTS, (row) => row.userFilterId === id)) tx.remove(DEFAULTS, pointer.key as string);
    });
    return c.json(true);
  });

  app.get(`${base}/${TYPE}/default`, (c) => {
    const { caller, store, filters, type } = context(c);
    const pointer = store.get(DEFAULTS, defaultKey(caller, type));
    const filter = pointer && store.get<UserFilter>(filters, pointer.userFilterId as number);
    return c.json({ userFilterId: filter && visible(filter, caller, type) ? filter.userFilterId : null });
  });

  /** `{userFilterId}` makes it the caller's default for the type; `{userFilterId: null}` clears it. */
  app.put(`${base}/${TYPE}/default`, async (c) => {
    const { caller, store, filters, type } = context(c);
    const body = await readJson(c);
    const id = isPlainObject(body) ? body.userFilterId : undefined;
    if (id !== null && !Number.isInteger(id)) throw validationError([{ path: '/userFilterId', key: 'validation.wrongType' }]);
    const key = defaultKey(caller, type);
    await store.transaction((tx) => {
      if (id !== null) {
        const filter = tx.get<UserFilter>(filters, id as number);
        if (!filter || !visible(filter, caller, type)) throw notFound();
      }
      if (tx.get(DEFAULTS, key)) tx.remove(DEFAULTS, key);
      if (id !== null) tx.insert(DEFAULTS, 'key', { key, userFilterId: id, contactId: caller.contact.contactId, type });
    });
    return c.json({ userFilterId: id });
  });

  return app;
}
