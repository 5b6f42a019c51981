import type { Context } from 'hono';
import type { Company, Contact } from './identity';
import { languageFromHeader, type Language } from './i18n';
import type { Registry } from './schemas';
import type { AsyncStore, Stored } from './store/types';
import { forbidden, notLoggedIn } from './errors';
import { rolesAllow } from './schemas';
import type { RoleRule } from '../engine/schema/roles';
import type { Mailer } from './mail';
import type { ExternalSites } from './links/externalSites';
import type { FileStorage } from './files/storage';
import type { AfterAnswer } from './afterAnswer';

/**
 * Who is calling: the acting contact, its company and its permission flags. While
 * impersonating, `impersonator` is the real user behind the session; with an API token,
 * `via` is 'token' and `canWrite` follows the token.
 */
export interface Caller {
  contact: Stored<Contact>;
  company: Stored<Company>;
  universeId: number;
  roles: ReadonlySet<string>;
  via: 'session' | 'token';
  /** Store key of the session (via 'session') or the token id (via 'token'). */
  sessionKey: string;
  impersonator?: Stored<Contact>;
  canWrite: boolean;
}

/** What every route can reach: the store, the schemas, the mailer and the caller (when logged in). */
export interface Services {
  /** The store, embedded or PostgreSQL (docs/store.md): declarative, asynchronous reads and real transactions. */
  db: AsyncStore;
  registry: Registry;
  version: string;
  prod: boolean;
  mailer: Mailer;
  /** The files' bytes under FILES_DIR (server/files/storage.ts). */
  files: FileStorage;
  /** Public address of the SPA, the only base of links in e-mails (APP_URL, else the server's own address; never a request header). */
  appUrl: string;
  /** The secret that signs the server's links (unsubscribe, external sites' login): the session secret. */
  linkSecret: string;
  /** The external help and ideas sites (GUIDE_*, IDEA_* variables): configuration, never a request header. */
  externalSites: ExternalSites;
  /** Work started after an answer (e-mails, the task sweep), which a stopping server waits for. */
  later: AfterAnswer;
}

export type AppEnv = { Variables: { caller?: Caller; services: Services } };
export type AppContext = Context<AppEnv>;

export function requireCaller(c: AppContext): Caller {
  const caller = c.get('caller');
  if (!caller) throw notLoggedIn();
  return caller;
}

export function requireRoles(caller: Caller, roles: readonly RoleRule[] | undefined): void {
  if (!rolesAllow(roles, caller.roles)) throw forbidden();
}

/** Messages follow the contact's language, else the browser's, else English. */
export function languageOf(c: AppContext): Language {
  return c.get('caller')?.contact.language ?? languageFromHeader(c.req.header('Accept-Language')) ?? 'en';
}

export const isSuperAdmin = (caller: Caller) => caller.roles.has('SUPER_ADMIN');

/**
 * The platform's own administrators: super admins of the company that runs the platform
 * (company `platform`, set only by the server). A SUPER_ADMIN profile given in a customer's
 * company rules that universe, never the platform.
 */
export const isPlatformAdmin = (caller: Caller) => isSuperAdmin(caller) && caller.company.platform === true;

/** A link of the app for an e-mail: APP_URL (configuration only) + path. */
export const appLink = ({ appUrl }: Pick<Services, 'appUrl'>, path: string) => `${appUrl.replace(/\/$/, '')}${path}`;
