import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens that prove the server wrote them: a JSON payload and its HMAC-SHA256 under the server's
 * secret (the session secret), each part base64url, joined by a dot. `purpose` is signed with the
 * payload, so a token made for one use (an unsubscribe link) is refused by another (an external
 * site's login). An `exp` (seconds since the epoch) in the payload makes it short-lived.
 */
export type TokenPayload = Record<string, string | number | boolean>;

const mac = (secret: string, purpose: string, body: string) => createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');

export function signToken(secret: string, purpose: string, payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The payload of a token this server signed for `purpose` and that has not expired; undefined otherwise. */
export function readToken(secret: string, purpose: string, token: unknown, now = Date.now()): TokenPayload | undefined {
  if (typeof token !== 'string' || token.length > 2000) return undefined;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(secret, purpose, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
    const { exp } = payload as TokenPayload;
    if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 <= now)) return undefined;
    return payload as TokenPayload;
  } catch {
    return undefined;
  }
}
