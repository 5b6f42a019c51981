import { draftWriter } from '../store/lowdbAsync';
import type { WriteOps } from '../store/types';
import { REMINDERS, scheduleReminder, type Reminder } from '../reminders/send';
import type { DemoIdentity } from './identity';

/**
 * A reminder due soon on a confirmed service of Maison Lumière, to the quality director: two hours
 * after seeding, so that the servers the tests start on the demo seed never send it meanwhile.
 */
export async function seedReminders(tx: WriteOps, now: Date, identity: DemoIdentity): Promise<void> {
  const lumiere = identity.companies.lumiere;
  const service = tx.find('services', (row) => row.creatorCompany === lumiere && row.serviceStep === 'CONFIRMED' && row.providerConfirmed === true)[0];
  if (!service) return;
  const quality = identity.accounts.quality;
  const reminder = tx.insert(REMINDERS, 'reminderId', {
    serviceId: service.serviceId,
    universeId: service.universeId,
    sendAt: new Date(now.getTime() + 2 * 3_600_000).toISOString(),
    tos: [quality],
    subject: `Inspection ${String(service.number)}: golden sample`,
    comment: 'Check that the golden sample is at the factory before the inspector arrives.',
    locale: 'en',
    status: 'PENDING',
    createdBy: quality,
    creationDate: now.toISOString(),
  });
  await scheduleReminder(draftWriter(tx), reminder as unknown as Reminder);
}
