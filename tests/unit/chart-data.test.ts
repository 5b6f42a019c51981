import { describe, expect, it } from 'vitest';
import { chartRows, donutCells, fillTemplate, formatValue, hasValues, unitOf, valueAt } from '../../engine/charts/chartData';
import { initialFilters, rangePairs, withReplacements } from '../../engine/charts/filters';
import dayjs from 'dayjs';
import { sortedRows } from '../../engine/charts/tableCells';

/** The data mapping of the chart and data table panels (engine/charts/chartData.ts, docs/schemas.md "Charts and data tables"). */
const answer = {
  company: { companyId: 4, name: 'Acme' },
  passRate: [
    { month: '2026-08', inspections: 2, accepted: 1, refused: 1, rate: 50 },
    { month: '2026-09', inspections: 1, accepted: 0, refused: 0, rate: null },
  ],
  results: { ACCEPTED: 3, REFUSED: 1, PENDING: 0, NA: 0 },
};

describe('chart data mapping', () => {
  it('reads dotted paths, the whole answer without one', () => {
    expect(valueAt(answer, 'company.name')).toBe('Acme');
    expect(valueAt(answer, 'company.missing.deeper')).toBeUndefined();
    expect(valueAt(answer)).toBe(answer);
  });

  it('takes the rows of a line or bar chart at `data`, an object there as one row, nothing from anything else', () => {
    expect(chartRows(answer, { data: 'passRate' })).toHaveLength(2);
    // A period's figures: one row of a table.
    expect(chartRows(answer, { data: 'results' })).toEqual([answer.results]);
    expect(chartRows(answer, { data: 'company.name' })).toEqual([]);
    expect(chartRows(null, { data: 'passRate' })).toEqual([]);
    expect(chartRows([{ a: 1 }, null, 3], {})).toEqual([{ a: 1 }]);
  });

  it('reads a series named by a dotted path inside each row, and tells there is something to draw by it', () => {
    const months = { series: [{ period: '2026-08', results: { ACCEPTED: 3, REFUSED: 1 } }, { period: '2026-09', results: { ACCEPTED: 0, REFUSED: 2 } }] };
    const spec = { chart: 'bar' as const, data: 'series', series: [{ name: 'results.REFUSED', label: 'r' }] };
    const rows = chartRows(months, spec);
    expect(rows.map((row) => row['results.REFUSED'])).toEqual([1, 2]);
    expect(valueAt(rows[0], 'results.ACCEPTED')).toBe(3);
    expect(hasValues(rows, spec)).toBe(true);
    expect(hasValues(chartRows({ series: [{ period: '2026-08', results: {} }] }, spec), spec)).toBe(false);
    expect(sortedRows(rows, 'results.ACCEPTED', false).map((row) => row.period)).toEqual(['2026-09', '2026-08']);
  });

  it('turns an object of counts into donut cells, labelled and coloured by their series or their enum, empty ones left out', () => {
    const series = [
      { name: 'ACCEPTED', label: 'enum.result.ACCEPTED', color: 'teal.6' },
      { name: 'REFUSED', label: 'enum.result.REFUSED' },
      { name: 'PENDING', label: 'enum.result.PENDING' },
    ];
    const spec = { chart: 'donut' as const, data: 'results', series };
    // The series' own colour first, then the enum's `x-colors` (a bare colour in shade 6).
    expect(donutCells(answer, spec, (key) => `«${key}»`, { ACCEPTED: 'green', REFUSED: 'red' })).toEqual([
      { name: '«enum.result.ACCEPTED»', value: 3, color: 'teal.6' },
      { name: '«enum.result.REFUSED»', value: 1, color: 'red.6' },
    ]);
    // No enum colours: the palette by position (the engine reads no meaning into a name).
    expect(donutCells(answer, spec, (key) => key).map((cell) => cell.color)).toEqual(['teal.6', 'grape.6']);
    // Without series: one cell per key, named by it.
    expect(donutCells({ A: 2, B: 0 }, { chart: 'donut' }, (key) => key).map((cell) => [cell.name, cell.value])).toEqual([['A', 2]]);
    // From rows: names at dataKey, values of the first series.
    const rows = [{ label: 'x', count: 4 }, { label: 'y', count: 1 }];
    expect(donutCells(rows, { chart: 'donut', dataKey: 'label', series: [{ name: 'count', label: 'n' }] }, (key) => key).map((cell) => [cell.name, cell.value])).toEqual([['x', 4], ['y', 1]]);
  });

  it('tells whether there is something to draw', () => {
    const spec = { chart: 'line' as const, series: [{ name: 'rate', label: 'r' }] };
    expect(hasValues(chartRows(answer, { data: 'passRate' }), spec)).toBe(true);
    expect(hasValues([{ month: '2026-09', rate: null }], spec)).toBe(false);
    expect(hasValues([], { chart: 'donut' })).toBe(false);
  });

  it('formats values per locale: percent with one decimal, integers grouped', () => {
    expect(formatValue(42.25, 'percent', 'en')).toBe('42.3 %');
    expect(formatValue(42.5, 'percent', 'fr')).toBe('42,5 %');
    expect(formatValue(12345, 'integer', 'en')).toBe('12,345');
    expect(formatValue(1234.5, 'money', 'en')).toBe('1,234.50');
    expect(formatValue(1234.5, 'money', 'fr')).toMatch(/^1\s234,50$/);
    expect(formatValue(null, 'integer', 'en')).toBe('');
    expect(formatValue('SS26', 'integer', 'en')).toBe('SS26');
  });

  it('reads a share (a fraction of one) as per cent, and a YYYY-MM month by its name', () => {
    expect(formatValue(0.4256, 'share', 'en')).toBe('42.6\u00a0%');
    expect(formatValue(1, 'share', 'fr')).toBe('100\u00a0%');
    expect(formatValue(0.0004, 'share', 'en')).toBe('0.04\u00a0%');
    expect(formatValue(null, 'share', 'en')).toBe('');
    expect(formatValue('2026-09', 'month', 'en')).toBe('Sep 2026');
    expect(formatValue('2026-09', 'month', 'fr')).toBe('sept. 2026');
    expect(formatValue('SS26', 'month', 'en')).toBe('SS26');
  });

  it('fills url templates, and gives none when a value is missing', () => {
    expect(fillTemplate('/x/{id}/charts', { id: 12 })).toBe('/x/12/charts');
    expect(fillTemplate('/x/{owner}/charts', { id: 12 })).toBeNull();
    expect(fillTemplate('/x/{name}', { name: 'a b/c' })).toBe('/x/a%20b%2Fc');
  });

  it('sorts table rows by a column, missing values last', () => {
    const rows = [{ n: 2 }, { n: null }, { n: 10 }];
    expect(sortedRows(rows, 'n', false).map((row) => row.n)).toEqual([2, 10, null]);
    expect(sortedRows(rows, 'n', true).map((row) => row.n)).toEqual([10, 2, null]);
    expect(sortedRows(rows, null, false)).toBe(rows);
  });
});

describe('filters of a panels screen', () => {
  const properties = { fromDate: {}, toDate: {}, periods: { type: 'array', 'x-replaces': ['fromDate', 'toDate'] }, text: {} };
  it('a filter given clears those it replaces, and is cleared when one of them is given', () => {
    const dated = { fromDate: '2026-01-01', toDate: '2026-12-31', text: 'a' };
    expect(withReplacements(properties, dated, { periods: ['P1'] })).toEqual({ fromDate: undefined, toDate: undefined, periods: ['P1'], text: 'a' });
    expect(withReplacements(properties, { periods: ['P1'] }, { fromDate: '2026-02-01', toDate: '2026-02-28' })).toEqual({ fromDate: '2026-02-01', toDate: '2026-02-28', periods: undefined });
    // Emptied, it clears nothing; other filters leave it alone.
    expect(withReplacements(properties, dated, { periods: [] })).toEqual({ ...dated, periods: [] });
    expect(withReplacements(properties, { periods: ['P1'] }, { text: 'b' })).toEqual({ periods: ['P1'], text: 'b' });
  });
});

describe('unitOf', () => {
  it('reads the unit from the answer at unitAt, else the panel keeps its own', () => {
    expect(unitOf({ currency: 'EUR' }, { unitAt: 'currency' })).toBe('EUR');
    expect(unitOf({ totals: { currency: 'USD' } }, { unitAt: 'totals.currency', unit: 'x' })).toBe('USD');
    expect(unitOf({}, { unitAt: 'currency', unit: 'kg' })).toBe('kg');
    expect(unitOf(undefined, { unit: 'kg' })).toBe('kg');
    expect(unitOf({ currency: { code: 'EUR' } }, { unitAt: 'currency' })).toBeUndefined();
  });
});

describe('initialFilters', () => {
  it('starts a panels screen with its default period and its properties\' defaults', () => {
    const form = { type: 'object', 'x-defaultRange': 'plusMinus15Days', properties: { fromDate: { type: 'string' }, toDate: { type: 'string' }, groups: { type: 'array', default: ['INSP'] }, text: { type: 'string' } } };
    expect(initialFilters(form, dayjs('2030-03-10'))).toEqual({ fromDate: '2030-02-23', toDate: '2030-03-25', groups: ['INSP'] });
    expect(initialFilters({ type: 'object', properties: { text: { type: 'string' } } })).toEqual({});
    expect(initialFilters(undefined)).toEqual({});
  });

  it('gives each date range its own default: a date onOrAfter another is a range, its first date names its period', () => {
    const form = {
      type: 'object',
      'x-defaultRange': 'lastSixMonths',
      properties: {
        start: { type: 'string' }, end: { type: 'string', onOrAfter: 'start' },
        p1From: { type: 'string', 'x-defaultRange': 'currentQuarter' }, p1To: { type: 'string', onOrAfter: 'p1From' },
        p2From: { type: 'string', 'x-defaultRange': 'previousQuarter' }, p2To: { type: 'string', onOrAfter: 'p2From' },
        p3From: { type: 'string' }, p3To: { type: 'string', onOrAfter: 'p3From' },
      },
    };
    expect(rangePairs(form.properties)).toEqual([['start', 'end'], ['p1From', 'p1To'], ['p2From', 'p2To'], ['p3From', 'p3To']]);
    // The form's period is its first range's; a range without a default starts open.
    expect(initialFilters(form, dayjs('2030-02-10'))).toEqual({ start: '2029-08-01', end: '2030-02-10', p1From: '2030-01-01', p1To: '2030-03-31', p2From: '2029-10-01', p2To: '2029-12-31' });
    expect(rangePairs({ fromDate: {}, toDate: { onOrAfter: 'fromDate' } })).toEqual([['fromDate', 'toDate']]);
  });
});

describe('a data table column linking to a route', () => {
  it("keeps the column's route and fills it from each row; a row missing a field gets no link", async () => {
    const { tableColumns } = await import('../../engine/charts/tableCells');
    const [column, plain] = tableColumns([{ field: 'code', label: 'x.code', to: '/things/{thingId}' }, 'name'], ((key: string) => key) as never);
    expect(column.to).toBe('/things/{thingId}');
    expect(plain.to).toBeUndefined();
    expect(fillTemplate(column.to!, { thingId: 42, code: 'A-1' })).toBe('/things/42');
    expect(fillTemplate(column.to!, { code: 'A-2' })).toBeNull();
  });
});
