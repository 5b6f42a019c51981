import { getCookie } from 'hono/cookie';
import { forbidden } from '../errors';
import { SESSION_COOKIE } from '../security';
import { requireCaller, type AppContext, type Caller } from '../context';

/**
 * A few GET calls of the API change state (impersonation, the welcome e-mail), so the write
 * rules of security.ts (csrfGuard, guardWrites), which skip GET, are applied here by hand:
 * a cookie-authenticated call must send `X-Requested-With: XMLHttpRequest` (a cross-site
 * link or top-level navigation cannot add it), and a read-only API token may not make it.
 */
export function assertXhr(c: AppContext): void {
  if (getCookie(c, SESSION_COOKIE) !== undefined && c.req.header('X-Requested-With') !== 'XMLHttpRequest') throw forbidden('error.csrf');
}

export function stateChangingGetCaller(c: AppContext): Caller {
  assertXhr(c);
  const caller = requireCaller(c);
  if (!caller.canWrite) throw forbidden('error.readOnlyToken');
  return caller;
}
