import { Hono } from 'hono';
import type { AppEnv, Caller } from '../context';
import { nowIso } from '../dates';
import { forbidden, notFound, type FieldError } from '../errors';
import { expectedVersion } from '../resources/write';
import type { Registry } from '../schemas';
import { eq, type Order } from '../store/query';
import type { Reader, Row, Stored, Writer } from '../store/types';
import { fieldErrors } from '../validation';
import { actingSide, isOwner, visibleService } from './access';
import { addHistory } from './history';
import { SERVICE_NOTES, type ServiceRecord } from './records';
import { numberParam, prefixed, readObject, serviceCaller, serviceInReach, throwIfAny } from './routeHelpers';

/**
 * Notes of a service (`/back/bo/servicenotes/{serviceId}`): whoever sees the service reads
 * and adds notes; only the author edits a note; the author or the service's owner deletes it.
 */
const NEWEST: Order[] = [{ field: 'creationDate', desc: true }, { field: 'noteId', desc: true }];

/** Field errors of a note text (the serviceNote schema), under `path`. */
export function noteTextErrors(registry: Registry, text: unknown, path: string): FieldError[] {
  const validate = registry.entities.get('serviceNote')!.validateUpdate;
  if (validate({ text })) return [];
  return prefixed(path, fieldErrors(validate.errors).map((error) => ({ ...error, path: error.path.replace(/^\/text/, '') })));
}

export async function insertNote(tx: Writer, caller: Caller, service: ServiceRecord, text: string, now = new Date()): Promise<Stored<Row>> {
  const serviceId = service.serviceId as number;
  const note = await tx.insert(SERVICE_NOTES, 'noteId', {
    serviceId,
    text,
    creator: caller.contact.contactId,
    companyId: caller.company.companyId,
    creationDate: nowIso(now),
  });
  await addHistory(tx, caller, { serviceId, event: 'NOTE_ADDED', side: actingSide(service, caller) }, now);
  return note;
}

async function noteOf(tx: Reader, serviceId: number, noteId: unknown): Promise<Stored<Row>> {
  const note = typeof noteId === 'number' ? await tx.get(SERVICE_NOTES, noteId) : undefined;
  if (!note || note.serviceId !== serviceId) throw notFound('error.notFound.serviceNote');
  return note;
}

export function noteRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = '/back/bo/servicenotes/:serviceId{[0-9]+}';

  app.get(base, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    const serviceId = numberParam(c, 'serviceId');
    await visibleService(db, serviceId, caller);
    return c.json(await db.query({ collection: SERVICE_NOTES, where: eq('serviceId', serviceId), orderBy: NEWEST }));
  });

  app.post(base, async (c) => {
    const caller = serviceCaller(c);
    const { db, registry } = c.get('services');
    await serviceInReach(c, caller, 'serviceId');
    const body = await readObject(c, ['text']);
    const note = await db.transaction(async (tx) => {
      const service = await visibleService(tx, numberParam(c, 'serviceId'), caller);
      throwIfAny(noteTextErrors(registry, body.text, '/text'));
      return insertNote(tx, caller, service, body.text as string);
    });
    return c.json(note, 201);
  });

  app.put(base, async (c) => {
    const caller = serviceCaller(c);
    const { db, registry } = c.get('services');
    await serviceInReach(c, caller, 'serviceId');
    const body = await readObject(c, ['noteId', 'text', 'version']);
    const version = expectedVersion(body.version, true);
    const note = await db.transaction(async (tx) => {
      const serviceId = numberParam(c, 'serviceId');
      await visibleService(tx, serviceId, caller);
      const existing = await noteOf(tx, serviceId, body.noteId);
      if (existing.creator !== caller.contact.contactId) throw forbidden('error.serviceNote.notAuthor');
      throwIfAny(noteTextErrors(registry, body.text, '/text'));
      return tx.update(SERVICE_NOTES, existing.noteId as number, (current) => ({ ...current, text: body.text, updateDate: nowIso() }), version);
    });
    return c.json(note);
  });

  app.delete(`${base}/:noteId{[0-9]+}`, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    await db.transaction(async (tx) => {
      const serviceId = numberParam(c, 'serviceId');
      const service = await visibleService(tx, serviceId, caller);
      const note = await noteOf(tx, serviceId, numberParam(c, 'noteId'));
      if (note.creator !== caller.contact.contactId && !isOwner(service, caller)) throw forbidden('error.serviceNote.notAuthor');
      await tx.remove(SERVICE_NOTES, note.noteId as number);
    });
    return c.json(true);
  });

  return app;
}
