import { Hono } from 'hono';
import { copiedFromStoredServices } from '../billing/lineServices';
import { MAX_BATCH, assertShape, duplicateErrors } from '../billing/batch';
import { requireCaller, requireRoles, type AppEnv, type Caller } from '../context';
import { HttpError, notFound, validationError, type FieldError } from '../errors';
import { readJson } from '../json-body';
import { assertLookups } from '../resources/lookups';
import { present } from '../resources/present';
import { syncSums, type LinkChange } from '../resources/sums';
import { visibleRecord } from '../resources/visibility';
import { insertRecord, recordToCreate, recordToUpdate } from '../resources/write';
import type { EntityDef, Registry } from '../schemas';
import { SERVICES, canSeeService, type ServiceRow } from '../services/access';
import { prefixed } from '../services/routeHelpers';
import type { Row, Stored, Writer } from '../store/types';
import { createAjv, fieldErrors } from '../validation';

/**
 * PUT /back/bo/invoiceLines/update (spec §7.6): the lines grid saves its local edits in one
 * call — deletes, updates (with their version) and additions, all in one transaction or none.
 * Each line is validated with the invoiceLine schema; every service it names must be one the
 * caller sees (404); the server copies the services' search fields onto the line, stamps
 * `updatedBy` and computes `totalAmount` (x-computed, in the generic write helpers), and the
 * invoices named by the lines keep the sum of their lines as their amount (invoice `x-sums`).
 */
interface Batch {
  toDeleteInvoiceLineIds?: number[];
  toUpdateInvoiceLines?: Row[];
  toAddInvoiceLines?: Row[];
}

const envelope = createAjv().compile({
  type: 'object',
  additionalProperties: false,
  properties: {
    toDeleteInvoiceLineIds: { type: 'array', items: { type: 'integer', minimum: 1 } },
    toUpdateInvoiceLines: { type: 'array', items: { type: 'object' } },
    toAddInvoiceLines: { type: 'array', items: { type: 'object' } },
  },
});
const identity = createAjv().compile({
  type: 'object',
  required: ['invoiceLineId', 'version'],
  properties: { invoiceLineId: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 } },
});

/** The body's lists, checked: known keys, at most MAX_BATCH lines in all, each id once, each update naming its line and version. */
function batchOf(body: unknown): Required<Batch> {
  const batch = assertShape<Batch>(envelope, body);
  const lists = { toDeleteInvoiceLineIds: batch.toDeleteInvoiceLineIds ?? [], toUpdateInvoiceLines: batch.toUpdateInvoiceLines ?? [], toAddInvoiceLines: batch.toAddInvoiceLines ?? [] };
  const size = lists.toDeleteInvoiceLineIds.length + lists.toUpdateInvoiceLines.length + lists.toAddInvoiceLines.length;
  if (size > MAX_BATCH) throw validationError([{ path: '', key: 'validation.tooMany' }]);
  const errors: FieldError[] = [];
  lists.toUpdateInvoiceLines.forEach((line, index) => {
    if (!identity(line)) errors.push(...prefixed(`/toUpdateInvoiceLines/${index}`, fieldErrors(identity.errors)));
  });
  if (errors.length) throw validationError(errors);
  const seen = new Set<unknown>();
  errors.push(...duplicateErrors(lists.toDeleteInvoiceLineIds, (index) => `/toDeleteInvoiceLineIds/${index}`, seen));
  errors.push(...duplicateErrors(lists.toUpdateInvoiceLines.map((line) => line.invoiceLineId), (index) => `/toUpdateInvoiceLines/${index}/invoiceLineId`, seen));
  if (errors.length) throw validationError(errors);
  return lists;
}

/** Runs `build`; a validation refusal adds its field errors under `prefix` to `errors` instead of stopping the batch. */
async function collecting<T>(errors: FieldError[], prefix: string, build: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await build();
  } catch (error) {
    if (!(error instanceof HttpError) || error.exception !== 'ValidationException') throw error;
    errors.push(...prefixed(prefix, error.errors));
    return undefined;
  }
}

interface Pending {
  path: string;
  record: Row;
  existing?: Stored<Row>;
  version?: number;
}

/** The line's services (404 for any the caller does not see) and its order lines among theirs (400 otherwise). */
async function servicesOf(tx: Writer, caller: Caller, line: Pending, cache: Map<number, ServiceRow>, errors: FieldError[]): Promise<ServiceRow[]> {
  const services: ServiceRow[] = [];
  for (const id of line.record.services as number[]) {
    const service = cache.get(id) ?? ((await tx.get(SERVICES, id)) as ServiceRow | undefined);
    if (!service || !canSeeService(service, caller)) throw notFound('error.notFound.service');
    cache.set(id, service);
    services.push(service);
  }
  const orderLines = new Set(services.flatMap((service) => ((service.purchaseOrderLines ?? []) as Row[]).map((orderLine) => orderLine.purchaseOrderLineId)));
  ((line.record.purchaseOrderLines ?? []) as number[]).forEach((id, index) => {
    if (!orderLines.has(id)) errors.push({ path: `${line.path}/purchaseOrderLines/${index}`, key: 'validation.unknownReference' });
  });
  return services;
}

/** The lines to write, validated with the entity schema (400, every field at once); lines to update or delete out of reach: 404. */
async function validatedLines(tx: Writer, entity: EntityDef, caller: Caller, batch: Required<Batch>): Promise<{ pending: Pending[]; deleted: Stored<Row>[] }> {
  const errors: FieldError[] = [];
  const pending: Pending[] = [];
  const deleted: Stored<Row>[] = [];
  for (const id of batch.toDeleteInvoiceLineIds) deleted.push(await visibleRecord(tx, entity, id, caller));
  for (const [index, line] of batch.toUpdateInvoiceLines.entries()) {
    const path = `/toUpdateInvoiceLines/${index}`;
    const existing = await visibleRecord(tx, entity, line.invoiceLineId as number, caller);
    const record = await collecting(errors, path, () => recordToUpdate(entity, line, existing, caller));
    if (record) pending.push({ path, record, existing, version: line.version as number });
  }
  for (const [index, line] of batch.toAddInvoiceLines.entries()) {
    const path = `/toAddInvoiceLines/${index}`;
    const record = await collecting(errors, path, () => recordToCreate(entity, line, caller));
    if (record) pending.push({ path, record });
  }
  if (errors.length) throw validationError(errors);
  return { pending, deleted };
}

/** Each line with its services' copied fields and its computed fields; its services checked (404) and its lookups (400). */
async function completedLines(tx: Writer, entity: EntityDef, registry: Registry, caller: Caller, pending: Pending[]): Promise<Pending[]> {
  const errors: FieldError[] = [];
  const cache = new Map<number, ServiceRow>();
  const complete: Pending[] = [];
  for (const line of pending) {
    const services = await servicesOf(tx, caller, line, cache, errors);
    await collecting(errors, line.path, () => assertLookups(entity, line.record, line.existing, caller, tx, registry));
    // The copies feed no computed field: the total computed by recordToCreate/recordToUpdate stands.
    complete.push({ ...line, record: { ...line.record, ...(await copiedFromStoredServices(tx, services)) } });
  }
  if (errors.length) throw validationError(errors);
  return complete;
}

/**
 * Deletes, then updates (409 on a stale version) and additions; then the invoices the lines name,
 * before or after, sum them again (`x-sums`: 422 for a line not in its invoice's currency).
 * Answers the ids deleted and the lines written, updates first.
 */
async function saveBatch(tx: Writer, entity: EntityDef, registry: Registry, caller: Caller, batch: Required<Batch>) {
  const { pending, deleted } = await validatedLines(tx, entity, caller, batch);
  const lines = await completedLines(tx, entity, registry, caller, pending);
  for (const id of batch.toDeleteInvoiceLineIds) await tx.remove(entity.collection, id);
  const written: Stored<Row>[] = [];
  const changes: LinkChange[] = deleted.map((before) => ({ before }));
  for (const line of lines) {
    if (line.existing) written.push(await tx.update(entity.collection, line.existing[entity.idField] as number, () => line.record, line.version));
    else written.push(await insertRecord(tx, entity, line.record));
    changes.push({ path: line.path, before: line.existing, after: written.at(-1) });
  }
  await syncSums(tx, registry, entity.collection, changes);
  return { deleted: batch.toDeleteInvoiceLineIds, lines: written };
}

export function invoiceLineRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const entity = registry.entities.get('invoiceLine');
  if (!entity?.api) return app;

  app.put(`${entity.api}/update`, async (c) => {
    const caller = requireCaller(c);
    requireRoles(caller, entity.roles);
    const batch = batchOf(await readJson(c));
    const { db } = c.get('services');
    const saved = await db.transaction((tx) => saveBatch(tx, entity, registry, caller, batch));
    return c.json({ deleted: saved.deleted, lines: await Promise.all(saved.lines.map((line) => present(entity, line, caller, db))) });
  });

  return app;
}
