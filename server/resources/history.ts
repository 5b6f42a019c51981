import type { Caller } from '../context';
import { nowIso } from '../dates';
import type { EntityDef } from '../schemas';
import { and, eq } from '../store/query';
import type { Row, Writer } from '../store/types';

/**
 * `x-history: true` (docs/schemas.md "History of a record"): every create, save and workflow event
 * of the entity's records leaves one row of the recordHistory collection, written in the same
 * transaction, read at `GET <x-api>/{id}/history` behind the record's own visibility.
 */
export const RECORD_HISTORY = 'recordHistory';

export interface RecordChange {
  action: 'CREATE' | 'UPDATE' | 'EVENT';
  event?: string;
  fromStatus?: string;
  toStatus?: string;
  /** What the event was given (`x-events` input, e.g. the comment of a send-back). */
  detail?: string;
}

const DETAIL_MAX = 4000;

/** An event's input as one line of text (its values, in input order). */
export const inputDetail = (input: Row) =>
  Object.values(input)
    .filter((value) => value !== undefined && value !== null && value !== '')
    .map(String)
    .join(' · ')
    .slice(0, DETAIL_MAX) || undefined;

export async function addRecordHistory(tx: Writer, entity: EntityDef, recordId: number, caller: Caller, change: RecordChange, now = new Date()): Promise<void> {
  if (!entity.history) return;
  const row: Row = { ...change, entity: entity.name, recordId, contactId: caller.contact.contactId, universeId: caller.universeId, date: nowIso(now) };
  await tx.insert(RECORD_HISTORY, 'recordHistoryId', Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)));
}

/** A deleted record takes its history with it. */
export async function removeRecordHistory(tx: Writer, entity: EntityDef, recordId: number): Promise<void> {
  if (!entity.history) return;
  for (const row of await tx.query({ collection: RECORD_HISTORY, where: and(eq('recordId', recordId), eq('entity', entity.name)) })) {
    await tx.remove(RECORD_HISTORY, row.recordHistoryId as number);
  }
}
