import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setApiErrorHandler } from '../../engine/api';
import type { AppConfig, ScreenConfig } from '../../engine/config';
import { firstGets } from '../../engine/firstGets';
import { getFirst, prefetchGet } from '../../engine/prefetch';

/** A generic record page scoped by its route, its first tab stacking a list of lines and notes, a second tab another list. */
const record = {
  route: '/owners/:ownerId/items/:itemId',
  type: 'record',
  entity: 'item',
  tabs: [
    {
      name: 'main',
      panels: [
        { kind: 'form' },
        { kind: 'stack', panels: [{ kind: 'lines', readOnly: true, list: '/back/items/{itemId}/parts' }, { kind: 'notes', list: '/back/items/{itemId}/notes' }] },
        { kind: 'lines', readOnly: true, list: '/back/items/{version}/byRecordField' },
      ],
    },
    { name: 'more', panels: [{ kind: 'history', list: '/back/items/{itemId}/history' }, { kind: 'lines', readOnly: true, list: '/back/items/{itemId}/others' }] },
    { name: 'secret', roles: ['AUDITOR'], panels: [{ kind: 'lines', readOnly: true, list: '/back/items/{itemId}/secret' }] },
  ],
} as unknown as ScreenConfig;
const wizard = {
  route: '/items/:itemId/report',
  type: 'wizard',
  source: { existing: '/back/reports/{itemId}', load: '/back/reports/{itemId}/default' },
  modes: { COPY: { source: { load: '/back/reports/{itemId}/copy?from={from}' } } },
} as unknown as ScreenConfig;
const config = { entities: { item: { type: 'object', 'x-api': '/back/owners/{ownerId}/items', 'x-id': 'itemId', properties: {} } } } as unknown as AppConfig;
const query = (text = '') => new URLSearchParams(text);

describe('what a record page or a wizard reads first (engine/firstGets.ts)', () => {
  it('a record page: its record at `x-api`/id, then the open tab’s lists the route fills (a stack’s too)', () => {
    expect(firstGets(record, config, { ownerId: '7', itemId: '12' }, query(), [])).toEqual(['/back/owners/7/items/12', '/back/items/12/parts', '/back/items/12/notes']);
    expect(firstGets(record, config, { ownerId: '7', itemId: '12' }, query('tab=more'), [])).toEqual(['/back/owners/7/items/12', '/back/items/12/others']);
  });

  it('a record page: a tab the caller may not see is not the open one; a new record (no id) reads nothing', () => {
    expect(firstGets(record, config, { ownerId: '7', itemId: '12' }, query('tab=secret'), [])).toEqual(['/back/owners/7/items/12', '/back/items/12/parts', '/back/items/12/notes']);
    expect(firstGets(record, config, { ownerId: '7', itemId: '12' }, query('tab=secret'), ['AUDITOR'])).toEqual(['/back/owners/7/items/12', '/back/items/12/secret']);
    expect(firstGets(record, config, { ownerId: '7' }, query(), [])).toEqual([]);
  });

  it('a wizard: the existing record, the new one’s values with ?mode=new, those of the mode asked for', () => {
    expect(firstGets(wizard, config, { itemId: '3' }, query(), [])).toEqual(['/back/reports/3']);
    expect(firstGets(wizard, config, { itemId: '3' }, query('mode=new'), [])).toEqual(['/back/reports/3/default']);
    expect(firstGets(wizard, config, { itemId: '3' }, query('mode=copy&from=9'), [])).toEqual(['/back/reports/3/copy?from=9']);
  });

  it('a hand-written page: what the app says it reads, then its open tab’s lists; a search screen: nothing here', () => {
    const page = { ...record, type: 'page', page: 'itemSheet' } as ScreenConfig;
    expect(firstGets(page, config, { itemId: '12' }, query(), [], ['/back/items/12'])).toEqual(['/back/items/12', '/back/items/12/parts', '/back/items/12/notes']);
    expect(firstGets({ ...record, type: 'search' } as ScreenConfig, config, { ownerId: '7', itemId: '12' }, query(), [])).toEqual([]);
  });
});

describe('taking an early answer (engine/prefetch.ts getFirst)', () => {
  const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setApiErrorHandler(() => {});
  });

  it('takes the answer on its way, even started more than a second ago, and asks anew once it is taken', async () => {
    vi.useFakeTimers();
    let reply: (response: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (reply = resolve)));
    vi.stubGlobal('fetch', fetch);
    prefetchGet('/back/items/12', {});
    vi.advanceTimersByTime(3_000);
    // A render redone while the answer is still on its way starts nothing.
    prefetchGet('/back/items/12', {});
    expect(fetch).toHaveBeenCalledTimes(1);
    const taken = getFirst('/back/items/12');
    reply(answer({ itemId: 12 }));
    expect(await taken).toEqual({ itemId: 12 });
    fetch.mockImplementation(async () => answer({ itemId: 12, again: true }));
    expect(await getFirst('/back/items/12')).toEqual({ itemId: 12, again: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('leaves a quiet taker’s failure to the taker, and shows another’s as its own call would', async () => {
    const shown = vi.fn();
    setApiErrorHandler(shown);
    vi.stubGlobal('fetch', vi.fn(async () => answer({ message: 'Not found' }, 404)));
    prefetchGet('/back/items/404', {});
    await expect(getFirst('/back/items/404', { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(shown).not.toHaveBeenCalled();
    prefetchGet('/back/items/404', {});
    await expect(getFirst('/back/items/404')).rejects.toBeInstanceOf(ApiError);
    expect(shown).toHaveBeenCalledTimes(1);
  });
});
