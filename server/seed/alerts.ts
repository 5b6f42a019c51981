import { alertLinkOpens } from '../alertAccess';
import { callerFor } from '../auth/caller';
import type { Registry } from '../schemas';
import type { WriteOps, Writer } from '../store/types';
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

/** The page of the newest record of the universe the reader can open, or none. */
async function recordLink(tx: WriteOps, opens: (link: string) => Promise<boolean>, record: (typeof messages)[number]['record'], universeId: unknown): Promise<string | undefined> {
  const ids = tx.find(record.collection, (row) => row.universeId === universeId).map((row) => Number(row[record.id]));
  for (const link of ids.sort((a, b) => b - a).map((id) => `${record.screen}?open=${id}`)) if (await opens(link)) return link;
  return undefined;
}

/** Only alerts the account can open: a supplier gets no CAPA alert when its role cannot open the CAPA screens. */
export async function seedAlerts(tx: WriteOps, writer: Writer, registry: Registry, random: Random, today: string, identity: DemoIdentity): Promise<void> {
  for (const contactId of Object.values(identity.accounts)) {
    const contact = tx.get('contacts', contactId)!;
    const caller = (await callerFor(writer, contactId, { via: 'session', sessionKey: '' }))!;
    const picked = random.sample(messages, 4);
    const opens = (link: string) => alertLinkOpens(registry, writer, caller, link);
    const opening: (Omit<(typeof messages)[number], 'record'> & { titleLink: string })[] = [];
    for (const { record, ...alert } of picked) {
      const titleLink = await recordLink(tx, opens, record, contact.universeId);
      if (titleLink) opening.push({ ...alert, titleLink });
    }
    opening.forEach((alert, index) => {
      const read = index < 2;
      tx.insert('alerts', 'alertId', {
        ...alert,
        contactId,
        universeId: contact.universeId,
        creationDate: `${addDays(today, index - opening.length)}T${String(index + 7).padStart(2, '0')}:30:00.000Z`,
        read,
        shown: read,
      });
    });
  }
}
