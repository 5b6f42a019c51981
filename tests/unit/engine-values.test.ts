import type { TFunction } from 'i18next';
import { luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cellText, exportNumberFormat, exportValue, formatDate, formatMoney, type FormatContext } from '../../engine/format/values';
import { enumText, humanize, titleText } from '../../engine/i18n';
import { fieldKind } from '../../engine/schema/fields';
import { readableTextColor, chipStyle } from '../../engine/format/chips';

const labels: Record<string, string> = { 'enum.level.HIGH': 'High', 'engine.value.yes': 'Yes', 'engine.value.no': 'No', 'thing.title': 'Title' };
const t = ((key: string, options?: { defaultValue?: string }) => labels[key] ?? options?.defaultValue ?? key) as unknown as TFunction;
const ctx: FormatContext = { t, locale: 'en-GB', lookupLabel: (url, id) => (url === '/people' && id === 7 ? 'Ada Lovelace' : undefined) };

describe('labels', () => {
  it('humanizes untranslated title keys and falls back to raw enum values', () => {
    expect(humanize('thing.expectingEndDate')).toBe('Expecting end date');
    expect(humanize('SOME_VALUE')).toBe('Some value');
    expect(titleText(t, 'thing.title')).toBe('Title');
    expect(titleText(t, 'thing.startDate')).toBe('Start date');
    expect(titleText(t, undefined, 'x')).toBe('x');
    expect(enumText(t, 'level', 'HIGH')).toBe('High');
    expect(enumText(t, 'level', 'LOW')).toBe('LOW');
    expect(enumText(t, 'level', null)).toBe('');
  });
});

describe('field kinds', () => {
  it('classifies schema properties', () => {
    expect(fieldKind({ type: 'string', format: 'date' })).toBe('date');
    expect(fieldKind({ type: 'string', format: 'yearMonth' })).toBe('yearMonth');
    expect(fieldKind({ type: 'string', format: 'date-time' })).toBe('dateTime');
    expect(fieldKind({ type: 'string', enum: ['A'] })).toBe('enum');
    expect(fieldKind({ type: 'array', items: { enum: ['A'] } })).toBe('enumList');
    expect(fieldKind({ type: 'integer', 'x-lookup': { url: '/x' } })).toBe('lookup');
    expect(fieldKind({ type: 'array', 'x-lookup': { url: '/x' } })).toBe('lookupList');
    expect(fieldKind({ type: 'array', 'x-lookup': { url: '/x', kind: 'tags' } })).toBe('tags');
    expect(fieldKind({ type: 'array', items: { type: 'object' } })).toBe('objectList');
    expect(fieldKind({ type: 'array', items: { type: 'string' } })).toBe('list');
    expect(fieldKind({ type: 'string', maxLength: 5000 })).toBe('longText');
    expect(fieldKind({ type: 'string', maxLength: 100 })).toBe('text');
    expect(fieldKind({ type: 'boolean' })).toBe('boolean');
    expect(fieldKind({ type: 'object' })).toBe('object');
    expect(fieldKind(undefined)).toBe('text');
  });
});

describe('value formatting', () => {
  it('formats calendar days and months without time-zone shifts', () => {
    expect(formatDate('2026-03-01', 'en-GB')).toBe('1 Mar 2026');
    expect(formatDate('2026-03', 'en-GB')).toBe('Mar 2026');
    expect(formatDate(undefined, 'en-GB')).toBe('');
    expect(formatDate('not a date', 'en-GB')).toBe('not a date');
  });

  it('formats amounts with 2 decimals and their currency', () => {
    expect(formatMoney(1234.5, 'EUR', 'en-GB')).toBe('€1,234.50');
    expect(formatMoney(3, 'XX1', 'en-GB')).toBe('3.00 XX1');
    expect(formatMoney(3, undefined, 'en-GB')).toBe('3.00');
    expect(formatMoney(undefined, 'EUR', 'en-GB')).toBe('');
  });

  it('gives the text of each kind of cell', () => {
    const record = { level: 'HIGH', levels: ['HIGH', 'LOW'], who: 7, whom: [7, 8], done: true, no: false, n: 3, x: 2.5, when: '2026-03-01', lines: [{}, {}], amount: 10, currency: 'USD' };
    const text = (field: string, schema: Record<string, unknown>, currencyField?: string) => cellText({ field, schema, currencyField }, record, ctx);
    expect(text('level', { type: 'string', enum: ['HIGH'], 'x-enum': 'level' })).toBe('High');
    expect(text('levels', { type: 'array', items: { enum: ['HIGH', 'LOW'], 'x-enum': 'level' } })).toBe('High, LOW');
    expect(text('who', { type: 'integer', 'x-lookup': { url: '/people' } })).toBe('Ada Lovelace');
    expect(text('whom', { type: 'array', 'x-lookup': { url: '/people' } })).toBe('Ada Lovelace, #8');
    expect(text('done', { type: 'boolean' })).toBe('Yes');
    expect(text('no', { type: 'boolean' })).toBe('No');
    expect(text('n', { type: 'integer' })).toBe('3');
    expect(text('x', { type: 'number', decimals: 2 })).toBe('2.50');
    expect(text('when', { type: 'string', format: 'date' })).toBe('1 Mar 2026');
    expect(text('lines', { type: 'array', items: { type: 'object' } })).toBe('2');
    expect(text('amount', { type: 'number' }, 'currency')).toBe('US$10.00');
    expect(text('missing', { type: 'string' })).toBe('');
  });

  it('exports numbers as numbers with a number format, the rest as displayed text', () => {
    const record = { amount: 10, currency: 'USD', n: 4, level: 'HIGH', empty: '' };
    expect(exportValue({ field: 'amount', schema: { type: 'number', decimals: 2 }, currencyField: 'currency' }, record, ctx)).toBe(10);
    expect(exportNumberFormat({ field: 'amount', schema: { type: 'number' }, currencyField: 'currency' }, record)).toBe('#,##0.00 "USD"');
    expect(exportNumberFormat({ field: 'n', schema: { type: 'integer' } })).toBe('0');
    expect(exportNumberFormat({ field: 'x', schema: { type: 'number', decimals: 2 } })).toBe('#,##0.00');
    expect(exportNumberFormat({ field: 'level', schema: { type: 'string' } })).toBeUndefined();
    expect(exportValue({ field: 'level', schema: { type: 'string', enum: ['HIGH'], 'x-enum': 'level' } }, record, ctx)).toBe('High');
    expect(exportValue({ field: 'empty', schema: { type: 'string' } }, record, ctx)).toBeNull();
  });
});

describe('tag chips', () => {
  it('reads at 4.5:1 at least on any background colour (WCAG AA)', () => {
    const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const levels = Array.from({ length: 18 }, (_, i) => (i * 15).toString(16).padStart(2, '0'));
    const under = levels.flatMap(r => levels.flatMap(g => levels.map(b => `#${r}${g}${b}`)));
    const unreadable = under.filter(background => ratio(luminance(background), luminance(readableTextColor(background))) < 4.5);
    expect(unreadable).toEqual([]);
  });
  it('keeps text readable on any background', () => {
    expect(readableTextColor('#ffffff')).toBe('#1a1b1e');
    expect(readableTextColor('#000')).toBe('#ffffff');
    // A mid green (#37b24d) took white text at 2.7:1; dark text reads at 6.3:1 (WCAG AA asks 4.5:1).
    expect(readableTextColor('#37b24d')).toBe('#1a1b1e');
    // A mid blue (#1c7ed6) reads at 4.2:1 in white and 4.1:1 in dark grey: black text, at 5.0:1.
    expect(readableTextColor('#1c7ed6')).toBe('#000000');
    expect(readableTextColor('#1864ab')).toBe('#ffffff');
    expect(readableTextColor('#1971c2')).toBe('#ffffff');
    expect(chipStyle('#12b886')).toMatchObject({ backgroundColor: '#12b886' });
    expect(chipStyle('grape').backgroundColor).toBe('var(--mantine-color-grape-light)');
    expect(chipStyle(undefined).backgroundColor).toBe('var(--mantine-color-gray-light)');
  });
});
