import { createHmac, timingSafeEqual } from 'node:crypto';
import { deleteCookie, setSignedCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
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
  if (dot < 0) return undefined;
  const value = cookie.slice(0, dot);
  const signature = cookie.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return undefined;
  const expected = createHmac('sha256', secret).update(value).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'base64')) ? value : undefined;
}

/** Per secret, the Cookie headers already read (a signature is checked once, not on every request). */
const readers = new Map<string, (header: string) => string | undefined>();

/** Longer Cookie headers are read without being remembered. */
const REMEMBERED_HEADER_LENGTH = 4096;

/**
 * The session id of the request's signed session cookie, or undefined (no cookie, or a signature
 * that is not the server's). Checked with node:crypto and remembered per Cookie header: hono's
 * `getSignedCookie` parses the header, imports a WebCrypto key and verifies on the thread pool for
 * every request, a fifth of a small answer's time.
 */
export function readSessionCookie(c: AppContext, secret: string): string | undefined {
  const header = c.req.header('Cookie');
  if (!header) return undefined;
  let read = readers.get(secret);
  if (!read) readers.set(secret, (read = memoByKey((each) => sessionIdIn(each, secret))));
  return header.length > REMEMBERED_HEADER_LENGTH ? sessionIdIn(header, secret) : read(header);
}

function sessionIdIn(header: string, secret: string): string | undefined {
  const cookie = parse(header, SESSION_COOKIE)[SESSION_COOKIE];
  return cookie ? verified(cookie, secret) : undefined;
}

export function clearSessionCookie(c: AppContext): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}
