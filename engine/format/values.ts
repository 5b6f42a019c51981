import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { dateLocale, dayFormat, formatDay } from './localDates';
import { groupsThousands } from './numbers';
import { enumText } from '../i18n';
import { enumOf, fieldKind, lookupOf, type FieldKind } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';

/**
 * How a record value reads for a person: the grid cells and the Excel export use the same
 * text, so an export matches what the user saw.
 */
export interface FormatContext {
  t: TFunction;
  locale: string;
  /** Label of a lookup id, when already known. */
  lookupLabel: (url: string, id: unknown) => string | undefined;
}

export interface ValueSpec {
  field: string;
  schema: JsonSchema;
  currencyField?: string;
}

/** Days, months and moments read the same in every list, form and calendar (localDates.ts). */
export function formatDate(value: unknown, locale: string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}$/.test(value)) return dayjs(`${value}-01`).locale(locale.slice(0, 2)).format('MMM YYYY');
  return formatDay(value, locale);
}

/** A moment in the user's time zone: the day as everywhere, then the 24-hour time. */
export function formatDateTime(value: unknown, locale: string): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return value == null ? '' : String(value);
  return dayjs(value).locale(locale.slice(0, 2)).format(`${dayFormat(dateLocale(locale))} HH:mm`);
}

/**
 * A number in the screen's locale, thousands always grouped (Italian groups 8.600 too, which
 * Intl's default leaves as 8600) unless `grouping` is false (a year: `x-grouping`), as the number
 * inputs show it (engine/format/numbers.ts).
 */
export function formatNumber(value: unknown, locale: string, decimals?: number, grouping = true): string {
  if (typeof value !== 'number' || Number.isNaN(value)) return value == null ? '' : String(value);
  const digits = decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  return new Intl.NumberFormat(locale, { ...digits, useGrouping: grouping ? 'always' : false } as Intl.NumberFormatOptions).format(value);
}

/** Amounts have 2 decimals (spec §9); an unknown currency code still shows beside the number. */
export function formatMoney(amount: unknown, currency: unknown, locale: string): string {
  if (typeof amount !== 'number' || Number.isNaN(amount)) return '';
  if (typeof currency === 'string' && currency) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' } as Intl.NumberFormatOptions).format(amount);
    } catch {
      return `${formatNumber(amount, locale, 2)} ${currency}`;
    }
  }
  return formatNumber(amount, locale, 2);
}

/** Decimal places a number property is shown with (the `decimals` keyword, else none forced). */
export function decimalsOf(schema: JsonSchema): number | undefined {
  return typeof schema.decimals === 'number' ? schema.decimals : undefined;
}

/**
 * An object value in one line, as its schema's `x-text` says: `parts` are groups of its fields, a
 * group's values joined by a space, groups by `separator` (default ` · `), empty ones left out —
 * a quantity reads `1,200 Piece · Box`. Without `x-text`: its values in schema order.
 */
export function objectText(schema: JsonSchema, value: unknown, ctx: FormatContext): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const rule = schema['x-text'] as { parts: string[][]; separator?: string; language?: boolean } | undefined;
  const parts = rule?.parts ?? Object.keys(props).map((field) => [field]);
  const one = (field: string) => (props[field] ? cellText({ field, schema: props[field] }, value as Record<string, unknown>, ctx) : '');
  const texts = parts.map((group) => group.map(one).filter(Boolean).join(' '));
  if (rule?.language) {
    // Per-language names: the reader's language, else the first part given (English first).
    const own = parts.findIndex((group) => group[0] === languageOf(ctx.locale));
    return (own >= 0 && texts[own]) || texts.find(Boolean) || '';
  }
  return texts.filter(Boolean).join(rule?.separator ?? ' · ');
}

/** `fr-FR` → `fr`. */
const languageOf = (locale: string) => locale.split('-')[0].toLowerCase();

/** A record's name in one line: its text, or an object as its `x-text` says (per-language names in the reader's language). */
export function labelText(schema: JsonSchema | undefined, value: unknown, ctx: FormatContext): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) return schema ? objectText(schema, value, ctx) : '';
  return value == null ? '' : String(value);
}

function listText(values: unknown, one: (v: unknown) => string): string {
  return Array.isArray(values) ? values.map(one).filter(Boolean).join(', ') : '';
}

export function cellText(spec: ValueSpec, record: Record<string, unknown>, ctx: FormatContext, kind: FieldKind = fieldKind(spec.schema)): string {
  const value = record[spec.field];
  const { t, locale } = ctx;
  const lookup = lookupOf(spec.schema);
  const enumName = enumOf(spec.schema)?.name;
  // A text in a field of integer ids was stored before the field was a list: it reads as it is.
  const unknown = (id: unknown) => (typeof id === 'string' && spec.schema?.type === 'integer' ? id : `#${id}`);
  const label = (id: unknown) => (lookup && id != null ? (ctx.lookupLabel(lookup.url, id) ?? unknown(id)) : '');
  if (spec.currencyField) return formatMoney(value, record[spec.currencyField], locale);
  switch (kind) {
    case 'date':
    case 'yearMonth':
      return formatDate(value, locale);
    case 'dateTime':
      return formatDateTime(value, locale);
    case 'enum':
      return enumText(t, enumName, value);
    case 'enumList':
      return listText(value, (v) => enumText(t, enumName, v));
    case 'lookup':
      return label(value);
    case 'lookupList':
    case 'tags':
      return listText(value, label);
    case 'boolean':
      return value === true ? t('engine.value.yes') : value === false ? t('engine.value.no') : '';
    case 'integer':
      return formatNumber(value, locale, 0, groupsThousands(spec.schema));
    case 'number':
      return formatNumber(value, locale, decimalsOf(spec.schema), groupsThousands(spec.schema));
    case 'objectList':
    case 'list':
      return Array.isArray(value) ? String(value.length) : '';
    case 'object':
      return objectText(spec.schema, value, ctx);
    default:
      return value == null ? '' : String(value);
  }
}

/** Excel keeps numbers as numbers (so sums work); everything else is the displayed text. */
export function exportValue(spec: ValueSpec, record: Record<string, unknown>, ctx: FormatContext): string | number | null {
  const kind = fieldKind(spec.schema);
  const value = record[spec.field];
  if ((kind === 'number' || kind === 'integer') && typeof value === 'number') return value;
  const text = cellText(spec, record, ctx, kind);
  return text === '' ? null : text;
}

/** Excel number format of a column: amounts show their currency code. */
export function exportNumberFormat(spec: ValueSpec, record?: Record<string, unknown>): string | undefined {
  const kind = fieldKind(spec.schema);
  if (spec.currencyField) {
    const currency = record?.[spec.currencyField];
    return typeof currency === 'string' ? `#,##0.00 "${currency}"` : '#,##0.00';
  }
  if (kind === 'integer') return '0';
  if (kind === 'number') return decimalsOf(spec.schema) === 2 && groupsThousands(spec.schema) ? '#,##0.00' : undefined;
  return undefined;
}
