import { ApiError, reportApiError, request, toSearchParams, type ApiResponse, type Query } from './api';

/**
 * GET answers asked for before the code that shows them has arrived (a screen's first search,
 * started as soon as its route is known): the screen takes its answer here instead of asking
 * again. An answer is taken once, and only while it is fresh; a failure is shown when taken, as
 * the screen's own call would have shown it.
 */
const FRESH_MS = 10_000;
/** A call for the same answer started this recently and not taken yet is that answer. */
const SAME_CALL_MS = 1_000;

interface Early {
  answer: Promise<ApiResponse<unknown>>;
  at: number;
}

const early = new Map<string, Early>();

/** The same call whatever the order of its query's names. */
function keyOf(path: string, query: Query): string {
  const params = toSearchParams(query);
  params.sort();
  return `${path}?${params}`;
}

/** Starts `GET path?query` now, unless the same call started less than a second ago waits to be taken. */
export function prefetchGet(path: string, query: Query): void {
  const key = keyOf(path, query);
  const started = early.get(key);
  if (started && Date.now() - started.at < SAME_CALL_MS) return;
  const answer = request<unknown>('GET', path, { query, quiet: true });
  answer.catch(() => {}); // shown when taken, not before (nobody may take it)
  early.set(key, { answer, at: Date.now() });
}

/** The answer of `GET path?query` started early and not taken yet, if fresh; null otherwise. */
export function takePrefetched<T>(path: string, query: Query): Promise<ApiResponse<T>> | null {
  const key = keyOf(path, query);
  const found = early.get(key);
  early.delete(key);
  if (!found || Date.now() - found.at > FRESH_MS) return null;
  return found.answer.catch((error: unknown) => {
    if (error instanceof ApiError) reportApiError(error);
    throw error;
  }) as Promise<ApiResponse<T>>;
}
