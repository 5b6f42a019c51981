import { describe, expect, it } from 'vitest';
import { dateLocale, formatDay, isIsoDay, parseTypedDay } from '../../engine/format/localDates';
import { formatDate, formatDateTime } from '../../engine/format/values';

/**
 * Typed dates follow the screen's locale (engine/format/localDates.ts): the app language gives
 * the words, the browser's English region the order of day and month; nothing impossible is
 * silently turned into another day.
 */
const GB = ['en-GB', 'en'];
const US = ['en-US', 'en'];
const today = new Date(2026, 10, 25);
const parse = (text: string, language: string, browser: readonly string[] = GB) => parseTypedDay(text, language, { today, browser });

describe('the locale of dates', () => {
  it('English follows the browser: en-US month first, en-GB or any other day first; fr and it day first', () => {
    expect(dateLocale('en', GB)).toBe('en-GB');
    expect(dateLocale('en', US)).toBe('en-US');
    expect(dateLocale('en', ['fr-FR', 'en-US'])).toBe('en-US');
    expect(dateLocale('en', ['en-IE'])).toBe('en-GB');
    expect(dateLocale('en', [])).toBe('en-GB');
    expect(dateLocale('fr', US)).toBe('fr');
    expect(dateLocale('it', US)).toBe('it');
  });
});

describe('typed dates', () => {
  it('en-GB reads 10/12/2026 as 10 December; en-US as 12 October', () => {
    expect(parse('10/12/2026', 'en', GB)).toEqual({ date: '2026-12-10' });
    expect(parse('10/12/2026', 'en', US)).toEqual({ date: '2026-10-12' });
  });

  it('French and Italian read day first, whatever the browser', () => {
    expect(parse('10/12/2026', 'fr', US)).toEqual({ date: '2026-12-10' });
    expect(parse('10.12.2026', 'it', US)).toEqual({ date: '2026-12-10' });
    expect(parse('3-4-26', 'fr')).toEqual({ date: '2026-04-03' });
  });

  it('31/02 is invalid, never moved to March', () => {
    expect(parse('31/02/2026', 'en')).toEqual({ invalid: true });
    expect(parse('31/02', 'fr')).toEqual({ invalid: true });
    expect(parse('2026-02-31', 'en')).toEqual({ invalid: true });
    expect(parse('13/13/2026', 'en', US)).toEqual({ invalid: true });
  });

  it('a day and month without a year take the current year (20/12 → 20 December this year)', () => {
    expect(parse('20/12', 'en', GB)).toEqual({ date: '2026-12-20' });
    expect(parse('12/20', 'en', US)).toEqual({ date: '2026-12-20' });
    expect(parse('20/12', 'en', US)).toEqual({ invalid: true });
  });

  it('reads ISO dates and the shown form back; blank is no date; words are invalid', () => {
    expect(parse(' 2026-12-10 ', 'it')).toEqual({ date: '2026-12-10' });
    expect(parse('10 Dec 2026', 'en', GB)).toEqual({ date: '2026-12-10' });
    expect(parse('Dec 10, 2026', 'en', US)).toEqual({ date: '2026-12-10' });
    expect(parse('10 déc. 2026', 'fr')).toEqual({ date: '2026-12-10' });
    expect(parse('10 dicembre 2026', 'it')).toEqual({ date: '2026-12-10' });
    expect(parse('   ', 'en')).toBeNull();
    expect(parse('next tuesday', 'en')).toEqual({ invalid: true });
    expect(isIsoDay('2026-12-10')).toBe(true);
    expect(isIsoDay('10/12/2026')).toBe(false);
  });
});

describe('one shown format per locale, in forms and lists', () => {
  it('the medium date of the locale, typed back to the same day', () => {
    expect(formatDay('2026-12-10', 'en', GB)).toBe('10 Dec 2026');
    expect(formatDay('2026-12-10', 'en', US)).toBe('Dec 10, 2026');
    expect(formatDay('2026-12-10', 'fr')).toBe('10 déc. 2026');
    expect(formatDay('2026-12-10', 'it')).toBe('10 dic 2026');
    for (const [language, browser] of [['en', GB], ['en', US], ['fr', GB], ['it', GB]] as const) {
      expect(parse(formatDay('2026-03-01', language, browser), language, browser)).toEqual({ date: '2026-03-01' });
    }
  });

  it('grid cells (formatDate) show the same text as the inputs; a typed invalid value shows as typed', () => {
    expect(formatDate('2026-12-10', 'fr')).toBe(formatDay('2026-12-10', 'fr'));
    expect(formatDate('2026-12-10', 'it')).toBe('10 dic 2026');
    // English lists showed Intl's en-US "Dec 10, 2026" beside inputs showing "10 Dec 2026".
    expect(formatDate('2026-12-10', 'en')).toBe('10 Dec 2026');
    expect(formatDate('2026-12', 'en')).toBe('Dec 2026');
    expect(formatDateTime('2026-12-10T09:05:00', 'en')).toBe('10 Dec 2026 09:05');
    expect(formatDay('31/02/2026', 'en')).toBe('31/02/2026');
  });
});
