import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import { requireCaller, requireRoles, type AppContext, type AppEnv, type Caller } from '../context';
import { HttpError, validationError, type FieldError } from '../errors';
import { FILES, type FileRow } from '../files/entries';
import { COLLECTIONS, fullName, type Company, type Contact } from '../identity';
import { isLanguage, translate } from '../i18n';
import { networkContacts } from '../network';
import { and, eq } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
import type { Registry } from '../schemas';
import { fieldErrors } from '../validation';
import { canSeeService, visibleService, type ServiceRow } from '../services/access';
import { reachableCompany } from '../profile/companyAccess';
import { numberParam, readObject, serviceCaller } from '../services/routeHelpers';
import { automaticRecipients, isNotificationType, lastSendOf, sendServiceNotification, type NotificationType } from './send';

/**
 * The notification form of a service (spec §3, §5, §7.4; docs/notifications.md):
 * - `GET  /back/bo/notify/services/{serviceId}/rules/{type}`: the form's defaults for this type;
 * - `POST /back/bo/notify/services/{serviceId}/rules/{type}`: sends the form (validated here);
 * - `GET  /back/bo/notify/services/{serviceId}/emails`: the contacts the form may offer;
 * - `GET`, `PUT /back/bo/profile/company/{companyId}/notificationconfig`: the company-wide switch (spec §6.4).
 */
const FORM_KEYS = ['doSend', 'locale', 'subject', 'tos', 'ccs', 'replyTo', 'comment', 'attachments', 'lastSend'];
const SERVICE_FILES = 'SERVICE';
/** The attachments of one notification together, at most (bytes). */
export const ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;

export interface EmailChoice {
  contactId: number;
  fullName: string;
  email: string;
  companyId: number;
  companyName: string;
  language: string;
  /** Whether the contact takes notification e-mails (its own setting and its company's); the form disables the others, but the caller's own. */
  allowNotification: boolean;
  /** For the engine's lookup widgets. */
  value: number;
  label: string;
  disabled: boolean;
}

export interface EmailsQuery {
  /** Also the contacts of the caller's own company (when it plays no part: a super admin). */
  includeUniverseContact?: boolean;
  /** Also every active contact of the caller's universe (the network combo of contacts). */
  includeNetworkContact?: boolean;
  /** Only the caller's own company's contacts (the reminders' form). */
  excludeCompanies?: boolean;
}

const PARTY_FIELDS = ['client', 'supplier', 'factory', 'agent', 'serviceProvider', 'creatorCompany'] as const;

/** Whether a company's members see the service (as plain members). */
const companySees = (service: ServiceRow, companyId: number) =>
  canSeeService(service, { universeId: service.universeId, company: { companyId }, roles: new Set<string>() } as unknown as Caller);

/** The contacts the form may offer for this service, with their e-mail switch; sorted by company and name. */
export async function emailChoices(db: Reader, registry: Registry, service: ServiceRow, caller: Caller, query: EmailsQuery): Promise<EmailChoice[]> {
  const own = caller.company.companyId;
  const parties = PARTY_FIELDS.map((field) => service[field]).filter((id): id is number => typeof id === 'number' && companySees(service, id));
  const companies = new Set(query.excludeCompanies ? [own] : [...parties, ...(query.includeUniverseContact ? [own] : [])]);
  const active = { op: 'not', condition: eq('archived', true) } as const;
  const found = new Map<number, Stored<Contact>>();
  if (companies.size) {
    const rows = await db.query<Contact>({
      collection: COLLECTIONS.contacts,
      where: and(eq('universeId', service.universeId as number), { op: 'in', field: 'companyId', values: [...companies] }, active),
    });
    for (const row of rows) found.set(row.contactId, row);
  }
  if (query.includeNetworkContact && !query.excludeCompanies) {
    for (const row of await networkContacts(db, registry, caller)) if (row.universeId === service.universeId) found.set(row.contactId, row);
  }
  return choicesOf(db, caller, [...found.values()]);
}

/** The contacts with an address as the form offers them: their e-mail switch, disabled unless they take e-mails or are the caller; by company and name. */
async function choicesOf(db: Reader, caller: Caller, contacts: readonly Stored<Contact>[]): Promise<EmailChoice[]> {
  const withMail = contacts.filter((contact) => !!contact.email && !contact.archived);
  const companyIds = [...new Set(withMail.map((contact) => contact.companyId))];
  const byId = new Map(
    (companyIds.length ? await db.query<Company>({ collection: COLLECTIONS.companies, where: { op: 'in', field: 'companyId', values: companyIds } }) : []).map((company) => [company.companyId, company]),
  );
  return withMail
    .map((contact): EmailChoice => {
      const company = byId.get(contact.companyId);
      const allowNotification = contact.allowNotification !== false && company?.notificationsDisabled !== true;
      const name = fullName(contact);
      return {
        contactId: contact.contactId,
        fullName: name,
        email: contact.email!,
        companyId: contact.companyId,
        companyName: company?.name ?? '',
        language: contact.language ?? 'en',
        allowNotification,
        value: contact.contactId,
        label: `${name} (${company?.name ?? ''})`,
        disabled: !allowNotification && contact.contactId !== caller.contact.contactId,
      };
    })
    .sort((a, b) => a.companyName.localeCompare(b.companyName) || a.fullName.localeCompare(b.fullName));
}

/** The wizard's notification step, before the service exists: the active contacts of these companies of the caller's universe. */
export async function companyContactChoices(db: Reader, registry: Registry, caller: Caller, companyIds: readonly number[]): Promise<EmailChoice[]> {
  if (!companyIds.length) return [];
  return choicesOf(db, caller, await networkContacts(db, registry, caller, companyIds));
}

const flag = (c: AppContext, name: string) => ['1', 'true'].includes(c.req.query(name) ?? '');

function typeParam(c: AppContext): NotificationType {
  const type = c.req.param('type');
  if (!isNotificationType(c.get('services').registry, type)) throw validationError([{ path: '/type', key: 'validation.unknownValue' }]);
  return type;
}

/**
 * The form's defaults: send, the caller's language, the type's subject in it, as recipients those
 * the type would e-mail automatically (never the caller), the caller's address to reply to, and when
 * the type was last sent for the service.
 */
async function formDefaults(c: AppContext, service: ServiceRow, caller: Caller, type: NotificationType): Promise<Row> {
  const { db } = c.get('services');
  const locale = caller.contact.language ?? 'en';
  const tos = (await automaticRecipients(c.get('services'), service, type, { caller })).map((contact) => contact.contactId);
  const locales = c.get('services').registry.locales[locale] ?? {};
  return {
    serviceId: service.serviceId,
    type,
    doSend: true,
    locale,
    subject: translate(locale, `mail.service.${type}.subject`, {
      number: service.number,
      type: locales[`enum.serviceType.${String(service.type)}`] ?? service.type,
      decision: '',
    }),
    tos,
    ccs: [],
    ...(caller.contact.email ? { replyTo: caller.contact.email } : {}),
    comment: '',
    attachments: [],
    lastSend: await lastSendOf(db, service.serviceId as number, type),
  };
}

/** The form as sent: schema checks (400), then the rules of spec §5 and the allowed recipients (422). */
async function checkForm(c: AppContext, service: ServiceRow, caller: Caller, body: Row) {
  const { db, registry } = c.get('services');
  const entity = registry.entities.get('notification')!;
  const form: Row = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'lastSend' && body[key] !== null));
  if (!entity.validateCreate(form)) throw validationError(fieldErrors(entity.validateCreate.errors));
  const doSend = form.doSend !== false;
  const tos = (form.tos as number[] | undefined) ?? [];
  const ccs = (form.ccs as number[] | undefined) ?? [];
  const attachments = (form.attachments as number[] | undefined) ?? [];
  const subject = typeof form.subject === 'string' ? form.subject.trim() : '';
  const errors: FieldError[] = [];
  if (doSend && !tos.length) errors.push({ path: '/tos', key: 'validation.required' });
  if (doSend && !subject) errors.push({ path: '/subject', key: 'validation.required' });
  if (errors.length) throw validationError(errors);
  // Every recipient one the form could offer (the widest list), taking e-mails (but the caller's own contact).
  const choices = new Map((await emailChoices(db, registry, service, caller, { includeUniverseContact: true, includeNetworkContact: true })).map((choice) => [choice.contactId, choice]));
  const refused: FieldError[] = [];
  for (const [field, ids] of [['tos', tos], ['ccs', ccs]] as const) {
    ids.forEach((id, index) => {
      const choice = choices.get(id);
      if (!choice) refused.push({ path: `/${field}/${index}`, key: 'notify.recipientUnknown' });
      else if (choice.disabled) refused.push({ path: `/${field}/${index}`, key: 'notify.recipientDisabled' });
    });
  }
  const files: Stored<FileRow>[] = [];
  for (const [index, fileId] of attachments.entries()) {
    const file = await db.get<FileRow>(FILES, fileId);
    if (!file || file.fileType !== SERVICE_FILES || file.entityId !== service.serviceId || file.universeId !== service.universeId) refused.push({ path: `/attachments/${index}`, key: 'notify.attachmentUnknown' });
    else files.push(file);
  }
  if (files.reduce((sum, file) => sum + file.byteSize, 0) > ATTACHMENTS_MAX_BYTES) refused.push({ path: '/attachments', key: 'notify.attachmentsTooLarge' });
  if (refused.length) throw new HttpError(422, 'BusinessException', 'notify.refused', {}, refused);
  return {
    doSend,
    tos,
    ccs,
    files,
    subject,
    locale: isLanguage(form.locale) ? form.locale : undefined,
    replyTo: typeof form.replyTo === 'string' ? form.replyTo : undefined,
    comment: typeof form.comment === 'string' && form.comment.trim() ? form.comment.trim() : undefined,
  };
}

/** Who changes a company's switch: its administrators (COMPANY_ADMIN) and managers, universe and super admins. */
export const COMPANY_NOTIFICATION_ROLES = ['COMPANY_ADMIN', 'MANAGER', 'UNIVERSE_ADMIN', 'SUPER_ADMIN'];

export function notifyRoutes() {
  const app = new Hono<AppEnv>();
  const rules = '/back/bo/notify/services/:serviceId{[0-9]+}/rules/:type';

  app.get(rules, async (c) => {
    const caller = serviceCaller(c);
    const service = await visibleService(c.get('services').db, numberParam(c, 'serviceId'), caller);
    return c.json(await formDefaults(c, service, caller, typeParam(c)));
  });

  app.post(rules, async (c) => {
    const caller = serviceCaller(c);
    const services = c.get('services');
    const service = await visibleService(services.db, numberParam(c, 'serviceId'), caller);
    const type = typeParam(c);
    const form = await checkForm(c, service, caller, await readObject(c, FORM_KEYS));
    if (!form.doSend) return c.json({ sent: [], lastSend: await lastSendOf(services.db, service.serviceId as number, type) });
    const attachments = await Promise.all(
      form.files.map(async (file) => ({ filename: file.fileName, contentType: file.mimeType, content: await readFile(services.files.blobPath(file.hash)) })),
    );
    const result = await sendServiceNotification(services, service, type, {
      caller,
      tos: form.tos,
      ccs: form.ccs,
      subject: form.subject,
      locale: form.locale,
      replyTo: form.replyTo,
      comment: form.comment,
      attachments,
      manual: true,
      alert: true,
    });
    return c.json({ sent: result.sent, lastSend: result.sentAt ?? (await lastSendOf(services.db, service.serviceId as number, type)) });
  });

  app.get('/back/bo/notify/services/:serviceId{[0-9]+}/emails', async (c) => {
    const caller = serviceCaller(c);
    const { db, registry } = c.get('services');
    const service = await visibleService(db, numberParam(c, 'serviceId'), caller);
    return c.json(
      await emailChoices(db, registry, service, caller, {
        includeUniverseContact: flag(c, 'includeUniverseContact'),
        includeNetworkContact: flag(c, 'includeNetworkContact'),
        excludeCompanies: flag(c, 'excludeCompanies'),
      }),
    );
  });

  app.get('/back/bo/notify/contacts', async (c) => {
    const caller = serviceCaller(c);
    const ids = c.req.queries('companyId') ?? [];
    if (ids.some((value) => !/^\d+$/.test(value))) throw validationError([{ path: '/companyId', key: 'validation.wrongType' }]);
    const { db, registry } = c.get('services');
    return c.json(await companyContactChoices(db, registry, caller, [...new Set(ids.map(Number))]));
  });

  const config = '/back/bo/profile/company/:companyId{[0-9]+}/notificationconfig';
  app.get(config, async (c) => {
    const caller = requireCaller(c);
    const company = await reachableCompany(c, caller);
    return c.json({ companyId: company.companyId, notificationsDisabled: company.notificationsDisabled === true });
  });

  app.put(config, async (c) => {
    const caller = requireCaller(c);
    requireRoles(caller, COMPANY_NOTIFICATION_ROLES);
    const company = await reachableCompany(c, caller);
    const body = await readObject(c, ['notificationsDisabled']);
    if (typeof body.notificationsDisabled !== 'boolean') throw validationError([{ path: '/notificationsDisabled', key: body.notificationsDisabled === undefined ? 'validation.required' : 'validation.wrongType' }]);
    const disabled = body.notificationsDisabled;
    const updated = await c.get('services').db.transaction((tx) =>
      tx.update<Company>(COLLECTIONS.companies, company.companyId, (current) => ({ ...current, notificationsDisabled: disabled })),
    );
    return c.json({ companyId: updated.companyId, notificationsDisabled: updated.notificationsDisabled === true });
  });

  return app;
}

