import type { Caller } from '../context';
import { COLLECTIONS, type Contact } from '../identity';
import { alertLinkOpens } from '../alertAccess';
import { callerFor } from '../auth/caller';
import type { Registry } from '../schemas';
import { and, eq } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
import { canSeeService, type ServiceParties } from './access';

/**
 * Who is concerned by a service: the contacts of its party and owner companies that see it, and
 * whether one of them could open a link. The live alerts (serviceAlerts.ts), the e-mails
 * (notify/send.ts) and the reminders take their recipients from here.
 */
export type ServiceLike = Row & ServiceParties;

export const PARTY_FIELDS = ['client', 'supplier', 'factory', 'agent', 'serviceProvider', 'creatorCompany'] as const;

/** Whether the members of a company see the service (a plain member: no super admin power). */
export function companySees(service: ServiceLike, companyId: number): boolean {
  return canSeeService(service, { universeId: service.universeId, company: { companyId }, roles: new Set<string>() } as unknown as Caller);
}

/**
 * Contacts with an account in the party and owner companies that see the service (until the
 * provider confirms, only the provider's and the owner's), archived ones and `except` left out.
 */
export async function serviceRecipients(db: Reader, service: ServiceLike, except?: number): Promise<Stored<Contact>[]> {
  const companies = new Set(PARTY_FIELDS.map((field) => service[field]).filter((id): id is number => typeof id === 'number'));
  const seeing = [...companies].filter((companyId) => companySees(service, companyId));
  // `in` of an empty list would match every contact.
  if (!seeing.length) return [];
  return db.query<Contact>({
    collection: COLLECTIONS.contacts,
    where: and(
      { op: 'in', field: 'companyId', values: seeing },
      eq('universeId', service.universeId as number),
      { op: 'exists', field: 'account', value: true },
      { op: 'not', condition: eq('archived', true) },
      except !== undefined && { op: 'not', condition: eq('contactId', except) },
    ),
  });
}

export const datesOf = (service: ServiceLike) =>
  service.endDate && service.endDate !== service.startDate ? `${String(service.startDate)} → ${String(service.endDate)}` : String(service.startDate ?? '');

/**
 * Whether the contact, signed in, could open `link` (its screen's roles and the record's read
 * rule) and belongs to the `audience` when one is given (those who may read a report).
 */
export async function opensLink(db: Reader, registry: Registry, contact: Stored<Contact>, link: string, audience?: Audience): Promise<boolean> {
  const recipient = await callerFor(db, contact.contactId, { via: 'session', sessionKey: '' });
  return !!recipient && (await alertLinkOpens(registry, db, recipient, link)) && (!audience || (await audience(db, recipient)));
}

/** Narrows who is told, beyond seeing the service (the report notifications: who may read the report). */
export type Audience = (db: Reader, recipient: Caller) => Promise<boolean>;
