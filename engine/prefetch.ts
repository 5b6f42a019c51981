import { ApiError, reportApiError, request, toSearchParams, type ApiResponse, type Query, type RequestOptions } from './api';

/**
 * GET answers asked for before the code that shows them has arrived (a screen's first search,
 * started as soon as its route is known; a record page's record and its first lists): the screen
 * takes its answer here instead of asking again. An answer is taken once, and only while it is
 * fresh; a failure is shown when taken, as the screen's own call would have shown it (a `quiet`
 * taker shows its own).
 */
// Counted from the call: an answer waits for the screen's code, which a busy machine may take a while to bring.
const FRESH_MS = 30_000;
/** A call for the same answer not taken yet, still on its way or started this recently, is that answer. */
const SAME_CALL_MS = 1_000;

interface Early {
  answer: Promise<ApiResponse<unknown>>;
  at: number;
  pending: boolean;
}

const early = new Map<string, Early>();

/** The same call whatever the order of its query's names. */
function keyOf(path: string, query: Query): string {
  const params = toSearchParams(query);
  params.sort();
  return `${path}?${params}`;
}

/** Starts `GET path?query` now, unless the same call waits to be taken, still on its way or started less than a second ago. */
export function prefetchGet(path: string, query: Query): void {
  const key = keyOf(path, query);
  const started = early.get(key);
  if (started && (started.pending || Date.now() - started.at < SAME_CALL_MS)) return;
  const answer = request<unknown>('GET', path, { query, quiet: true });
  const entry: Early = { answer, at: Date.now(), pending: true };
  // Shown when taken, not before (nobody may take it).
  answer.then(
    () => (entry.pending = false),
    () => (entry.pending = false),
  );
  early.set(key, entry);
}

/** The answer of `GET path?query` started early and not taken yet, if fresh; null otherwise. */
export function takePrefetched<T>(path: string, query: Query, options: { quiet?: boolean } = {}): Promise<ApiResponse<T>> | null {
  const key = keyOf(path, query);
  const found = early.get(key);
  early.delete(key);
  if (!found || Date.now() - found.at > FRESH_MS) return null;
  return found.answer.catch((error: unknown) => {
    if (error instanceof ApiError && !options.quiet) reportApiError(error);
    throw error;
  }) as Promise<ApiResponse<T>>;
}

/** `GET path`'s data: the answer started early when there is one (taken), else a call made now. */
export function getFirst<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const query = options.query ?? {};
  return (takePrefetched<T>(path, query, options) ?? request<T>('GET', path, options)).then((reply) => reply.data);
}
