import { appLink, type Services } from '../context';
import { fullName } from '../identity';
import { translate, type Language } from '../i18n';
import type { Mail } from '../mail';
import { scheduleJob } from '../jobs/queue';
import type { JobWorker } from '../jobs/worker';
import type { Row, Stored, Writer } from '../store/types';
import { SERVICES, type ServiceParties } from '../services/access';
import { datesOf } from '../services/serviceAlerts';
import { reminderRecipients } from './recipients';

/**
 * Sending a reminder (spec SERVICE_REMINDER), exactly once across crashes (docs/jobs.md):
 * 1. job `reminder.send` (at the reminder's time): in ONE transaction, the reminder goes
 *    PENDING → SENT and its e-mails, rendered, are queued as job `mail.send`. A crash before the
 *    commit leaves the reminder PENDING and its job due again; after it, the mails are queued.
 * 2. job `mail.send`: hands each mail to the mailer with a fixed Message-ID and date, which the
 *    outbox folder keeps once whatever the number of attempts (server/mail.ts).
 */
export const REMINDERS = 'reminders';
export const REMINDER_JOB = 'reminder.send';
export const MAIL_JOB = 'mail.send';

export interface Reminder extends Row {
  reminderId: number;
  serviceId: number;
  universeId: number;
  sendAt: string;
  tos: number[];
  subject?: string;
  comment?: string;
  locale?: Language;
  status: 'PENDING' | 'SENT' | 'CANCELLED';
  sentAt?: string;
}

/** The job key of a reminder: scheduling it again moves it, deleting the reminder cancels it. */
export const reminderJobKey = (reminderId: number) => `reminder:${reminderId}`;

export const scheduleReminder = (tx: Writer, reminder: Pick<Reminder, 'reminderId' | 'sendAt'>) =>
  scheduleJob(tx, REMINDER_JOB, new Date(reminder.sendAt), { reminderId: reminder.reminderId }, reminderJobKey(reminder.reminderId));

type MailServices = Pick<Services, 'db' | 'mailer' | 'appUrl' | 'registry'>;

/** The SERVICE_REMINDER e-mails of a reminder, one per recipient with an address, each in the recipient's language. */
async function reminderMails(tx: Writer, services: MailServices, reminder: Stored<Reminder>, service: Row & ServiceParties, sentAt: Date): Promise<Mail[]> {
  const allowed = await reminderRecipients(tx, service);
  const link = appLink(services, `/services/${reminder.serviceId}`);
  return allowed
    .filter((contact) => reminder.tos.includes(contact.contactId) && contact.email)
    .map((contact) => {
      const lang: Language = contact.language ?? reminder.locale ?? 'en';
      const params = {
        name: fullName(contact),
        number: service.number,
        type: services.registry.locales[lang]?.[`enum.serviceType.${String(service.type)}`] ?? service.type,
        dates: datesOf(service),
        comment: reminder.comment?.trim() ? reminder.comment : translate(lang, 'mail.service.SERVICE_REMINDER.noComment'),
        link,
      };
      return {
        to: contact.email!,
        subject: reminder.subject?.trim() || translate(lang, 'mail.service.SERVICE_REMINDER.subject', params),
        text: translate(lang, 'mail.service.SERVICE_REMINDER.body', params),
        messageId: `<reminder-${reminder.reminderId}-${contact.contactId}@qcflow>`,
        date: sentAt,
      };
    });
}

/**
 * The reminder's sending step (job `reminder.send`): marks it SENT and queues its mails in one
 * transaction. Nothing happens to a reminder that is no longer PENDING (sent, cancelled, deleted)
 * or whose time was moved later (its job was rescheduled). The rendering is `reminderMails`: the
 * place to switch to shared notification templates.
 */
export async function sendReminder(services: MailServices, reminderId: number, now = new Date()): Promise<void> {
  await services.db.transaction(async (tx) => {
    const reminder = await tx.get<Reminder>(REMINDERS, reminderId);
    if (!reminder || reminder.status !== 'PENDING' || Date.parse(reminder.sendAt) > now.getTime()) return;
    const service = await tx.get<Row & ServiceParties>(SERVICES, reminder.serviceId);
    // A cancelled service reminds no one.
    if (!service || service.serviceStep === 'CANCELLED') {
      await tx.update<Reminder>(REMINDERS, reminderId, (current) => ({ ...current, status: 'CANCELLED' }), reminder.version);
      return;
    }
    const mails = await reminderMails(tx, services, reminder, service, now);
    await tx.update<Reminder>(REMINDERS, reminderId, (current) => ({ ...current, status: 'SENT', sentAt: now.toISOString() }), reminder.version);
    if (mails.length) await scheduleJob(tx, MAIL_JOB, now, { mails: mails.map((mail) => ({ ...mail, date: now.toISOString() })) }, `${reminderJobKey(reminderId)}:mail`);
  });
}

/** Job `mail.send`: hands the queued mails to the mailer; a retry sends each again with the same Message-ID (kept once in the outbox). */
export async function deliverMails(services: Pick<Services, 'mailer'>, payload: Row): Promise<void> {
  for (const mail of (payload.mails ?? []) as (Omit<Mail, 'date'> & { date?: string })[]) {
    await services.mailer.send({ ...mail, date: mail.date ? new Date(mail.date) : undefined });
  }
}

/** The reminder jobs' handlers on a worker. */
export function handleReminderJobs(worker: JobWorker, services: MailServices): JobWorker {
  return worker
    .handle(REMINDER_JOB, (payload) => sendReminder(services, Number(payload.reminderId)))
    .handle(MAIL_JOB, (payload) => deliverMails(services, payload));
}
