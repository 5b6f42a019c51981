import { describe, expect, it } from 'vitest';
import { decimalsIn, fieldDecimals, fieldNumberText, inputNumberText, leaveNumberField, numberSeparators, parseTypedNumber, roundDecimals } from '../../engine/format/numbers';

const NNBSP = '\u202f';
const NBSP = '\u00a0';
const read = (text: string, locale: string) => {
  const typed = parseTypedNumber(text, locale);
  return typed === null ? null : 'value' in typed ? typed.value : typed.problem;
};

describe('the separators of a locale come from Intl', () => {
  it('gives fr, it and en their decimal and group marks', () => {
    expect(numberSeparators('fr')).toEqual({ decimal: ',', group: NNBSP });
    expect(numberSeparators('it')).toEqual({ decimal: ',', group: '.' });
    expect(numberSeparators('en')).toEqual({ decimal: '.', group: ',' });
    expect(numberSeparators('en-GB')).toEqual({ decimal: '.', group: ',' });
  });
});

describe('parseTypedNumber reads what a person types, by the locale', () => {
  const cases: [string, Record<'fr' | 'it' | 'en', number | 'unreadable' | 'ambiguous' | null>][] = [
    // the issue's own entries
    ['12,50', { fr: 12.5, it: 12.5, en: 12.5 }],
    ['1 234,50', { fr: 1234.5, it: 1234.5, en: 1234.5 }],
    [`1${NNBSP}234,50`, { fr: 1234.5, it: 1234.5, en: 1234.5 }],
    [`1${NBSP}234,50`, { fr: 1234.5, it: 1234.5, en: 1234.5 }],
    ['1.234,50', { fr: 1234.5, it: 1234.5, en: 1234.5 }],
    ['1,234.50', { fr: 1234.5, it: 1234.5, en: 1234.5 }],
    ['1234.56', { fr: 1234.56, it: 1234.56, en: 1234.56 }],
    ['1234,56', { fr: 1234.56, it: 1234.56, en: 1234.56 }],
    // plain numbers
    ['0', { fr: 0, it: 0, en: 0 }],
    ['42', { fr: 42, it: 42, en: 42 }],
    ['  42  ', { fr: 42, it: 42, en: 42 }],
    ['-5', { fr: -5, it: -5, en: -5 }],
    ['\u22125,5', { fr: -5.5, it: -5.5, en: -5.5 }],
    ['+7', { fr: 7, it: 7, en: 7 }],
    ['', { fr: null, it: null, en: null }],
    ['   ', { fr: null, it: null, en: null }],
    // one mark before exactly three digits: the locale's own group separator groups, the decimal mark is decimal, the other is either
    ['1.234', { fr: 'ambiguous', it: 1234, en: 1.234 }],
    ['1,234', { fr: 1.234, it: 1.234, en: 1234 }],
    ['12.345', { fr: 'ambiguous', it: 12345, en: 12.345 }],
    // a mark that cannot group (not 3 digits after, or more than 3 before) is a decimal mark
    ['1234.567', { fr: 1234.567, it: 1234.567, en: 1234.567 }],
    ['0.5', { fr: 0.5, it: 0.5, en: 0.5 }],
    ['.5', { fr: 0.5, it: 0.5, en: 0.5 }],
    [',5', { fr: 0.5, it: 0.5, en: 0.5 }],
    ['12.', { fr: 12, it: 12, en: 12 }],
    ['12,', { fr: 12, it: 12, en: 12 }],
    ['1.2345', { fr: 1.2345, it: 1.2345, en: 1.2345 }],
    // a mark repeated between groups of three only groups
    ['1.234.567', { fr: 1234567, it: 1234567, en: 1234567 }],
    ['1,234,567', { fr: 1234567, it: 1234567, en: 1234567 }],
    ['1.234.567,89', { fr: 1234567.89, it: 1234567.89, en: 1234567.89 }],
    ['1,234,567.89', { fr: 1234567.89, it: 1234567.89, en: 1234567.89 }],
    ['1 234 567', { fr: 1234567, it: 1234567, en: 1234567 }],
    ["1'234.50", { fr: 1234.5, it: 1234.5, en: 1234.5 }],
    ['1 234.50', { fr: 1234.5, it: 1234.5, en: 1234.5 }],
    // nothing else is guessed
    ['12 50', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['1.2.3', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['1,2,3', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['12,50,', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['1.234,5.6', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['12.34.567', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['1e5', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['12abc', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['€12', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['-', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['.', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['--5', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['1 234 5', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['12 3456', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
    ['Infinity', { fr: 'unreadable', it: 'unreadable', en: 'unreadable' }],
  ];
  for (const [text, expected] of cases) {
    it(`reads ${JSON.stringify(text)}`, () => {
      expect({ fr: read(text, 'fr'), it: read(text, 'it'), en: read(text, 'en') }).toEqual(expected);
    });
  }

  it('reads the texts it shows back to the same number in every locale', () => {
    for (const locale of ['fr', 'it', 'en', 'en-GB', 'en-US']) {
      for (const value of [0, 0.5, 12.5, 999.99, 1234.5, 1234567.89, -1234.5, 999999999.99]) {
        expect(read(inputNumberText(value, locale, { fixed: 2 }), locale), `${value} in ${locale}`).toBe(value);
      }
    }
  });
});

describe('rounding follows spec §5.1: half away from zero, never truncated', () => {
  it('rounds to the decimals asked', () => {
    expect(roundDecimals(1234.567, 2)).toBe(1234.57);
    expect(roundDecimals(1234.564, 2)).toBe(1234.56);
    expect(roundDecimals(1.005, 2)).toBe(1.01);
    expect(roundDecimals(2.675, 2)).toBe(2.68);
    expect(roundDecimals(0.125, 2)).toBe(0.13);
    expect(roundDecimals(-1.005, 2)).toBe(-1.01);
    expect(roundDecimals(-0.001, 2)).toBe(0);
    expect(roundDecimals(12.5, 0)).toBe(13);
    expect(roundDecimals(999999999.995, 2)).toBe(1000000000);
    expect(roundDecimals(1e-7, 2)).toBe(0);
    expect(roundDecimals(12.3456, 3)).toBe(12.346);
  });

  it('a field holds 2 decimals unless its schema says otherwise; integers none', () => {
    expect(fieldDecimals({ type: 'number' })).toBe(2);
    expect(fieldDecimals({ type: 'number', decimals: 4 })).toBe(4);
    expect(fieldDecimals({ type: 'integer' })).toBe(0);
  });
});

describe('leaving a number field rounds it in front of the person', () => {
  const money = { type: 'number', decimals: 2 };
  it('shows the rounded number in the locale, which is the value saved', () => {
    expect(leaveNumberField('1234.567', 'en', money)).toEqual({ value: 1234.57, text: '1,234.57' });
    expect(leaveNumberField('1234.567', 'fr', money)).toEqual({ value: 1234.57, text: `1${NNBSP}234,57` });
    expect(leaveNumberField('12,5', 'it', money)).toEqual({ value: 12.5, text: '12,50' });
    expect(leaveNumberField('1.234,50', 'it', money)).toEqual({ value: 1234.5, text: '1.234,50' });
    expect(leaveNumberField('3', 'fr', { type: 'number' })).toEqual({ value: 3, text: '3' });
    expect(leaveNumberField('3,456', 'fr', { type: 'number' })).toEqual({ value: 3.46, text: '3,46' });
    expect(leaveNumberField('8600', 'it', { type: 'integer' })).toEqual({ value: 8600, text: '8.600' });
  });

  it('keeps what it cannot read as typed, with its problem', () => {
    expect(leaveNumberField('12.7', 'en', { type: 'integer' })).toEqual({ problem: 'fraction', text: '12.7' });
    expect(leaveNumberField('12,7', 'fr', { type: 'integer' })).toEqual({ problem: 'fraction', text: '12,7' });
    expect(leaveNumberField('1.234', 'fr', money)).toEqual({ problem: 'ambiguous', text: '1.234' });
    expect(leaveNumberField('12 50', 'fr', money)).toEqual({ problem: 'unreadable', text: '12 50' });
    expect(leaveNumberField('', 'fr', money)).toBeNull();
  });
});

describe('a stored number is shown as it is, never rounded on screen', () => {
  it('counts the decimals a number is written with', () => {
    expect([decimalsIn(3), decimalsIn(1234.5), decimalsIn(22.543123), decimalsIn(1e-7), decimalsIn(-0.25)]).toEqual([0, 1, 6, 7, 2]);
  });

  it('shows the field decimals, or more when the value has more', () => {
    expect(fieldNumberText(1234.5, 'fr', { type: 'number', decimals: 2 })).toBe(`1${NNBSP}234,50`);
    expect(fieldNumberText(1.083721, 'it', { type: 'number', decimals: 6 })).toBe('1,083721');
    expect(fieldNumberText(1.08, 'it', { type: 'number', decimals: 6 })).toBe('1,080000');
    expect(fieldNumberText(22.5431, 'en', { type: 'number' })).toBe('22.5431');
    expect(fieldNumberText(3, 'en', { type: 'number' })).toBe('3');
    expect(fieldNumberText(8600, 'it', { type: 'integer' })).toBe('8.600');
  });
});

describe('grids and panels show numbers in the locale, thousands always grouped', () => {
  it('reads 8.600 in Italian (Intl alone writes 8600), 8 600 in French, 8,600 in English', async () => {
    const { formatNumber, formatMoney } = await import('../../engine/format/values');
    const { formatValue } = await import('../../engine/charts/chartData');
    expect(formatNumber(8600, 'it')).toBe('8.600');
    expect(formatNumber(8600, 'fr')).toBe(`8${NNBSP}600`);
    expect(formatNumber(8600, 'en')).toBe('8,600');
    expect(formatNumber(1234.5, 'it', 2)).toBe('1.234,50');
    expect(formatMoney(1234.5, 'EUR', 'it')).toBe(`1.234,50${NBSP}€`);
    expect(formatValue(8600, 'integer', 'it')).toBe('8.600');
    expect(formatValue(1234.5, 'money', 'it')).toBe('1.234,50');
  });
});

describe('a year or a code reads without grouping: "x-grouping": false', () => {
  const year = { type: 'integer', 'x-grouping': false };
  it('in grid cells, record pages and exports: 2027 in every locale, other numbers still grouped', async () => {
    const { cellText, formatNumber } = await import('../../engine/format/values');
    const ctx = { t: ((key: string) => key) as never, lookupLabel: () => undefined };
    for (const locale of ['en', 'fr', 'it']) {
      expect(cellText({ field: 'year', schema: year }, { year: 2027 }, { ...ctx, locale })).toBe('2027');
      expect(cellText({ field: 'year', schema: { type: 'integer' } }, { year: 2027 }, { ...ctx, locale })).not.toBe('2027');
    }
    expect(cellText({ field: 'amount', schema: { type: 'number', decimals: 2, 'x-grouping': false } }, { amount: 12345.5 }, { ...ctx, locale: 'it' })).toBe('12345,50');
    expect(formatNumber(2027, 'en', 0, false)).toBe('2027');
    expect(formatNumber(2027, 'en', 0)).toBe('2,027');
  });

  it('in number inputs: shown and, when the person leaves the field, written back as 2027', () => {
    for (const locale of ['en', 'fr', 'it']) {
      expect(fieldNumberText(2027, locale, year)).toBe('2027');
      expect(leaveNumberField('2027', locale, year)).toEqual({ value: 2027, text: '2027' });
    }
    expect(leaveNumberField('2027', 'it', { type: 'integer' })).toEqual({ value: 2027, text: '2.027' });
    expect(inputNumberText(2027, 'fr', { fixed: 0 }, false)).toBe('2027');
  });
});
