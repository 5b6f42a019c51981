import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../engine/config';
import { MAX_AGE_MS, freshConfig, markSchemasChanged, schemasDue, schemasLoaded } from '../../engine/configFreshness';

/** When the browser asks GET /back/schemas again (engine/configFreshness.ts), and what it makes of the answer. */
const config = { version: 'v1', screens: [] } as unknown as AppConfig;
afterEach(() => vi.unstubAllGlobals());

describe('the schemas are due again', () => {
  it('after a write that changed them, or once older than 5 minutes; not otherwise', () => {
    const now = Date.now();
    schemasLoaded(now);
    expect(schemasDue(now + 1000)).toBe(false);
    expect(schemasDue(now + MAX_AGE_MS)).toBe(true);
    markSchemasChanged();
    expect(schemasDue(now + 1000)).toBe(true);
    schemasLoaded(now);
    expect(schemasDue(now + 1000)).toBe(false);
  });
});

describe('freshConfig', () => {
  it('sends the version held and keeps it on 304; takes a new answer; asks again after a failure', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 304 }));
    vi.stubGlobal('fetch', fetch);
    markSchemasChanged();
    expect(await freshConfig(config)).toBeNull();
    expect(fetch).toHaveBeenCalledWith('/back/schemas', expect.objectContaining({ cache: 'no-store', headers: expect.objectContaining({ 'If-None-Match': '"v1"' }) }));
    expect(schemasDue()).toBe(false);

    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ version: 'v2', screens: [] })));
    expect(await freshConfig(config)).toEqual({ version: 'v2', screens: [] });

    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 502 })));
    expect(await freshConfig(config)).toBeNull();
    expect(schemasDue()).toBe(true);
  });
});
