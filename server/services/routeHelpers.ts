import { requireCaller, type AppContext } from '../context';
import { HttpError, validationError, type FieldError } from '../errors';
import { isPlainObject, readJson } from '../json-body';
import { requireServiceReader, visibleService } from './access';
import type { Caller } from '../context';

/** Small pieces every hand-written service route shares. */

/** The caller, once the service route roles passed (403 otherwise). */
export function serviceCaller(c: AppContext) {
  const caller = requireCaller(c);
  requireServiceReader(caller);
  return caller;
}

/** A numeric path parameter (the route patterns only let digits through). */
export const numberParam = (c: AppContext, name: string) => Number(c.req.param(name));

/**
 * 404 unless the caller sees the service named by the path parameter: checked before the
 * body is read, so a service out of reach answers the same whatever the body.
 */
export async function serviceInReach(c: AppContext, caller: Caller, param = 'id'): Promise<void> {
  await visibleService(c.get('services').db, numberParam(c, param), caller);
}

/** The JSON body as an object whose keys are all among `allowed` (400 otherwise). */
export async function readObject(c: AppContext, allowed: readonly string[], optional = false): Promise<Record<string, unknown>> {
  const body = await readJson(c, optional);
  if (body === undefined) return {};
  if (!isPlainObject(body)) throw validationError([{ path: '', key: 'validation.wrongType' }]);
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length) throw validationError(unknown.map((key) => ({ path: `/${key}`, key: 'validation.unknownField' })));
  return body;
}

export const prefixed = (prefix: string, errors: FieldError[]): FieldError[] => errors.map((error) => ({ ...error, path: `${prefix}${error.path}` }));

/** Runs `work`, moving the field paths of a validation refusal under `prefix` (`/tags/0` → `/service/tags/0`). */
export async function underPath<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Field errors (a 400, or a 422 naming fields: a company outside the network) point into the part.
    if (error instanceof HttpError && error.errors.length) {
      throw new HttpError(error.status, error.exception, error.key, error.params, prefixed(prefix, error.errors));
    }
    throw error;
  }
}

export function throwIfAny(errors: FieldError[]): void {
  if (errors.length) throw validationError(errors);
}
