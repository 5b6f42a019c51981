import { Hono } from 'hono';
import { and, eq } from '../store/query';
import { applyProfileRules } from '../../machines/accountProfiles';
import { serverLogEntry } from '../audit';
import { issuePasswordToken, sendPasswordLink } from '../auth/passwordLinks';
import { permissionFlags } from '../auth/roles';
import { isLocked } from '../auth/routes';
import { closeSessionsOf } from '../auth/sessions';
import { clientIp } from '../clientIp';
import { HttpError, businessRule, forbidden, notFound } from '../errors';
import { COLLECTIONS, contactByEmail, contactById, fullName, type Account, type Contact } from '../identity';
import { isPlainObject, readJson } from '../json-body';
import { requireCaller, requireRoles, type AppContext, type AppEnv, type Caller } from '../context';
import type { EntityDef } from '../schemas';
import type { Reader, Row, Stored } from '../store/types';
import { assertLookups } from '../resources/lookups';
import { expectedVersion, recordToCreate, recordToUpdate } from '../resources/write';
import { administersCompany } from '../identityAccess';
import { isSharedCompany } from '../companies/access';
import { stateChangingGetCaller } from './stateChangingGet';

/**
 * Contacts administration (docs/identity.md "Administration"): a manager administers the
 * contacts of their own company, a super admin those of every company of the universe.
 * Contacts are archived, never deleted. Rows carry the account's state (profiles, lock,
 * two-factor, password set) but never the account itself.
 */
const BASE = '/back/bo/contacts/admin';
const ONE = `${BASE}/:id{[0-9]+}`;
const KEYWORD_FIELDS = ['firstName', 'lastName', 'email', 'position'] as const;
/** Flags anyone administering contacts may hand out: being logged in, the least-privileged profile (CONTRIBUTOR). */
const ALWAYS_GRANTABLE = new Set(['SPA_USER', 'CONTRIBUTOR']);

/** A contact the caller administers; anything else is "not found". */
async function administered(db: Reader, caller: Caller, id: number): Promise<Stored<Contact>> {
  const contact = await contactById(db, id);
  if (!contact || !(await administersCompany(db, caller, contact.companyId))) throw notFound();
  return contact;
}

/**
 * Privilege escalation guard: the profiles granted, and those of a contact being changed,
 * may carry only flags the caller holds (a manager can neither create an administrator nor
 * take over a more privileged colleague's account, e.g. by changing its e-mail).
 */
function assertWithinRights(caller: Caller, profiles: readonly string[]): void {
  if (permissionFlags(profiles).some((flag) => !ALWAYS_GRANTABLE.has(flag) && !caller.roles.has(flag))) throw forbidden('error.profileNotGrantable');
}

/** The row sent to the browser: public contact fields and the account's state, never the account. */
export function contactRow(contact: Stored<Contact>): Row {
  const { account, ...fields } = contact;
  return {
    ...fields,
    archived: !!contact.archived,
    profiles: account?.profiles ?? [],
    locked: isLocked(account),
    twoFactorEnabled: !!account?.twoFactorSecret,
    passwordSet: !!account?.passwordHash,
  };
}

/** Profiles go into the account (opened on the first profile); no profile means no login. */
function withProfiles(record: Row, existing: Account | undefined, requested: unknown): Row {
  const { profiles: _dropped, ...fields } = record;
  const profiles = Array.isArray(requested) ? applyProfileRules(requested as string[]).profiles : (existing?.profiles ?? []);
  if (!existing && !profiles.length) return fields;
  return { ...fields, account: { ...(existing ?? { failedLogins: 0 }), profiles } };
}

async function assertEmailFree(db: Reader, email: unknown, contactId?: number): Promise<void> {
  const owner = typeof email === 'string' ? await contactByEmail(db, email) : undefined;
  if (owner && owner.contactId !== contactId) throw businessRule('error.emailInUse');
}

function queryFlag(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new HttpError(400, 'ValidationException', 'error.badQuery', {}, [{ path: `/${name}`, key: 'validation.wrongType' }]);
}

function queryId(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^[1-9]\d{0,14}$/.test(value)) return Number(value);
  throw new HttpError(400, 'ValidationException', 'error.badQuery', {}, [{ path: `/${name}`, key: 'validation.wrongType' }]);
}

export function contactsAdminRoutes() {
  const app = new Hono<AppEnv>();

  const context = (c: AppContext, caller = requireCaller(c)) => {
    const { db, registry } = c.get('services');
    const entity = registry.entities.get('contact') as EntityDef;
    requireRoles(caller, entity.roles);
    return { caller, db, registry, entity, id: Number(c.req.param('id')) };
  };

  /** Search: `companyId` (default the caller's), `keywords` (accent-insensitive), `archived` (default false). */
  const search = async (c: AppContext) => {
    const { caller, db, entity } = context(c);
    const companyId = queryId(c.req.query('companyId'), 'companyId') ?? caller.company.companyId;
    const archived = queryFlag(c.req.query('archived'), 'archived') ?? false;
    if (!(await administersCompany(db, caller, companyId))) throw forbidden();
    const isArchived = eq('archived', true);
    const found = await db.query<Contact>({
      collection: COLLECTIONS.contacts,
      where: and(eq('companyId', companyId), archived ? isArchived : { op: 'not', condition: isArchived }, {
        op: 'keywords',
        fields: [...KEYWORD_FIELDS],
        value: c.req.query('keywords') ?? '',
      }),
      orderBy: [{ field: 'contactId', desc: true }],
      limit: entity.hitLimit + 1,
    });
    if (found.length > entity.hitLimit) c.header('X-Hit-Limit', String(entity.hitLimit));
    return c.json(found.slice(0, entity.hitLimit).map(contactRow));
  };
  app.get(BASE, search);
  app.get(`${BASE}/`, search);

  app.get(ONE, async (c) => {
    const { caller, db, id } = context(c);
    return c.json(contactRow(await administered(db, caller, id)));
  });

  const create = async (c: AppContext) => {
    const { caller, db, registry, entity } = context(c);
    const body = await readJson(c);
    const created = await db.transaction(async (tx) => {
      const record = await recordToCreate(entity, body, caller);
      const managed = await administersCompany(tx, caller, record.companyId);
      if (!managed && !(await isSharedCompany(tx, caller, record.companyId))) throw forbidden('error.quickContactCompany');
      await assertLookups(entity, record, undefined, caller, tx, registry);
      const stored = withProfiles(record, undefined, record.profiles);
      // A shared company's contacts are people to reach, never accounts another company hands out.
      if (!managed && stored.account) throw forbidden('error.quickContactCompany');
      assertWithinRights(caller, (stored.account as Account | undefined)?.profiles ?? []);
      await assertEmailFree(tx, stored.email);
      return tx.insert<Row>(COLLECTIONS.contacts, 'contactId', stored);
    });
    return c.json(contactRow(created as Stored<Contact>), 201);
  };
  app.post(BASE, create);
  app.post(`${BASE}/`, create);

  /** A full replacement of the contact's fields (`version` required); `profiles` left out keeps them. */
  app.put(ONE, async (c) => {
    const { caller, db, registry, entity, id } = context(c);
    const body = await readJson(c);
    const version = expectedVersion(isPlainObject(body) ? body.version : undefined, true);
    const updated = await db.transaction(async (tx) => {
      const existing = await administered(tx, caller, id);
      assertWithinRights(caller, existing.account?.profiles ?? []);
      const record = await recordToUpdate(entity, body, existing, caller);
      if (!(await administersCompany(tx, caller, record.companyId))) throw forbidden();
      await assertLookups(entity, record, existing, caller, tx, registry);
      const stored = withProfiles(record, existing.account, record.profiles);
      const profiles = (stored.account as Account | undefined)?.profiles ?? [];
      assertWithinRights(caller, profiles);
      await assertEmailFree(tx, stored.email, id);
      // Losing every profile is losing the login: the contact's sessions end with it.
      if (!profiles.length) await closeSessionsOf(tx, id);
      return tx.update<Row>(COLLECTIONS.contacts, id, () => stored, version);
    });
    return c.json(contactRow(updated as Stored<Contact>));
  });

  /** Archives (contacts stay on old records); their sessions end. */
  app.delete(ONE, async (c) => {
    const { caller, db, id } = context(c);
    await db.transaction(async (tx) => {
      const existing = await administered(tx, caller, id);
      if (id === caller.contact.contactId) throw businessRule('error.ownContactArchive');
      assertWithinRights(caller, existing.account?.profiles ?? []);
      await tx.update<Contact>(COLLECTIONS.contacts, id, (current) => ({ ...current, archived: true }));
      await closeSessionsOf(tx, id);
    });
    return c.json(true);
  });

  app.patch(`${ONE}/unlock`, async (c) => {
    const { caller, db, id } = context(c);
    const updated = await db.transaction(async (tx) => {
      const existing = await administered(tx, caller, id);
      if (!existing.account) return existing;
      return tx.update<Contact>(COLLECTIONS.contacts, id, (current) => ({ ...current, account: { ...current.account!, failedLogins: 0, lockedUntil: undefined } }));
    });
    return c.json(contactRow(updated));
  });

  /** E-mails a welcome link (7 days) to choose a password; a GET that changes state, see stateChangingGet.ts. */
  app.get(`${ONE}/welcome`, async (c) => {
    const { caller, db, id } = context(c, stateChangingGetCaller(c));
    const ip = clientIp(c);
    const { contact, token } = await db.transaction(async (tx) => {
      const existing = await administered(tx, caller, id);
      if (existing.archived) throw businessRule('error.contactArchived');
      if (!existing.email) throw businessRule('error.welcomeNoEmail');
      if (!existing.account?.profiles.length) throw businessRule('error.welcomeNoProfile');
      await serverLogEntry(tx, { level: 'INFO', application: 'AUTH', caller, message: `Welcome link issued to ${existing.email} (#${id}) by ${fullName(caller.contact)}` });
      return { contact: existing, token: await issuePasswordToken(tx, id, 'welcome', ip) };
    });
    await sendPasswordLink(c, contact, 'welcome', token);
    return c.json(true);
  });

  return app;
}
