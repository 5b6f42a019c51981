import { isSuperAdmin, type Caller } from '../context';
import type { FieldError } from '../errors';
import { companyById, contactById } from '../identity';
import { isPlainObject } from '../json-body';
import { networkContactAccepts } from '../network';
import { assertLookups } from '../resources/lookups';
import type { EntityDef, Registry } from '../schemas';
import type { Reader, Row, Writer } from '../store/types';
import { applyTagRules } from '../tags';
import { isSegregated } from '../auth/profile';
import { fieldErrors, type Validator } from '../validation';
import { prefixed, underPath } from './routeHelpers';
import { NOTIFICATION_COMMENT_MAX } from '../../machines/serviceWizard';
import { ORDER_TAKER_SLOTS, type PickerContext } from './wizardRules';

/** The `service` part of a wizard body: schema validation, tags, lookups and contacts. */
export const serviceEntity = (registry: Registry): EntityDef => registry.entities.get('service')!;

/** What presentService adds for the caller: an edit or a duplicate may send a service back as it got it. */
const PRESENTED = new Set(['side', 'owner', 'rights', 'actions']);

/** The client's fields (server-owned and presented ones dropped, as the generic resources do) checked by `validate`; errors under `/service`. */
export function checkServiceFields(entity: EntityDef, raw: unknown, validate: Validator, fixed: Row = {}): { service: Row; errors: FieldError[] } {
  if (!isPlainObject(raw)) return { service: {}, errors: [{ path: '/service', key: raw === undefined ? 'validation.required' : 'validation.wrongType' }] };
  const service: Row = { ...Object.fromEntries(Object.entries(raw).filter(([key]) => !entity.serverOwned.has(key) && !PRESENTED.has(key))), ...fixed };
  for (const [key, value] of Object.entries(fixed)) if (value === undefined) delete service[key];
  return { service, errors: validate(service) ? [] : prefixed('/service', fieldErrors(validate.errors)) };
}

/** Order-taker contacts must work for the supplier, factory or agent of the service. */
export async function contactErrors(db: Reader, service: Row): Promise<FieldError[]> {
  const contacts: unknown[] = Array.isArray(service.orderTakerContacts) ? service.orderTakerContacts : [];
  const companies = new Set<unknown>(ORDER_TAKER_SLOTS.map((slot) => service[slot]).filter((id) => id !== undefined));
  const found = await Promise.all(contacts.map((id) => contactById(db, id)));
  return found.flatMap((contact, index) =>
    companies.has(contact?.companyId) ? [] : [{ path: `/service/orderTakerContacts/${index}`, key: 'service.wizard.contactNotOrderTaker' }],
  );
}

/** Tags and lookup ids (companies of the right kind and universe, contacts, tags) the caller may write; 400 under `/service`. */
export async function assertServiceReferences(tx: Writer, registry: Registry, caller: Caller, service: Row, existing?: Row): Promise<void> {
  const entity = serviceEntity(registry);
  await underPath('/service', async () => {
    await applyTagRules(tx, caller, entity.tags, service, existing);
    await assertLookups(entity, service, existing, caller, tx, registry);
  });
}

/** What the role picker needs to know about the caller (spec §6.4). */
export async function pickerContext(db: Reader, caller: Caller): Promise<PickerContext> {
  return {
    companyRoles: caller.company.roles,
    companyId: caller.company.companyId,
    superAdmin: isSuperAdmin(caller),
    segregatedUniverse: await isSegregated(db, caller.universeId),
  };
}

export interface Notification {
  doSend: boolean;
  tos: number[];
  ccs: number[];
  comment?: string;
}

const NOTIFICATION_KEYS = ['doSend', 'tos', 'ccs', 'comment'];

/** Spec §5: a contact without notification e-mails (its own setting or its company's) may not be chosen, but the caller's own contact. */
async function takesNotifications(db: Reader, caller: Caller, contactId: number): Promise<boolean> {
  if (contactId === caller.contact.contactId) return true;
  const contact = await contactById(db, contactId);
  if (!contact || contact.allowNotification === false) return false;
  return (await companyById(db, contact.companyId))?.notificationsDisabled !== true;
}

/** The wizard's notification step: contacts of the caller's universe who take notification e-mails, at least one recipient when sending. */
export async function checkNotification(db: Reader, registry: Registry, caller: Caller, raw: unknown): Promise<{ notification?: Notification; errors: FieldError[] }> {
  if (raw === undefined || raw === null) return { errors: [] };
  if (!isPlainObject(raw)) return { errors: [{ path: '/notification', key: 'validation.wrongType' }] };
  const errors: FieldError[] = Object.keys(raw)
    .filter((key) => !NOTIFICATION_KEYS.includes(key))
    .map((key) => ({ path: `/notification/${key}`, key: 'validation.unknownField' }));
  const ids = async (field: 'tos' | 'ccs'): Promise<number[]> => {
    const value = raw[field] ?? [];
    if (!Array.isArray(value)) {
      errors.push({ path: `/notification/${field}`, key: 'validation.wrongType' });
      return [];
    }
    const accepted = await Promise.all(value.map((id) => networkContactAccepts(db, registry, caller, id)));
    const taking = await Promise.all(value.map((id, index) => accepted[index] && takesNotifications(db, caller, id as number)));
    accepted.forEach((ok, index) => {
      if (!ok) errors.push({ path: `/notification/${field}/${index}`, key: 'validation.unknownReference' });
      else if (!taking[index]) errors.push({ path: `/notification/${field}/${index}`, key: 'notify.recipientDisabled' });
    });
    return value as number[];
  };
  const doSend = raw.doSend ?? false;
  if (typeof doSend !== 'boolean') errors.push({ path: '/notification/doSend', key: 'validation.wrongType' });
  const tos = await ids('tos');
  const ccs = await ids('ccs');
  if (doSend === true && tos.length === 0) errors.push({ path: '/notification/tos', key: 'validation.required' });
  const comment = raw.comment;
  if (comment !== undefined && (typeof comment !== 'string' || comment.length > NOTIFICATION_COMMENT_MAX)) {
    errors.push({ path: '/notification/comment', key: typeof comment === 'string' ? 'validation.tooLong' : 'validation.wrongType' });
  }
  return { notification: { doSend: doSend === true, tos, ccs, comment: comment as string | undefined }, errors };
}
