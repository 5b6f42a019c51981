import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { logServer } from './audit';
import { HttpError, forbidden } from './errors';
import { fullName } from './identity';
import { MAX_BODY_BYTES, errorResponse } from './http';
import type { AppEnv } from './context';

export const SESSION_COOKIE = 'qcflow_session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Bodies above 1 MB are refused with 413 before anything reads them. The rest of such a body
 * is never read, so the connection is closed rather than reused by the client.
 */
const limitTo1MB: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => {
    c.header('Connection', 'close');
    return errorResponse(c, new HttpError(413, 'PayloadTooLargeException', 'error.payloadTooLarge', { max: MAX_BODY_BYTES }));
  },
});

/** An upload chunk (PATCH /back/bo/uploads/{uuid}): up to 16 MiB, streamed to disk and counted by its route. */
const UPLOAD_CHUNK = /^\/back\/bo\/uploads\/[0-9a-f-]{36}$/;

/**
 * GET and HEAD requests carry no body (Node's adapter gives them none): not measured, since
 * asking for the body makes the adapter build a whole web Request.
 */
export const limitBody: MiddlewareHandler<AppEnv> = (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || (method === 'PATCH' && UPLOAD_CHUNK.test(c.req.path))) return next();
  return limitTo1MB(c, next);
};

function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return !!host && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * CSRF rule (the README documents it):
 * 1. The session cookie is SameSite=Lax, so other sites' sub-requests and form posts other
 *    than top-level navigations do not carry it.
 * 2. Every state-changing request (not GET/HEAD/OPTIONS) under /back/ that carries the session
 *    cookie must send `X-Requested-With: XMLHttpRequest`. A cross-site page cannot add that
 *    header without a CORS preflight, which this server never grants.
 * 3. A state-changing /back/ request with an `Origin` header must come from this host. This
 *    also covers `POST /back/login` (exempt from rule 2, it has no session yet) against login CSRF.
 * Otherwise: 403.
 */
export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header('Origin');
    if (origin && !sameOrigin(origin, c.req.header('Host'))) throw forbidden('error.csrf');
    const cookieAuthenticated = getCookie(c, SESSION_COOKIE) !== undefined;
    if (cookieAuthenticated && c.req.path !== '/back/login' && c.req.header('X-Requested-With') !== 'XMLHttpRequest') {
      throw forbidden('error.csrf');
    }
  }
  await next();
};

/**
 * Writes by a read-only API token are refused; every write made while impersonating is
 * logged with both identities (after it succeeded, so the log says what really happened).
 */
export const guardWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  const caller = c.get('caller');
  if (!caller || SAFE_METHODS.has(c.req.method) || c.req.path === '/back/login' || c.req.path.startsWith('/back/logout')) return next();
  if (!caller.canWrite) throw forbidden('error.readOnlyToken');
  await next();
  if (caller.impersonator && c.res.status < 400) {
    const message = `${fullName(caller.impersonator)} (#${caller.impersonator.contactId}) as ${fullName(caller.contact)} (#${caller.contact.contactId}): ${c.req.method} ${c.req.path} → ${c.res.status}`;
    await logServer(c.get('services').db, { level: 'INFO', application: 'SECURITY', caller, message });
  }
};
