import { logServer } from '../audit';
import { appLink, type Caller, type Services } from '../context';
import { nowIso } from '../dates';
import { COLLECTIONS, fullName, type Company, type Contact } from '../identity';
import type { Language } from '../i18n';
import type { Mail } from '../mail';
import { renderMail } from '../mailTemplates';
import { unsubscribeLink } from '../links/unsubscribe';
import { universeTypesOff } from './universeTypes';
import { ALERTS, type Alert } from '../routes/alerts';
import type { Registry } from '../schemas';
import { and, eq } from '../store/query';
import type { Reader, Row, Stored, Writer } from '../store/types';
import type { ServiceParties } from '../services/access';
import { datesOf, opensLink, serviceRecipients, type Audience } from '../services/serviceParties';

/**
 * Sending one notification type of a service (spec §3 notification types): an e-mail per
 * recipient in the recipient's language (server/mailTemplates.ts), the user's settings and the
 * company-wide switch respected, a record of the sending (collection `notifications`: the form's
 * `lastSend`) and, when asked, live alerts. docs/notifications.md lists which event sends what.
 */
/** The types this code can send (each has its mail texts in server/locales); enums.json `notificationType` lists those a configuration offers. */
export const NOTIFICATION_TYPES = [
  'SERVICE_CREATED',
  'SERVICE_TOCONFIRM',
  'SERVICE_POSTPONED',
  'SERVICE_NEWREQUESTEDDATE',
  'SERVICE_CONFIRMED',
  'SERVICE_CANCELED',
  'SERVICE_CANCEL_REQUEST',
  'REPORT_DRAFT',
  'REPORT_AVAILABLE',
  'REPORT_DECISION',
  'REPORT_REOPENED',
  'MISSION_ORDER',
  'MANDAT',
  'SERVICE_REMINDER',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATIONS = 'notifications';

/** A type the configuration's enum offers (the registry the loader built) and this code sends. */
export const isNotificationType = (registry: Registry, value: unknown): value is NotificationType =>
  typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value) && ((registry.enums.notificationType?.enum ?? []) as unknown[]).includes(value);

type ServiceLike = Row & ServiceParties;

/** Whose companies get a notification by default: every party, only the provider, or all but the provider. */
export type Parties = 'all' | 'provider' | 'others';

export interface SendOptions {
  /** Who sends (the author of the comment; `{company}` of the texts). Left out of the default recipients. */
  caller?: Caller;
  /** Explicit recipients (contact ids): the form's, a mission order's, a reminder's. Default: the parties. */
  tos?: readonly number[];
  ccs?: readonly number[];
  /** Default recipients: which parties' companies (default all). */
  parties?: Parties;
  /** Default recipients: only these contacts. */
  only?: readonly number[];
  /** Default recipients: left out (they got the mail another way). */
  except?: readonly number[];
  /** Default recipients: narrows who is told beyond seeing the service (who may read the report). */
  audience?: Audience;
  /** A person's message, quoted in the mail. */
  comment?: string;
  /** The form's subject, instead of the type's own. */
  subject?: string;
  /** The form's language for every recipient, instead of each one's own. */
  locale?: Language;
  replyTo?: string;
  /** Files attached to the mail (the form's attachments, read by the route). */
  attachments?: Mail['attachments'];
  /** Chosen by a person (the form): the contact's list of notification types does not filter it. */
  manual?: boolean;
  /** Also a live alert (bell) to each recipient with an account. */
  alert?: boolean;
  /** Extra values of the texts, and values that are labels shown in each recipient's language (`{decision}`). */
  params?: Record<string, string>;
  labels?: Record<string, string>;
  now?: Date;
}

export interface SendResult {
  /** The contacts an e-mail went to. */
  sent: number[];
  /** When recorded (at least one e-mail sent). */
  sentAt?: string;
}

/** What decides above a contact's own settings: its company's switch (spec §6.4) and the types its universe turned off. */
export interface MailSwitches {
  company?: Pick<Company, 'notificationsDisabled'>;
  universeTypesOff?: ReadonlySet<string>;
}

/**
 * Whether the contact takes this e-mail: an address, not archived, its company's notification
 * e-mails not disabled (spec §6.4) nor the type turned off for its universe, and its own settings:
 * `allowNotification` not false (one's own contact may always be chosen on the form), and for
 * automatic sends no list of types or one naming the type.
 */
export function takesMail(contact: Contact, switches: MailSwitches, type: NotificationType, options: Pick<SendOptions, 'manual' | 'caller'> = {}): boolean {
  if (!contact.email || contact.archived || switches.company?.notificationsDisabled === true || switches.universeTypesOff?.has(type)) return false;
  const own = options.caller?.contact.contactId === contact.contactId;
  if (contact.allowNotification === false && !(options.manual && own)) return false;
  if (options.manual) return true;
  const types = contact.notificationTypes;
  return !Array.isArray(types) || types.includes(type);
}

const PROVIDER_FIELD = 'serviceProvider';

async function defaultRecipients(services: Services, service: ServiceLike, options: SendOptions): Promise<Stored<Contact>[]> {
  const { db, registry } = services;
  const parties = options.parties ?? 'all';
  const found = (await serviceRecipients(db, service, options.caller?.contact.contactId)).filter(
    (contact) =>
      (parties === 'all' || (parties === 'provider') === (contact.companyId === service[PROVIDER_FIELD])) &&
      (!options.only || options.only.includes(contact.contactId)) &&
      !options.except?.includes(contact.contactId),
  );
  const page = `/services/${String(service.serviceId)}`;
  const opening = await Promise.all(found.map((contact) => opensLink(db, registry, contact, page, options.audience)));
  return found.filter((_, index) => opening[index]);
}

async function contactsOf(db: Reader, ids: readonly number[]): Promise<Stored<Contact>[]> {
  if (!ids.length) return [];
  return db.query<Contact>({ collection: COLLECTIONS.contacts, where: { op: 'in', field: 'contactId', values: [...ids] } });
}

/** The switches of these contacts (their companies' and their universes'), read once for all of them. */
async function switchesOf(db: Reader, contacts: readonly Contact[]): Promise<(contact: Contact) => MailSwitches> {
  const ids = [...new Set(contacts.map((contact) => contact.companyId))];
  const companies = ids.length ? await db.query<Company>({ collection: COLLECTIONS.companies, where: { op: 'in', field: 'companyId', values: ids } }) : [];
  const byId = new Map(companies.map((company) => [company.companyId, company]));
  const typesOff = await universeTypesOff(db, contacts.map((contact) => contact.universeId));
  return (contact) => ({ company: byId.get(contact.companyId), universeTypesOff: typesOff.get(contact.universeId) });
}

/** The contacts among these that take this e-mail: their own settings, their company's switch and their universe's (`takesMail`). */
export async function takingMail(db: Reader, contacts: Stored<Contact>[], type: NotificationType, options: Pick<SendOptions, 'manual' | 'caller'> = {}): Promise<Stored<Contact>[]> {
  const switches = await switchesOf(db, contacts);
  return contacts.filter((contact) => takesMail(contact, switches(contact), type, options));
}

/** The values every service mail's texts may use, in the recipient's language. */
async function serviceParams(services: Services, service: ServiceLike, lang: Language, options: SendOptions, contact: Contact): Promise<Record<string, unknown>> {
  const { db, registry } = services;
  const locales = registry.locales[lang] ?? {};
  const client = typeof service.client === 'number' ? await db.get<Company>(COLLECTIONS.companies, service.client) : undefined;
  return {
    name: fullName(contact),
    number: service.number,
    type: locales[`enum.serviceType.${String(service.type)}`] ?? service.type,
    dates: datesOf(service),
    startDate: service.startDate,
    author: options.caller ? fullName(options.caller.contact) : '',
    company: options.caller?.company.name ?? 'QCFlow',
    client: client?.name ?? '',
    ...options.params,
    ...Object.fromEntries(Object.entries(options.labels ?? {}).map(([name, key]) => [name, locales[key] ?? key])),
  };
}

/**
 * Whom `type` would e-mail automatically now (the form's default recipients): the parties' people
 * the type goes to who open the service page and take the e-mail.
 */
export async function automaticRecipients(services: Services, service: ServiceLike, type: NotificationType, options: SendOptions = {}): Promise<Stored<Contact>[]> {
  const found = await defaultRecipients(services, service, { parties: TYPE_PARTIES[type] ?? 'all', ...options });
  return takingMail(services.db, found, type, options);
}

/** The parties a type goes to by default (docs/notifications.md). */
const TYPE_PARTIES: Partial<Record<NotificationType, Parties>> = { SERVICE_TOCONFIRM: 'provider', MANDAT: 'provider', SERVICE_CONFIRMED: 'others' };

/** Live alerts to the recipients who have an account, titled like the mail, linking to the service. */
export async function alertRecipients(tx: Writer, registry: Registry, service: ServiceLike, type: NotificationType, recipients: readonly Stored<Contact>[], options: Pick<SendOptions, 'locale' | 'comment'>, now: Date): Promise<void> {
  const titleLink = `/services/${String(service.serviceId)}`;
  for (const contact of recipients) {
    if (!contact.account) continue;
    const lang = options.locale ?? contact.language ?? 'en';
    const locales = registry.locales[lang] ?? {};
    const alert: Omit<Alert, 'alertId'> = {
      contactId: contact.contactId,
      universeId: contact.universeId,
      level: type === 'SERVICE_CANCELED' || type === 'SERVICE_CANCEL_REQUEST' ? 'WARN' : 'INFO',
      title: `${locales[`enum.notificationType.${type}`] ?? type} · ${String(service.number)}`,
      message: options.comment?.trim() ? options.comment.trim().slice(0, 500) : `${String(service.number)}: ${locales[`enum.notificationType.${type}`] ?? type}`,
      titleLink,
      creationDate: nowIso(now),
      read: false,
      shown: false,
    };
    await tx.insert(ALERTS, 'alertId', alert);
  }
}

/**
 * Sends notification `type` of the service, after the caller's write is committed: never throws
 * for a mail that fails (it is logged, server logs MAIL). Explicit `tos`/`ccs` are sent as given
 * (each still checked by `takesMail`); otherwise the parties that see the service and open its page.
 */
export async function sendServiceNotification(services: Services, service: ServiceLike, type: NotificationType, options: SendOptions = {}): Promise<SendResult> {
  const { db } = services;
  const now = options.now ?? new Date();
  const explicit = options.tos !== undefined || options.ccs !== undefined;
  const tos = explicit ? await contactsOf(db, options.tos ?? []) : await defaultRecipients(services, service, options);
  const ccIds = (options.ccs ?? []).filter((id) => !tos.some((contact) => contact.contactId === id));
  const ccs = await contactsOf(db, ccIds);
  const switches = await switchesOf(db, [...tos, ...ccs]);
  const takes = (contact: Stored<Contact>) => contact.universeId === service.universeId && takesMail(contact, switches(contact), type, options);
  const recipients = [...tos.filter(takes), ...ccs.filter(takes)];
  const link = appLink(services, `/services/${String(service.serviceId)}`);
  const sent: number[] = [];
  for (const contact of recipients) {
    const lang: Language = options.locale ?? contact.language ?? 'en';
    try {
      const mail = await renderMail({
        kind: `mail.service.${type}`,
        lang,
        params: await serviceParams(services, service, lang, options, contact),
        link,
        comment: options.comment,
        author: options.caller ? fullName(options.caller.contact) : undefined,
        subject: options.subject,
        button: 'mail.service.button',
        footer: 'mail.footer.service',
        unsubscribe: unsubscribeLink(services, contact.contactId, type),
      });
      await services.mailer.send({ to: contact.email!, ...mail, ...(options.replyTo ? { replyTo: options.replyTo } : {}), ...(options.attachments?.length ? { attachments: options.attachments } : {}) });
      sent.push(contact.contactId);
    } catch (error) {
      await logServer(db, { level: 'ERROR', application: 'MAIL', contact, message: `Could not send the ${type} e-mail of service ${String(service.number)} to ${contact.email}: ${(error as Error).message}` });
    }
  }
  if (!sent.length && !options.alert) return { sent };
  const sentAt = nowIso(now);
  await db.transaction(async (tx) => {
    if (options.alert) await alertRecipients(tx, services.registry, service, type, [...tos, ...ccs].filter((contact) => contact.universeId === service.universeId && contact.contactId !== options.caller?.contact.contactId), options, now);
    if (!sent.length) return;
    await tx.insert(NOTIFICATIONS, 'notificationId', {
      serviceId: service.serviceId as number,
      universeId: service.universeId as number,
      type,
      tos: tos.map((contact) => contact.contactId).filter((id) => sent.includes(id)),
      ccs: ccs.map((contact) => contact.contactId).filter((id) => sent.includes(id)),
      ...(options.subject ? { subject: options.subject } : {}),
      ...(options.comment ? { comment: options.comment } : {}),
      sentAt,
      ...(options.caller ? { sentBy: options.caller.contact.contactId } : {}),
    });
  });
  return { sent, sentAt: sent.length ? sentAt : undefined };
}

/** When this type was last sent for the service (the form's `lastSend`), or null. */
export async function lastSendOf(db: Reader, serviceId: number, type: NotificationType): Promise<string | null> {
  const [last] = await db.query<Row>({
    collection: NOTIFICATIONS,
    where: and(eq('serviceId', serviceId), eq('type', type)),
    orderBy: [{ field: 'sentAt', desc: true }],
    limit: 1,
  });
  return (last?.sentAt as string | undefined) ?? null;
}

/**
 * MISSION_ORDER: the contributors put on a service by an assignment, told by e-mail (and alert)
 * which service they work on. Called by the assignment save with the contributors it added;
 * each one's settings and company switch apply like any automatic notification.
 */
export function sendMissionOrder(services: Services, service: ServiceLike, contactIds: readonly number[], caller: Caller): Promise<SendResult> {
  return sendServiceNotification(services, service, 'MISSION_ORDER', { caller, tos: contactIds, alert: true });
}
