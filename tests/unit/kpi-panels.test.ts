import { describe, expect, it } from 'vitest';
import { chartRows, formatValue, withEveryMonth } from '../../engine/charts/chartData';
import { rangePairs } from '../../engine/charts/filters';
import { heatLevel, heatmapGrid } from '../../engine/charts/heatmap';
import { bucketBounds, throughPath, throughValues } from '../../engine/charts/through';
import { bucketName, throughName } from '../../engine/charts/throughName';
import en from '../../engine/locales/en.json';
import fr from '../../engine/locales/fr.json';
import { addressCriteria, firstFilter, firstRange } from '../../engine/search/firstSearch';

/** The generic pieces of the KPI screens (docs/schemas.md "Figures", "Compare", "Heatmap", "Click-through"). */
describe('click-through', () => {
  it('gives the first and last day of every date bucket the aggregates name', () => {
    expect(bucketBounds('2026-11-28')).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    expect(bucketBounds('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(bucketBounds('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(bucketBounds('2026-Q4')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(bucketBounds('2026')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    // ISO weeks: week 1 of 2026 starts on Monday 29 December 2025; week 53 of 2020 ends on 3 January 2021.
    expect(bucketBounds('2026-W01')).toEqual({ from: '2025-12-29', to: '2026-01-04' });
    expect(bucketBounds('2020-W53')).toEqual({ from: '2020-12-28', to: '2021-01-03' });
    expect(bucketBounds('SS26')).toBeNull();
    expect(bucketBounds(null)).toBeNull();
  });

  const through = {
    to: '/services/search',
    query: { serviceSteps: ['CONFIRMED', 'TERMINATED'], thirdParty: '{supplier}', client: '{clientId}', tags: '{tagIds}', note: 'of {name}' },
    period: { field: 'period', from: 'fromDate', to: 'toDate', within: ['start', 'end'] as [string, string] },
  };

  it('fills the target query from the filters, the answer and the clicked row; a missing value leaves its parameter out', () => {
    const values = throughValues({ tagIds: [7, 9], clientId: undefined }, { start: '2026-05-01', end: '2026-11-29', series: [] }, { period: '2026-09', supplier: 4, name: 'Acme' });
    const path = throughPath(through, values)!;
    const [route, query] = path.split('?');
    const params = new URLSearchParams(query);
    expect(route).toBe('/services/search');
    expect(params.getAll('serviceSteps')).toEqual(['CONFIRMED', 'TERMINATED']);
    expect(params.getAll('tags')).toEqual(['7', '9']);
    expect(params.get('thirdParty')).toBe('4');
    expect(params.get('note')).toBe('of Acme');
    expect(params.has('client')).toBe(false);
    expect([params.get('fromDate'), params.get('toDate')]).toEqual(['2026-09-01', '2026-09-30']);
    // The answer's series (an object) is no value of the query; the row wins over the answer.
    expect(values.series).toBeUndefined();
  });

  it("cuts a bucket to the answer's period (the current month up to today)", () => {
    const params = new URLSearchParams(throughPath(through, { start: '2026-05-10', end: '2026-11-29', period: '2026-11' })!.split('?')[1]);
    expect([params.get('fromDate'), params.get('toDate')]).toEqual(['2026-11-01', '2026-11-29']);
    const first = new URLSearchParams(throughPath(through, { start: '2026-05-10', end: '2026-11-29', period: '2026-05' })!.split('?')[1]);
    expect([first.get('fromDate'), first.get('toDate')]).toEqual(['2026-05-10', '2026-05-31']);
  });

  it('names what a bar, a day or a row opens in the screen\'s language, for the keyboard and screen readers', () => {
    const translate = (texts: Record<string, string>) => (key: string, values: Record<string, unknown> = {}) => texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
    expect(throughName(translate(en), bucketName('2026-03', 'en'), '42 Services')).toBe('March 2026: 42 Services, open the search');
    expect(throughName(translate(fr), bucketName('2026-03', 'fr'), '42 Audits')).toBe('mars 2026 : 42 Audits, ouvrir la recherche');
    expect(throughName(translate(en), 'Shenzhen Textile Co')).toBe('Shenzhen Textile Co, open the search');
    expect(bucketName('2026-03-14', 'en')).not.toBe('2026-03-14');
    expect(bucketName('FW26', 'en')).toBe('FW26');
  });

  it('is nothing without a config', () => {
    expect(throughPath(undefined, { a: 1 })).toBeNull();
    expect(throughPath({ to: '/x' }, {})).toBe('/x');
  });
});

describe('search criteria in the address', () => {
  const search = {
    type: 'object',
    'x-defaultRange': 'plusMinus7Days',
    properties: {
      fromDate: { type: 'string' },
      toDate: { type: 'string' },
      thirdParty: { type: 'integer' },
      serviceSteps: { type: 'array', items: { type: 'string' } },
      tags: { type: 'array', items: { type: 'integer' } },
      flag: { type: 'boolean', default: false },
    },
  };

  it('reads each property of the form, typed, lists repeated; other parameters are left', () => {
    const address = new URLSearchParams('thirdParty=4&serviceSteps=CONFIRMED&serviceSteps=TERMINATED&tags=7&tags=9&open=12&flag=true');
    expect(addressCriteria(search, address)).toEqual({ thirdParty: 4, serviceSteps: ['CONFIRMED', 'TERMINATED'], tags: [7, 9], flag: true });
    expect(firstFilter(search, address)).toEqual({ flag: true, thirdParty: 4, serviceSteps: ['CONFIRMED', 'TERMINATED'], tags: [7, 9] });
    expect(addressCriteria(search, undefined)).toEqual({});
  });

  it("takes the address's period over the form's default one", () => {
    expect(firstRange(search, new URLSearchParams('fromDate=2026-09-01&toDate=2026-09-30'))).toEqual({ fromDate: '2026-09-01', toDate: '2026-09-30' });
    const fallback = firstRange(search, new URLSearchParams('thirdParty=4'));
    expect(fallback.fromDate).not.toBeNull();
    expect(fallback.fromDate! < fallback.toDate!).toBe(true);
  });
});

describe('heatmap grid', () => {
  const rows = [
    { period: '2026-02-03', services: 1 },
    { period: '2026-02-04', services: 5 },
    { period: '2026-12-31', services: 2 },
  ];

  it('draws 12 months of 31 cells, days past a month empty, each day with its value and level', () => {
    const { months, max, levels } = heatmapGrid(rows, 'period', 'services', 2026);
    expect(months).toHaveLength(12);
    expect(months.every((days) => days.length === 31)).toBe(true);
    expect(months[1][27].day).toBe('2026-02-28');
    expect(months[1][28].day).toBeNull();
    expect(months[1][2]).toMatchObject({ day: '2026-02-03', value: 1, level: 1 });
    expect(months[1][3]).toMatchObject({ value: 5, level: 4 });
    expect(months[11][30]).toMatchObject({ day: '2026-12-31', value: 2, level: 2 });
    expect(months[0][0]).toMatchObject({ value: 0, level: 0, row: null });
    expect(max).toBe(5);
    // Whole values: each level's values, none shared, none missing.
    expect(levels.map(({ from, to }) => [from, to])).toEqual([[1, 1], [2, 2], [3, 3], [4, 5]]);
  });

  it('leaves out of the legend the levels no whole value falls in', () => {
    const { levels } = heatmapGrid([{ period: '2026-01-01', services: 2 }, { period: '2026-01-02', services: 1 }], 'period', 'services', 2026);
    expect(levels).toEqual([{ level: 2, from: 1, to: 1 }, { level: 4, from: 2, to: 2 }]);
    expect([heatLevel(1, 2), heatLevel(2, 2), heatLevel(0, 2)]).toEqual([2, 4, 0]);
  });
});

describe('chart rows of figure blocks', () => {
  it('reads a series at a dotted path and fills the months of the period', () => {
    const answer = { start: '2026-08-01', end: '2026-11-29', series: [{ period: '2026-09', decisionRates: { ACCEPTED: 0.5 } }, { period: '2026-11', decisionRates: { ACCEPTED: 1 } }] };
    const rows = chartRows(answer, { data: 'series', dataKey: 'period', series: [{ name: 'decisionRates.ACCEPTED', label: 'x' }], fillMonths: { from: 'start', to: 'end' } });
    expect(rows.map((row) => [row.period, row['decisionRates.ACCEPTED']])).toEqual([
      ['2026-08', undefined],
      ['2026-09', 0.5],
      ['2026-10', undefined],
      ['2026-11', 1],
    ]);
    expect(withEveryMonth([{ m: '2026-01' }], 'm', '2026-03-01', '2026-01-31')).toEqual([{ m: '2026-01' }]);
  });

  it('reads a share as per cent, small ones with two decimals, the sign never on a line of its own', () => {
    expect(formatValue(0.425, 'share', 'en')).toBe('42.5\u00a0%');
    expect(formatValue(0.00037, 'share', 'en')).toBe('0.04\u00a0%');
    expect(formatValue(0, 'share', 'fr')).toBe('0\u00a0%');
  });
});

describe('range pickers of a filter row', () => {
  it('pairs fromDate/toDate and each date with the one it is onOrAfter', () => {
    expect(rangePairs({ fromDate: {}, toDate: {}, start: {}, end: { onOrAfter: 'start' }, p1: {}, p1To: { onOrAfter: 'p1' }, other: {} })).toEqual([
      ['fromDate', 'toDate'],
      ['start', 'end'],
      ['p1', 'p1To'],
    ]);
    // toDate onOrAfter fromDate is the same pair, once.
    expect(rangePairs({ fromDate: {}, toDate: { onOrAfter: 'fromDate' } })).toEqual([['fromDate', 'toDate']]);
  });
});
