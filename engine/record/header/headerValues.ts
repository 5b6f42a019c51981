import type { TFunction } from 'i18next';
import { cellText, type FormatContext } from '../../format/values';
import { enumText } from '../../i18n';
import { knownLabel } from '../../lookup/cache';
import { fieldKind, propertiesOf } from '../../schema/fields';
import type { JsonSchema } from '../../schema/resolve';
import { valueAt } from './conditions';

type Row = Record<string, unknown>;

/** The schema of a dotted path of the entity (`report.clientDecision`). */
export function schemaAt(entity: JsonSchema, path: string): JsonSchema | undefined {
  let schema: JsonSchema | undefined = entity;
  for (const key of path.split('.')) schema = schema ? propertiesOf(schema)[key] : undefined;
  return schema;
}

/**
 * A value of the record as the header reads it: formatted by its schema (dates, enum labels, lookups),
 * or labelled by `enumName` when the answer carries a field no schema has.
 */
export function headerValueText(t: TFunction, locale: string, entity: JsonSchema, record: Row, path: string, enumName?: string): string {
  const value = valueAt(record, path);
  if (enumName) return value == null || value === '' ? '' : enumText(t, enumName, value);
  const schema = schemaAt(entity, path);
  if (!schema) return value == null ? '' : String(value);
  const ctx: FormatContext = { t, locale, lookupLabel: knownLabel };
  return cellText({ field: 'value', schema }, { value }, ctx, fieldKind(schema));
}
