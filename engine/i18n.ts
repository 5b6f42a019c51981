import type { TFunction } from 'i18next';

/**
 * Translation helpers shared by the engine. Schema titles, screen titles and enum labels are
 * i18n keys (docs/schemas.md); a missing label must never show a raw dotted key.
 */

/** `x.startDate` → "Start date": a readable stand-in for a title key with no translation. */
export function humanize(key: string): string {
  const last = key.split('.').pop() ?? key;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The translation of a title key, or a humanized version of it. */
export function titleText(t: TFunction, key: string | undefined, fallback = ''): string {
  if (!key) return fallback;
  return t(key, { defaultValue: humanize(key) });
}

/** Enum labels are `enum.<x-enum>.<VALUE>`; a missing label shows the raw value (docs/schemas.md). */
export function enumText(t: TFunction, enumName: string | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const raw = String(value);
  return enumName ? t(`enum.${enumName}.${raw}`, { defaultValue: raw }) : raw;
}

/** Workflow buttons are `workflow.<machine>.<EVENT>`. */
export function actionText(t: TFunction, machine: string, event: string): string {
  return t(`workflow.${machine}.${event}`, { defaultValue: humanize(event) });
}
