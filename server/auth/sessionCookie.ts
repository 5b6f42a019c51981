import { createHmac, timingSafeEqual } from 'node:crypto';
import { deleteCookie, getCookie, setSignedCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../security';
import type { AppContext } from '../context';
import { SESSION_HOURS } from './sessions';
import { memoByKey } from '../memo';

/** The httpOnly, SameSite=Lax session cookie (Secure when served over https). */
export function setSessionCookie(c: AppContext, sessionId: string, secret: string): Promise<void> {
  return setSignedCookie(c, SESSION_COOKIE, sessionId, secret, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: new URL(c.req.url).protocol === 'https:' || c.req.header('X-Forwarded-Proto') === 'https',
    maxAge: SESSION_HOURS * 3600,
  });
}

/** The base64 of an HMAC-SHA256, as `setSignedCookie` appends it after a dot. */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/** The cookie's session id when its signature is the server's (hono `setSignedCookie`'s format: `id.base64(HMAC-SHA256)`). */
function verified(cookie: string, secret: string): string | undefined {
  const dot = cookie.lastIndexOf('.');
  const value = cookie.slice(0, dot);
  const signature = cookie.slice(dot + 1);
  if (dot < 0 || !SIGNATURE.test(signature)) return undefined;
  const expected = createHmac('sha256', secret).update(value).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'base64')) ? value : undefined;
}

/** Per secret, the cookies already checked (a signature is checked once, not on every request). */
const checkers = new Map<string, (cookie: string) => string | undefined>();

/**
 * The session id of the request's signed session cookie, or undefined (no cookie, or a signature
 * that is not the server's). Checked with node:crypto and remembered: hono's `getSignedCookie`
 * imports a WebCrypto key and verifies on the thread pool for every request, a fifth of a small
 * answer's time.
 */
export function readSessionCookie(c: AppContext, secret: string): string | undefined {
  const cookie = getCookie(c, SESSION_COOKIE);
  if (!cookie) return undefined;
  let check = checkers.get(secret);
  if (!check) checkers.set(secret, (check = memoByKey((each) => verified(each, secret))));
  return check(cookie);
}

export function clearSessionCookie(c: AppContext): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}
