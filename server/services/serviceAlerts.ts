import type { Caller, Services } from '../context';
import { nowIso } from '../dates';
import { hasMessage, translate, type Language } from '../i18n';
import { ALERTS, type Alert } from '../routes/alerts';
import type { Registry } from '../schemas';
import type { Writer } from '../store/types';
import { sendServiceNotification, type NotificationType, type Parties } from '../notify/send';
import { datesOf, opensLink, serviceRecipients, type Audience, type ServiceLike } from './serviceParties';

// Telling the parties of a service what happened: a live alert (bell) for every contact with
// an account in the party and owner companies, and for confirmations and cancellations an
// e-mail to those who accept that notification type.

const WARNING_EVENTS = new Set(['REQUEST_CANCEL', 'CONFIRM_CANCEL', 'CANCEL']);

/** A provider's date proposal its workflow settings confirmed at once (docs/settings.md): it reads and mails as a confirmation. */
const confirmedAtOnce = (service: ServiceLike, event: string) =>
  (event === 'REQUEST_DATE' || event === 'POSTPONE') && service.serviceStep === 'CONFIRMED' && !service.pendingDateBy;

/** The alert texts' key: an accepted date that confirms reads as a confirmation; unknown events as a change. */
function alertKey(service: ServiceLike, event: string): string {
  const key = event === 'ACCEPT_DATE' && service.serviceStep === 'CONFIRMED' ? 'ACCEPT_DATE_CONFIRMED' : confirmedAtOnce(service, event) ? 'CONFIRM' : event;
  return hasMessage(`alert.service.${key}.title`) ? key : 'UPDATED';
}

/**
 * Live alerts for everyone concerned but the caller, each in the recipient's language; only
 * to those whose role opens the service page the alert links to.
 */
export async function alertServiceParties(tx: Writer, registry: Registry, service: ServiceLike, caller: Caller, event: string, now = new Date(), audience?: Audience): Promise<void> {
  const key = alertKey(service, event);
  const params = { number: service.number, company: caller.company.name, dates: datesOf(service) };
  const titleLink = `/services/${String(service.serviceId)}`;
  for (const contact of await serviceRecipients(tx, service, caller.contact.contactId)) {
    if (!(await opensLink(tx, registry, contact, titleLink, audience))) continue;
    const lang: Language = contact.language ?? 'en';
    const alert: Omit<Alert, 'alertId'> = {
      contactId: contact.contactId,
      universeId: contact.universeId,
      level: WARNING_EVENTS.has(event) ? 'WARN' : 'INFO',
      title: translate(lang, `alert.service.${key}.title`, params),
      message: translate(lang, `alert.service.${key}.message`, params),
      titleLink,
      creationDate: nowIso(now),
      read: false,
      shown: false,
    };
    await tx.insert(ALERTS, 'alertId', alert);
  }
}

export type ReportNotification = 'REPORT_DRAFT' | 'REPORT_AVAILABLE' | 'REPORT_DECISION' | 'REPORT_REOPENED';
const REPORT_NOTIFICATIONS: readonly string[] = ['REPORT_DRAFT', 'REPORT_AVAILABLE', 'REPORT_DECISION', 'REPORT_REOPENED'];

/** One e-mail an event sends: its type, and to which parties' companies. */
export interface EventNotification {
  type: NotificationType;
  parties: Parties;
}

/**
 * The e-mails a workflow or report event sends (docs/notifications.md): a confirmation tells the
 * other parties (SERVICE_CONFIRMED) and gives the provider its order (MANDAT); dates agreed
 * without the provider ask it to confirm (SERVICE_TOCONFIRM); proposals, postponements, cancel
 * requests and cancellations tell every party; completing a service that has a report makes it available.
 */
export function notificationsOf(service: ServiceLike, event: string): EventNotification[] {
  const confirmed = service.serviceStep === 'CONFIRMED';
  if (event === 'CONFIRM' || (event === 'ACCEPT_DATE' && confirmed) || confirmedAtOnce(service, event)) {
    return [{ type: 'SERVICE_CONFIRMED', parties: 'others' }, { type: 'MANDAT', parties: 'provider' }];
  }
  if (event === 'ACCEPT_DATE') return [{ type: 'SERVICE_TOCONFIRM', parties: 'provider' }];
  const simple: Record<string, NotificationType> = {
    REQUEST_DATE: 'SERVICE_NEWREQUESTEDDATE',
    POSTPONE: 'SERVICE_POSTPONED',
    CANCEL: 'SERVICE_CANCELED',
    CONFIRM_CANCEL: 'SERVICE_CANCELED',
    REQUEST_CANCEL: 'SERVICE_CANCEL_REQUEST',
  };
  if (simple[event]) return [{ type: simple[event], parties: 'all' }];
  if (event === 'COMPLETE' && service.report) return [{ type: 'REPORT_AVAILABLE', parties: 'all' }];
  return REPORT_NOTIFICATIONS.includes(event) ? [{ type: event as NotificationType, parties: 'all' }] : [];
}

export interface MailOptions {
  /** Left out of the recipients (the caller knows already); the author of the texts. */
  caller?: Caller;
  /** Only these contacts (the recipients chosen for a decision), among those told otherwise. */
  only?: readonly number[];
  audience?: Audience;
  /** A person's message quoted in the mail (the decision's comment). */
  comment?: string;
  /** Extra values of the mail text, and values that are labels, shown in each recipient's language (`{decision}`). */
  params?: Record<string, string>;
  labels?: Record<string, string>;
}

/**
 * Run after the commit: e-mails the parties that want this event's notifications and could open
 * the service it links to, like the live alerts. A failing mail is logged (serverLogs, MAIL) and
 * never fails the caller's request.
 */
export async function mailServiceParties(services: Services, service: ServiceLike, event: string, options: MailOptions = {}): Promise<void> {
  for (const { type, parties } of notificationsOf(service, event)) {
    await sendServiceNotification(services, service, type, { ...options, parties });
  }
}
