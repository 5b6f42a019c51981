import { Hono } from 'hono';
import { isDeepStrictEqual } from 'node:util';
import { HttpError, businessRule, forbidden, notFound, validationError } from '../errors';
import { isPlainObject, readJson } from '../json-body';
import { requireCaller, type AppContext, type AppEnv, type Caller } from '../context';
import type { EntityDef, Registry } from '../schemas';
import { jsonBytes } from '../../engine/schema/rules';
import { and, eq, or } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
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
async function ownFilter(tx: Reader, filters: string, id: number, caller: Caller, type?: string): Promise<Stored<UserFilter>> {
  const existing = await tx.get<UserFilter>(filters, id);
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
    const { db, registry } = c.get('services');
    const entity = registry.entities.get('userFilter') as EntityDef;
    const type = c.req.param('type');
    return { caller, db, entity, filters: entity.collection, type: type === undefined ? '' : knownType(registry, type) };
  };
  /** `visible` as a store condition. */
  const visibleWhere = (caller: Caller, type: string) =>
    and(eq('universeId', caller.universeId), eq('type', type), or(eq('contactId', caller.contact.contactId), and(eq('shared', true), eq('companyId', caller.company.companyId))));
  const listOf = async (db: Reader, filters: string, caller: Caller, type: string) =>
    (await db.query<UserFilter>({ collection: filters, where: visibleWhere(caller, type) })).sort((a, b) => a.name.localeCompare(b.name));

  app.get(`${base}/${TYPE}`, async (c) => {
    const { caller, db, filters, type } = context(c);
    return c.json((await listOf(db, filters, caller, type)).map((filter) => withMine(filter, caller)));
  });

  /**
   * A filter identical (name and criteria) to one the caller already has is refused with a warning;
   * a copy of a colleague's shared filter is the caller's own and may keep its name.
   */
  app.post(`${base}/${TYPE}`, async (c) => {
    const { caller, db, entity, filters, type } = context(c);
    const body = await readJson(c);
    assertFilterSize(entity, body);
    const created = await db.transaction(async (tx) => {
      const record = await recordToCreate(entity, body, caller);
      const mine = await tx.query<UserFilter>({ collection: filters, where: and(eq('contactId', caller.contact.contactId), eq('type', type)) });
      if (mine.length >= MAX_PER_CONTACT_AND_TYPE) throw businessRule('error.filterLimit', { max: MAX_PER_CONTACT_AND_TYPE });
      const duplicate = mine.some((filter) => filter.name.trim() === String(record.name).trim() && isDeepStrictEqual(filter.filter, record.filter));
      if (duplicate) throw new HttpError(422, 'DuplicateFilterException', 'warning.filterDuplicate', {}, [], 'WARN');
      return insertRecord(tx, entity, { ...record, type, contactId: caller.contact.contactId, companyId: caller.company.companyId });
    });
    return c.json(withMine(created as Stored<UserFilter>, caller), 201);
  });

  /** Update or rename one of the caller's own filters (body: the filter with userFilterId and version). */
  app.put(`${base}/${TYPE}`, async (c) => {
    const { caller, db, entity, type } = context(c);
    const body = await readJson(c);
    assertFilterSize(entity, body);
    const id = isPlainObject(body) ? body.userFilterId : undefined;
    if (!Number.isInteger(id)) throw validationError([{ path: '/userFilterId', key: 'validation.required' }]);
    const version = expectedVersion(isPlainObject(body) ? body.version : undefined, true);
    const updated = await db.transaction(async (tx) => {
      const existing = await ownFilter(tx, entity.collection, id as number, caller, type);
      const record = await recordToUpdate(entity, body, existing, caller);
      return tx.update(entity.collection, id as number, () => record, version);
    });
    return c.json(withMine(updated as Stored<UserFilter>, caller));
  });

  app.delete(`${base}/:id{[0-9]+}`, async (c) => {
    const { caller, db, filters } = context(c);
    const id = Number(c.req.param('id'));
    await db.transaction(async (tx) => {
      await ownFilter(tx, filters, id, caller);
      await tx.remove(filters, id);
      for (const pointer of await tx.query({ collection: DEFAULTS, where: eq('userFilterId', id) })) await tx.remove(DEFAULTS, pointer.key as string);
    });
    return c.json(true);
  });

  app.get(`${base}/${TYPE}/default`, async (c) => {
    const { caller, db, filters, type } = context(c);
    const pointer = await db.get(DEFAULTS, defaultKey(caller, type));
    const filter = pointer && (await db.get<UserFilter>(filters, pointer.userFilterId as number));
    return c.json({ userFilterId: filter && visible(filter, caller, type) ? filter.userFilterId : null });
  });

  /** `{userFilterId}` makes it the caller's default for the type; `{userFilterId: null}` clears it. */
  app.put(`${base}/${TYPE}/default`, async (c) => {
    const { caller, db, filters, type } = context(c);
    const body = await readJson(c);
    const id = isPlainObject(body) ? body.userFilterId : undefined;
    if (id !== null && !Number.isInteger(id)) throw validationError([{ path: '/userFilterId', key: 'validation.wrongType' }]);
    const key = defaultKey(caller, type);
    await db.transaction(async (tx) => {
      if (id !== null) {
        const filter = await tx.get<UserFilter>(filters, id as number);
        if (!filter || !visible(filter, caller, type)) throw notFound();
      }
      if (await tx.get(DEFAULTS, key)) await tx.remove(DEFAULTS, key);
      if (id !== null) await tx.insert(DEFAULTS, 'key', { key, userFilterId: id, contactId: caller.contact.contactId, type });
    });
    return c.json({ userFilterId: id });
  });

  return app;
}
