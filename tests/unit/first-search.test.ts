import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setApiErrorHandler } from '../../engine/api';
import type { AppConfig, ScreenConfig } from '../../engine/config';
import { defaultRange } from '../../engine/dates';
import { prefetchGet, takePrefetched } from '../../engine/prefetch';
import { firstSearch } from '../../engine/search/firstSearch';

/** A generic search screen scoped by its route (`/owners/:ownerId/items`), with defaults and a toolbar field. */
const screen = { route: '/owners/:ownerId/items', type: 'search', entity: 'item', search: 'item', toolbar: [{ field: 'keywords', label: 'k' }] } as unknown as ScreenConfig;
const config = {
  entities: { item: { type: 'object', 'x-api': '/back/items', 'x-id': 'itemId', properties: {} } },
  search: {
    item: {
      type: 'object',
      'x-defaultRange': 'plusMinus7Days',
      properties: {
        fromDate: { type: 'string' },
        toDate: { type: 'string' },
        ownerId: { type: 'integer' },
        status: { type: 'string', default: 'OPEN' },
        archived: { type: 'boolean', default: false },
        keywords: { type: 'string', default: 'ignored: the toolbar edits it' },
      },
    },
  },
} as unknown as AppConfig;

describe('a search screen’s first search', () => {
  it('is the form’s defaults (not a false flag, not a toolbar field), the default period and the route’s fixed filters', () => {
    const range = defaultRange('plusMinus7Days');
    expect(firstSearch(screen, config, { ownerId: '7' })).toEqual({
      path: '/back/items/',
      query: { status: 'OPEN', fromDate: range.fromDate, toDate: range.toDate, ownerId: 7 },
    });
  });

  it('reads the form’s own call (`x-url`) instead of the entity’s, and leaves `x-hidden` parameters out of the filters', () => {
    const own = { ...config, search: { item: { ...config.search.item, 'x-url': '/back/smart/items', properties: { parentId: { type: 'integer', default: 3, 'x-hidden': true }, status: { type: 'string', default: 'OPEN' } } } } } as unknown as AppConfig;
    expect(firstSearch(screen, own, { ownerId: '7' })).toMatchObject({ path: '/back/smart/items/', query: { status: 'OPEN' } });
    expect(firstSearch(screen, own, { ownerId: '7' })!.query).not.toHaveProperty('parentId');
  });

  it('asks for the screen’s view when the form has an `x-view` parameter (the call then answers only what the screen shows)', () => {
    const viewed = { ...config, search: { item: { ...config.search.item, properties: { ...config.search.item.properties, view: { type: 'string', enum: ['screen'], 'x-hidden': true, 'x-view': true } } } } } as unknown as AppConfig;
    expect(firstSearch(screen, viewed, { ownerId: '7' })!.query).toMatchObject({ status: 'OPEN', ownerId: 7, view: 'screen' });
    expect(firstSearch(screen, config, { ownerId: '7' })!.query).not.toHaveProperty('view');
  });

  it('is nothing for a screen that is not a search or whose entity has no API', () => {
    expect(firstSearch({ ...screen, type: 'record' } as ScreenConfig, config, {})).toBeNull();
    expect(firstSearch({ ...screen, entity: 'unknown' } as ScreenConfig, config, {})).toBeNull();
  });
});

describe('early answers (engine/prefetch.ts)', () => {
  const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is taken once by the same call, whatever the order of its query, and asked once for a render done twice', async () => {
    const fetch = vi.fn(async () => answer([{ itemId: 1 }]));
    vi.stubGlobal('fetch', fetch);
    prefetchGet('/back/items/', { status: 'OPEN', ownerId: 7 });
    prefetchGet('/back/items/', { ownerId: 7, status: 'OPEN' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(takePrefetched('/back/items/', { status: 'CLOSED', ownerId: 7 })).toBeNull();
    const taken = takePrefetched('/back/items/', { ownerId: 7, status: 'OPEN' });
    expect((await taken)?.data).toEqual([{ itemId: 1 }]);
    expect(takePrefetched('/back/items/', { ownerId: 7, status: 'OPEN' })).toBeNull();
  });

  it('is not taken once stale (30 s), and its failure shows only when taken', async () => {
    vi.useFakeTimers();
    const shown = vi.fn();
    setApiErrorHandler(shown);
    vi.stubGlobal('fetch', vi.fn(async () => answer({ message: 'Forbidden' }, 403)));
    prefetchGet('/back/items/', { a: 1 });
    vi.advanceTimersByTime(30_001);
    expect(takePrefetched('/back/items/', { a: 1 })).toBeNull();

    prefetchGet('/back/items/', { a: 2 });
    await vi.advanceTimersByTimeAsync(10);
    expect(shown).not.toHaveBeenCalled();
    await expect(takePrefetched('/back/items/', { a: 2 })).rejects.toBeInstanceOf(ApiError);
    expect(shown).toHaveBeenCalledTimes(1);
    setApiErrorHandler(() => {});
  });
});
