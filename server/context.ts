import type { Context } from 'hono';
import type { Company, Contact } from './identity';
import { languageFromHeader, type Language } from './i18n';
import type { Registry } from './schemas';
import type { Store, Stored } from './store/types';
import { forbidden, notLoggedIn } from './errors';
import { rolesAllow } from './schemas';

/** Who is calling: the logged-in contact, its company and its permission flags. */
export interface Caller {
  contact: Stored<Contact>;
  company: Stored<Company>;
  universeId: number;
  roles: ReadonlySet<string>;
  sessionKey: string;
}

/** What every route can reach: the store, the schemas and the caller (when logged in). */
export interface Services {
  store: Store;
  registry: Registry;
  version: string;
  prod: boolean;
}

export type AppEnv = { Variables: { caller?: Caller; services: Services } };
export type AppContext = Context<AppEnv>;

export function requireCaller(c: AppContext): Caller {
  const caller = c.get('caller');
  if (!caller) throw notLoggedIn();
  return caller;
}

export function requireRoles(caller: Caller, roles: string[] | undefined): void {
  if (!rolesAllow(roles, caller.roles)) throw forbidden();
}

/** Messages follow the contact's language, else the browser's, else English. */
export function languageOf(c: AppContext): Language {
  return c.get('caller')?.contact.language ?? languageFromHeader(c.req.header('Accept-Language')) ?? 'en';
}

export const isSuperAdmin = (caller: Caller) => caller.roles.has('SUPER_ADMIN');
