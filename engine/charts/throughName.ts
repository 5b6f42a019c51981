import { formatDay } from '../format/localDates';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A date bucket as a sentence names it in the screen's language: `2026-03` "March 2026",
 * `2026-03-14` as the screen writes a day; other values as they are.
 */
export function bucketName(value: unknown, language: string): string {
  const text = String(value ?? '');
  const month = /^(\d{4})-(\d{2})$/.exec(text);
  if (month) return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? formatDay(text, language) : text;
}

/**
 * The accessible name of something a click opens (a bar, a day, a row with a `through`): what it is,
 * its figure and that it opens the search of what it counts ("March 2026: 42 Orders, open the search").
 */
export function throughName(t: Translate, name: string, figure?: string): string {
  return figure ? t('engine.through.open', { name, figure }) : t('engine.through.openPlain', { name });
}
