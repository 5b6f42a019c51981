import { ApiError } from '../../../engine/api';

/** Field messages of a 400 ValidationException, by field name (`/password` → `password`). */
export type FieldErrors = Record<string, string>;

export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.errors)) return {};
  const errors: FieldErrors = {};
  for (const { path, message } of error.body.errors) {
    const field = path.replace(/^\//, '').split('/')[0] ?? '';
    errors[field] ??= message;
  }
  return errors;
}

/** The exception name of a refused call ('ExpiredTokenException'…), or ''. */
export function exceptionOf(error: unknown): string {
  return error instanceof ApiError ? (error.body?.exception ?? '') : '';
}

/** A refusal's message for an alert: the server's text, else the given fallback. */
export function refusalText(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.status !== 0 && error.body?.message) || fallback;
}
