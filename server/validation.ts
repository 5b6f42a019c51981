import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { formats, keywords, messageKey } from '../engine/schema/rules';
import type { FieldError } from './errors';

/**
 * ajv set up like the browser's forms (same formats and keywords from engine/schema/rules),
 * so a value the form accepts is a value the server accepts.
 */
export function createAjv(options: { useDefaults?: boolean; coerceTypes?: 'array' } = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, ...options });
  addFormats(ajv);
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  for (const keyword of keywords) ajv.addKeyword(keyword);
  return ajv;
}

export type Validator = ValidateFunction;

/**
 * A validator compiled on its first call: compiling every entity's and search form's validators took
 * about 0.4 s of each server start, and a process often uses a few. `errors` is the compiled one's.
 */
export function lazyValidator(compile: () => Validator): Validator {
  let compiled: Validator | undefined;
  const validate = function (this: unknown, data: unknown, context?: Parameters<Validator>[1]) {
    compiled ??= compile();
    return compiled.call(this, data, context);
  } as Validator;
  Object.defineProperty(validate, 'errors', { get: () => compiled?.errors ?? null });
  return validate;
}

/** At most this many field errors in one answer (a long invalid list would list every item). */
const MAX_FIELD_ERRORS = 100;

/** ajv errors as `{path, key}` pairs: the path names the offending field, the key its i18n message. */
export function fieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors ?? []) {
    if (out.length >= MAX_FIELD_ERRORS) break;
    const params = error.params as Record<string, unknown>;
    const child = error.keyword === 'required' ? params.missingProperty : error.keyword === 'additionalProperties' ? params.additionalProperty : undefined;
    const path = child === undefined ? error.instancePath : `${error.instancePath}/${String(child)}`;
    const key = messageKey(error.keyword, params);
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, key });
  }
  return out;
}
