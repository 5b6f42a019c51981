import { logServer } from '../audit';
import { appLink, type AppContext, type Caller } from '../context';
import { contactById, fullName } from '../identity';
import { translate } from '../i18n';
import type { Row } from '../store/types';
import type { Notification } from './serviceFields';

/**
 * The wizard's notification step: when asked, an e-mail to the chosen contacts (to and cc)
 * about the created or merged service, in each contact's language, with the sheet's link.
 * Sent after the write is committed; a mail failure is logged, it does not undo the service.
 */
export async function sendWizardNotification(c: AppContext, caller: Caller, service: Row, notification: Notification | undefined): Promise<void> {
  if (!notification?.doSend) return;
  const { db, mailer, appUrl, registry } = c.get('services');
  const link = appLink({ appUrl }, `/services/${service.serviceId}`);
  const contacts = await Promise.all([...new Set([...notification.tos, ...notification.ccs])].map((id) => contactById(db, id)));
  const recipients = contacts.filter((contact) => contact?.email);
  for (const contact of recipients) {
    const lang = contact!.language ?? 'en';
    const params = {
      name: fullName(contact!),
      number: service.number,
      type: registry.locales[lang]?.[`enum.serviceType.${String(service.type)}`] ?? service.type,
      author: fullName(caller.contact),
      company: caller.company.name,
      startDate: service.startDate,
      comment: notification.comment ?? '',
      link,
    };
    try {
      await mailer.send({
        to: contact!.email!,
        subject: translate(lang, 'mail.service.SERVICE_CREATED.subject', params),
        text: translate(lang, 'mail.service.SERVICE_CREATED.body', params),
      });
    } catch (error) {
      await logServer(db, { level: 'ERROR', application: 'MAIL', caller, message: `service ${service.number}: mail to contact ${contact!.contactId} failed: ${(error as Error).message}` });
    }
  }
}
