import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import type { LookupConfig } from '../schema/fields';
import {
  canSearch,
  knownItem,
  labelsVersion,
  loadList,
  resolveIds,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_LETTERS,
  SEARCH_MIN_LETTERS,
  searchItems,
  subscribeLabels,
  type LookupItem,
  unlabelled,
} from './cache';

/** Re-render when new lookup labels become known anywhere. */
export function useLabelsVersion(): number {
  return useSyncExternalStore(subscribeLabels, labelsVersion, labelsVersion);
}

export interface LookupState {
  /** Options to show: the selected items first, then the list or the search answer. */
  data: LookupItem[];
  searchMode: boolean;
  loading: boolean;
  query: string;
  setQuery: (text: string) => void;
  /** What the empty dropdown says: the i18n key and its values. */
  emptyMessage: { key: string; values?: Record<string, unknown> };
}

/**
 * Options of an `x-lookup` field: a small list is loaded once and filtered in the browser;
 * a large one (declared `search`, or capped by the server) is searched as the user types,
 * from 3 letters, 400 ms after the last key (spec §5.1, §9). `labelsOnly` (read-only fields)
 * fetches just the labels of the selected ids.
 */
export function useLookup(config: LookupConfig | undefined, selected: unknown[], labelsOnly = false): LookupState {
  const url = config?.url ?? '';
  const [searchMode, setSearchMode] = useState(!!config?.search);
  const [items, setItems] = useState<LookupItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [query, setRawQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  useLabelsVersion();

  useEffect(() => {
    if (!url || config?.search || labelsOnly) return;
    let live = true;
    setLoading(true);
    loadList(url).then((list) => {
      if (!live) return;
      setItems(list.items);
      setSearchMode(!list.complete);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [url, config?.search, labelsOnly]);

  useEffect(() => {
    if (!url || !searchMode) return;
    if (!canSearch(debounced)) return;
    const controller = new AbortController();
    setLoading(true);
    searchItems(url, debounced, controller.signal)
      .then((found) => !controller.signal.aborted && setItems(found))
      .catch(() => undefined)
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [url, searchMode, debounced]);

  const selectedKey = selected.map(String).join(',');
  const resolveSelected = useEffectEvent(() => {
    if (url && selected.length) void resolveIds(url, selected);
  });
  useEffect(() => resolveSelected(), [url, selectedKey]); // the ids compared by value

  // An id whose label is unknown (not visible, or still loading) still shows, as its number.
  const selectedItems = selected.map((id) => knownItem(url, id) ?? { value: id as LookupItem['value'], label: unlabelled(id) });
  const seen = new Set<string>();
  const data = [...selectedItems, ...items].filter((item) => {
    const key = String(item.value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  const emptyMessage = loading
    ? { key: 'engine.lookup.loading' }
    : searchMode && !canSearch(query)
      ? { key: 'engine.lookup.minLetters', values: { n: SEARCH_MIN_LETTERS } }
      : { key: 'engine.lookup.noResult' };

  return {
    data,
    searchMode,
    loading,
    query,
    setQuery: (text) => setRawQuery(text.slice(0, SEARCH_MAX_LETTERS)),
    emptyMessage,
  };
}
