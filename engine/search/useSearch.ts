import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../api';
import { notify } from '../notify';
import { takePrefetched } from '../prefetch';
import { compactQuery } from '../schema/fields';

type Row = Record<string, unknown>;

export interface SearchState {
  rows: Row[];
  loading: boolean;
  /** The server's hit limit when the answer was capped (`X-Hit-Limit`), else null. */
  hitLimit: number | null;
  /** What the date window leaves out (`X-Outside-Window`), null when the server did not say. */
  outside: OutsideWindow | null;
  refresh: () => void;
}

/** Matches outside the date window: `count`, or at least `count` when `more`. */
export interface OutsideWindow {
  count: number;
  more: boolean;
}

/** `X-Outside-Window: 26` or `500+` (docs/schemas.md "Date window"). */
export function outsideWindowOf(header: string | null): OutsideWindow | null {
  const match = header ? /^(\d+)(\+?)$/.exec(header.trim()) : null;
  return match ? { count: Number(match[1]), more: match[2] === '+' } : null;
}

export interface SearchOptions {
  /**
   * Turns the answer into rows, for searches that answer an object (rows plus data they refer
   * to) rather than an array of records. Read at answer time, so it need not be stable.
   */
  select?: (data: unknown) => Row[];
  /** i18n key of the warning shown when the answer was capped (default `engine.search.hitLimit`). */
  hitLimitKey?: string;
}

const arrayRows = (data: unknown): Row[] => (Array.isArray(data) ? data : []);

/**
 * `GET <x-api>/` with the filter as query; a newer query cancels the previous call. The first call
 * takes the answer of the same search started early, if any (engine/prefetch.ts: a screen's first search).
 */
export function useSearch(apiPath: string | undefined, query: Record<string, unknown>, options: SearchOptions = {}): SearchState {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const [hitLimit, setHitLimit] = useState<number | null>(null);
  const [outside, setOutside] = useState<OutsideWindow | null>(null);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(compactQuery(query));
  const latest = useRef(options);
  latest.current = options;

  // The query as it is when its content (`key`) changes, not at each new object of the same content.
  const askedQuery = useEffectEvent(() => compactQuery(query));
  const warnHitLimit = useEffectEvent(() => notify({ level: 'warning', message: t(latest.current.hitLimitKey ?? 'engine.search.hitLimit') }));
  useEffect(() => {
    if (!apiPath) return;
    const controller = new AbortController();
    setLoading(true);
    const path = `${apiPath}/`;
    const asked = askedQuery();
    (takePrefetched<unknown>(path, asked) ?? request<unknown>('GET', path, { query: asked, signal: controller.signal }))
      .then(({ data, headers }) => {
        if (controller.signal.aborted) return; // an early answer cannot be cancelled, only ignored
        const limit = headers.get('X-Hit-Limit');
        setRows((latest.current.select ?? arrayRows)(data));
        setHitLimit(limit ? Number(limit) || 0 : null);
        setOutside(outsideWindowOf(headers.get('X-Outside-Window')));
        if (limit) warnHitLimit();
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setRows([]);
        setOutside(null);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [apiPath, key, tick]);

  return { rows, loading, hitLimit, outside, refresh: () => setTick((n) => n + 1) };
}
