import { Hono } from 'hono';
import type { AppContext, AppEnv, Caller } from '../context';
import type { FieldError } from '../errors';
import { isPlainObject } from '../json-body';
import { expectedVersion } from '../resources/write';
import type { Registry } from '../schemas';
import type { Row, Writer } from '../store/types';
import { fieldErrors as fieldErrorsOf } from '../validation';
import { actingSide, requireSheetWrite, visibleService } from './access';
import { addHistory } from './history';
import { presentService } from './present';
import { updateService, type ServiceRecord } from './records';
import { numberParam, prefixed, readObject, serviceCaller, serviceInReach, throwIfAny } from './routeHelpers';
import { departmentOfType } from './wizardRules';
import { assertLineLookups, lineCustomErrors } from './lineFields';
import { orderLinkErrors } from '../purchaseOrders/serviceLinks';

/**
 * The PO lines and laboratory lines stored inside a service: checked with their own entity
 * schema, each with an id from its own sequence (kept when a line moves or is edited).
 */
export interface LineKind {
  field: 'purchaseOrderLines' | 'laboratoryLines';
  entity: 'purchaseOrderLine' | 'laboratoryLine';
  idField: string;
  /** The §5.4 rule "at least one" (PO lines always, test lines on a laboratory service). */
  required: (service: Row) => boolean;
  requiredKey: string;
  /** Quantities (`{ quantity }`) a line may not hold above another of its own, with the refusal's key. */
  bounds?: readonly { field: string; limit: string; key: string }[];
}

export const PO_LINES: LineKind = {
  field: 'purchaseOrderLines',
  entity: 'purchaseOrderLine',
  idField: 'purchaseOrderLineId',
  required: () => true,
  requiredKey: 'service.wizard.atLeastOnePurchaseOrderLine',
  // Inspected ≤ presented, as on the report's lines (docs/reports.md); presented may exceed ordered.
  bounds: [{ field: 'inspectedQuantity', limit: 'presentedQuantity', key: 'report.inspectedOverPresented' }],
};
export const LAB_LINES: LineKind = {
  field: 'laboratoryLines',
  entity: 'laboratoryLine',
  idField: 'laboratoryLineId',
  required: (service) => departmentOfType(service.type) === 'LAB',
  requiredKey: 'service.wizard.atLeastOneLaboratoryTest',
};

export const linesOf = (service: Row, kind: LineKind): Row[] => (Array.isArray(service[kind.field]) ? (service[kind.field] as Row[]) : []);

/** The submitted lines validated (server-owned fields dropped, a submitted id kept aside for `withLineIds`), or their field errors under `path`. */
export function checkLines(registry: Registry, kind: LineKind, raw: unknown, path: string): { lines: Row[]; errors: FieldError[] } {
  if (raw === undefined) return { lines: [], errors: [] };
  if (!Array.isArray(raw)) return { lines: [], errors: [{ path, key: 'validation.wrongType' }] };
  const entity = registry.entities.get(kind.entity)!;
  const errors: FieldError[] = [];
  const lines = raw.map((item, index) => {
    if (!isPlainObject(item)) {
      errors.push({ path: `${path}/${index}`, key: 'validation.wrongType' });
      return {};
    }
    const data = Object.fromEntries(Object.entries(item).filter(([key]) => !entity.serverOwned.has(key)));
    if (!entity.validateCreate(data)) errors.push(...prefixed(`${path}/${index}`, fieldErrorsOf(entity.validateCreate.errors)));
    else errors.push(...boundErrors(kind, data, `${path}/${index}`));
    return typeof item[kind.idField] === 'number' ? { ...data, [kind.idField]: item[kind.idField] } : data;
  });
  return { lines, errors };
}

const quantityOf = (value: unknown) => (value && typeof value === 'object' ? (value as Row).quantity : undefined);

/** The line's quantities above their bound (`LineKind.bounds`). */
function boundErrors(kind: LineKind, line: Row, path: string): FieldError[] {
  return (kind.bounds ?? [])
    .filter(({ field, limit }) => {
      const [value, max] = [quantityOf(line[field]), quantityOf(line[limit])];
      return typeof value === 'number' && typeof max === 'number' && value > max;
    })
    .map(({ field, key }) => ({ path: `${path}/${field}`, key }));
}

/** Each line keeps its id when it is one of `existing`'s (once); any other line gets a new id. */
export async function withLineIds(tx: Writer, kind: LineKind, lines: Row[], existing: Row[]): Promise<Row[]> {
  const free = new Set(existing.map((line) => line[kind.idField]));
  const out: Row[] = [];
  // One at a time: new ids follow the lines' order.
  for (const line of lines) out.push(free.delete(line[kind.idField]) ? line : { ...line, [kind.idField]: await tx.nextId(kind.field) });
  return out;
}

/** "At least one line" of the kind, when the service needs one. */
export function missingLines(kind: LineKind, service: Row, lines: Row[], path: string): FieldError[] {
  return kind.required(service) && lines.length === 0 ? [{ path, key: kind.requiredKey }] : [];
}

/** Replaces the lines of a kind (PATCH): WRITE needed, at least one when required. */
async function replaceLines(tx: Writer, registry: Registry, caller: Caller, id: number, kind: LineKind, body: Row, version: number): Promise<ServiceRecord> {
  const service = await visibleService(tx, id, caller);
  requireSheetWrite(service, caller);
  const { lines, errors } = checkLines(registry, kind, body.lines ?? [], '/lines');
  const stored = linesOf(service, kind);
  const custom = kind === PO_LINES ? await lineCustomErrors(tx, registry, caller, service.type, lines, stored, '/lines') : [];
  const orderLinks = kind === PO_LINES ? await orderLinkErrors(tx, registry, caller, service, lines, stored, '/lines') : [];
  throwIfAny([...missingLines(kind, service, lines, '/lines'), ...errors, ...custom, ...orderLinks]);
  if (kind === PO_LINES) await assertLineLookups(tx, registry, caller, lines, stored, '/lines');
  const updated = await updateService(tx, caller, id, { [kind.field]: await withLineIds(tx, kind, lines, stored) }, version);
  await addHistory(tx, caller, { serviceId: id, event: 'UPDATED', side: actingSide(service, caller), detail: kind.field });
  return updated;
}

export function lineRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = '/back/bo/purchaseOrderLines/:serviceId{[0-9]+}';
  for (const [path, kind] of [[base, PO_LINES], [`${base}/laboratoryLines`, LAB_LINES]] as const) {
    app.get(path, async (c) => {
      const caller = serviceCaller(c);
      return c.json(linesOf(await visibleService(c.get('services').db, numberParam(c, 'serviceId'), caller), kind));
    });
    app.patch(path, async (c: AppContext) => {
      const caller = serviceCaller(c);
      const { db, registry } = c.get('services');
      await serviceInReach(c, caller, 'serviceId');
      const body = await readObject(c, ['version', 'lines']);
      const version = expectedVersion(body.version, true)!;
      const updated = await db.transaction((tx) => replaceLines(tx, registry, caller, numberParam(c, 'serviceId'), kind, body, version));
      return c.json(await presentService(db, updated, caller));
    });
  }
  return app;
}
