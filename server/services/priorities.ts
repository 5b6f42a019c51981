import { Hono } from 'hono';
import type { AppEnv, Caller } from '../context';
import { validationError, type FieldError } from '../errors';
import { readJson } from '../json-body';
import type { Registry } from '../schemas';
import { eq } from '../store/query';
import type { Reader, Row, Stored, Writer } from '../store/types';
import { fieldErrors } from '../validation';
import { SERVICES, canSeeService, visibleService, type ServiceRow } from './access';
import { prefixed, serviceCaller, throwIfAny } from './routeHelpers';

/**
 * The caller's own ranked service list (docs/services.md "Priorities"): one record per
 * contact in `servicePriorities`. A service the caller no longer sees drops out of the
 * answer, and the ranks left are renumbered 1..n.
 */
export const SERVICE_PRIORITIES = 'servicePriorities';

/** The longest ranked list a person keeps (each item is checked against the store). */
const MAX_PRIORITIES = 200;

interface Ranked {
  serviceId: number;
  priority: number;
}

const SUMMARY = ['serviceId', 'number', 'type', 'serviceStep', 'startDate', 'client', 'supplier', 'factory'] as const;

const recordOf = async (db: Reader, caller: Caller) =>
  (await db.query<Row & { priorities: Ranked[] }>({ collection: SERVICE_PRIORITIES, where: eq('contactId', caller.contact.contactId), limit: 1 }))[0] as
    | Stored<Row & { priorities: Ranked[] }>
    | undefined;

/** The stored list as answered: visible services only, in rank order, ranked 1..n. */
async function answerOf(db: Reader, caller: Caller, ranked: Ranked[]) {
  const services = await Promise.all([...ranked].sort((a, b) => a.priority - b.priority).map(({ serviceId }) => db.get<Row>(SERVICES, serviceId) as Promise<ServiceRow | undefined>));
  return services
    .filter((service): service is ServiceRow => !!service && canSeeService(service, caller))
    .map((service, index) => ({ service: Object.fromEntries(SUMMARY.flatMap((key) => (service[key] === undefined ? [] : [[key, service[key]]]))), priority: index + 1 }));
}

/** The posted list checked per the servicePriority schema, ranks 1..n, each service once (400), each visible (404). */
async function checkList(tx: Writer, registry: Registry, caller: Caller, body: unknown): Promise<Ranked[]> {
  if (!Array.isArray(body)) throw validationError([{ path: '', key: 'validation.wrongType' }]);
  if (body.length > MAX_PRIORITIES) throw validationError([{ path: '', key: 'validation.tooMany' }]);
  const validate = registry.entities.get('servicePriority')!.validateCreate;
  const errors: FieldError[] = [];
  body.forEach((item, index) => {
    if (!validate(item)) errors.push(...prefixed(`/${index}`, fieldErrors(validate.errors)));
  });
  throwIfAny(errors);
  const list: Ranked[] = body.map((item) => ({ serviceId: item.service.serviceId, priority: item.priority }));
  const seen = new Set<number>();
  list.forEach(({ serviceId }, index) => {
    if (seen.has(serviceId)) errors.push({ path: `/${index}/service/serviceId`, key: 'service.priority.duplicate' });
    seen.add(serviceId);
  });
  // In rank order the ranks must read 1, 2, 3…: the first item that breaks it is reported.
  const order = list.map((_, index) => index).sort((a, b) => list[a].priority - list[b].priority);
  const gap = order.findIndex((item, position) => list[item].priority !== position + 1);
  if (gap >= 0) errors.push({ path: `/${order[gap]}/priority`, key: 'service.priority.badSequence' });
  throwIfAny(errors);
  for (const { serviceId } of list) await visibleService(tx, serviceId, caller);
  return list.sort((a, b) => a.priority - b.priority);
}

export function priorityRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const path = '/back/bo/services/priority';

  app.get(path, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    return c.json(await answerOf(db, caller, (await recordOf(db, caller))?.priorities ?? []));
  });

  // Replaces the whole list; an empty list removes the caller's record.
  app.post(path, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    const body = await readJson(c);
    const saved = await db.transaction(async (tx) => {
      const list = await checkList(tx, registry, caller, body);
      const existing = await recordOf(tx, caller);
      if (!list.length) {
        if (existing) await tx.remove(SERVICE_PRIORITIES, existing.servicePriorityId as number);
        return [];
      }
      const record = { contactId: caller.contact.contactId, universeId: caller.universeId, priorities: list };
      if (existing) await tx.update(SERVICE_PRIORITIES, existing.servicePriorityId as number, (current) => ({ ...current, ...record }));
      else await tx.insert(SERVICE_PRIORITIES, 'servicePriorityId', record);
      return list;
    });
    return c.json(await answerOf(db, caller, saved));
  });
  return app;
}
