import type { WriteOps } from '../store/types';
import type { DemoIdentity } from './identity';
import { addDays, type Random } from './random';

/** A few live alerts per demo account, the older ones already read. */
const messages = [
  { level: 'WARN', title: 'Quality alert raised', message: 'A new quality alert concerns one of your suppliers.', titleLink: '/capas/alert/search' },
  { level: 'INFO', title: 'CAPA completed', message: 'A corrective action you follow has been completed.', titleLink: '/capas/capa/search' },
  { level: 'WARN', title: 'CAPA overdue', message: 'A corrective action passed its expected end date.', titleLink: '/capas/capa/search' },
  { level: 'INFO', title: '8D moved to analysis', message: 'The root cause analysis has started on an 8D you are part of.', titleLink: '/capas/matrix8d/search' },
  { level: 'INFO', title: 'Structural costs generated', message: 'This month’s structural cost lines are ready to be verified.', titleLink: '/billing/structuralCost/search' },
] as const;

export function seedAlerts(tx: WriteOps, random: Random, today: string, identity: DemoIdentity): void {
  for (const contactId of Object.values(identity.accounts)) {
    const contact = tx.get('contacts', contactId)!;
    const picked = random.sample(messages, 4);
    picked.forEach((alert, index) => {
      const read = index < 2;
      tx.insert('alerts', 'alertId', {
        ...alert,
        contactId,
        universeId: contact.universeId,
        creationDate: `${addDays(today, index - picked.length)}T${String(index + 7).padStart(2, '0')}:30:00.000Z`,
        read,
        shown: read,
      });
    });
  }
}
