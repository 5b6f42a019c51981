import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppContext } from './context';

/**
 * The caller's IP address: the socket's peer, or the first X-Forwarded-For hop only when
 * TRUST_PROXY=1 (otherwise anybody could claim any address). IPv4-mapped IPv6 is unwrapped.
 */
export function clientIp(c: AppContext): string {
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    const address = getConnInfo(c).remote.address ?? '';
    return address.startsWith('::ffff:') ? address.slice(7) : address || 'unknown';
  } catch {
    return 'unknown'; // not served by @hono/node-server (app.request in unit tests)
  }
}
