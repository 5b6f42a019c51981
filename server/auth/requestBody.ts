import type { JsonSchema } from '../../engine/schema/resolve';
import { validationError } from '../errors';
import { readJson } from '../json-body';
import type { AppContext } from '../context';
import type { Registry } from '../schemas';
import { createAjv, fieldErrors } from '../validation';

/**
 * Strict JSON bodies of the hand-written account and password calls: an object with exactly
 * the given properties (unknown fields and wrong types → 400 ValidationException).
 */
const ajv = createAjv();

export type BodyReader<T> = (c: AppContext) => Promise<T>;

export function bodyReader<T>(properties: Record<string, JsonSchema>, required: string[] = [], options: { optional?: boolean } = {}): BodyReader<T> {
  const validate = ajv.compile({ type: 'object', additionalProperties: false, properties, required });
  return async (c) => {
    const body = (await readJson(c, options.optional)) ?? {};
    if (!validate(body)) throw validationError(fieldErrors(validate.errors));
    return body as T;
  };
}

/** Field rules of the contact entity (schemas/entities/contact.json), the one source of truth. */
export function contactFields(registry: Registry, names: string[]): Record<string, JsonSchema> {
  const properties = registry.entities.get('contact')?.schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) throw new Error('The contact entity schema is missing');
  return Object.fromEntries(
    names.map((name) => {
      if (!properties[name]) throw new Error(`The contact entity has no field ${name}`);
      return [name, properties[name]];
    }),
  );
}

/** A password field: any text (the rules are checked apart, with field messages), bounded. */
export const passwordField: JsonSchema = { type: 'string', maxLength: 256 };
