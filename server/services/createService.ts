import { INITIAL_FLOW, flowFields, moveService, type ServiceSide } from '../../machines/service';
import type { Caller } from '../context';
import { earliestToday, pastDateErrors } from '../../engine/schema/rules';
import { nowIso, today } from '../dates';
import type { FieldError } from '../errors';
import { isPlainObject } from '../json-body';
import { assertWriteRoles, readableNumber } from '../resources/write';
import type { Registry } from '../schemas';
import type { Reader, Row, Writer } from '../store/types';
import { SERVICES, actingSide, requireSheetWrite, serviceScope, sheetRight, visibleService } from './access';
import { addHistory } from './history';
import { LAB_LINES, PO_LINES, checkLines, linesOf, withLineIds } from './lines';
import { insertNote, noteTextErrors } from './notes';
import { alertServiceParties } from './serviceAlerts';
import { followTasks } from '../tasks/lifecycle';
import { providerSettings } from '../settings/records';
import { SERVICE_DATE_LINES, updateService, updateStampsOf, type ServiceRecord } from './records';
import { throwIfAny } from './routeHelpers';
import { derivedFields } from './searchText';
import { NEWEST_FIRST } from './search';
import { and, eq, type Scalar } from '../store/query';
import {
  assertServiceReferences,
  checkNotification,
  checkServiceFields,
  contactErrors,
  pickerContext,
  serviceEntity,
  type Notification,
} from './serviceFields';
import { firstPerPath, roleErrors, serviceRuleErrors, slotErrors } from './wizardRules';
import { customValues } from '../customFields/recordValues';
import { assertLineLookups, lineCustomErrors } from './lineFields';
import { orderLinkErrors } from '../purchaseOrders/serviceLinks';

/**
 * The wizard's writes (docs/services.md "Create, edit, duplicate"): a new service is the
 * creator side's first date proposal, unless an open service with the same type, parties
 * and start date takes the lines instead (merge). Editing replaces the client's fields and
 * keeps the dates, which move only through POSTPONE.
 */
export const WIZARD_KEYS = ['roles', 'service', 'purchaseOrderLines', 'laboratoryLines', 'note', 'notification'];
export const EDIT_KEYS = ['version', 'service', 'purchaseOrderLines', 'laboratoryLines'];

export interface WizardInput {
  roles: ServiceSide[];
  service: Row;
  purchaseOrderLines: Row[];
  laboratoryLines: Row[];
  note?: string;
  notification?: Notification;
}

/** An empty note is no note. */
const noteOf = (note: unknown) => (note === undefined || note === null || (typeof note === 'string' && !note.trim()) ? undefined : note);

const CUSTOM_PATH = '/service/customFieldService';

/** The caller's company's custom fields of the service's type checked (DESIGN.md rule 10), the others' values kept; errors under `/service/customFieldService`. */
async function withCustomValues(tx: Writer, caller: Caller, service: Row, existing?: Row): Promise<FieldError[]> {
  const { values, errors } = await customValues(tx, caller, 'service', service, { serviceType: service.type as string | undefined }, CUSTOM_PATH, existing);
  service.customFieldService = values;
  return errors;
}

/** `notPast` dates of the service (a new one, or one changed from `existing`) under `/service`. */
const pastDates = (schema: Row, service: Row, existing?: Row): FieldError[] =>
  pastDateErrors(schema, service, earliestToday(), existing).map((error) => ({ ...error, path: `/service${error.path}` }));

/** The whole wizard body checked: 400 with every field error at once, then tags and lookups. */
export async function checkWizard(tx: Writer, registry: Registry, caller: Caller, body: Row): Promise<WizardInput> {
  const entity = serviceEntity(registry);
  const context = await pickerContext(tx, caller);
  const roleProblems = roleErrors(body.roles, context);
  const roles = roleProblems.length ? [] : (body.roles as ServiceSide[]);
  const { service, errors } = checkServiceFields(entity, body.service, entity.validateCreate);
  const customErrors = await withCustomValues(tx, caller, service);
  const po = checkLines(registry, PO_LINES, body.purchaseOrderLines, '/purchaseOrderLines');
  const lab = checkLines(registry, LAB_LINES, body.laboratoryLines, '/laboratoryLines');
  const lineCustom = await lineCustomErrors(tx, registry, caller, service.type, po.lines, [], '/purchaseOrderLines');
  const orderLinks = await orderLinkErrors(tx, registry, caller, service, po.lines, [], '/purchaseOrderLines');
  const note = noteOf(body.note);
  const { notification, errors: notificationErrors } = await checkNotification(tx, registry, caller, body.notification);
  const contactProblems = await contactErrors(tx, service);
  throwIfAny(
    firstPerPath(
      roleProblems,
      slotErrors(roles, service, context),
      serviceRuleErrors({ service, purchaseOrderLines: po.lines, laboratoryLines: lab.lines, orderTaker: roles.includes('ORDER_TAKER') }),
      errors,
      customErrors,
      pastDates(entity.schema, service),
      contactProblems,
      po.errors,
      lineCustom,
      orderLinks,
      lab.errors,
      note === undefined ? [] : noteTextErrors(registry, note, '/note'),
      notificationErrors,
    ),
  );
  assertWriteRoles(entity.schema, service, caller, undefined, '/service');
  await assertServiceReferences(tx, registry, caller, service);
  await assertLineLookups(tx, registry, caller, po.lines, [], '/purchaseOrderLines');
  return { roles, service, purchaseOrderLines: po.lines, laboratoryLines: lab.lines, note: note as string | undefined, notification };
}

/** The side the creator acts on: decision maker wins, then order taker, then provider. */
const creatorSideOf = (roles: ServiceSide[]): ServiceSide =>
  (['DECISION_MAKER', 'ORDER_TAKER', 'SERVICE_PROVIDER'] as const).find((side) => roles.includes(side))!;

const MERGE_KEYS = ['type', 'client', 'supplier', 'factory', 'serviceProvider', 'startDate'];

/**
 * An open service the new one merges into: same type, parties and start date, which the caller
 * may edit (the oldest). The services' ordered index holds those of one start date together.
 */
export async function mergeTarget(db: Reader, caller: Caller, service: Row): Promise<ServiceRecord | undefined> {
  const start = service.startDate;
  if (typeof start !== 'string') return undefined;
  const where = and(
    serviceScope(caller),
    { op: 'in', field: 'serviceStep', values: ['OPENED', 'REQUESTED'] },
    ...MERGE_KEYS.map((key) => eq(key, (service[key] ?? null) as Scalar)),
  );
  const twins = await db.query<ServiceRecord>({ collection: SERVICES, where, orderBy: NEWEST_FIRST });
  return twins.filter((twin) => sheetRight(twin, caller).right === 'WRITE').at(-1);
}

async function mergeInto(tx: Writer, registry: Registry, caller: Caller, target: ServiceRecord, input: WizardInput, now: Date): Promise<ServiceRecord> {
  const serviceId = target.serviceId as number;
  const poLines = await withLineIds(tx, PO_LINES, input.purchaseOrderLines, []);
  const labLines = await withLineIds(tx, LAB_LINES, input.laboratoryLines, []);
  const updated = await updateService(tx, caller, serviceId, {
    purchaseOrderLines: [...linesOf(target, PO_LINES), ...poLines],
    laboratoryLines: [...linesOf(target, LAB_LINES), ...labLines],
  });
  await addHistory(tx, caller, { serviceId, event: 'MERGED', side: actingSide(target, caller) }, now);
  await alertServiceParties(tx, registry, updated, caller, 'UPDATED', now);
  if (input.note) await insertNote(tx, caller, updated, input.note, now);
  return updated;
}

async function insertService(tx: Writer, registry: Registry, caller: Caller, input: WizardInput, now: Date): Promise<ServiceRecord> {
  const side = creatorSideOf(input.roles);
  // The creator's first proposal, under the provider's workflow settings (it may confirm at once: docs/settings.md).
  const moved = moveService('OPENED', INITIAL_FLOW, { type: 'REQUEST_DATE', by: side, owner: true }, await providerSettings(tx, input.service as Row))!;
  const serviceId = await tx.nextId(SERVICES);
  const record: Row = {
    ...input.service,
    ...flowFields(moved.step, moved.flow, today(now)),
    serviceId,
    number: readableNumber(serviceEntity(registry).number!.prefix, serviceId),
    purchaseOrderLines: await withLineIds(tx, PO_LINES, input.purchaseOrderLines, []),
    laboratoryLines: await withLineIds(tx, LAB_LINES, input.laboratoryLines, []),
    creatorSide: side,
    creator: caller.contact.contactId,
    creatorCompany: caller.company.companyId,
    creationDate: nowIso(now),
    ...updateStampsOf(caller, now),
    universeId: caller.universeId,
  };
  const created = (await tx.insert(SERVICES, 'serviceId', { ...record, ...(await derivedFields(tx, record)) })) as ServiceRecord;
  const { startDate, endDate } = input.service;
  await tx.insert(SERVICE_DATE_LINES, 'dateLineId', {
    serviceId,
    startDate,
    ...(endDate ? { endDate } : {}),
    status: moved.flow.pendingDateBy ? 'PROPOSED' : 'ACCEPTED',
    proposedBy: side,
    proposedByContact: caller.contact.contactId,
    proposedAt: nowIso(now),
  });
  await addHistory(tx, caller, { serviceId, event: 'CREATED', toStep: moved.step, side }, now);
  // The creator's proposal waits for the other side: its date request task.
  await followTasks(tx, created, 'CREATED', { by: side, fromStep: 'OPENED', toStep: moved.step }, now);
  await alertServiceParties(tx, registry, created, caller, 'CREATED', now);
  if (input.note) await insertNote(tx, caller, created, input.note, now);
  return created;
}

/** POST: a new service, or the lines appended to the open twin `target` (`mergeTarget`; `created: false`). */
export async function createOrMerge(
  tx: Writer,
  registry: Registry,
  caller: Caller,
  input: WizardInput,
  target: ServiceRecord | undefined,
  now = new Date(),
): Promise<{ service: ServiceRecord; created: boolean }> {
  if (target) return { service: await mergeInto(tx, registry, caller, target, input, now), created: false };
  return { service: await insertService(tx, registry, caller, input, now), created: true };
}

const DATE_FIELDS = ['startDate', 'endDate'];

/** PUT (EDIT mode): WRITE needed; the client's fields replaced, lines replaced when given, dates kept. */
export async function editService(tx: Writer, registry: Registry, caller: Caller, serviceId: number, body: Row, version: number): Promise<ServiceRecord> {
  const existing = await visibleService(tx, serviceId, caller);
  requireSheetWrite(existing, caller);
  const entity = serviceEntity(registry);
  const raw = body.service;
  const movedDates = isPlainObject(raw)
    ? DATE_FIELDS.filter((field) => raw[field] !== undefined && raw[field] !== existing[field]).map((field) => ({
        path: `/service/${field}`,
        key: 'service.wizard.datesThroughPostpone',
      }))
    : [];
  const { service, errors } = checkServiceFields(entity, raw, entity.validateUpdate, { startDate: existing.startDate, endDate: existing.endDate });
  const customErrors = await withCustomValues(tx, caller, service, existing);
  const po = body.purchaseOrderLines === undefined ? undefined : checkLines(registry, PO_LINES, body.purchaseOrderLines, '/purchaseOrderLines');
  const lab = body.laboratoryLines === undefined ? undefined : checkLines(registry, LAB_LINES, body.laboratoryLines, '/laboratoryLines');
  const poLines = po?.lines ?? linesOf(existing, PO_LINES);
  const labLines = lab?.lines ?? linesOf(existing, LAB_LINES);
  const lineCustom = po ? await lineCustomErrors(tx, registry, caller, service.type ?? existing.type, po.lines, linesOf(existing, PO_LINES), '/purchaseOrderLines') : [];
  const orderLinks = await orderLinkErrors(tx, registry, caller, { ...existing, ...service }, poLines, linesOf(existing, PO_LINES), '/purchaseOrderLines');
  const contactProblems = await contactErrors(tx, service);
  throwIfAny(
    firstPerPath(
      movedDates,
      serviceRuleErrors({ service, purchaseOrderLines: poLines, laboratoryLines: labLines, orderTaker: existing.creatorSide === 'ORDER_TAKER' }),
      errors,
      customErrors,
      pastDates(entity.schema, service, existing),
      contactProblems,
      po?.errors ?? [],
      lineCustom,
      orderLinks,
      lab?.errors ?? [],
    ),
  );
  assertWriteRoles(entity.schema, service, caller, existing, '/service');
  await assertServiceReferences(tx, registry, caller, service, existing);
  if (po) await assertLineLookups(tx, registry, caller, po.lines, linesOf(existing, PO_LINES), '/purchaseOrderLines');
  const kept = Object.fromEntries(Object.entries(existing).filter(([key]) => entity.serverOwned.has(key)));
  const purchaseOrderLines = await withLineIds(tx, PO_LINES, poLines, linesOf(existing, PO_LINES));
  const laboratoryLines = await withLineIds(tx, LAB_LINES, labLines, linesOf(existing, LAB_LINES));
  const updated = await updateService(tx, caller, serviceId, () => ({ ...kept, ...service, purchaseOrderLines, laboratoryLines }), version);
  await addHistory(tx, caller, { serviceId, event: 'UPDATED', side: actingSide(existing, caller) });
  await alertServiceParties(tx, registry, updated, caller, 'UPDATED');
  return updated;
}
