import { Hono } from 'hono';
import { nextStatus } from '../../machines';
import { forbidden, HttpError } from '../errors';
import { frozenFor, mayChangeOwned } from '../../engine/schema/writeRules';
import { isPlainObject, readJson } from '../json-body';
import { languageOf, requireCaller, requireRoles, type AppContext, type AppEnv, type Caller } from '../context';
import type { EntityDef } from '../schemas';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Row, Stored, Writer } from '../store/types';
import { withSums } from './sums';
import { removeCascade } from './cascade';
import { applyTagRules } from '../tags';
import { assertLookups } from './lookups';
import { addRecordHistory, inputDetail, RECORD_HISTORY, removeRecordHistory } from './history';
import { noteRoutes, removeRecordNotes } from './notes';
import { releaseUnused, removeRecordFiles } from '../files/entries';
import { present } from './present';
import { labelIn } from '../text';
import { OUTSIDE_WINDOW_HEADER, searchCondition, searchCriteria, splitWindow } from './search';
import { visibleRecord, visibleScope } from './visibility';
import { assertEventRoles, eventCount, eventInput, inputWrites } from './events';
import { expectedVersion, insertRecord, recordToCreate, recordToUpdate, eventStamps, updateStamps, withDerived } from './write';
import { assertFixed, fixedCondition, fixedFields, listQuery, routePath } from './listScope';
import { assertMayWrite, assertOwnCompany, assertWriterOf, ownerFields, withOwner } from './ownership';
import { entityRules } from './entityRules';
import { assertUnique } from './uniqueness';
import { assertNotInUse } from './inUse';

const LOOKUP_LIMIT = 100;

/** A record's history shows its latest changes. */
const HISTORY_LIMIT = 500;

/**
 * `x-frozen` / `x-frozenUnless`: statuses in which a record is no longer changed nor deleted (a
 * validated fee sheet; one awaiting validation, but for those who validate); its workflow events
 * still move it. 409 naming the status, nothing written.
 */
function assertNotFrozen(c: AppContext, entity: EntityDef, record: Row, caller: Caller): void {
  const status = entity.statusField ? record[entity.statusField] : undefined;
  if (frozenFor(entity.schema, status, caller.roles)) throw new HttpError(409, 'FrozenRecordException', 'error.recordFrozen', { status: transitionLabels(c, entity, '', status).status });
}

/** `x-owners`: a caller the rule does not except changes only records naming them (403, nothing written). */
function assertOwns(entity: EntityDef, record: Row, caller: Caller): void {
  if (!mayChangeOwned(entity.schema, record, caller.contact.contactId, caller.roles)) throw forbidden('error.notOwner');
}

/** `x-sums` of a new record: records may already link to it (by its number, given on insert). */
async function insertedWithSums(tx: Writer, entity: EntityDef, inserted: Stored<Row>): Promise<Stored<Row>> {
  const summed = await withSums(tx, entity, inserted);
  if (Object.keys(summed).every((field) => summed[field] === inserted[field])) return inserted;
  return tx.update(entity.collection, inserted[entity.idField] as number, () => summed);
}

/** Lookups: `?id=` one record (ids are integers, an archived one too), else `?q=` words of the label among the records not archived. */
const idCondition = (entity: EntityDef, id: string): Condition => eq(entity.idField, /^\d+$/.test(id) ? Number(id) : id);
const labelCondition = (entity: EntityDef, q: string | undefined): Condition =>
  and({ op: 'keywords', fields: [entity.label ?? entity.idField], value: q ?? '' }, !!entity.archive && { op: 'not', condition: eq(entity.archive, true) });

/** Localized name of a workflow action and of a status, from the schema labels when present. */
export function transitionLabels(c: AppContext, entity: EntityDef, event: string, status: unknown) {
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
 * route roles and record visibility, its `x-api` path parameters and `x-scope` (listScope.ts,
 * ownership.ts), `x-unique` codes and `x-archive` (a record in use is not deleted).
 */
export function resourceRoutes(entity: EntityDef): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // A feature's rules on writes (entityRules.ts), read per call: features register them when their module loads.
  const writeRules = () => entityRules(entity.name)?.writes;
  const prepared = async (tx: Writer, record: Row, existing: Stored<Row> | undefined, caller: Caller) => (await writeRules()?.prepare?.(tx, record, existing, caller)) ?? record;
  const api = routePath(entity.api!);
  const one = `${api}/:id{[0-9]+}`;

  const callerOf = (c: AppContext) => {
    const caller = requireCaller(c);
    requireRoles(caller, entity.roles);
    return caller;
  };
  /** A writer: the route roles, then the list's write right (ownership.ts), before any body is read. */
  const writerOf = (c: AppContext) => {
    const caller = callerOf(c);
    assertMayWrite(entity, caller);
    if (writeRules()?.writer?.(caller) === false) throw forbidden();
    return caller;
  };
  const idOf = (c: AppContext) => Number(c.req.param('id'));
  /** The record of the call: visible to the caller, on the call's path. */
  const recordOf = async (c: AppContext, db: Reader, caller: Caller) => {
    const fixed = await fixedFields(c, db, entity, caller);
    const record = await visibleRecord(db, entity, idOf(c), caller);
    assertFixed(entity, record, fixed);
    return record;
  };
  /** A written record with its path fields and owner (403 without the right, 404 for another company), its codes unique (422). */
  const owned = async (c: AppContext, tx: Reader, caller: Caller, record: Row, existing?: Stored<Row>) => {
    const fixed = existing ? {} : await fixedFields(c, tx, entity, caller);
    const placed = { ...record, ...fixed };
    const result = withOwner(placed, await ownerFields(tx, entity, caller, placed, existing));
    await assertUnique(tx, entity, result, existing?.[entity.idField] as number | undefined);
    return result;
  };

  const search = async (c: AppContext) => {
    const caller = callerOf(c);
    const { db } = c.get('services');
    const fixed = fixedCondition(await fixedFields(c, db, entity, caller));
    const own = await listQuery(db, entity, caller, c.req.queries());
    const criteria = searchCriteria(entity.search, own.rest);
    // The matches inside the date window, newest first, and how many the window leaves out.
    const split = splitWindow(criteria);
    const matching = and(visibleScope(entity, caller), fixed, own.where, searchCondition(entity, split?.rest ?? criteria));
    const window = split && searchCondition(entity, split.window);
    const [found, outside] = await Promise.all([
      db.query({ collection: entity.collection, where: and(matching, window), orderBy: [{ field: entity.idField, desc: true }], limit: entity.hitLimit + 1 }),
      window ? db.count({ collection: entity.collection, where: and(matching, { op: 'not', condition: window }) }) : 0,
    ]);
    if (found.length > entity.hitLimit) c.header('X-Hit-Limit', String(entity.hitLimit));
    if (split) c.header(OUTSIDE_WINDOW_HEADER, String(outside));
    return c.json(await Promise.all(found.slice(0, entity.hitLimit).map((record) => present(entity, record, caller, db))));
  };
  app.get(api, search);
  app.get(`${api}/`, search);

  app.get(`${api}/lookup`, async (c) => {
    const caller = callerOf(c);
    const { db } = c.get('services');
    const id = c.req.query('id');
    // A label of per-language names reads in the caller's language.
    const labelOf = (record: Row) => labelIn(record[entity.label ?? entity.idField], languageOf(c)) || `#${record[entity.idField]}`;
    const fixed = fixedCondition(await fixedFields(c, db, entity, caller));
    const found = await db.query({
      collection: entity.collection,
      where: and(visibleScope(entity, caller), fixed, id ? idCondition(entity, id) : labelCondition(entity, c.req.query('q'))),
      orderBy: [{ field: entity.idField, desc: true }],
      limit: LOOKUP_LIMIT,
    });
    return c.json(found.map((record) => ({ value: record[entity.idField], label: labelOf(record) })));
  });

  app.get(one, async (c) => {
    const caller = callerOf(c);
    const { db } = c.get('services');
    return c.json(await present(entity, await recordOf(c, db, caller), caller, db));
  });

  if (entity.notes) app.route('/', noteRoutes(entity, one, callerOf, idOf));

  if (entity.history) {
    // Guarded like the record itself: its roles (403) and its visibility (404).
    app.get(`${one}/history`, async (c) => {
      const caller = callerOf(c);
      const { db } = c.get('services');
      await recordOf(c, db, caller);
      const rows = await db.query({ collection: RECORD_HISTORY, where: and(eq('recordId', idOf(c)), eq('entity', entity.name)), orderBy: [{ field: 'recordHistoryId', desc: true }], limit: HISTORY_LIMIT });
      return c.json(rows.map(({ universeId: _universe, version: _version, ...row }) => row));
    });
  }

  if (entity.readOnly) return app;

  const create = async (c: AppContext) => {
    const caller = writerOf(c);
    const { db, registry } = c.get('services');
    const body = await readJson(c);
    const created = await db.transaction(async (tx) => {
      const record = await owned(c, tx, caller, await recordToCreate(entity, body, caller));
      assertOwns(entity, record, caller);
      assertWriterOf(entity, record, caller);
      await applyTagRules(tx, caller, entity.tags, record);
      await assertLookups(entity, record, undefined, caller, tx, registry);
      const inserted = await insertedWithSums(tx, entity, await insertRecord(tx, entity, await prepared(tx, record, undefined, caller)));
      await writeRules()?.stored?.(tx, inserted, undefined);
      await addRecordHistory(tx, entity, inserted[entity.idField] as number, caller, { action: 'CREATE' });
      return inserted;
    });
    return c.json(await present(entity, created, caller, db), 201);
  };
  app.post(api, create);
  app.post(`${api}/`, create);
  // x-createPath: the spec's create path (`POST /back/bo/brands/create?companyId=`); a company the caller may not own records for is out of reach (404).
  const createPath = entity.schema['x-createPath'] as string | undefined;
  if (createPath) {
    app.post(`${api}${createPath}`, async (c) => {
      const companyId = c.req.query('companyId');
      if (companyId !== undefined) await assertOwnCompany(c.get('services').db, callerOf(c), /^\d+$/.test(companyId) ? Number(companyId) : NaN);
      return create(c);
    });
  }

  app.put(one, async (c) => {
    const caller = writerOf(c);
    const { db, registry } = c.get('services');
    const body = await readJson(c);
    const version = expectedVersion(isPlainObject(body) ? body.version : undefined, true);
    const updated = await db.transaction(async (tx) => {
      const existing = await recordOf(c, tx, caller);
      assertOwns(entity, existing, caller);
      assertWriterOf(entity, existing, caller);
      assertNotFrozen(c, entity, existing, caller);
      const record = await withSums(tx, entity, await owned(c, tx, caller, await recordToUpdate(entity, body, existing, caller), existing));
      // Nor may they hand the record over to someone else.
      assertOwns(entity, record, caller);
      await applyTagRules(tx, caller, entity.tags, record, existing);
      await assertLookups(entity, record, existing, caller, tx, registry);
      const ready = await prepared(tx, record, existing, caller);
      await addRecordHistory(tx, entity, idOf(c), caller, { action: 'UPDATE' });
      const stored = await tx.update(entity.collection, idOf(c), () => ready, version);
      await writeRules()?.stored?.(tx, stored, existing);
      return stored;
    });
    return c.json(await present(entity, updated, caller, db));
  });

  app.delete(one, async (c) => {
    const caller = writerOf(c);
    const { db, files, registry } = c.get('services');
    const released = await db.transaction(async (tx) => {
      const record = await recordOf(c, tx, caller);
      assertOwns(entity, record, caller);
      assertWriterOf(entity, record, caller);
      assertNotFrozen(c, entity, record, caller);
      await ownerFields(tx, entity, caller, record, record);
      await writeRules()?.remove?.(tx, record, caller);
      await assertNotInUse(tx, registry, entity, record);
      await removeCascade(tx, registry, entity, idOf(c));
      await tx.remove(entity.collection, idOf(c));
      await removeRecordHistory(tx, entity, idOf(c));
      await removeRecordNotes(tx, entity, idOf(c));
      return removeRecordFiles(tx, entity, record);
    });
    await releaseUnused(db, files, released);
    return c.json(true);
  });

  if (entity.machine) {
    // Checks in this order: visibility (404), `x-owners` and the event's roles (403), its body (400), the machine (409).
    app.patch(`${one}/:event{[A-Za-z_]+}`, async (c) => {
      const caller = callerOf(c);
      const { db } = c.get('services');
      const body = await readJson(c, true);
      const event = c.req.param('event');
      const updated = await db.transaction(async (tx) => {
        const existing = await recordOf(c, tx, caller);
        assertOwns(entity, existing, caller);
        assertEventRoles(entity, event, caller);
        const input = eventInput(entity, event, body);
        const version = expectedVersion((body as Row | undefined)?.version ?? c.req.query('version'), false);
        const status = existing[entity.statusField!];
        const next = nextStatus(entity.machine!, String(status), event, { ...existing, ...input });
        if (!next) throw new HttpError(409, 'TransitionException', 'error.transitionRefused', transitionLabels(c, entity, event, status));
        const moved = { ...existing, ...inputWrites(entity, event, input), ...eventCount(entity, event, existing), ...eventStamps(entity, event, existing, caller), [entity.statusField!]: next, ...updateStamps(entity, caller) };
        const record = await withDerived(entity, moved, existing);
        await addRecordHistory(tx, entity, idOf(c), caller, { action: 'EVENT', event, fromStatus: String(status), toStatus: next, detail: inputDetail(input) });
        return tx.update(entity.collection, idOf(c), (current) => ({ ...current, ...record }), version);
      });
      return c.json(await present(entity, updated, caller, db));
    });
  }

  return app;
}
