import { Hono } from 'hono';
import { requireCaller, requireRoles, type AppContext, type AppEnv, type Caller } from '../context';
import { forbidden, validationError, type FieldError } from '../errors';
import { isPlainObject, readJson } from '../json-body';
import { SERVICE_HARD_LIMIT } from '../auth/profile';
import { COLLECTIONS, type Company } from '../identity';
import { addRecordHistory } from '../resources/history';
import { assertMayWrite, assertWriterOf } from '../resources/ownership';
import { present } from '../resources/present';
import { searchCriteria } from '../resources/search';
import { visibleRecord } from '../resources/visibility';
import { expectedVersion } from '../resources/write';
import type { EntityDef, Registry } from '../schemas';
import { visibleTagSet } from '../tags';
import type { Reader, Row, Stored } from '../store/types';
import type { ReferenceSearch } from '../../generated/types/referenceSearch';
import { orderLinesOf } from './links';
import { findReferences } from './search';
import { referenceWriteRules } from './rules';

/**
 * The reference calls of spec §7.5 beside the generic ones of its `x-api` (docs/references.md):
 * the smart-data search, the suppliers without an order of it, and the checkpoints assigned to it.
 * Each is behind the reference's route roles (403) and visibility (404); writes behind `x-writers`.
 */
const CHECKPOINTS = 'checkpoints';
const MAX_CHECKPOINTS = 200;

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : []);

/** A page of references as the caller may see them, their tags read once for the whole page. */
async function presentPage(db: Reader, entity: EntityDef, caller: Caller, page: Row[]): Promise<Row[]> {
  const field = entity.tags?.field ?? 'tags';
  const visible = await visibleTagSet(db, caller, page.map((record) => record[field]));
  return page.map((record) => {
    const shown = Object.fromEntries(Object.entries(record).filter(([key]) => !entity.serverOnly.has(key)));
    return { ...shown, [field]: idsOf(record[field]).filter((id) => visible.has(id)) };
  });
}

/** The assigned checkpoints, in the order of their ids on the reference. */
async function assignedCheckpoints(db: Reader, registry: Registry, caller: Caller, reference: Row): Promise<Row[]> {
  const ids = idsOf(reference.checkpointIds);
  if (!ids.length) return [];
  const checkpoint = registry.entities.get('checkpoint')!;
  const rows = await db.query({ collection: CHECKPOINTS, where: { op: 'in', field: 'checkpointId', values: ids } });
  const byId = new Map(rows.map((row) => [row.checkpointId, row]));
  return Promise.all(ids.flatMap((id) => (byId.has(id) ? [present(checkpoint, byId.get(id)!, caller, db)] : [])));
}

/** The body of PATCH …/assignments/references/{id}: `{ checkpointIds, version? }` (400 naming what does not fit). */
function assignmentBody(body: unknown): { checkpointIds: number[]; version?: number } {
  if (!isPlainObject(body)) throw validationError([{ path: '', key: 'validation.wrongType' }]);
  const unknown = Object.keys(body).filter((key) => key !== 'checkpointIds' && key !== 'version');
  if (unknown.length) throw validationError(unknown.map((key) => ({ path: `/${key}`, key: 'validation.unknownField' })));
  const ids = body.checkpointIds;
  if (!Array.isArray(ids)) throw validationError([{ path: '/checkpointIds', key: 'validation.required' }]);
  if (ids.length > MAX_CHECKPOINTS) throw validationError([{ path: '/checkpointIds', key: 'validation.tooMany' }]);
  const errors: FieldError[] = ids.flatMap((id, index) =>
    Number.isInteger(id) && (id as number) > 0 && ids.indexOf(id) === index ? [] : [{ path: `/checkpointIds/${index}`, key: 'validation.wrongType' }],
  );
  if (errors.length) throw validationError(errors);
  return { checkpointIds: ids as number[], version: expectedVersion(body.version, false) };
}

/** The brand's checkpoints: its universe's and its own (x-scope universe), not archived unless already assigned. */
async function assertBrandCheckpoints(db: Reader, reference: Stored<Row>, ids: number[]): Promise<void> {
  const kept = new Set(idsOf(reference.checkpointIds));
  const rows = ids.length ? await db.query({ collection: CHECKPOINTS, where: { op: 'in', field: 'checkpointId', values: ids } }) : [];
  const errors: FieldError[] = ids.flatMap((id, index) => {
    const row = rows.find((checkpoint) => checkpoint.checkpointId === id);
    const brands = !!row && row.universeId === reference.universeId && (row.companyId === undefined || row.companyId === null || row.companyId === reference.companyId);
    const usable = brands && (kept.has(id) || row.archived !== true);
    return usable ? [] : [{ path: `/checkpointIds/${index}`, key: 'error.checkpointNotOwn' }];
  });
  if (errors.length) throw validationError(errors);
}

export function referenceRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const entity = registry.entities.get('reference');
  if (!entity?.api) return app;
  const callerOf = (c: AppContext) => {
    const caller = requireCaller(c);
    requireRoles(caller, entity.roles);
    return caller;
  };
  const referenceOf = (c: AppContext, db: Reader, caller: Caller) => visibleRecord(db, entity, Number(c.req.param('id')), caller);

  // Spec §9: at most 500 results, and the profile's SERVICE_HARD_LIMIT when lower; X-Hit-Limit says the list was cut.
  const search = async (c: AppContext) => {
    const caller = callerOf(c);
    const { db } = c.get('services');
    const criteria = searchCriteria(entity.search, c.req.queries()) as ReferenceSearch;
    const limit = Math.min(entity.hitLimit, SERVICE_HARD_LIMIT);
    const { page, hitLimit } = await findReferences(db, entity, caller, criteria, limit);
    if (hitLimit) c.header('X-Hit-Limit', String(limit));
    return c.json(await presentPage(db, entity, caller, page));
  };
  app.get('/back/bo/smartdata/references', search);
  app.get('/back/bo/smartdata/references/', search);

  // The reference's suppliers that have no order line of it (by its id, else its sku), by name.
  app.get(`${entity.api}/:id{[0-9]+}/noOrderOrderTakers`, async (c) => {
    const caller = callerOf(c);
    const { db } = c.get('services');
    const reference = await referenceOf(c, db, caller);
    const ordered = new Set((await orderLinesOf(db, reference)).flatMap((line) => [line.supplier, line.factory]));
    const waiting = idsOf(reference.suppliers).filter((id) => !ordered.has(id));
    const companies = waiting.length ? await db.query<Company>({ collection: COLLECTIONS.companies, where: { op: 'in', field: 'companyId', values: waiting } }) : [];
    const rows = companies.filter((company) => company.universeId === caller.universeId).map((company) => ({ companyId: company.companyId, name: company.name }));
    return c.json(rows.sort((a, b) => String(a.name).localeCompare(String(b.name))));
  });

  const assignments = '/back/bo/checkpoints/assignments/references/:id{[0-9]+}';
  app.get(assignments, async (c) => {
    const caller = callerOf(c);
    const { db } = c.get('services');
    return c.json(await assignedCheckpoints(db, registry, caller, await referenceOf(c, db, caller)));
  });
  app.patch(assignments, async (c) => {
    const caller = callerOf(c);
    assertMayWrite(entity, caller);
    if (referenceWriteRules.writer?.(caller) === false) throw forbidden();
    const { db } = c.get('services');
    const body = assignmentBody(await readJson(c));
    const updated = await db.transaction(async (tx) => {
      const reference = await referenceOf(c, tx, caller);
      assertWriterOf(entity, reference, caller);
      await assertBrandCheckpoints(tx, reference, body.checkpointIds);
      await addRecordHistory(tx, entity, reference.referenceId as number, caller, { action: 'UPDATE', detail: 'checkpointIds' });
      return tx.update(entity.collection, reference.referenceId as number, (current) => ({ ...current, checkpointIds: body.checkpointIds }), body.version);
    });
    return c.json(await assignedCheckpoints(db, registry, caller, updated));
  });
  return app;
}
