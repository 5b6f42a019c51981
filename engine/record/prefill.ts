import { propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import { paramValue } from '../search/routeParams';

type Row = Record<string, unknown>;

/**
 * A new record's values from the create route's query (`prefill`: parameter → field). A list field
 * takes comma-separated values, and every parameter naming it adds to it (`contactId`,
 * `contactsIdHK` → `contributors`). Values are typed like the field; what is not a number stays
 * text, for the form to mark rather than drop.
 */
export function prefillValues(entity: JsonSchema, prefill: Record<string, string> | undefined, query: URLSearchParams): Row {
  const props = propertiesOf(entity);
  const out: Row = {};
  for (const [param, field] of Object.entries(prefill ?? {})) {
    const prop = props[field];
    const texts = query.getAll(param).flatMap((text) => text.split(',')).map((text) => text.trim()).filter(Boolean);
    if (!prop || prop.readOnly || !texts.length) continue;
    if (prop.type === 'array') {
      const items = (prop.items ?? {}) as JsonSchema;
      const values = [...((out[field] as unknown[]) ?? []), ...texts.map((text) => paramValue(items, text))];
      out[field] = [...new Set(values)];
    } else {
      out[field] = paramValue(prop, texts[0]);
    }
  }
  return out;
}
