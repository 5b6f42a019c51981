import { customFieldsFor, customFieldsObject, type CustomFieldDef, type CustomFieldScope, type CustomFieldTarget } from '../../domain/customFields';
import type { JsonSchema } from '../../engine/schema/resolve';
import { eq } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
import { createAjv, type Validator } from '../validation';

/**
 * A company's custom fields compiled once into JSON Schema and ajv validators (domain/customFields.ts
 * builds them), reused until the fields change. The key is the fields themselves, read from the
 * store at each use: a field added, changed or removed through any server makes a new key, so
 * servers sharing one database never validate with a stale schema and none needs to be told; and
 * two stores served by one process (the tests') never share a schema whose ids and versions agree.
 */
export const CUSTOM_FIELDS = 'customFields';

export type StoredCustomField = Stored<CustomFieldDef & Row & { customFieldId: number; companyId: number }>;

export interface CompanyCustomFields {
  fields: StoredCustomField[];
  /** The fields of a scope (and GLOBAL ones), every service and product type. */
  object(scope: CustomFieldScope): JsonSchema;
  /** The fields of a scope applying to one record, with the validator of their values (a draft's leaves out `required`). */
  forTarget(scope: CustomFieldScope, target: CustomFieldTarget, draft?: boolean): { schema: JsonSchema; validate: Validator };
}

/** The fields as stored (a few kilobytes): any change to them makes a compiled schema stale. */
const fingerprint = (companyId: number, fields: StoredCustomField[]) => `${companyId}|${JSON.stringify(fields)}`;

/** At most this many companies' compiled schemas are kept; past it the cache starts afresh. */
const MAX_COMPANIES = 200;
const compiled = new Map<string, CompanyCustomFields>();

/** The schema of the values a client may write: enabled fields only (a disabled one is kept as stored). */
function writableOf(schema: JsonSchema): JsonSchema {
  const properties = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).filter(([, property]) => property.readOnly !== true));
  return { ...schema, properties };
}

function compile(fields: StoredCustomField[]): CompanyCustomFields {
  // One ajv per version of the fields: it keeps what it compiled, and goes with them.
  const ajv = createAjv();
  const objects = new Map<CustomFieldScope, JsonSchema>();
  const targets = new Map<string, { schema: JsonSchema; validate: Validator }>();
  const object = (scope: CustomFieldScope) => {
    if (!objects.has(scope)) objects.set(scope, customFieldsObject(fields, scope));
    return objects.get(scope)!;
  };
  return {
    fields,
    object,
    forTarget(scope, target, draft = false) {
      const key = `${scope}|${target.serviceType ?? ''}|${target.productType ?? ''}|${draft}`;
      if (!targets.has(key)) {
        const schema = customFieldsFor(object(scope), target, { draft });
        targets.set(key, { schema, validate: ajv.compile(writableOf(schema)) });
      }
      return targets.get(key)!;
    },
  };
}

/** The caller's company's custom fields, compiled (from the cache while they have not changed). */
export async function companyCustomFields(db: Reader, companyId: number): Promise<CompanyCustomFields> {
  const fields = await db.query<StoredCustomField>({ collection: CUSTOM_FIELDS, where: eq('companyId', companyId), orderBy: [{ field: 'customFieldId' }] });
  const key = fingerprint(companyId, fields);
  const known = compiled.get(key);
  if (known) return known;
  if (compiled.size >= MAX_COMPANIES) compiled.clear();
  const fresh = compile(fields);
  compiled.set(key, fresh);
  return fresh;
}
