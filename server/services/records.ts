import type { Caller } from '../context';
import { nowIso } from '../dates';
import { eq } from '../store/query';
import type { Row, Stored, Writer } from '../store/types';
import { SERVICES, type ServiceParties } from './access';
import { SERVICE_HISTORY } from './history';
import { derivedFields } from './searchText';

/** Writing service records: every change stamps the author and refreshes what is derived (keyword index, product types). */
export const SERVICE_DATE_LINES = 'serviceDateLines';
export const SERVICE_NOTES = 'serviceNotes';

export type ServiceRecord = Stored<Row & ServiceParties>;

export const updateStampsOf = (caller: Caller, now = new Date()) => ({ updateDate: nowIso(now), updatedBy: caller.contact.contactId });

/**
 * The service with `changes` applied, or replaced by what `changes` returns (a full edit);
 * version-checked when `version` is given.
 */
export async function updateService(tx: Writer, caller: Caller, id: number, changes: Row | ((current: ServiceRecord) => Row), version?: number): Promise<ServiceRecord> {
  // The keyword index reads the party companies: the next record is built from the current one
  // first (read in this transaction), then written. A missing record or a stale version makes
  // `update` refuse before it calls its change, as before.
  const current = await tx.get<Row & ServiceParties>(SERVICES, id);
  let next: Row | undefined;
  if (current && (version === undefined || version === current.version)) {
    const base = typeof changes === 'function' ? changes(current as ServiceRecord) : { ...current, ...changes };
    next = { ...base, ...updateStampsOf(caller) };
    next = { ...next, ...(await derivedFields(tx, next)) };
  }
  return (await tx.update<Row & ServiceParties>(SERVICES, id, (latest) => (next ?? latest) as Row & ServiceParties, version)) as ServiceRecord;
}

const DEPENDENTS = [
  [SERVICE_DATE_LINES, 'dateLineId'],
  [SERVICE_NOTES, 'noteId'],
  [SERVICE_HISTORY, 'historyId'],
  // Its tasks, assignment and reminders (server/tasks, server/planning, server/reminders; named here:
  // those modules read this one's callers). A reminder's queued job finds no reminder and ends.
  ['tasks', 'taskId'],
  ['assignments', 'assignmentId'],
  ['reminders', 'reminderId'],
] as const;

/** Removes a service with its date lines, notes, history, tasks, assignment and reminders (nothing else points at them). */
export async function removeService(tx: Writer, id: number): Promise<void> {
  for (const [collection, idField] of DEPENDENTS) {
    for (const row of await tx.query({ collection, where: eq('serviceId', id) })) await tx.remove(collection, row[idField] as number);
  }
  await tx.remove(SERVICES, id);
}
