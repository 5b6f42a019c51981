import { Hono } from 'hono';
import { appLink, type AppEnv, type Services } from '../context';
import { HttpError } from '../errors';
import { COLLECTIONS, type Contact } from '../identity';
import { readJson } from '../json-body';
import type { NotificationType } from '../notify/send';
import { readToken, signToken } from './signedToken';

/**
 * Unsubscribe links (spec §2 `/unsubscribe/{id}/{type}`): every notification e-mail names the
 * recipient and its type in a link signed with the server's secret, so that the page, opened
 * logged out, turns that type off for that person and nothing else. The link's base is APP_URL
 * (configuration), never a request header. The token has no expiry: an old e-mail still works.
 */
const PURPOSE = 'unsubscribe';

type LinkServices = Pick<Services, 'appUrl' | 'linkSecret'>;

const subject = (contactId: number, type: string) => `${contactId}:${type}`;

export function unsubscribeLink(services: LinkServices, contactId: number, type: NotificationType): string {
  const token = signToken(services.linkSecret, PURPOSE, { sub: subject(contactId, type) });
  return appLink(services, `/unsubscribe/${contactId}/${type}?token=${token}`);
}

/** Spec §8's one message for every bad link: whatever is wrong, the answer says no more. */
const unsubscribeFailed = () => new HttpError(400, 'BadRequestException', 'error.unsubscribeFailed');

/** The types this contact still takes: an unset list means every configured type. */
const remainingTypes = (contact: Contact, all: readonly string[], type: string) =>
  (Array.isArray(contact.notificationTypes) ? (contact.notificationTypes as string[]) : all).filter((kept) => kept !== type);

export function unsubscribeRoutes() {
  const app = new Hono<AppEnv>();

  /** No session needed: the signed token is the proof. Answers the type now off, with its labels. */
  app.post('/back/unsubscribe/:contactId{[0-9]+}/:type{[A-Z_]+}', async (c) => {
    const { db, registry, linkSecret } = c.get('services');
    const contactId = Number(c.req.param('contactId'));
    const type = c.req.param('type');
    const body = await readJson(c, true);
    const token = body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined;
    const payload = readToken(linkSecret, PURPOSE, token);
    // The configured types (enums.json `notificationType`): the person's list is made of them.
    const all = (registry.enums.notificationType?.enum ?? []) as string[];
    if (!payload || payload.sub !== subject(contactId, type) || !all.includes(type)) throw unsubscribeFailed();
    await db.transaction(async (tx) => {
      const contact = await tx.get<Contact>(COLLECTIONS.contacts, contactId);
      if (!contact) throw unsubscribeFailed();
      await tx.update<Contact>(COLLECTIONS.contacts, contactId, (current) => ({ ...current, notificationTypes: remainingTypes(current, all, type) }));
    });
    // The type's name in each language: the page, opened logged out, has no configuration to read it from.
    const labels = Object.fromEntries(Object.entries(registry.locales).map(([lang, texts]) => [lang, texts[`enum.notificationType.${type}`] ?? type]));
    return c.json({ contactId, type, unsubscribed: true, labels });
  });

  return app;
}
