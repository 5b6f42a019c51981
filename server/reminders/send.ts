import { appLink, type Services } from '../context';
import { fullName } from '../identity';
import type { Language } from '../i18n';
import { renderMail } from '../mailTemplates';
import { unsubscribeLink } from '../links/unsubscribe';
import { alertRecipients, NOTIFICATIONS, takingMail } from '../notify/send';
import type { Mail } from '../mail';
import { scheduleJob } from '../jobs/queue';
import type { JobWorker } from '../jobs/worker';
import type { Row, Stored, Writer } from '../store/types';
import { SERVICES, type ServiceParties } from '../services/access';
import { datesOf } from '../services/serviceParties';
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

type MailServices = Pick<Services, 'db' | 'mailer' | 'appUrl' | 'linkSecret' | 'registry'>;

/**
 * The SERVICE_REMINDER e-mails of a reminder, rendered with the shared templates (server/mailTemplates.ts):
 * one per recipient who takes it (an address, their settings, their company's switch: a reminder is
 * chosen by a person, like the notification form's), each in the recipient's language.
 */
async function reminderMails(tx: Writer, services: MailServices, reminder: Stored<Reminder>, service: Row & ServiceParties, sentAt: Date): Promise<Mail[]> {
  const chosen = (await reminderRecipients(tx, service)).filter((contact) => reminder.tos.includes(contact.contactId));
  const link = appLink(services, `/services/${reminder.serviceId}`);
  const mails: Mail[] = [];
  for (const contact of await takingMail(tx, chosen, 'SERVICE_REMINDER', { manual: true })) {
    const lang: Language = reminder.locale ?? contact.language ?? 'en';
    const params = {
      name: fullName(contact),
      number: service.number,
      type: services.registry.locales[lang]?.[`enum.serviceType.${String(service.type)}`] ?? service.type,
      dates: datesOf(service),
    };
    const mail = await renderMail({
      kind: 'mail.service.SERVICE_REMINDER',
      lang,
      params,
      link,
      comment: reminder.comment?.trim() || undefined,
      subject: reminder.subject?.trim() || undefined,
      button: 'mail.service.button',
      footer: 'mail.footer.service',
      unsubscribe: unsubscribeLink(services, contact.contactId, 'SERVICE_REMINDER'),
    });
    mails.push({ to: contact.email!, ...mail, messageId: `<reminder-${reminder.reminderId}-${contact.contactId}@qcflow>`, date: sentAt });
  }
  return mails;
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
    // The bell too, in the same transaction: once, like the mails.
    const told = (await reminderRecipients(tx, service)).filter((contact) => reminder.tos.includes(contact.contactId));
    await alertRecipients(tx, services.registry, service, 'SERVICE_REMINDER', told, { locale: reminder.locale, comment: reminder.comment }, now);
    // What was sent, for the notification form's `lastSend` (as every notification records).
    const mailed = told.filter((contact) => mails.some((mail) => mail.to === contact.email)).map((contact) => contact.contactId);
    if (mailed.length) await tx.insert(NOTIFICATIONS, 'notificationId', { serviceId: service.serviceId as number, universeId: service.universeId as number, type: 'SERVICE_REMINDER', tos: mailed, ccs: [], ...(reminder.subject ? { subject: reminder.subject } : {}), ...(reminder.comment ? { comment: reminder.comment } : {}), sentAt: now.toISOString() });
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
