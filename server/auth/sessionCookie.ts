import { deleteCookie, setSignedCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../security';
import type { AppContext } from '../context';
import { SESSION_HOURS } from './sessions';

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

export function clearSessionCookie(c: AppContext): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}
