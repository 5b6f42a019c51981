import type { FieldError } from '../errors';
import { validationError } from '../errors';
import type { Validator } from '../validation';
import { fieldErrors } from '../validation';

/** Pieces the billing batch routes share: the body checked against its envelope schema, and ids given twice. */

/** At most this many records in one batch call (400 beyond). */
export const MAX_BATCH = 500;

/** 400 with every field error of the envelope schema. */
export function assertShape<T>(validate: Validator, body: unknown): T {
  if (!validate(body)) throw validationError(fieldErrors(validate.errors));
  return body as T;
}

/** An error at `path(index)` for every value already seen earlier in `values` (and in `seen`, which it fills). */
export function duplicateErrors(values: readonly unknown[], path: (index: number) => string, seen = new Set<unknown>()): FieldError[] {
  const errors: FieldError[] = [];
  values.forEach((value, index) => {
    if (seen.has(value)) errors.push({ path: path(index), key: 'validation.duplicate' });
    seen.add(value);
  });
  return errors;
}
