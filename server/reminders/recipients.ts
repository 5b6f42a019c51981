import { COLLECTIONS, type Contact } from '../identity';
import { and, eq } from '../store/query';
import type { Reader, Stored } from '../store/types';
import type { ServiceParties } from '../services/access';
import { companySees, PARTY_FIELDS } from '../services/serviceParties';
import type { Row } from '../store/types';

/**
 * Whom a reminder may go to: the contacts of the service's party companies (client, supplier,
 * factory, agent, provider, owner) that see the service, archived ones left out. The one place
 * that decides it: spec §7.4 names `GET /back/bo/notify/services/{serviceId}/emails` with
 * `excludeCompanies=1` as the reminders' source of recipients; when that call exists, this
 * function should ask the same rule.
 */
export async function reminderRecipients(db: Reader, service: Row & ServiceParties): Promise<Stored<Contact>[]> {
  const companies = [...new Set(PARTY_FIELDS.map((field) => service[field]).filter((id): id is number => typeof id === 'number'))].filter((id) =>
    companySees(service, id),
  );
  // `in` of an empty list would match every contact.
  if (!companies.length) return [];
  return db.query<Contact>({
    collection: COLLECTIONS.contacts,
    where: and({ op: 'in', field: 'companyId', values: companies }, eq('universeId', service.universeId as number), { op: 'not', condition: eq('archived', true) }),
    orderBy: [{ field: 'contactId' }],
  });
}
