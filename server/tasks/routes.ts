import { Hono } from 'hono';
import { moveTask, TASK_LEVELS, type TaskLevel, type TaskType } from '../../machines/task';
import { isSuperAdmin, type AppContext, type AppEnv, type Caller } from '../context';
import { nowIso } from '../dates';
import { HttpError, forbidden, notFound, validationError } from '../errors';
import { COLLECTIONS, type Company } from '../identity';
import { searchCriteria } from '../resources/search';
import { expectedVersion } from '../resources/write';
import type { Registry } from '../schemas';
import { and, eq, type Condition, type Scalar } from '../store/query';
import type { Reader, Row } from '../store/types';
import { createAjv, fieldErrors } from '../validation';
import { SERVICES, hasCreateService, serviceScope, type ServiceRow } from '../services/access';
import { inCountries, windowCondition } from '../services/search';
import { numberParam, readObject, serviceCaller } from '../services/routeHelpers';
import { TASKS, sweepTasks, type TaskRow } from './lifecycle';

/**
 * The dashboard's tasks (docs/tasks.md): `GET /back/bo/tasks` lists the open tasks of the caller's
 * company on the services it sees, filtered by the dashboard form (schemas/search/dashboard.json);
 * `PATCH /back/bo/tasks/{id}` closes one (DONE) or comments it.
 */
export interface TaskCriteria {
  fromDate?: string;
  toDate?: string;
  tasks?: TaskType[];
  levels?: TaskLevel[];
  serviceGroups?: string[];
  sector?: string;
  decisionMaker?: number;
  vendors?: number[];
  countries?: string[];
  serviceId?: number;
}

/** Closing a task is the company's work: a CREATE_SERVICE flag, SERVICE_WORKFLOW or SUPER_ADMIN (a contributor only reads them). */
export function requireTaskCloser(caller: Caller): void {
  if (!hasCreateService(caller) && !caller.roles.has('SERVICE_WORKFLOW') && !isSuperAdmin(caller)) throw forbidden('error.task.closeRefused');
}

/** The task if it is the caller's company's (404 otherwise: another company's task is not revealed). */
async function ownTask(db: Reader, id: number, caller: Caller): Promise<TaskRow> {
  const task = await db.get<TaskRow>(TASKS, id);
  if (!task || task.universeId !== caller.universeId || task.companyId !== caller.company.companyId) throw notFound('error.notFound.task');
  return task;
}

const list = (field: string, values: readonly Scalar[]): Condition => ({ op: 'in', field, values: [...values] });

/** The conditions of the form on the tasks' services. */
async function serviceConditions(db: Reader, registry: Registry, criteria: TaskCriteria): Promise<Condition[]> {
  const out: Condition[] = [windowCondition({ fromDate: criteria.fromDate, toDate: criteria.toDate })];
  if (criteria.decisionMaker !== undefined) out.push(eq('client', criteria.decisionMaker));
  if (criteria.sector) out.push(eq('sector', criteria.sector));
  if (criteria.vendors?.length) out.push(list('supplier', criteria.vendors));
  if (criteria.countries?.length) out.push(await inCountries(db, criteria.countries));
  if (criteria.serviceGroups?.length) {
    const types = ((registry.enums.serviceType?.enum ?? []) as string[]).filter((type) => criteria.serviceGroups!.some((group) => type.startsWith(`${group}_`)));
    out.push(list('type', types));
  }
  return out;
}

const rank = (level: unknown) => TASK_LEVELS.indexOf(level as TaskLevel);

/** A task as the dashboard shows it: the task and its service's number, type, step, dates, client and supplier. */
function taskLine(task: TaskRow, service: ServiceRow, names: Map<number, string>): Row {
  const name = (id: unknown) => (typeof id === 'number' ? names.get(id) : undefined);
  return {
    taskId: task.taskId,
    version: task.version,
    type: task.type,
    level: task.level,
    status: task.status,
    dueDate: task.dueDate,
    creationDate: task.creationDate,
    comment: task.comment,
    serviceId: service.serviceId,
    number: service.number,
    serviceType: service.type,
    serviceStep: service.serviceStep,
    startDate: service.startDate,
    endDate: service.endDate,
    clientName: name(service.client),
    supplierName: name(service.supplier ?? service.factory),
  };
}

export async function companyTasks(db: Reader, registry: Registry, caller: Caller, criteria: TaskCriteria): Promise<Row[]> {
  const where = and(
    eq('universeId', caller.universeId),
    eq('companyId', caller.company.companyId),
    eq('status', 'OPEN'),
    criteria.tasks?.length ? list('type', criteria.tasks) : undefined,
    criteria.levels?.length ? list('level', criteria.levels) : undefined,
    criteria.serviceId !== undefined ? eq('serviceId', criteria.serviceId) : undefined,
  );
  const tasks = await db.query<TaskRow>({ collection: TASKS, where, orderBy: [{ field: 'dueDate' }, { field: 'taskId' }] });
  if (!tasks.length) return [];
  const ids = [...new Set(tasks.map((task) => task.serviceId))];
  const services = await db.query<ServiceRow>({
    collection: SERVICES,
    where: and(list('serviceId', ids), serviceScope(caller), ...(await serviceConditions(db, registry, criteria))),
  });
  const byId = new Map(services.map((service) => [service.serviceId as number, service]));
  const companyIds = new Set(services.flatMap((service) => [service.client, service.supplier ?? service.factory]).filter((id): id is number => typeof id === 'number'));
  const companies = companyIds.size ? await db.query<Company>({ collection: COLLECTIONS.companies, where: list('companyId', [...companyIds]) }) : [];
  const names = new Map(companies.map((company) => [company.companyId, company.name]));
  return tasks
    .filter((task) => byId.has(task.serviceId))
    .map((task) => taskLine(task, byId.get(task.serviceId)!, names))
    .sort((a, b) => rank(a.level) - rank(b.level));
}

export function taskRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const entity = registry.entities.get('task')!;
  const properties = entity.schema.properties as Record<string, Row>;
  const validatePatch = createAjv().compile({
    type: 'object',
    additionalProperties: false,
    minProperties: 2,
    properties: { version: { type: 'integer' }, status: { type: 'string', enum: ['DONE'] }, comment: properties.comment },
  });

  const search = async (c: AppContext) => {
    const caller = serviceCaller(c);
    const { db, later } = c.get('services');
    const criteria = searchCriteria(entity.search, c.req.queries()) as TaskCriteria;
    // The daily sweep beside the read, never waited for.
    later.run(`task sweep of universe ${caller.universeId}`, () => sweepTasks(db, caller.universeId));
    return c.json(await companyTasks(db, registry, caller, criteria));
  };
  app.get('/back/bo/tasks', search);
  app.get('/back/bo/tasks/', search);

  app.patch('/back/bo/tasks/:id{[0-9]+}', async (c) => {
    const caller = serviceCaller(c);
    requireTaskCloser(caller);
    const { db } = c.get('services');
    const id = numberParam(c, 'id');
    await ownTask(db, id, caller);
    const body = await readObject(c, ['version', 'status', 'comment']);
    const version = expectedVersion(body.version, true);
    if (!validatePatch(body)) throw validationError(fieldErrors(validatePatch.errors));
    const saved = await db.transaction(async (tx) => {
      const task = await ownTask(tx, id, caller);
      const closing = body.status === 'DONE';
      // Only an open task closes: the lifecycle refuses DONE on a done or expired one (409, as a stale version).
      const status = closing ? moveTask(task.status as never, task.type, { type: 'DONE' }) : task.status;
      if (!status) throw new HttpError(409, 'TransitionException', 'error.task.notOpen');
      return tx.update<Row>(
        TASKS,
        id,
        (current) => ({
          ...current,
          ...(body.comment !== undefined ? { comment: body.comment } : {}),
          ...(closing ? { status, closingDate: nowIso(), closedBy: caller.contact.contactId } : {}),
        }),
        version,
      );
    });
    return c.json(saved);
  });
  return app;
}
