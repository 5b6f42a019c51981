import type { MiddlewareHandler } from 'hono';

/**
 * Requests start in shares of an event-loop turn, so that a busy server still accepts new connections.
 *
 * Node 20's libuv accepts one new connection per turn of the event loop (libuv #3696), and a turn
 * runs every request whose bytes arrived in it. Under load a turn then lasts hundreds of
 * milliseconds, and connections queue to be accepted: in the soak (docs/load.md), the last
 * connections to open waited 20–40 s for their first answer while the open ones were answered in
 * half a second. Here a request waits for the turn's check phase; each turn starts requests until
 * SHARE_MS of their work has run, and leaves the others, in arrival order, to the next turn. Turns
 * stay short and a new connection is accepted within a few of them; the work is the same, cut
 * into shorter turns.
 */
const SHARE_MS = 20;

let shareOpen = false;
let shareStart = 0;

const endShare = () => {
  shareOpen = false;
};

/**
 * One waiting request, in its own setImmediate callback: Node runs a callback's promise reactions
 * before the next callback, so the time measured includes everything the requests before it ran
 * up to their first real wait (a disk write, say).
 */
function startInShare(start: () => void): void {
  if (!shareOpen) {
    shareOpen = true;
    shareStart = performance.now();
    // Queued now, it runs first in the next turn's check phase, and a new share begins there.
    setImmediate(endShare);
  } else if (performance.now() - shareStart > SHARE_MS) {
    // Queued after endShare and before the requests that arrive in the next turn: arrival order is kept.
    setImmediate(startInShare, start);
    return;
  }
  start();
}

/** Resolves when the request may start: in this turn's check phase, or a later turn's when this one's share is spent. */
export function turnShare(): Promise<void> {
  return new Promise((resolve) => setImmediate(startInShare, resolve));
}

export const startInTurn: MiddlewareHandler = async (_c, next) => {
  await turnShare();
  await next();
};
