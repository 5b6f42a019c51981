import dayjs from 'dayjs';
import { DATE } from '../dates';

type Row = Record<string, unknown>;

/** A day of a heatmap: its date (null past a month's end), its value and the row behind it. */
export interface HeatCell {
  day: string | null;
  value: number;
  level: number;
  row: Row | null;
}

/** How many colour levels a non-zero value takes (0 is the empty level). */
export const HEAT_LEVELS = 4;

/** The level of `value` among 1 … HEAT_LEVELS (0 for nothing), evenly over 0 … max. */
export const heatLevel = (value: number, max: number) => (value > 0 && max > 0 ? Math.max(1, Math.ceil((value / max) * HEAT_LEVELS)) : 0);

/**
 * A year of days as 12 rows of 31 cells (month × day of month), each with the value at `valueKey`
 * of the row whose `dateKey` is that day (0 without one), and the legend's bounds: the values each
 * level holds (`[from, to]`, whole numbers when the values are).
 */
export function heatmapGrid(rows: Row[], dateKey: string, valueKey: string, year: number): { months: HeatCell[][]; max: number; levels: { level: number; from: number; to: number }[] } {
  const byDay = new Map(rows.map((row) => [String(row[dateKey]).slice(0, 10), row]));
  const max = Math.max(0, ...rows.map((row) => Number(row[valueKey]) || 0));
  const months = Array.from({ length: 12 }, (_, month) => {
    const first = dayjs(`${year}-01-01`).add(month, 'month');
    return Array.from({ length: 31 }, (_, index): HeatCell => {
      if (index >= first.daysInMonth()) return { day: null, value: 0, level: 0, row: null };
      const day = first.add(index, 'day').format(DATE);
      const row = byDay.get(day) ?? null;
      const value = Number(row?.[valueKey]) || 0;
      return { day, value, level: heatLevel(value, max), row };
    });
  });
  const whole = rows.every((row) => Number.isInteger(Number(row[valueKey]) || 0));
  const bound = (level: number) => (max * level) / HEAT_LEVELS;
  // A level no whole value falls in (a maximum of 2 over 4 levels) is left out of the legend.
  const levels = Array.from({ length: HEAT_LEVELS }, (_, index) => {
    const [low, high] = [bound(index), bound(index + 1)];
    return whole ? { level: index + 1, from: Math.floor(low) + 1, to: Math.floor(high) } : { level: index + 1, from: low, to: high };
  }).filter((level) => max > 0 && level.from <= level.to);
  return { months, max, levels };
}
