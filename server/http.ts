import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { HttpError, notFound, versionConflict } from './errors';
import { ConflictError, NotFoundError } from './store/types';
import { translate } from './i18n';
import { languageOf, type AppContext } from './context';
import { logServer } from './audit';

/** The contract's error body, localized in the caller's language. */
export function errorResponse(c: Context, error: HttpError): Response {
  const lang = languageOf(c as AppContext);
  return c.json(
    {
      level: error.level,
      exception: error.exception,
      message: translate(lang, error.key, error.params),
      errors: error.errors.map(({ path, key }) => ({ path, message: translate(lang, key) })),
      ...error.extra,
    },
    error.status,
  );
}

/** Known refusals become their 4xx; anything else is a bug: logged, answered 500 without details. */
export function onError(error: Error, c: Context): Response {
  if (error instanceof HttpError) return errorResponse(c, error);
  if (error instanceof ConflictError) return errorResponse(c, versionConflict());
  if (error instanceof NotFoundError) return errorResponse(c, notFound());
  if (error instanceof HTTPException && error.status < 500) {
    const status = error.status === 413 ? 413 : error.status === 401 ? 401 : error.status === 403 ? 403 : error.status === 404 ? 404 : 400;
    const key = status === 413 ? 'error.payloadTooLarge' : status === 404 ? 'error.notFound' : status === 403 ? 'error.forbidden' : 'error.badJson';
    return errorResponse(c, new HttpError(status, 'BadRequestException', key, { max: MAX_BODY_BYTES }));
  }
  console.error(`[qcflow] ${c.req.method} ${c.req.path} failed:`, error);
  const { db } = (c as AppContext).get('services') ?? {};
  if (db) void logServer(db, { level: 'ERROR', application: 'SERVER', caller: (c as AppContext).get('caller'), message: `${c.req.method} ${c.req.path}: ${error.message}` });
  return errorResponse(c, new HttpError(500, 'InternalException', 'error.internal', {}, [], 'FATAL'));
}

export const MAX_BODY_BYTES = 1024 * 1024;
