import { Hono } from 'hono';
import { assignmentErrors, endDateError, FIELD_ROLES, serviceDays, type AssignedContributor, type DayRole } from '../../machines/assignment';
import type { AppContext, AppEnv, Caller } from '../context';
import { businessRule, forbidden, validationError, versionConflict, type FieldError } from '../errors';
import { expectedVersion } from '../resources/write';
import { COLLECTIONS, fullName, type Contact } from '../identity';
import type { Registry } from '../schemas';
import type { Reader, Row, Writer } from '../store/types';
import { fieldErrors } from '../validation';
import { actingSide, visibleService } from '../services/access';
import { addHistory } from '../services/history';
import { updateService } from '../services/records';
import { FIELD_ROLES as ON_FIELD } from '../activity/figures';
import { readObject, serviceCaller, throwIfAny } from '../services/routeHelpers';
import {
  ASSIGNMENTS,
  acronymOf,
  assignmentOfService,
  assignmentOptions,
  assignmentReadOnly,
  candidateCompanies,
  contributorsOf,
  mayAssign,
  requireAssigner,
  requireAssignerRole,
  requireProvider,
  requireProviderCompany,
  type AssignmentRecord,
  type AssignmentService,
} from './assignments';
import { attendeesOf } from './attendees';
import { sendMissionOrder } from '../notify/send';
import { followTasks } from '../tasks/lifecycle';
import type { ServiceStep } from '../../machines/service';

/**
 * Assignment calls of spec §7.4 (docs/planning.md): the provider puts its contributors on a
 * service day by day. Every write is checked against the assignment schema and the rules of
 * machines/assignment.ts (422 with the spec's message), then written in one transaction with
 * the service's contributors and end date and a history event.
 */
const FORM = '/back/bo/pln/planning/assignment-form';

function serviceIdOf(value: unknown, path = '/serviceId'): number {
  const id = typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw validationError([{ path, key: 'validation.invalid' }]);
  return id;
}

/** The service of the query's `serviceId`, visible (404) and provided by the caller's company (403). */
async function providerService(db: Reader, caller: Caller, serviceId: number): Promise<AssignmentService> {
  const service = (await visibleService(db, serviceId, caller)) as AssignmentService;
  requireProvider(service, caller);
  return service;
}

/** `providerService`, and the caller one of the provider's managers (403 otherwise). */
async function assignerService(db: Reader, caller: Caller, serviceId: number): Promise<AssignmentService> {
  const service = await providerService(db, caller, serviceId);
  requireAssigner(service, caller);
  return service;
}

/** The caller, once the service route roles and the provider's company role passed (403 otherwise). */
function plannerCaller(c: AppContext): Caller {
  const caller = serviceCaller(c);
  requireProviderCompany(caller);
  return caller;
}

/** A planner who may change a team: one of the company's managers (403 otherwise, before the body is read). */
function assignerCaller(c: AppContext): Caller {
  const caller = plannerCaller(c);
  requireAssignerRole(caller);
  return caller;
}

/** The end date the popup is editing, for the busy days (400 when unreadable or before the start). */
function busyUntil(service: AssignmentService, endDate: string | undefined): string | undefined {
  if (endDate === undefined) return undefined;
  if (endDateError(service.startDate, endDate)) throw validationError([{ path: '/endDate', key: 'validation.invalid' }]);
  return endDate;
}

const flag = (c: AppContext, name: string) => c.req.query(name) === 'true';

/** A day a contributor works on the service itself (not a representative, not off the field). */
const onField = (role: DayRole) => role.typePlanning !== 'NOT_ON_FIELD' && role.typePlanning !== 'REPRESENTATIVE';

/** The popup's state: the stored assignment, or an empty one over the service's dates; read-only to whoever may not assign. */
async function assignmentForm(db: Reader, service: AssignmentService, caller: Caller) {
  const record = await assignmentOfService(db, service.serviceId as number);
  return {
    serviceId: service.serviceId,
    startDate: service.startDate,
    endDate: record?.endDate ?? service.endDate ?? service.startDate,
    assignmentId: record?.assignmentId,
    version: record?.version,
    readOnly: assignmentReadOnly(service) || !mayAssign(service, caller),
    options: await assignmentOptions(db, service),
    assignments: await contributorsOf(db, service, record),
  };
}

interface PostedAssignment {
  contactId: number;
  typePlannings: DayRole[];
}

/** Who may be on it (400 at the contact otherwise) and whether each posted row fits the days and its kind. */
async function contributorErrors(db: Reader, service: AssignmentService, rows: PostedAssignment[], days: string[]): Promise<{ errors: FieldError[]; contacts: Map<number, Contact>; contributors: AssignedContributor[] }> {
  const kinds = await candidateCompanies(db, service, await assignmentOptions(db, service));
  const ids = rows.map((row) => row.contactId);
  const found = await db.query<Contact>({ collection: COLLECTIONS.contacts, where: { op: 'in', field: 'contactId', values: ids.length ? ids : [0] } });
  const contacts = new Map(found.filter((one) => !one.archived && kinds.has(one.companyId)).map((one) => [one.contactId, one as Contact]));
  const errors: FieldError[] = [];
  const seen = new Set<number>();
  rows.forEach((row, i) => {
    const at = `/assignments/${i}`;
    const contact = contacts.get(row.contactId);
    if (!contact) return void errors.push({ path: `${at}/contactId`, key: 'validation.unknownReference' });
    if (seen.has(row.contactId)) errors.push({ path: `${at}/contactId`, key: 'validation.duplicate' });
    seen.add(row.contactId);
    if (row.typePlannings.map((role) => role.date).join() !== days.join()) return void errors.push({ path: `${at}/typePlannings`, key: 'error.assignment.days' });
    const representative = kinds.get(contact.companyId) === 'representative';
    row.typePlannings.forEach((role, j) => {
      const fits = representative ? role.typePlanning === 'REPRESENTATIVE' : FIELD_ROLES.includes(role.typePlanning);
      if (!fits) errors.push({ path: `${at}/typePlannings/${j}/typePlanning`, key: representative ? 'error.assignment.representativeCell' : 'error.assignment.representativeRole' });
    });
  });
  const contributors = rows.map((row) => ({ ...row, representative: kinds.get(contacts.get(row.contactId)?.companyId ?? 0) === 'representative' }));
  return { errors, contacts, contributors };
}

async function saveAssignment(tx: Writer, caller: Caller, service: AssignmentService, existing: AssignmentRecord | undefined, endDate: string, rows: PostedAssignment[], contacts: Map<number, Contact>) {
  const serviceId = service.serviceId as number;
  const assignments = rows.map((row) => {
    const contact = contacts.get(row.contactId)!;
    return { contactId: row.contactId, fullName: fullName(contact), acronym: acronymOf(contact), ...(contact.pictureFileId ? { pictureFileId: contact.pictureFileId } : {}), typePlannings: row.typePlannings };
  });
  const record = {
    serviceId,
    universeId: service.universeId,
    serviceProvider: service.serviceProvider,
    startDate: service.startDate,
    endDate,
    contactIds: rows.map((row) => row.contactId),
    assignments,
  };
  const saved = existing
    ? await tx.update<AssignmentRecord>(ASSIGNMENTS, existing.assignmentId, (current) => ({ ...current, ...record }))
    : await tx.insert<AssignmentRecord>(ASSIGNMENTS, 'assignmentId', record as unknown as AssignmentRecord);
  // Man-days: one contact on one day in a field role (representatives are not the provider's work; docs/kpis.md).
  const manDays = rows.reduce((sum, row) => sum + row.typePlannings.filter((day) => ON_FIELD.has(day.typePlanning)).length, 0);
  await updateService(tx, caller, serviceId, (current) => ({ ...current, contributors: record.contactIds, manDays, ...(current.endDate !== endDate ? { endDate } : {}) }) as Row);
  await addHistory(tx, caller, { serviceId, event: 'ASSIGNED', side: actingSide(service, caller), detail: assignments.map((one) => one.acronym).join(', ') });
  return saved;
}

export function planningRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(FORM, async (c) => {
    const caller = plannerCaller(c);
    const { db } = c.get('services');
    const service = await providerService(db, caller, serviceIdOf(c.req.query('serviceId')));
    return c.json(await assignmentForm(db, service, caller));
  });

  app.get('/back/bo/pln/planning/attendees', async (c) => {
    const caller = assignerCaller(c);
    const { db } = c.get('services');
    const service = await assignerService(db, caller, serviceIdOf(c.req.query('serviceId')));
    const allowed = await assignmentOptions(db, service);
    const wanted = {
      includeContributorUniverse: allowed.includeContributorUniverse && flag(c, 'includeContributorUniverse'),
      includeRepresentative: allowed.includeRepresentative && flag(c, 'includeRepresentative'),
    };
    return c.json(await attendeesOf(db, service, wanted, busyUntil(service, c.req.query('endDate'))));
  });

  app.post(FORM, async (c) => {
    const caller = assignerCaller(c);
    const { db } = c.get('services');
    const { version: read, ...body } = await readObject(c, ['serviceId', 'endDate', 'assignments', 'version']);
    // The version the popup read (none for a service not assigned yet): a save over another one's is refused.
    const version = expectedVersion(read, false);
    const serviceId = serviceIdOf(body.serviceId);
    await assignerService(db, caller, serviceId);
    const validate = registry.entities.get('assignment')!.validateCreate;
    if (!validate(structuredClone(body))) throw validationError(fieldErrors(validate.errors));
    const endDate = body.endDate as string;
    const rows = body.assignments as PostedAssignment[];
    const saved = await db.transaction(async (tx) => {
      const service = await assignerService(tx, caller, serviceId);
      if (assignmentReadOnly(service)) throw forbidden('error.assignment.readOnly');
      const dateError = endDateError(service.startDate, endDate);
      if (dateError) throw businessRule(dateError);
      const { errors, contacts, contributors } = await contributorErrors(tx, service, rows, serviceDays(service.startDate, endDate));
      throwIfAny(errors);
      const [rule] = assignmentErrors(service.startDate, endDate, contributors);
      if (rule) throw businessRule(rule);
      const existing = await assignmentOfService(tx, serviceId);
      if (version !== undefined && existing?.version !== version) throw versionConflict();
      const before = (existing?.assignments ?? []).filter((one) => one.typePlannings.some(onField)).map((one) => one.contactId);
      await saveAssignment(tx, caller, service, existing, endDate, rows, contacts);
      // Contributors on the field: a confirmed service is prepared, now to perform (machines/task.ts).
      if (rows.some((row) => row.typePlannings.some(onField))) await followTasks(tx, service, 'ASSIGNED', { by: 'SERVICE_PROVIDER', toStep: service.serviceStep as ServiceStep });
      return { form: await assignmentForm(tx, service, caller), service, newlyOnField: rows.filter((row) => !before.includes(row.contactId) && row.typePlannings.some(onField)).map((row) => row.contactId) };
    });
    // The contributors newly on the field get their mission order once the assignment is committed (a mail failure is only logged).
    if (saved.newlyOnField.length) {
      const services = c.get('services');
      services.later.run(`mission orders of service ${serviceId}`, () => sendMissionOrder(services, saved.service, saved.newlyOnField, caller));
    }
    return c.json(saved.form);
  });

  return app;
}
