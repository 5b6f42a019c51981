import { Hono } from 'hono';
import { languageOf, type AppContext, type AppEnv, type Caller } from '../context';
import { nowIso } from '../dates';
import { badRequest, HttpError, notFound } from '../errors';
import { expectedVersion } from '../resources/write';
import type { Registry } from '../schemas';
import { cancelJob } from '../jobs/queue';
import { eq } from '../store/query';
import type { Reader, Writer } from '../store/types';
import { fieldErrors } from '../validation';
import { requireSheetWrite, serviceRecordAccess, type ServiceRow } from '../services/access';
import { readObject, serviceCaller, throwIfAny } from '../services/routeHelpers';
import { reminderRecipients } from './recipients';
import { REMINDERS, reminderJobKey, scheduleReminder, type Reminder } from './send';

/**
 * Reminders of a service (spec §7.4): `GET /back/bo/notifyreminder/reminders?serviceId=`, `POST`,
 * `PUT` and `DELETE /{id}`. Whoever sees the service reads them (404 otherwise); whoever may
 * write the service sheet creates, edits and deletes them (403 otherwise). A reminder's job is
 * written in the same transaction as the reminder (server/jobs/).
 */
const BASE = '/back/bo/notifyreminder/reminders';
const EDITABLE = ['sendAt', 'tos', 'subject', 'comment', 'locale'] as const;

/** A reminder out of the caller's reach is a 404 whatever its service. */
async function reminderInReach(db: Reader, c: AppContext, caller: Caller): Promise<{ reminder: Reminder & { version: number }; service: ServiceRow }> {
  const reminder = await db.get<Reminder>(REMINDERS, Number(c.req.param('id')));
  if (!reminder) throw notFound('error.notFound.reminder');
  const service = await serviceRecordAccess.read(db, reminder.serviceId, caller).catch((error: unknown) => {
    throw error instanceof HttpError && error.status === 404 ? notFound('error.notFound.reminder') : error;
  });
  return { reminder, service };
}

const refused = (key: string, path: string) => new HttpError(422, 'BusinessException', key, {}, [{ path, key }]);

/** The reminder as it will be stored, checked: the schema (400), then the rules (422): a time to come, recipients among the service's contacts. */
async function checked(tx: Reader, registry: Registry, record: Reminder, service: ServiceRow, movedTo: string | null, now: Date): Promise<void> {
  const validate = registry.entities.get('reminder')!.validateUpdate;
  if (!validate(record)) throwIfAny(fieldErrors(validate.errors));
  if (movedTo !== null && Date.parse(movedTo) <= now.getTime()) throw refused('error.reminder.sendAtPast', '/sendAt');
  const allowed = new Set((await reminderRecipients(tx, service)).map((contact) => contact.contactId));
  const strangers = record.tos.map((id, index) => ({ id, index })).filter(({ id }) => !allowed.has(id));
  if (strangers.length) throw new HttpError(422, 'BusinessException', 'error.reminder.notServiceContact', {}, strangers.map(({ index }) => ({ path: `/tos/${index}`, key: 'error.reminder.notServiceContact' })));
}

const editable = (body: Record<string, unknown>) => Object.fromEntries(EDITABLE.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));

export function reminderRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(BASE, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    const serviceId = c.req.query('serviceId') ?? '';
    if (!/^[1-9]\d{0,14}$/.test(serviceId)) throw badRequest('error.badQuery');
    await serviceRecordAccess.read(db, Number(serviceId), caller);
    return c.json(await db.query({ collection: REMINDERS, where: eq('serviceId', Number(serviceId)), orderBy: [{ field: 'sendAt' }, { field: 'reminderId' }] }));
  });

  app.post(BASE, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    const body = await readObject(c, ['serviceId', ...EDITABLE]);
    if (typeof body.serviceId !== 'number' || !Number.isInteger(body.serviceId) || body.serviceId < 1) throw badRequest('error.reminder.serviceId');
    const serviceId = body.serviceId;
    await serviceRecordAccess.write(db, serviceId, caller);
    const now = new Date();
    const reminder = await db.transaction(async (tx: Writer) => {
      const service = await serviceRecordAccess.write(tx, serviceId, caller);
      const record = {
        ...editable(body),
        serviceId,
        universeId: service.universeId as number,
        status: 'PENDING',
        createdBy: caller.contact.contactId,
        creationDate: nowIso(now),
      };
      await checked(tx, registry, { ...record, reminderId: 1 } as unknown as Reminder, service, String(body.sendAt ?? ''), now);
      const created = await tx.insert(REMINDERS, 'reminderId', record);
      await scheduleReminder(tx, created as unknown as Reminder);
      return created;
    });
    return c.json(reminder, 201);
  });

  app.put(`${BASE}/:id{[0-9]+}`, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    const { service } = await reminderInReach(db, c, caller);
    requireSheetWrite(service, caller);
    const body = await readObject(c, ['reminderId', 'serviceId', ...EDITABLE, 'version']);
    const version = expectedVersion(body.version, true);
    const now = new Date();
    const reminder = await db.transaction(async (tx) => {
      const { reminder: current, service: currentService } = await reminderInReach(tx, c, caller);
      requireSheetWrite(currentService, caller);
      if (current.version !== version) throw new HttpError(409, 'OptimisticLockException', 'error.versionConflict');
      if (current.status !== 'PENDING') {
        const status = c.get('services').registry.locales[languageOf(c)]?.[`enum.reminderStatus.${current.status}`] ?? current.status;
        throw new HttpError(409, 'ConflictException', 'error.reminder.notPending', { status });
      }
      if (body.serviceId !== undefined && body.serviceId !== current.serviceId) throw badRequest('error.reminder.serviceId');
      const { version: _, ...kept } = current;
      const record = { ...kept, subject: undefined, comment: undefined, locale: undefined, ...editable(body) } as Reminder;
      const stored = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Reminder;
      await checked(tx, registry, stored, currentService, stored.sendAt !== current.sendAt ? String(stored.sendAt) : null, now);
      const updated = await tx.update<Reminder>(REMINDERS, current.reminderId, () => stored, version);
      if (updated.sendAt !== current.sendAt) await scheduleReminder(tx, updated);
      return updated;
    });
    return c.json(reminder);
  });

  app.delete(`${BASE}/:id{[0-9]+}`, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    await db.transaction(async (tx) => {
      const { reminder, service } = await reminderInReach(tx, c, caller);
      requireSheetWrite(service, caller);
      await tx.remove(REMINDERS, reminder.reminderId);
      await cancelJob(tx, reminderJobKey(reminder.reminderId));
    });
    return c.json(true);
  });

  return app;
}
