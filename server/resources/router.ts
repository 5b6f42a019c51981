import { Hono } from 'hono';
import { nextStatus } from '../../machines';
import { HttpError, validationError } from '../errors';
import { isPlainObject, readJson } from '../json-body';
import { languageOf, requireCaller, requireRoles, type AppContext, type AppEnv } from '../context';
import { normalize } from '../text';
import type { EntityDef } from '../schemas';
import type { Row } from '../store/types';
import { applyTagRules } from '../tags';
import { assertLookups } from './lookups';
import { byIdDesc, present } from './present';
import { OUTSIDE_WINDOW_HEADER, searchCriteria, searchMatcher, splitWindow } from './search';
import { canSee, visibleRecord } from './visibility';
import { expectedVersion, insertRecord, recordToCreate, recordToUpdate, eventStamps, updateStamps } from './write';

const LOOKUP_LIMIT = 100;

/** Localized name of a workflow action and of a status, from the schema labels when present. */
function transitionLabels(c: AppContext, entity: EntityDef, event: string, status: unknown) {
  const labels = c.get('services').registry.locales[languageOf(c)];
  const enumName = entity.schema.properties?.[entity.statusField!]?.['x-enum'];
  return {
    action: labels[`workflow.${entity.machineName}.${event}`] ?? event,
    status: labels[`enum.${enumName}.${String(status)}`] ?? String(status),
  };
}

/**
 * The generic REST API of an entity schema with `x-api` (spec §7.2 paths): search,
 * lookup, read, create, replace, delete and workflow actions, all behind the entity's
 * route roles and record visibility.
 */
export function resourceRoutes(entity: EntityDef): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const api = entity.api!;
  const one = `${api}/:id{[0-9]+}`;

  const callerOf = (c: AppContext) => {
    const caller = requireCaller(c);
    requireRoles(caller, entity.roles);
    return caller;
  };
  const idOf = (c: AppContext) => Number(c.req.param('id'));

  const search = (c: AppContext) => {
    const caller = callerOf(c);
    const { store } = c.get('services');
    const criteria = searchCriteria(entity.search, c.req.queries());
    // One pass: the records matching every filter but the dates, sorted into the window or counted outside it.
    const split = splitWindow(criteria);
    const matches = searchMatcher(entity, split?.rest ?? criteria);
    const inWindow = split ? searchMatcher(entity, split.window) : () => true;
    let outside = 0;
    const found = store
      .find(entity.collection, (record) => {
        if (!canSee(entity, record, caller) || !matches(record)) return false;
        if (inWindow(record)) return true;
        outside++;
        return false;
      })
      .sort(byIdDesc(entity));
    if (found.length > entity.hitLimit) c.header('X-Hit-Limit', String(entity.hitLimit));
    if (split) c.header(OUTSIDE_WINDOW_HEADER, String(outside));
    return c.json(found.slice(0, entity.hitLimit).map((record) => present(entity, record, caller, store)));
  };
  app.get(api, search);
  app.get(`${api}/`, search);

  app.get(`${api}/lookup`, (c) => {
    const caller = callerOf(c);
    const { store } = c.get('services');
    const id = c.req.query('id');
    const words = normalize(c.req.query('q'));
    const labelOf = (record: Row) => String(record[entity.label ?? entity.idField] ?? `#${record[entity.idField]}`);
    const found = store
      .find(entity.collection, (record) => canSee(entity, record, caller))
      .filter((record) => (id ? String(record[entity.idField]) === id : normalize(labelOf(record)).includes(words)))
      .sort(byIdDesc(entity))
      .slice(0, LOOKUP_LIMIT);
    return c.json(found.map((record) => ({ value: record[entity.idField], label: labelOf(record) })));
  });

  app.get(one, (c) => {
    const caller = callerOf(c);
    const { store } = c.get('services');
    return c.json(present(entity, visibleRecord(store, entity, idOf(c), caller), caller, store));
  });

  if (entity.readOnly) return app;

  const create = async (c: AppContext) => {
    const caller = callerOf(c);
    const { store, registry } = c.get('services');
    const body = await readJson(c);
    const created = await store.transaction((tx) => {
      const record = recordToCreate(entity, body, caller);
      applyTagRules(tx, caller, entity.tags, record);
      assertLookups(entity, record, undefined, caller, tx, registry);
      return insertRecord(tx, entity, record);
    });
    return c.json(present(entity, created, caller, store), 201);
  };
  app.post(api, create);
  app.post(`${api}/`, create);

  app.put(one, async (c) => {
    const caller = callerOf(c);
    const { store, registry } = c.get('services');
    const body = await readJson(c);
    const version = expectedVersion(isPlainObject(body) ? body.version : undefined, true);
    const updated = await store.transaction((tx) => {
      const existing = visibleRecord(tx, entity, idOf(c), caller);
      const record = recordToUpdate(entity, body, existing, caller);
      applyTagRules(tx, caller, entity.tags, record, existing);
      assertLookups(entity, record, existing, caller, tx, registry);
      return tx.update(entity.collection, idOf(c), () => record, version);
    });
    return c.json(present(entity, updated, caller, store));
  });

  app.delete(one, async (c) => {
    const caller = callerOf(c);
    const { store } = c.get('services');
    await store.transaction((tx) => {
      visibleRecord(tx, entity, idOf(c), caller);
      tx.remove(entity.collection, idOf(c));
    });
    return c.json(true);
  });

  if (entity.machine) {
    app.patch(`${one}/:event{[A-Za-z_]+}`, async (c) => {
      const caller = callerOf(c);
      const { store } = c.get('services');
      const body = await readJson(c, true);
      if (body !== undefined && !isPlainObject(body)) throw validationError([{ path: '', key: 'validation.wrongType' }]);
      const unknown = Object.keys(body ?? {}).filter((key) => key !== 'version');
      if (unknown.length) throw validationError(unknown.map((key) => ({ path: `/${key}`, key: 'validation.unknownField' })));
      const version = expectedVersion(body?.version ?? c.req.query('version'), false);
      const event = c.req.param('event');
      const updated = await store.transaction((tx) => {
        const existing = visibleRecord(tx, entity, idOf(c), caller);
        const status = existing[entity.statusField!];
        const next = nextStatus(entity.machine!, String(status), event);
        if (!next) throw new HttpError(409, 'TransitionException', 'error.transitionRefused', transitionLabels(c, entity, event, status));
        return tx.update(entity.collection, idOf(c), (current) => ({ ...current, ...eventStamps(entity, event, current, caller), [entity.statusField!]: next, ...updateStamps(entity, caller) }), version);
      });
      return c.json(present(entity, updated, caller, store));
    });
  }

  return app;
}
