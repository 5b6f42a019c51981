import type { ServiceSide } from '../../machines/service';
import type { Caller } from '../context';
import { nowIso } from '../dates';
import type { Writer } from '../store/types';

/** Every change of a service leaves one history event (GET /back/bo/services/{id}/history). */
export const SERVICE_HISTORY = 'serviceHistory';

export interface HistoryInput {
  serviceId: number;
  event: string;
  fromStep?: string;
  toStep?: string;
  side?: ServiceSide | null;
  detail?: string;
}

export async function addHistory(tx: Writer, caller: Caller, input: HistoryInput, now = new Date()): Promise<void> {
  await tx.insert(SERVICE_HISTORY, 'historyId', {
    ...input,
    side: input.side ?? undefined,
    contactId: caller.contact.contactId,
    companyId: caller.company.companyId,
    impersonatorId: caller.impersonator?.contactId,
    universeId: caller.universeId,
    date: nowIso(now),
  });
}
