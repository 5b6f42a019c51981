import { moveTask, taskChanges, type TaskDue, type TaskFacts, type TaskParty, type TaskSpec, type TaskTrigger, type TaskType } from '../../machines/task';
import type { ServiceSide, ServiceStep } from '../../machines/service';
import { nowIso, today } from '../dates';
import { FILES } from '../files/entries';
import { and, eq, type Condition } from '../store/query';
import type { AsyncStore, Reader, Row, Stored, Writer } from '../store/types';
import { SERVICES, type ServiceParties } from '../services/access';
import { lastDay, lastDayIs } from '../services/search';
import { taskConfigs, workflowConfig } from '../settings/records';

/**
 * Tasks follow the service's events (docs/tasks.md): inside the event's transaction, the rule
 * table of machines/task.ts says which open tasks of the service expire and which tasks to
 * create, for the company of which side. A task already open for that company stays the only one.
 */
export const TASKS = 'tasks';

export type TaskRow = Stored<Row & { taskId: number; type: TaskType; status: string; serviceId: number; companyId: number; level: string }>;
type ServiceRow = Row & ServiceParties;

/** The company of a side of the service (an order taker: the supplier, else the factory, else the agent). */
export function partyCompany(service: ServiceRow, party: TaskParty): number | undefined {
  switch (party) {
    case 'SERVICE_PROVIDER':
      return service.serviceProvider;
    case 'DECISION_MAKER':
      return service.client;
    case 'OWNER':
      return service.creatorCompany;
    case 'ORDERER': {
      const side = service.creatorSide as ServiceSide | undefined;
      if (side === 'ORDER_TAKER') return service.supplier ?? service.factory ?? service.agent;
      return service.client;
    }
  }
}

function dueDate(service: ServiceRow, due: TaskDue, day: string, facts: TaskFacts): string {
  if (due === 'PROPOSED' && facts.proposedStart) return facts.proposedStart;
  if (due === 'PROPOSED' && typeof service.startDate === 'string') return service.startDate;
  if (due === 'START' && typeof service.startDate === 'string') return service.startDate;
  if (due === 'LAST_DAY' && typeof service.startDate === 'string') return lastDay(service);
  return day;
}

/** The new task of `spec` on the service, for its party's company. */
export function newTask(service: ServiceRow, spec: TaskSpec, trigger: TaskTrigger, now: Date, facts: TaskFacts = {}): Row | undefined {
  const companyId = partyCompany(service, spec.party);
  if (companyId === undefined || companyId === null) return undefined;
  return {
    type: spec.type,
    level: spec.level,
    status: 'OPEN',
    serviceId: service.serviceId,
    companyId,
    universeId: service.universeId,
    creationDate: nowIso(now),
    dueDate: dueDate(service, spec.due, today(now), facts),
    createdBy: trigger,
  };
}

/** The service has an element file (a SERVICE file of the sheet's elements tab). */
export async function hasElements(db: Reader, service: ServiceRow): Promise<boolean> {
  const where = and(eq('universeId', service.universeId as number), eq('fileType', 'SERVICE'), eq('entityId', service.serviceId as number));
  return (await db.count({ collection: FILES, where, limit: 1 })) > 0;
}

/** An element file added to a service answers its MISSING_ELEMENT task; deleting its last one asks again while it is CONFIRMED. */
export async function followElements(tx: Writer, serviceId: number, trigger: 'ELEMENT_ADDED' | 'ELEMENT_REMOVED'): Promise<void> {
  const service = await tx.get<ServiceRow>(SERVICES, serviceId);
  if (!service) return;
  const hasAny = trigger === 'ELEMENT_ADDED' || (await hasElements(tx, service));
  await followTasks(tx, service, trigger, { toStep: service.serviceStep as ServiceStep, hasElements: hasAny });
}

/** The facts of a workflow move: who acted, the steps, the elements (read only when a confirmation asks) and the report's decision. */
export async function moveFacts(db: Reader, service: ServiceRow, by: ServiceSide | null, fromStep: ServiceStep | undefined, toStep: ServiceStep): Promise<TaskFacts> {
  const confirms = toStep === 'CONFIRMED' && fromStep !== 'CONFIRMED';
  return {
    by,
    fromStep,
    toStep,
    hasElements: confirms ? await hasElements(db, service) : undefined,
    decisionPending: (service.report as Row | undefined)?.clientDecision === 'PENDING',
  };
}

/**
 * Applies `trigger` to the tasks of `service` (the record after the event): the open tasks it
 * answers become EXPIRED (through the task machine), the tasks it asks for are created.
 */
export async function followTasks(tx: Writer, service: ServiceRow, trigger: TaskTrigger, given: TaskFacts, now = new Date()): Promise<void> {
  // A report waiting for a decision: whether the decision maker's settings want one (docs/settings.md).
  const facts = given.decisionPending && given.decisionNeeded === undefined ? { ...given, decisionNeeded: (await workflowConfig(tx, service.client)).reportNeedsDecision } : given;
  const changes = taskChanges(trigger, facts);
  if (!changes.create.length && !changes.expire.length && !changes.all) return;
  const serviceId = service.serviceId as number;
  const open = await tx.query<TaskRow>({ collection: TASKS, where: and(eq('serviceId', serviceId), eq('status', 'OPEN')) });
  const still: TaskRow[] = [];
  for (const task of open) {
    if (moveTask('OPEN', task.type, { type: 'EXPIRE', trigger, facts }) !== 'EXPIRED') {
      still.push(task);
      continue;
    }
    await tx.update<Row>(TASKS, task.taskId, (current) => ({ ...current, status: 'EXPIRED', closingDate: nowIso(now), expiredBy: trigger }));
  }
  // Each company's task settings turn types off and set their levels (docs/settings.md).
  const configOf = await taskConfigs(tx, changes.create.map((spec) => partyCompany(service, spec.party)).filter((id): id is number => typeof id === 'number'));
  for (const spec of changes.create) {
    const task = newTask(service, spec, trigger, now, facts);
    if (!task) continue;
    const config = configOf(task.companyId as number);
    if (config.disabledTypes.includes(spec.type) || still.some((other) => other.type === task.type && other.companyId === task.companyId)) continue;
    task.level = config.levels[spec.type] ?? spec.level;
    still.push((await tx.insert<Row>(TASKS, 'taskId', task)) as TaskRow);
  }
}

/** Universes swept today, per store (several test servers share a process). */
const swept = new WeakMap<object, Map<number, string>>();

/**
 * The daily sweep: the first read of the day of a universe's tasks (the dashboard)
 * starts it, beside the read; it creates SERVICE_TO_COMPLETE for the CONFIRMED services whose last day has passed (in
 * the last SWEEP_DAYS days) and that have
 * none open or done. Several servers may sweep the same day: each creation is checked again in
 * its transaction.
 */
export async function sweepTasks(db: AsyncStore, universeId: number, now = new Date()): Promise<number> {
  const day = today(now);
  const done = swept.get(db) ?? new Map<number, string>();
  swept.set(db, done);
  if (done.get(universeId) === day) return 0;
  done.set(universeId, day);
  const where: Condition = and(eq('universeId', universeId), eq('serviceStep', 'CONFIRMED'), lastDayIs('lt', day), lastDayIs('gte', today(new Date(now.getTime() - SWEEP_DAYS * 86_400_000))));
  const due = await db.query<ServiceRow>({ collection: SERVICES, where });
  if (!due.length) return 0;
  const ids = due.map((service) => service.serviceId as number);
  const kept = await db.query<TaskRow>({
    collection: TASKS,
    where: and(eq('type', 'SERVICE_TO_COMPLETE'), { op: 'in', field: 'status', values: ['OPEN', 'DONE'] }, { op: 'in', field: 'serviceId', values: ids }),
  });
  const have = new Set(kept.map((task) => task.serviceId));
  const missing = ids.filter((id) => !have.has(id));
  if (!missing.length) return 0;
  // A few services a transaction, the event loop free in between: a first sweep over a large
  // backlog (a store that had no tasks yet) must not hold the requests that go on meanwhile.
  for (let start = 0; start < missing.length; start += SWEEP_CHUNK) {
    await db.transaction(async (tx) => {
      for (const id of missing.slice(start, start + SWEEP_CHUNK)) {
        const service = await tx.get<ServiceRow>(SERVICES, id);
        if (service?.serviceStep === 'CONFIRMED' && lastDay(service) < day) await followTasks(tx, service, 'LAST_DAY_PASSED', { toStep: 'CONFIRMED' }, now);
      }
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return missing.length;
}

const SWEEP_CHUNK = 100;
/**
 * How far back a sweep looks: a server that was down some days catches up; older services that never had
 * the task (a store from before tasks) are left alone — a to-do of months ago is no longer one.
 */
export const SWEEP_DAYS = 30;
