import type { BrowserContext, Page, Request } from '@playwright/test';

/**
 * Every request of a page seen from the test side (scripts and lazy chunks, css, images, fetches):
 * a page asks through a binding whether any is in flight and how long ago the last one began or
 * ended. Long-lived ones (an EventSource; anything older than LONG_LIVED_MS, e.g. a download) do not
 * keep the page busy.
 */
const LONG_LIVED_MS = 30_000;
export type NetworkState = { inFlight: number; quietMs: number };

type PageTraffic = { started: Map<Request, number>; lastChange: number };

export async function trackNetwork(context: BrowserContext, binding: string): Promise<void> {
  const traffic = new WeakMap<Page, PageTraffic>();
  const of = (page: Page) => {
    let known = traffic.get(page);
    if (!known) traffic.set(page, (known = { started: new Map(), lastChange: Date.now() }));
    return known;
  };
  const pageOf = (request: Request): Page | null => {
    try {
      return request.frame().page();
    } catch {
      return null; // a service worker's request has no frame
    }
  };
  context.on('request', request => {
    const page = pageOf(request);
    if (!page || request.resourceType() === 'eventsource') return;
    const known = of(page);
    known.started.set(request, Date.now());
    known.lastChange = Date.now();
  });
  const ended = (request: Request) => {
    const page = pageOf(request);
    const known = page && traffic.get(page);
    if (!known?.started.delete(request)) return;
    known.lastChange = Date.now();
  };
  context.on('requestfinished', ended);
  context.on('requestfailed', ended);
  await context.exposeBinding(binding, ({ page }): NetworkState => {
    const known = of(page);
    const now = Date.now();
    const inFlight = [...known.started.values()].filter(since => now - since < LONG_LIVED_MS).length;
    return { inFlight, quietMs: now - known.lastChange };
  });
}
