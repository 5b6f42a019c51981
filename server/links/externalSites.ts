import type { Caller } from '../context';
import { fullName } from '../identity';
import { signToken } from './signedToken';

/**
 * The external help site (`/guide`) and ideas site (`/idea`) of spec §2: each is entered through
 * its login address with a short-lived token this server signed (who the person is) and a
 * return-to parameter (the page of the site to land on). Both addresses come from configuration
 * (GUIDE_LOGIN_URL and GUIDE_URL, IDEA_LOGIN_URL and IDEA_URL: README "Configuration"), never
 * from a request: a caller cannot send a colleague's token elsewhere.
 */
export const EXTERNAL_SITES = ['guide', 'idea'] as const;
export type ExternalSiteName = (typeof EXTERNAL_SITES)[number];

export interface ExternalSite {
  /** The site's login address, which reads `token` and then goes to `returnTo`. */
  loginUrl: string;
  /** Where the site should land after login. */
  url: string;
}
export type ExternalSites = Partial<Record<ExternalSiteName, ExternalSite>>;

/** How long the login token lives: long enough to follow one redirect. */
export const EXTERNAL_TOKEN_SECONDS = 120;

const httpUrl = (value: string | undefined) => (value && /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value) ? value : undefined);

/** The sites configured in the environment; a site lacking either address (or with one that is not http(s)) is not offered. */
export function externalSitesOf(env: Record<string, string | undefined>): ExternalSites {
  const sites: ExternalSites = {};
  for (const name of EXTERNAL_SITES) {
    const prefix = name.toUpperCase();
    const loginUrl = httpUrl(env[`${prefix}_LOGIN_URL`]);
    const url = httpUrl(env[`${prefix}_URL`]);
    if (loginUrl && url) sites[name] = { loginUrl, url };
  }
  return sites;
}

export const externalTokenPurpose = (name: ExternalSiteName) => `external-login:${name}`;

/** The address that logs the caller into the site: its login URL with the signed token and the return-to page. */
export function externalLoginUrl(site: ExternalSite, name: ExternalSiteName, caller: Caller, secret: string, now = Date.now()): string {
  const { contact } = caller;
  const token = signToken(secret, externalTokenPurpose(name), {
    sub: contact.contactId,
    email: contact.email ?? '',
    name: fullName(contact),
    lang: contact.language ?? 'en',
    exp: Math.floor(now / 1000) + EXTERNAL_TOKEN_SECONDS,
  });
  const target = new URL(site.loginUrl);
  target.searchParams.set('token', token);
  target.searchParams.set('returnTo', site.url);
  return target.href;
}
