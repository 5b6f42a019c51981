import { Hono } from 'hono';
import type { AppContext, AppEnv, Caller } from '../context';
import { nowIso } from '../dates';
import { validationError } from '../errors';
import { readJson } from '../json-body';
import type { EntityDef } from '../schemas';
import { and, eq } from '../store/query';
import type { Writer } from '../store/types';
import { fieldErrors } from '../validation';
import { visibleRecord } from './visibility';

/**
 * `x-notes: true` (docs/schemas.md "Notes on a record"): `GET <x-api>/{id}/notes` lists a record's
 * notes, newest first; `POST` adds one (`{ "text": … }`, the recordNote schema's rules). Both are
 * guarded by the record's own rules: its roles (403), its visibility (404), and for a write, an
 * entity the API may write.
 */
export const RECORD_NOTES = 'recordNotes';
const NOTE_LIMIT = 500;

const ofRecord = (entity: EntityDef, recordId: number) => and(eq('recordId', recordId), eq('entity', entity.name));

export function noteRoutes(entity: EntityDef, one: string, callerOf: (c: AppContext) => Caller, idOf: (c: AppContext) => number): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(`${one}/notes`, async (c) => {
    const caller = callerOf(c);
    const { db } = c.get('services');
    await visibleRecord(db, entity, idOf(c), caller);
    const rows = await db.query({ collection: RECORD_NOTES, where: ofRecord(entity, idOf(c)), orderBy: [{ field: 'recordNoteId', desc: true }], limit: NOTE_LIMIT });
    return c.json(rows.map(({ universeId: _universe, version: _version, ...row }) => row));
  });

  if (entity.readOnly) return app;
  app.post(`${one}/notes`, async (c) => {
    const caller = callerOf(c);
    const { db } = c.get('services');
    const body = await readJson(c);
    const note = c.get('services').registry.entities.get('recordNote')!;
    const created = await db.transaction(async (tx) => {
      // The record first (404 out of reach), then the note's own rules (400).
      await visibleRecord(tx, entity, idOf(c), caller);
      if (!note.validateCreate(body)) throw validationError(fieldErrors(note.validateCreate.errors));
      return tx.insert(RECORD_NOTES, 'recordNoteId', {
        entity: entity.name,
        recordId: idOf(c),
        text: (body as { text: string }).text,
        contactId: caller.contact.contactId,
        universeId: caller.universeId,
        date: nowIso(),
      });
    });
    const { universeId: _universe, version: _version, ...row } = created;
    return c.json(row, 201);
  });
  return app;
}

/** A deleted record takes its notes with it. */
export async function removeRecordNotes(tx: Writer, entity: EntityDef, recordId: number): Promise<void> {
  if (!entity.notes) return;
  for (const row of await tx.query({ collection: RECORD_NOTES, where: ofRecord(entity, recordId) })) await tx.remove(RECORD_NOTES, row.recordNoteId as number);
}
