import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';

dayjs.extend(customParseFormat);

/**
 * One way to show and read a calendar day per screen language, for every list, form and calendar.
 *
 * - The app's language (en, fr, it) gives the words; for English the browser's own locale decides
 *   the order of day and month (en-US: month first; any other English, or none: day first, as in
 *   en-GB). French and Italian are day first.
 * - Shown as the locale's medium date: `10 Dec 2026` (en-GB), `Dec 10, 2026` (en-US),
 *   `10 déc. 2026` (fr), `10 dic 2026` (it).
 * - Typed: digits in the locale's order (`10/12/2026`, `10.12.26`, `10-12`), an ISO date
 *   (`2026-12-10`) or the shown form. A day and month without a year take the current year
 *   (`20/12` → 20 December this year). An impossible date (`31/02/2026`) is invalid, never moved
 *   to another day.
 */
export const ISO_DAY = 'YYYY-MM-DD';

/** The browser's preferred locales (none on the server and in unit tests). */
const browserLocales = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/** The locale that orders and names dates for a screen in `language` (en, fr, it). */
export function dateLocale(language: string, browser: readonly string[] = browserLocales()): string {
  const lang = language.slice(0, 2).toLowerCase();
  if (lang !== 'en') return lang;
  const english = browser.find((tag) => tag.toLowerCase().startsWith('en-'));
  return english && monthFirst(english) ? 'en-US' : 'en-GB';
}

const monthFirstOf = new Map<string, boolean>();
/** The locale writes the month before the day (asked of Intl: en-US, en-PH… but not en-GB, en-CA). Asked once per tag: every date shown asks. */
function monthFirst(tag: string): boolean {
  let answer = monthFirstOf.get(tag);
  if (answer === undefined) monthFirstOf.set(tag, (answer = askMonthFirst(tag)));
  return answer;
}

function askMonthFirst(tag: string): boolean {
  try {
    const parts = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date(Date.UTC(2026, 11, 10)));
    const order = parts.map((part) => part.type);
    return order.indexOf('month') < order.indexOf('day') && order.indexOf('year') > order.indexOf('day');
  } catch {
    return false;
  }
}

const dayjsLocale = (locale: string) => locale.slice(0, 2);

/** The dayjs format of a shown day (also Mantine's `valueFormat`). */
export function dayFormat(locale: string): string {
  return locale === 'en-US' ? 'MMM D, YYYY' : 'D MMM YYYY';
}

/** A `YYYY-MM-DD` day as the screen shows it; any other value as it is. */
export function formatDay(value: unknown, language: string, browser?: readonly string[]): string {
  if (typeof value !== 'string' || !isIsoDay(value)) return value == null ? '' : String(value);
  const locale = dateLocale(language, browser);
  return dayjs(value, ISO_DAY).locale(dayjsLocale(locale)).format(dayFormat(locale));
}

/** A real calendar day written `YYYY-MM-DD` (2026-02-31 is not). */
export function isIsoDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, ISO_DAY, true).isValid();
}

export type TypedDay = { date: string } | { invalid: true } | null;

function day(year: number, month: number, date: number): TypedDay {
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  return isIsoDay(text) ? { date: text } : { invalid: true };
}

const WRITTEN_FORMATS = ['D MMM YYYY', 'D MMMM YYYY', 'MMM D, YYYY', 'MMMM D, YYYY', 'MMM D YYYY', 'MMMM D YYYY'];

/**
 * What a person typed in a date field: `{date}` (YYYY-MM-DD), `{invalid}` (kept in the field and
 * marked) or null when blank. `today` gives the year of a date typed without one.
 */
export function parseTypedDay(text: string, language: string, options: { today?: Date; browser?: readonly string[] } = {}): TypedDay {
  const input = text.trim().replace(/\s+/g, ' ');
  if (!input) return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(input);
  if (iso) return day(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const locale = dateLocale(language, options.browser);
  const digits = /^(\d{1,2})[/.\- ](\d{1,2})(?:[/.\- ](\d{4}|\d{2}))?$/.exec(input);
  if (digits) {
    const [first, second] = [Number(digits[1]), Number(digits[2])];
    const [date, month] = locale === 'en-US' ? [second, first] : [first, second];
    const yearText = digits[3];
    const year = yearText === undefined ? (options.today ?? new Date()).getFullYear() : yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    return day(year, month, date);
  }
  const words = dayjsLocale(locale);
  for (const format of WRITTEN_FORMATS) {
    const parsed = dayjs(input, format, words, true);
    if (parsed.isValid()) return { date: parsed.format(ISO_DAY) };
  }
  return { invalid: true };
}

/** Digits are typed month first (en-US): the invalid-date message says which order it expects. */
export function typedMonthFirst(language: string, browser?: readonly string[]): boolean {
  return dateLocale(language, browser) === 'en-US';
}
