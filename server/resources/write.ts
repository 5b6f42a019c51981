import { initialStatus } from '../../machines';
import { computeRecord } from '../../engine/schema/computed';
import { earliestToday, pastDateErrors, writeRoleErrors } from '../../engine/schema/rules';
import { currentMonth, nowIso, today } from '../dates';
import { HttpError, validationError } from '../errors';
import { isPlainObject } from '../json-body';
import { requireRoles, type Caller } from '../context';
import type { EntityDef, StampRules } from '../schemas';
import type { Row, Stored, Writer } from '../store/types';
import type { Validator } from '../validation';
import { fieldErrors } from '../validation';
import { numberLines, withoutReadOnlyItems } from './lines';

/**
 * Turning a request body into a record: server-owned fields are dropped from the body,
 * the rest is validated with the entity schema, then the server's values are applied
 * (ids, version, universe, status, stamps, readable numbers, dynamic defaults, line ids,
 * computed fields).
 */
function clientPart(entity: EntityDef, body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !entity.serverOwned.has(key)).map(([key, value]) => [key, withoutReadOnlyItems(entity.schema, key, value)]));
}

/** What the server derives from the validated fields: ids of new lines (`x-id` items), then `x-computed` fields. */
export const withDerived = (entity: EntityDef, record: Row, existing?: Row): Promise<Row> => computeRecord(entity.schema, numberLines(entity.schema, record, existing));

/**
 * 403 naming each `x-writeRoles` field the caller set without one of its flags (spec §6.2: e.g.
 * the assessment method), under `prefix` when the record is part of a larger body.
 */
export function assertWriteRoles(schema: Row, record: Row, caller: Caller, before?: Row, prefix = ''): void {
  const refused = writeRoleErrors(schema, record, caller.roles, before);
  if (refused.length) throw new HttpError(403, 'AccessDeniedException', 'error.fieldNotAllowed', {}, refused.map((error) => ({ ...error, path: `${prefix}${error.path}` })));
}

/** The schema's rules, `notPast` dates (on update, only those that changed), then `x-writeRoles`. */
function validate(entity: EntityDef, validator: Validator, data: unknown, now: Date, caller: Caller, before?: Row): Row {
  if (!validator(data)) throw validationError(fieldErrors(validator.errors));
  const past = pastDateErrors(entity.schema, data as Row, earliestToday(now), before);
  if (past.length) throw validationError(past);
  assertWriteRoles(entity.schema, data as Row, caller, before);
  return data as Row;
}

/** x-default: values computed at creation time ("currentMonth", "today"). */
export function dynamicDefaults(entity: EntityDef, data: unknown, now = new Date()): unknown {
  if (!isPlainObject(data)) return data;
  const out = { ...data };
  for (const [name, prop] of Object.entries((entity.schema.properties ?? {}) as Record<string, Row>)) {
    if (out[name] !== undefined || entity.serverOwned.has(name)) continue;
    if (prop['x-default'] === 'currentMonth') out[name] = currentMonth(now);
    if (prop['x-default'] === 'today') out[name] = today(now);
  }
  return out;
}

function stamps(rules: StampRules['onCreate'], caller: Caller, now: Date): Row {
  const value = { contactId: caller.contact.contactId, companyId: caller.company.companyId, today: today(now), now: nowIso(now) };
  return Object.fromEntries(Object.entries(rules ?? {}).map(([field, source]) => [field, value[source]]));
}

/** The record to insert (its id is given inside the write, see `insertRecord`); `x-createRoles` first (403). */
export async function recordToCreate(entity: EntityDef, body: unknown, caller: Caller, now = new Date()): Promise<Row> {
  requireRoles(caller, entity.createRoles);
  const data = validate(entity, entity.validateCreate, dynamicDefaults(entity, clientPart(entity, body), now), now, caller);
  return createdRecord(entity, data, caller, now);
}

/**
 * What the server adds to a new record's validated fields: its first status, `x-stamps.onCreate`,
 * the universe, then `withDerived`. The generic create goes through it, and so do the records a
 * feature writes in bulk (the order import), so theirs are the same.
 */
export function createdRecord(entity: EntityDef, data: Row, caller: Caller, now = new Date()): Promise<Row> {
  const status = entity.machine && entity.statusField ? { [entity.statusField]: initialStatus(entity.machine) } : {};
  return withDerived(entity, { ...data, ...status, ...stamps(entity.stamps.onCreate, caller, now), universeId: caller.universeId });
}

/** What the server adds to a changed record (`existing` with the new fields): `x-stamps.onUpdate`, then `withDerived`. */
export function updatedRecord(entity: EntityDef, record: Row, existing: Row, caller: Caller, now = new Date()): Promise<Row> {
  return withDerived(entity, { ...record, ...stamps(entity.stamps.onUpdate, caller, now) }, existing);
}

/** x-number: the prefix and the id on six digits (`QA-000042`). */
export const readableNumber = (prefix: string, id: number) => `${prefix}${String(id).padStart(6, '0')}`;

export async function insertRecord(tx: Writer, entity: EntityDef, record: Row): Promise<Stored<Row>> {
  const id = await tx.nextId(entity.collection);
  const number = entity.number ? { [entity.number.field]: readableNumber(entity.number.prefix, id) } : {};
  return tx.insert(entity.collection, entity.idField, { ...record, ...number, [entity.idField]: id });
}

/** A full replacement of the client's fields; server-owned fields keep their stored values. */
export async function recordToUpdate(entity: EntityDef, body: unknown, existing: Stored<Row>, caller: Caller, now = new Date()): Promise<Row> {
  const data = validate(entity, entity.validateUpdate, clientPart(entity, body), now, caller, existing);
  const kept = Object.fromEntries(Object.entries(existing).filter(([key]) => entity.serverOwned.has(key)));
  return updatedRecord(entity, { ...kept, ...data }, existing, caller, now);
}

export function updateStamps(entity: EntityDef, caller: Caller, now = new Date()): Row {
  return stamps(entity.stamps.onUpdate, caller, now);
}

/** x-stamps.onEvent: what a workflow event fills (a CAPA's closing date on COMPLETE), never over a value already there. */
export function eventStamps(entity: EntityDef, event: string, record: Row, caller: Caller, now = new Date()): Row {
  const filled = stamps(entity.stamps.onEvent?.[event], caller, now);
  return Object.fromEntries(Object.entries(filled).filter(([field]) => record[field] === undefined || record[field] === null || record[field] === ''));
}

/** The `version` a write is based on: required in a PUT body, optional for actions. */
export function expectedVersion(value: unknown, required: boolean): number | undefined {
  if (value === undefined || value === null || value === '') {
    if (required) throw validationError([{ path: '/version', key: 'validation.required' }]);
    return undefined;
  }
  const version = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw validationError([{ path: '/version', key: 'validation.wrongType' }]);
  }
  return version;
}
