import type { WriteOps } from '../store/types';
import type { DemoIdentity } from './identity';
import { addDays, type Random } from './random';

/**
 * A few live alerts per demo account, the older ones already read. Each is about one record of
 * the account's universe and links to it: the search screen opens that record's sheet (`?open=`).
 */
const messages = [
  { level: 'WARN', title: 'Quality alert raised', message: 'A new quality alert concerns one of your suppliers.', record: { collection: 'qualityAlerts', id: 'qualityAlertId', screen: '/capas/alert/search' } },
  { level: 'INFO', title: 'CAPA completed', message: 'A corrective action you follow has been completed.', record: { collection: 'capas', id: 'capaId', screen: '/capas/capa/search' } },
  { level: 'WARN', title: 'CAPA overdue', message: 'A corrective action passed its expected end date.', record: { collection: 'capas', id: 'capaId', screen: '/capas/capa/search' } },
  { level: 'INFO', title: '8D moved to analysis', message: 'The root cause analysis has started on an 8D you are part of.', record: { collection: 'matrix8ds', id: 'matrixId', screen: '/capas/matrix8d/search' } },
] as const;

/** The page of one record of the universe (the newest one), or none when the universe has no such record. */
function recordLink(tx: WriteOps, record: (typeof messages)[number]['record'], universeId: unknown): string | undefined {
  const ids = tx.find(record.collection, (row) => row.universeId === universeId).map((row) => Number(row[record.id]));
  return ids.length ? `${record.screen}?open=${Math.max(...ids)}` : undefined;
}

export function seedAlerts(tx: WriteOps, random: Random, today: string, identity: DemoIdentity): void {
  for (const contactId of Object.values(identity.accounts)) {
    const contact = tx.get('contacts', contactId)!;
    const picked = random.sample(messages, 4);
    picked.forEach(({ record, ...alert }, index) => {
      const read = index < 2;
      tx.insert('alerts', 'alertId', {
        ...alert,
        titleLink: recordLink(tx, record, contact.universeId),
        contactId,
        universeId: contact.universeId,
        creationDate: `${addDays(today, index - picked.length)}T${String(index + 7).padStart(2, '0')}:30:00.000Z`,
        read,
        shown: read,
      });
    });
  }
}
