/**
 * The browser's only way to the server: JSON over fetch with the session cookie.
 * Query values follow the API contract: arrays repeat the name, nested objects use dotted names.
 * A failed call throws ApiError; the app decides how to show it (see `setApiErrorHandler`).
 */
export interface ErrorBody {
  level?: 'ERROR' | 'FATAL' | 'WARN' | 'INFO';
  exception?: string;
  message?: string;
  errors?: { path: string; message: string }[];
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: ErrorBody | null,
  ) {
    super(body?.message ?? `${status} ${statusText}`);
  }
}

export type Query = Record<string, unknown>;

export function toSearchParams(query: Query = {}, prefix = '', params = new URLSearchParams()): URLSearchParams {
  for (const [key, value] of Object.entries(query)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(name, String(item)));
    else if (typeof value === 'object') toSearchParams(value as Query, name, params);
    else params.append(name, String(value));
  }
  return params;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

type ErrorHandler = (error: ApiError) => void;
let onError: ErrorHandler = () => {};

/** The app shows failed calls (spec §8); pass `{ quiet: true }` to handle an error yourself. */
export function setApiErrorHandler(handler: ErrorHandler): void {
  onError = handler;
}

/** Show an error the way the app shows failed calls, after handling a `quiet` call partly yourself. */
export function reportApiError(error: ApiError): void {
  onError(error);
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  form?: Record<string, string>;
  quiet?: boolean;
  signal?: AbortSignal;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const search = toSearchParams(options.query).toString();
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  let body: BodyInit | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form);
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path, { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (cause) {
    // A cancelled request passes silently; no response at all is status 0 ("unknown error").
    if (options.signal?.aborted) throw cause;
    const error = new ApiError(0, 'No response', null);
    if (!options.quiet) onError(error);
    throw error;
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText, data && typeof data === 'object' ? (data as ErrorBody) : null);
    if (!options.quiet) onError(error);
    throw error;
  }
  return { data: data as T, headers: response.headers };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options).then((r) => r.data),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }).then((r) => r.data),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }).then((r) => r.data),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }).then((r) => r.data),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options).then((r) => r.data),
};
