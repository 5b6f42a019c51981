import type { Caller } from '../context';
import { nowIso } from '../dates';
import type { Row, Stored, WriteOps } from '../store/types';
import { SERVICES, type ServiceParties } from './access';
import { SERVICE_HISTORY } from './history';
import { serviceSearchText } from './searchText';

/** Writing service records: every change stamps the author and refreshes the keyword index. */
export const SERVICE_DATE_LINES = 'serviceDateLines';
export const SERVICE_NOTES = 'serviceNotes';

export type ServiceRecord = Stored<Row & ServiceParties>;

export const updateStampsOf = (caller: Caller, now = new Date()) => ({ updateDate: nowIso(now), updatedBy: caller.contact.contactId });

/**
 * The service with `changes` applied, or replaced by what `changes` returns (a full edit);
 * version-checked when `version` is given.
 */
export function updateService(tx: WriteOps, caller: Caller, id: number, changes: Row | ((current: ServiceRecord) => Row), version?: number): ServiceRecord {
  return tx.update<Row & ServiceParties>(
    SERVICES,
    id,
    (current) => {
      const base = typeof changes === 'function' ? changes(current) : { ...current, ...changes };
      const next: Row = { ...base, ...updateStampsOf(caller) };
      return { ...next, searchText: serviceSearchText(tx, next) } as Row & ServiceParties;
    },
    version,
  ) as ServiceRecord;
}

const DEPENDENTS = [
  [SERVICE_DATE_LINES, 'dateLineId'],
  [SERVICE_NOTES, 'noteId'],
  [SERVICE_HISTORY, 'historyId'],
] as const;

/** Removes a service with its date lines, notes and history (nothing else points at them). */
export function removeService(tx: WriteOps, id: number): void {
  for (const [collection, idField] of DEPENDENTS) {
    for (const row of tx.find(collection, (record) => record.serviceId === id)) tx.remove(collection, row[idField] as number);
  }
  tx.remove(SERVICES, id);
}
