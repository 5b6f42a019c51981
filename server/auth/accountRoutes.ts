import { Hono } from 'hono';
import { clientIp } from '../clientIp';
import { HttpError, forbidden, validationError, type FieldError } from '../errors';
import { COLLECTIONS, type Account, type Contact } from '../identity';
import { requireCaller, type AppContext, type AppEnv, type Caller } from '../context';
import type { Registry } from '../schemas';
import type { AsyncStore, Stored } from '../store/types';
import { hashPassword, verifyPassword } from './password';
import { newPasswordErrors, renewPassword } from './passwordRules';
import { bodyReader, contactFields, passwordField } from './requestBody';
import { newTotpSecret, totpSetup, totpValid } from './totp';
import { assertCredentialAttemptsAllowed, isLocked, recordCredentialFailure } from './routes';

/**
 * "My account" (docs/identity.md): the caller's own profile, password, notification settings
 * and two-factor login. Credentials (password, two-factor) change only from a session of the
 * real user: never through an API token, never while impersonating.
 */
const PROFILE_FIELDS = ['firstName', 'lastName', 'position', 'phone', 'language'] as const;
type ProfileChange = Pick<Contact, (typeof PROFILE_FIELDS)[number]>;

function userProfileOf(caller: Caller, contact: Stored<Contact> = caller.contact) {
  return {
    contactId: contact.contactId,
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    position: contact.position,
    phone: contact.phone,
    language: contact.language,
    companyName: caller.company.name,
    profiles: contact.account?.profiles ?? [],
    twoFactorEnabled: !!contact.account?.twoFactorSecret,
  };
}

const notificationConfigOf = (contact: Contact) => ({
  allowNotification: contact.allowNotification ?? true,
  notificationTypes: (contact.notificationTypes as string[] | undefined) ?? [],
});

/** The caller, when it may change the account's credentials (403 for API tokens and impersonation). */
function credentialOwner(c: AppContext): Caller {
  const caller = requireCaller(c);
  if (caller.via === 'token') throw forbidden('error.credentialsByToken');
  if (caller.impersonator) throw forbidden('error.credentialsWhileImpersonating');
  return caller;
}

/** Changes the caller's contact in one write; `account` edits the server-only account. */
function updateContact(db: AsyncStore, caller: Caller, change: (current: Stored<Contact>) => Partial<Contact>): Promise<Stored<Contact>> {
  return db.transaction((tx) => tx.update<Contact>(COLLECTIONS.contacts, caller.contact.contactId, (current) => ({ ...current, ...change(current) })));
}

const updateAccount = (db: AsyncStore, caller: Caller, change: (account: Account) => Account) =>
  updateContact(db, caller, (current) => ({ account: change(current.account!) }));

const wrongCode = () => validationError([{ path: '/code', key: 'validation.wrongCode' }], 'error.twoFactorWrongCode');
/** A wrong two-factor code counts toward the per-address limit and the account lockout, as at login. */
async function refuseCode(c: AppContext, caller: Caller): Promise<never> {
  await recordCredentialFailure(c.get('services').db, clientIp(c), caller.contact.contactId);
  throw wrongCode();
}
const conflict = (key: string) => new HttpError(409, 'ConflictException', key);

export function accountRoutes(registry: Registry) {
  const app = new Hono<AppEnv>();
  const profileBody = bodyReader<ProfileChange>(contactFields(registry, [...PROFILE_FIELDS]), ['firstName', 'lastName', 'language']);
  const passwordBody = bodyReader<{ currentPassword: string; password: string; confirmation: string }>(
    { currentPassword: passwordField, password: passwordField, confirmation: passwordField },
    ['currentPassword', 'password', 'confirmation'],
  );
  const notificationBody = bodyReader<ReturnType<typeof notificationConfigOf>>(
    contactFields(registry, ['allowNotification', 'notificationTypes']),
    ['allowNotification', 'notificationTypes'],
  );
  const codeBody = bodyReader<{ code: string }>({ code: { type: 'string', maxLength: 20 } }, ['code']);
  const emptyBody = bodyReader<Record<string, never>>({}, [], { optional: true });

  app.get('/back/bo/profile/user', (c) => c.json(userProfileOf(requireCaller(c))));

  /** Names are trimmed; an empty position or phone is removed. E-mail and profiles are not changed here. */
  app.put('/back/bo/profile/user', async (c) => {
    const caller = requireCaller(c);
    const body = await profileBody(c);
    const optional = (value: string | undefined) => value?.trim() || undefined;
    const updated = await updateContact(c.get('services').db, caller, () => ({
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      position: optional(body.position),
      phone: optional(body.phone),
      language: body.language,
    }));
    return c.json(userProfileOf(caller, updated));
  });

  /** The current password is checked (with the new one's rules, in one answer); other sessions close. */
  app.put('/back/bo/profile/user/password', async (c) => {
    const caller = credentialOwner(c);
    const { db } = c.get('services');
    const ip = clientIp(c);
    await assertCredentialAttemptsAllowed(db, ip);
    const body = await passwordBody(c);
    const hash = caller.contact.account?.passwordHash;
    const errors: FieldError[] = [];
    // A locked account is not told whether the password is right (as at login).
    const rightCurrent = !!hash && !isLocked(caller.contact.account) && (await verifyPassword(body.currentPassword, hash));
    if (!rightCurrent) {
      await recordCredentialFailure(db, ip, caller.contact.contactId);
      errors.push({ path: '/currentPassword', key: 'password.wrongCurrent' });
    }
    errors.push(...(await newPasswordErrors(body.password, body.confirmation, caller.contact)));
    if (errors.length) throw validationError(errors);
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => renewPassword(tx, (await tx.get<Contact>(COLLECTIONS.contacts, caller.contact.contactId))!, passwordHash, ip, caller.sessionKey));
    return c.json(true);
  });

  app.get('/back/bo/profile/user/notificationconfig', (c) => c.json(notificationConfigOf(requireCaller(c).contact)));

  app.put('/back/bo/profile/user/notificationconfig', async (c) => {
    const caller = requireCaller(c);
    const body = await notificationBody(c);
    const updated = await updateContact(c.get('services').db, caller, () => body);
    return c.json(notificationConfigOf(updated));
  });

  app.get('/back/bo/profile/user/twoFactor', (c) => c.json({ enabled: !!requireCaller(c).contact.account?.twoFactorSecret }));

  /** A new secret, pending until a code confirms it; the only answer that ever shows the secret. */
  app.post('/back/bo/profile/user/twoFactor/setup', async (c) => {
    const caller = credentialOwner(c);
    await emptyBody(c);
    if (caller.contact.account?.twoFactorSecret) throw conflict('error.twoFactorAlreadyEnabled');
    const secret = newTotpSecret();
    const setup = await totpSetup(secret, caller.contact.email ?? String(caller.contact.contactId));
    await updateAccount(c.get('services').db, caller, (account) => ({ ...account, twoFactorPending: secret }));
    return c.json({ secret, ...setup });
  });

  app.post('/back/bo/profile/user/twoFactor', async (c) => {
    const caller = credentialOwner(c);
    const { db } = c.get('services');
    await assertCredentialAttemptsAllowed(db, clientIp(c));
    const { code } = await codeBody(c);
    const account = caller.contact.account!;
    if (account.twoFactorSecret) throw conflict('error.twoFactorAlreadyEnabled');
    if (!account.twoFactorPending) throw conflict('error.twoFactorNoSetup');
    if (!(await totpValid(account.twoFactorPending, code))) return refuseCode(c, caller);
    const pending = account.twoFactorPending;
    await updateAccount(c.get('services').db, caller, (current) => {
      // A new setup started meanwhile: that one must be confirmed with its own code.
      if (current.twoFactorPending !== pending) throw conflict('error.twoFactorNoSetup');
      return { ...current, twoFactorSecret: pending, twoFactorPending: undefined };
    });
    return c.json({ enabled: true });
  });

  app.post('/back/bo/profile/user/twoFactor/disable', async (c) => {
    const caller = credentialOwner(c);
    const { db } = c.get('services');
    await assertCredentialAttemptsAllowed(db, clientIp(c));
    const { code } = await codeBody(c);
    const secret = caller.contact.account?.twoFactorSecret;
    if (!secret) throw conflict('error.twoFactorNotEnabled');
    if (!(await totpValid(secret, code))) return refuseCode(c, caller);
    await updateAccount(c.get('services').db, caller, (current) => ({ ...current, twoFactorSecret: undefined, twoFactorPending: undefined }));
    return c.json({ enabled: false });
  });

  return app;
}
