import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/** `http://<host>:<port>` (an IPv6 host in brackets): the server's own address, CONTRACT.md's default APP_URL. */
export function ownOrigin(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** How long an idle keep-alive connection stays open (above the 60 s of common load balancers). */
const KEEP_ALIVE_MS = 65_000;

/**
 * Binds the socket first, then builds the app with the address it really listens on (PORT=0
 * picks a free port, so the default APP_URL is known only then). Requests are answered once
 * the app exists; none can arrive in between, as the build runs before the next I/O turn.
 */
export async function listenThenBuild(host: string, port: number, build: (origin: string) => { fetch: Fetch }): Promise<{ server: ServerType; origin: string }> {
  let app: { fetch: Fetch } | undefined = undefined; // set once the address is known
  const server = serve({ fetch: (request, env) => (app ? app.fetch(request, env) : new Response('Starting', { status: 503 })), hostname: host, port });
  // Idle keep-alive connections stay open longer than a client or a proxy keeps them (Node's 5 s
  // default is shorter than most): otherwise one may send a request on a socket the server is
  // closing at that moment, and get ECONNRESET (a 502 behind a proxy).
  if ('keepAliveTimeout' in server) Object.assign(server, { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1_000 });
  if (!server.listening) await once(server, 'listening');
  const origin = ownOrigin(host, (server.address() as AddressInfo).port);
  app = build(origin);
  return { server, origin };
}

/**
 * Stops the server gracefully: it takes no new connection, answers the requests it holds and
 * closes each connection once idle (a keep-alive client is not waited for); requests still
 * running after `graceMs` are cut. Resolves when every connection is closed.
 */
export function drain(server: ServerType, graceMs: number): Promise<void> {
  const http = 'closeIdleConnections' in server ? server : undefined;
  return new Promise((resolve) => {
    const sweep = setInterval(() => http?.closeIdleConnections(), 50);
    const cut = setTimeout(() => http?.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
  });
}
