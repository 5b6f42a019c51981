import type { JsonSchema } from '../../engine/schema/resolve';
import { HttpError, validationError, type FieldError } from '../errors';
import type { Caller } from '../context';
import { lookupAt, lookupRefusal } from '../lookups/answer';
import type { EntityDef, Registry } from '../schemas';
import type { Reader, Row, Stored } from '../store/types';
import { TAGS, tagOptionsUrl, tagUsable, type Tag } from '../tags';
import { entityRules } from './entityRules';
import { canSee } from './visibility';

/**
 * Ids written into x-lookup fields must be ids the caller could have picked from that
 * lookup: what a lookup of lookups.json offers (a company or contact of their universe), a usable
 * tag, a record they can see.
 */
interface LookupRef {
  /** Field pattern (`teamMembers[].contactId`) to compare old and new values. */
  field: string;
  path: string;
  url: string;
  value: unknown;
}

/** True when accepted; else the key of the field's error (a company outside the network: its own key, a 422). */
type Check = (value: unknown) => Promise<boolean | string>;

/** A company of the caller's universe but outside its network (docs/network.md): a business rule, not a bad id. */
export const OUTSIDE_NETWORK = 'validation.outsideNetwork';

function collectRefs(schema: JsonSchema, record: unknown, field: string, path: string, out: LookupRef[]): void {
  if (record === undefined || record === null) return;
  const lookup = schema['x-lookup'] as { url: string } | undefined;
  if (lookup) {
    const values = Array.isArray(record) ? record : [record];
    values.forEach((value, index) => out.push({ field, path: Array.isArray(record) ? `${path}/${index}` : path, url: lookup.url, value }));
    return;
  }
  if (schema.type === 'array' && schema.items && Array.isArray(record)) {
    record.forEach((item, index) => collectRefs(schema.items, item, `${field}[]`, `${path}/${index}`, out));
    return;
  }
  if (schema.properties && record && typeof record === 'object') {
    for (const [name, child] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      collectRefs(child, (record as Row)[name], field ? `${field}.${name}` : name, `${path}/${name}`, out);
    }
  }
}

export function lookupRefs(schema: JsonSchema, record: unknown): LookupRef[] {
  const out: LookupRef[] = [];
  collectRefs(schema, record, '', '', out);
  return out;
}

/**
 * The check behind a lookup url; urls the server does not know are not checked. A lookup of
 * lookups.json accepts what it would offer the caller (same scope, fixed conditions, not hidden).
 */
function checkFor(url: string, db: Reader, registry: Registry, caller: Caller): { check: Check; key: string } | undefined {
  const configured = lookupAt(registry, url);
  if (configured) {
    const check: Check = async (value) => {
      const refusal = await lookupRefusal({ db, registry, caller, language: caller.contact.language }, configured, value);
      return refusal === 'outsideNetwork' ? OUTSIDE_NETWORK : !refusal;
    };
    return { check, key: 'validation.unknownReference' };
  }
  const tagSource = tagOptionsUrl.exec(url)?.[1];
  if (tagSource) {
    return { check: async (id) => typeof id === 'number' && tagUsable(await db.get<Tag>(TAGS, id), caller, tagSource), key: 'validation.unusableTag' };
  }
  const target = [...registry.entities.values()].find((entity: EntityDef) => entity.api && url === `${entity.api}/lookup`);
  if (!target) return undefined;
  // An entity with a visibility rule of its own (a service) follows it, not x-visibility.
  const sees = entityRules(target.name)?.sees;
  const visible = (record: Stored<Row>) => (sees ? sees(record, caller) : canSee(target, record, caller));
  return {
    check: async (id) => {
      const record = typeof id === 'number' ? await db.get(target.collection, id) : undefined;
      // An archived record left the pickers: a record keeps it, a new reference may not name it.
      return !!record && visible(record) && !(target.archive && record[target.archive] === true);
    },
    key: 'validation.unknownReference',
  };
}

/**
 * Refuses (400, field errors) lookup values the caller could not pick; when every refused value is a
 * company outside the caller's network, 422 with those field errors. On update, values already on the
 * stored record are kept as they are, even if the caller cannot see them.
 */
export async function assertLookups(entity: EntityDef, record: Row, existing: Row | undefined, caller: Caller, db: Reader, registry: Registry): Promise<void> {
  const kept = new Set(existing ? lookupRefs(entity.schema, existing).map((ref) => `${ref.field}=${String(ref.value)}`) : []);
  const errors: FieldError[] = [];
  for (const ref of lookupRefs(entity.schema, record)) {
    if (kept.has(`${ref.field}=${String(ref.value)}`)) continue;
    const rule = checkFor(ref.url, db, registry, caller);
    const verdict = rule ? await rule.check(ref.value) : true;
    if (verdict !== true) errors.push({ path: ref.path, key: typeof verdict === 'string' ? verdict : rule!.key });
  }
  if (errors.length && errors.every((error) => error.key === OUTSIDE_NETWORK)) throw new HttpError(422, 'BusinessException', 'error.outsideNetwork', {}, errors);
  if (errors.length) throw validationError(errors);
}
