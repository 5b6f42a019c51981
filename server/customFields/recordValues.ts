import { CUSTOM_FIELD_HOMES, type CustomFieldTarget } from '../../domain/customFields';
import type { Caller } from '../context';
import type { FieldError } from '../errors';
import { isPlainObject } from '../json-body';
import type { Reader, Row } from '../store/types';
import { fieldErrors } from '../validation';
import { companyCustomFields } from './companySchemas';

type Home = keyof typeof CUSTOM_FIELD_HOMES;

/**
 * The custom values of a record written by `caller` (DESIGN.md rule 10): the values of its
 * company's enabled fields for this record (scope, service type) are validated with the schema
 * the browser renders (400 at `<path>/<code>`); every other value keeps what is stored — another
 * company's fields, a disabled field, a field of another service type — as a read-only field of
 * an entity is kept; a value naming no field of the company and not stored is refused.
 */
export async function customValues(db: Reader, caller: Caller, home: Home, record: Row, target: CustomFieldTarget, path: string, existing?: Row): Promise<{ values: Row; errors: FieldError[] }> {
  return companyCustomValues(db, caller.company.companyId, home, record, target, path, existing);
}

/**
 * The same for the fields of one company (`companyId`; undefined: none), whoever writes: a report's
 * are its service client's. A draft may leave required fields empty (`draft`).
 */
export async function companyCustomValues(
  db: Reader,
  companyId: number | undefined,
  home: Home,
  record: Row,
  target: CustomFieldTarget,
  path: string,
  existing?: Row,
  options: { draft?: boolean } = {},
): Promise<{ values: Row; errors: FieldError[] }> {
  const { property, scope } = CUSTOM_FIELD_HOMES[home];
  const given = record[property];
  const stored: Row = isPlainObject(existing?.[property]) ? (existing![property] as Row) : {};
  // An update leaving them out keeps them; a value that is no object is the entity schema's to refuse.
  if ((given === undefined && existing) || (given !== undefined && !isPlainObject(given))) return { values: stored, errors: [] };
  const company = await companyCustomFields(db, companyId ?? NO_COMPANY);
  const { schema, validate } = company.forTarget(scope, target, options.draft);
  const properties = (schema.properties ?? {}) as Row;
  const writable = new Set(Object.keys(properties).filter((code) => (properties[code] as Row).readOnly !== true));
  const known = new Set(company.fields.map((field) => field.code));
  const values: Row = Object.fromEntries(Object.entries(given ?? {}).filter(([code]) => writable.has(code)));
  const errors: FieldError[] = Object.keys(given ?? {})
    .filter((code) => !writable.has(code) && !known.has(code) && !Object.hasOwn(stored, code))
    .map((code) => ({ path: `${path}/${code}`, key: 'validation.unknownField' }));
  if (!validate(values)) errors.push(...fieldErrors(validate.errors).map((error) => ({ ...error, path: `${path}${error.path}` })));
  const kept = Object.fromEntries(Object.entries(stored).filter(([code]) => !writable.has(code)));
  return { values: { ...kept, ...values }, errors };
}

/** No company has this id: a record without one has no custom fields. */
const NO_COMPANY = 0;
