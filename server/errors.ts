/**
 * Every refusal the API gives, as one error class the global handler turns into the
 * contract's body `{level, exception, message, errors}` with the message localized.
 */
export type Level = 'ERROR' | 'FATAL' | 'WARN' | 'INFO';

export interface FieldError {
  path: string;
  /** i18n key of the field message (localized when the body is built). */
  key: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500,
    readonly exception: string,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly errors: FieldError[] = [],
    readonly level: Level = 'ERROR',
    /** Extra body fields (`twoFactorRequired` on a login that needs the code). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

export const validationError = (errors: FieldError[], key = 'error.validation') =>
  new HttpError(400, 'ValidationException', key, {}, errors);
export const badRequest = (key: string, params: Record<string, unknown> = {}) =>
  new HttpError(400, 'BadRequestException', key, params);
export const notLoggedIn = () => new HttpError(403, 'AccessDeniedException', 'error.notLoggedIn');
export const forbidden = (key = 'error.forbidden') => new HttpError(403, 'AccessDeniedException', key);
export const notFound = (key = 'error.notFound') => new HttpError(404, 'NotFoundException', key);
export const versionConflict = () => new HttpError(409, 'OptimisticLockException', 'error.versionConflict');
export const authenticationFailed = () => new HttpError(401, 'AuthenticationException', 'error.authentication');
export const twoFactorRequired = (key: string) => new HttpError(401, 'AuthenticationException', key, {}, [], 'ERROR', { twoFactorRequired: true });
export const businessRule = (key: string, params: Record<string, unknown> = {}, level: Level = 'ERROR') =>
  new HttpError(422, 'BusinessException', key, params, [], level);
export const tooManyRequests = () => new HttpError(429, 'TooManyRequestsException', 'error.tooManyRequests');
