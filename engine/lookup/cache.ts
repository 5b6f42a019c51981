import { request } from '../api';

/**
 * Lookup lists (`x-lookup`), shared by every form, filter and grid of the session: a list is
 * fetched once; labels of ids met anywhere are remembered so grids can show names, not ids.
 * Answers are `[{ value, label, color? }]` (docs/schemas.md).
 */
export interface LookupItem {
  value: number | string;
  label: string;
  color?: string;
}

export interface LookupList {
  items: LookupItem[];
  /** False when the server capped the list (X-Hit-Limit): then the user must search. */
  complete: boolean;
}

/** Search-as-you-type limits (spec §5.1, §9). */
export const SEARCH_MIN_LETTERS = 3;
export const SEARCH_MAX_LETTERS = 100;
export const SEARCH_DEBOUNCE_MS = 400;

const lists = new Map<string, Promise<LookupList>>();
const labels = new Map<string, Map<string, LookupItem>>();
const pendingIds = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

function asItems(data: unknown): LookupItem[] {
  const array = Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : [];
  return array.filter((item): item is LookupItem => item != null && typeof item === 'object' && 'value' in item && 'label' in item);
}

function remember(url: string, items: LookupItem[]): void {
  if (!items.length) return;
  const known = labels.get(url) ?? new Map<string, LookupItem>();
  items.forEach((item) => known.set(String(item.value), item));
  labels.set(url, known);
  version += 1;
  listeners.forEach((listener) => listener());
}

/** Called whenever new labels are known (the grid refreshes its cells). */
export function subscribeLabels(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function labelsVersion(): number {
  return version;
}

export function knownItem(url: string, id: unknown): LookupItem | undefined {
  return id == null ? undefined : labels.get(url)?.get(String(id));
}

export function knownLabel(url: string, id: unknown): string | undefined {
  return knownItem(url, id)?.label;
}

/**
 * What an id shows as before (or without) its label: a text id as it is (a country is its own label: the field
 * then does not change under a person typing in it when the label arrives), a number as `#12`.
 */
export const unlabelled = (id: unknown): string => (typeof id === 'string' ? id : `#${id}`);

export function loadList(url: string): Promise<LookupList> {
  let list = lists.get(url);
  if (!list) {
    list = request<unknown>('GET', url, { quiet: true })
      .then(({ data, headers }) => {
        const items = asItems(data);
        remember(url, items);
        return { items, complete: !headers.get('X-Hit-Limit') };
      })
      .catch(() => {
        lists.delete(url); // try again next time rather than caching a failure
        return { items: [], complete: false };
      });
    lists.set(url, list);
  }
  return list;
}

/** Normalise typed text the way the limits count it. */
export function searchText(text: string): string {
  return text.trim().slice(0, SEARCH_MAX_LETTERS);
}

export function canSearch(text: string): boolean {
  return searchText(text).length >= SEARCH_MIN_LETTERS;
}

export async function searchItems(url: string, text: string, signal?: AbortSignal): Promise<LookupItem[]> {
  const { data } = await request<unknown>('GET', url, { query: { q: searchText(text) }, quiet: true, signal });
  const items = asItems(data);
  remember(url, items);
  return items;
}

/** Fetch the labels of ids not known yet (`?id=`), each once. */
export async function resolveIds(url: string, ids: unknown[]): Promise<void> {
  const missing = [...new Set(ids.filter((id) => id != null && id !== '').map(String))].filter((id) => !knownItem(url, id));
  await Promise.all(
    missing.map((id) => {
      const key = `${url}#${id}`;
      let pending = pendingIds.get(key);
      if (!pending) {
        pending = request<unknown>('GET', url, { query: { id }, quiet: true })
          .then(({ data }) => remember(url, asItems(data).filter((item) => String(item.value) === id)))
          .catch(() => undefined);
        pendingIds.set(key, pending);
      }
      return pending;
    }),
  );
}

/** Whether a lookup must be searched rather than listed. */
export async function isSearchMode(url: string, declared?: boolean): Promise<boolean> {
  if (declared) return true;
  return !(await loadList(url)).complete;
}

/** Forget everything (after logout, or when lists changed on the server). */
export function clearLookupCache(): void {
  lists.clear();
  labels.clear();
  pendingIds.clear();
  version += 1;
}

/** Make the labels of `ids` known: the whole list when it is small, else one by one. */
export async function ensureLabels(url: string, ids: unknown[], searchDeclared?: boolean): Promise<void> {
  if (!searchDeclared && (await loadList(url)).complete) return;
  await resolveIds(url, ids);
}
