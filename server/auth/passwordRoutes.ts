import { Hono } from 'hono';
import { clientIp } from '../clientIp';
import { HttpError } from '../errors';
import { contactByEmail, contactById, type Contact } from '../identity';
import { languages } from '../i18n';
import type { AppEnv } from '../context';
import type { Registry } from '../schemas';
import type { Reader, Stored, Writer } from '../store/types';
import { callerFor } from './caller';
import { hashPassword } from './password';
import { issuePasswordToken, markTokenUsed, sendPasswordLink, usableToken, type PasswordToken } from './passwordLinks';
import { assertNewPassword, renewPassword } from './passwordRules';
import { MAX_RESETS_PER_IP, RATE_WINDOW_MINUTES, assertUnderLimit } from './rateLimit';
import { bodyReader, contactFields, passwordField } from './requestBody';

/**
 * The anonymous password calls (docs/identity.md "Passwords"): ask for a reset link, check a
 * link, choose the new password. A link is usable once; every refusal of a link says the same
 * ('link expired, request again') whether it expired, was used or never existed.
 */

/**
 * Every "forgotten password" request, known e-mail or not, leaves `{ip, createdAt}` here (and
 * nothing else: no e-mail), so the per-address limit counts them all without revealing which
 * e-mails have accounts. Entries older than the rate window are dropped on each request.
 */
export const PASSWORD_REQUESTS = 'passwordRequests';

const noToken = () => new HttpError(400, 'NoTokenException', 'error.noToken');
const expiredToken = () => new HttpError(400, 'ExpiredTokenException', 'error.expiredToken');

/** Records this request and refuses (429) when the address already made the maximum. */
async function countRequest(tx: Writer, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - RATE_WINDOW_MINUTES * 60_000).toISOString();
  for (const old of await tx.query({ collection: PASSWORD_REQUESTS, where: { op: 'lt', field: 'createdAt', value: since } })) await tx.remove(PASSWORD_REQUESTS, old.passwordRequestId as number);
  await assertUnderLimit(tx, { collection: PASSWORD_REQUESTS, ip, max: MAX_RESETS_PER_IP, dateField: 'createdAt' }, now);
  await tx.insert(PASSWORD_REQUESTS, 'passwordRequestId', { ip, createdAt: now.toISOString() });
}

/** The link's token and contact when it can still set a password (active contact with an account). */
async function linkOf(db: Reader, token: unknown): Promise<{ stored: Stored<PasswordToken>; contact: Stored<Contact> }> {
  if (typeof token !== 'string' || !token.trim()) throw noToken();
  const stored = await usableToken(db, token);
  const contact = stored && (await contactById(db, stored.contactId));
  if (!stored || !contact || !(await callerFor(db, contact.contactId, { via: 'session', sessionKey: '' }))) throw expiredToken();
  return { stored, contact };
}

export function passwordRoutes(registry: Registry) {
  const app = new Hono<AppEnv>();
  const forgottenBody = bodyReader<{ email: string; locale?: string }>(
    { ...contactFields(registry, ['email']), locale: { type: 'string', enum: [...languages] } },
    ['email'],
  );
  const resetBody = bodyReader<{ token?: string; password?: string; confirmation?: string }>({
    token: { type: 'string', maxLength: 200 },
    password: passwordField,
    confirmation: passwordField,
  });

  /**
   * Always `true`. A link goes only to an active contact with an account; the answer does not
   * wait for the mail, so neither its content nor its timing tells whether the e-mail exists.
   * `locale` is accepted for the SPA's sake; the mail follows the contact's own language.
   */
  app.post('/back/password/forgotten', async (c) => {
    const { db } = c.get('services');
    const { email } = await forgottenBody(c);
    const ip = clientIp(c);
    const now = new Date();
    const found = await contactByEmail(db, email);
    const contact = found && (await callerFor(db, found.contactId, { via: 'session', sessionKey: '' })) ? found : undefined;
    const token = await db.transaction(async (tx) => {
      await countRequest(tx, ip, now);
      return contact ? issuePasswordToken(tx, contact.contactId, 'reset', ip, now) : undefined;
    });
    if (contact && token) c.get('services').later.run('password reset e-mail', () => sendPasswordLink(c, contact, 'reset', token));
    return c.json(true);
  });

  app.get('/back/password/token', async (c) => {
    const { stored, contact } = await linkOf(c.get('services').db, c.req.query('token'));
    return c.json({ email: contact.email, firstName: contact.firstName, lastName: contact.lastName, kind: stored.kind });
  });

  /** Sets the password, uses the link up, closes every session of the contact, records RENEW: one write. */
  app.post('/back/password/reset', async (c) => {
    const { db } = c.get('services');
    const body = await resetBody(c);
    const { contact } = await linkOf(db, body.token);
    const password = await assertNewPassword(body.password, body.confirmation, contact);
    const passwordHash = await hashPassword(password);
    const ip = clientIp(c);
    await db.transaction(async (tx) => {
      // Checked again inside the write: two requests racing with one link, only one wins.
      const { stored, contact: current } = await linkOf(tx, body.token);
      await markTokenUsed(tx, stored);
      await renewPassword(tx, current, passwordHash, ip);
    });
    return c.json(true);
  });

  return app;
}
