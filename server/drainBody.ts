import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { MAX_BODY_BYTES } from './http';

/** A slow client is not waited for longer than this: its connection is closed instead. */
const DRAIN_MS = 5_000;

/** Resolves false when `ms` pass first. */
const within = (ms: number, work: Promise<boolean>) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

/**
 * Reads and drops what is left of the body, up to `MAX_BODY_BYTES`; false when more comes or
 * the stream fails (the connection cannot be reused then).
 */
async function drain(body: ReadableStream<Uint8Array>): Promise<boolean> {
  const reader = body.getReader();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      bytes += value.length;
      if (bytes > MAX_BODY_BYTES) return false;
    }
  } catch {
    return false;
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A route that answers without reading its body (a refusal before the body, a route that needs
 * none) still consumes it before the answer goes: otherwise the body's bytes are left on a
 * keep-alive connection, and Node drops the socket under the client's next request. What cannot
 * be drained (over 1 MB, a stalled client, a body half read) gets `Connection: close`, so the
 * client opens a new connection rather than losing its next request.
 */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  if (NO_BODY.has(c.req.method)) return;
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableEnded || incoming.destroyed || c.res.headers.get('Connection') === 'close') return;
  // The web request's stream (which may already hold the start of the body) when nobody read from it.
  const body = c.req.raw.bodyUsed ? null : c.req.raw.body;
  if (!body || !(await within(DRAIN_MS, drain(body)))) c.header('Connection', 'close');
};
