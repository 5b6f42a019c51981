import { paletteColor, type ValueColors } from '../format/colors';

/**
 * What a `chart` or `dataTable` panel draws from a call's answer (docs/schemas.md "Charts and data
 * tables"): pure functions, no React, so the mapping is unit-tested and the server's schema check
 * shares the names.
 */
export const CHART_TYPES = ['line', 'bar', 'horizontalBar', 'donut'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
/**
 * How a value reads: `percent` is a number of percent (`42.5` → "42.5 %"), `share` a share of one read as
 * per cent (`0.425` → "42.5 %"), `money` an amount with 2 decimals, `month` a `YYYY-MM` month ("Sep 2026").
 */
export const VALUE_FORMATS = ['number', 'integer', 'money', 'percent', 'share', 'date', 'month', 'text'] as const;
export type ValueFormat = (typeof VALUE_FORMATS)[number];

export interface SeriesConfig {
  /** The key of the value in each row, or its dotted path (`totals.count`); a donut: a key of the answer's object, or a row's name. */
  name: string;
  /** i18n key of its label. */
  label: string;
  /** A Mantine colour (`teal.6`); default: its value's colour in the panel's `enum` (`x-colors`), else the palette's for its position. */
  color?: string;
  /** A line chart's series drawn dashed: two series of one colour stay apart (the spec's subjected decisions in the accepted colour). */
  dashed?: boolean;
}

export interface ChartSpec {
  chart?: ChartType;
  data?: string;
  dataKey?: string;
  series?: SeriesConfig[];
  /** Every month of the answer's period gets a row (one without figures has none): the dotted paths of its first and last day. */
  fillMonths?: { from: string; to: string };
}

type Row = Record<string, unknown>;
export interface DonutCell {
  name: string;
  value: number;
  color: string;
}

/** A value in the answer at a dotted path (`results`, `stats.byMonth`); no path: the answer itself. */
export function valueAt(answer: unknown, path?: string): unknown {
  if (!path) return answer;
  // A key holding the dots itself (a flattened row) is read as it is.
  if (answer && typeof answer === 'object' && !Array.isArray(answer) && Object.hasOwn(answer, path)) return (answer as Row)[path];
  let value = answer;
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Row)[step];
  }
  return value;
}

/** The unit appended to a chart's values: read from the answer at `unitAt` (a currency), else the panel's `unit`. */
export function unitOf(answer: unknown, spec: { unit?: string; unitAt?: string }): string | undefined {
  if (!spec.unitAt) return spec.unit;
  const value = valueAt(answer, spec.unitAt);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : spec.unit;
}

/** A colour as a chart draws it: a bare theme colour in its shade 6 (`teal` → `teal.6`), a shade or a hex code as it is. */
const chartShade = (color: string) => (color.includes('.') || color.startsWith('#') ? color : `${color}.6`);

/** A series' colour: its own, else its value's in `colors` (the panel's enum's), else the palette's for its place among `names`. */
export function seriesColor(series: Pick<SeriesConfig, 'name' | 'color'>, names: string[] = [], colors?: ValueColors): string {
  if (series.color) return series.color;
  if (colors && Object.hasOwn(colors, series.name)) return chartShade(colors[series.name]);
  return `${paletteColor(names.indexOf(series.name))}.6`;
}

/**
 * The rows of a line or bar chart (or a table): the array at `data`, or the object there as one row
 * (a period's figures); anything else is no row. A series named by a dotted path (`results.ACCEPTED`:
 * a count inside each row) gets its value under that name too, as the charts read it.
 */
export function chartRows(answer: unknown, spec: Pick<ChartSpec, 'data' | 'series' | 'dataKey' | 'fillMonths'>): Row[] {
  const data = valueAt(answer, spec.data);
  const rows = Array.isArray(data) ? data.filter((row): row is Row => !!row && typeof row === 'object') : data && typeof data === 'object' ? [data as Row] : [];
  const paths = (spec.series ?? []).map((item) => item.name).filter((name) => name.includes('.'));
  const flat = paths.length ? rows.map((row) => ({ ...row, ...Object.fromEntries(paths.map((path) => [path, valueAt(row, path)])) })) : rows;
  return spec.fillMonths ? withEveryMonth(flat, spec.dataKey ?? 'name', valueAt(answer, spec.fillMonths.from), valueAt(answer, spec.fillMonths.to)) : flat;
}

/** The rows with one per month (`YYYY-MM` at `key`) from `from` to `to`: a month without a row gets an empty one, in order. */
export function withEveryMonth(rows: Row[], key: string, from: unknown, to: unknown): Row[] {
  if (typeof from !== 'string' || typeof to !== 'string' || from > to) return rows;
  const byMonth = new Map(rows.map((row) => [String(row[key]), row]));
  const months: Row[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  // At most 10 years of months: a bad answer draws no endless axis.
  for (let count = 0; count < 120; count += 1) {
    const name = `${year}-${String(month).padStart(2, '0')}`;
    if (name > to.slice(0, 7)) break;
    months.push(byMonth.get(name) ?? { [key]: name });
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return [...months, ...rows.filter((row) => !months.includes(row))];
}

/**
 * The cells of a donut, labelled with `label` (i18n): from an object of counts (`{ ACCEPTED: 4 }`),
 * one cell per series (or per key without series), or from rows (`dataKey` names, the first series'
 * values). Empty cells are left out: a donut shows what there is.
 */
export function donutCells(answer: unknown, spec: ChartSpec, label: (key: string) => string, colors?: ValueColors): DonutCell[] {
  const data = valueAt(answer, spec.data);
  const series = spec.series ?? [];
  let cells: { name: string; value: number; color?: string; key: string }[];
  if (Array.isArray(data)) {
    const valueKey = series[0]?.name ?? 'value';
    cells = (data as Row[]).map((row) => ({
      key: String(row[spec.dataKey ?? 'name']),
      name: String(row[spec.dataKey ?? 'name']),
      value: Number(row[valueKey]) || 0,
    }));
  } else if (data && typeof data === 'object') {
    const counts = data as Row;
    const keys = series.length ? series.map((item) => item.name) : Object.keys(counts);
    cells = keys.map((key) => {
      const own = series.find((item) => item.name === key);
      return {
        key,
        name: own ? label(own.label) : key,
        value: Number(counts[key]) || 0,
        color: own?.color,
      };
    });
  } else cells = [];
  const names = cells.map((cell) => cell.key);
  return cells
    .filter((cell) => cell.value > 0)
    .map((cell) => ({
      name: cell.name,
      value: cell.value,
      color: cell.color ?? seriesColor({ name: cell.key }, names, colors),
    }));
}

/** Whether a chart has something to draw: a donut a cell, other charts a numeric value of a series. */
export function hasValues(rows: Row[] | DonutCell[], spec: ChartSpec): boolean {
  if (spec.chart === 'donut') return rows.length > 0;
  const names = (spec.series ?? []).map((item) => item.name);
  return (rows as Row[]).some((row) => names.some((name) => Number.isFinite(valueAt(row, name))));
}

/** A value as text in `locale`: percent with one decimal and a % sign, thousands always grouped (as every grid shows them). */
export function formatValue(value: unknown, format: ValueFormat | undefined, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (format === 'month' && typeof value === 'string' && /^\d{4}-\d{2}$/.test(value)) {
    return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, 1));
  }
  if (typeof value !== 'number' || format === 'text') return String(value);
  const grouped = (number: number, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, { ...options, useGrouping: 'always' } as Intl.NumberFormatOptions).format(number);
  switch (format) {
    case 'percent':
      return `${grouped(value, { maximumFractionDigits: 1 })} %`;
    case 'share':
      // Small shares (defects per piece) keep two decimals: 0.04 %, not 0 %; a no-break space keeps the sign on the number's line (a bar's label).
      return `${grouped(value * 100, { maximumFractionDigits: value !== 0 && Math.abs(value) < 0.01 ? 2 : 1 })}\u00a0%`;
    case 'integer':
      return grouped(Math.round(value), {});
    case 'money':
      return grouped(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    default:
      return grouped(value, { maximumFractionDigits: 2 });
  }
}

/**
 * A URL or route template filled with values (`/x/{id}/charts`): null when one is missing, so
 * nothing is asked for a record that has no such field.
 */
export function fillTemplate(template: string, values: Record<string, unknown>): string | null {
  let missing = false;
  const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') missing = true;
    return encodeURIComponent(String(value ?? ''));
  });
  return missing ? null : filled;
}
