import dayjs from 'dayjs';
import { DATE } from '../dates';
import { valueAt } from './chartData';

type Row = Record<string, unknown>;

/**
 * A panel's click-through (docs/schemas.md "Click-through"): a click on a bar, a row or a cell
 * opens `to` (a search screen) with query parameters its search form reads, filled from what
 * was clicked, the answer and the screen's filters.
 */
export interface ThroughConfig {
  /** The route opened (a search screen's, e.g. `/orders/search`). */
  to: string;
  /**
   * Its query parameters: `"{name}"` alone passes the value as it is (a list stays a list), a text
   * with `{name}`s is filled as text, anything else is a constant (a list repeats the parameter).
   * A parameter whose value is missing is left out.
   */
  query?: Record<string, string | string[]>;
  /**
   * The field of the clicked row holding a date bucket (a day, week, month, quarter, year), and the
   * parameters taking its first and last day; `within`: the fields of the period the figures cover
   * (`["start", "end"]` of the answer), which cut a bucket that runs past them (the current month up to today).
   */
  period?: { field: string; from: string; to: string; within?: [string, string] };
}

/**
 * The first and last day of a date bucket as the aggregates name them: '2026-11-28', '2026-W48'
 * (ISO week), '2026-11', '2026-Q4', '2026'; null for anything else.
 */
export function bucketBounds(value: unknown): { from: string; to: string } | null {
  const text = String(value ?? '');
  const span = (first: dayjs.Dayjs, unit: 'day' | 'month' | 'year', count = 1) => ({ from: first.format(DATE), to: first.add(count, unit).subtract(1, 'day').format(DATE) });
  let match: RegExpExecArray | null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return span(dayjs(text), 'day');
  if (/^\d{4}-\d{2}$/.test(text)) return span(dayjs(`${text}-01`), 'month');
  if (/^\d{4}$/.test(text)) return span(dayjs(`${text}-01-01`), 'year');
  if ((match = /^(\d{4})-Q([1-4])$/.exec(text))) return span(dayjs(`${match[1]}-01-01`).add(3 * (Number(match[2]) - 1), 'month'), 'month', 3);
  if ((match = /^(\d{4})-W(\d{2})$/.exec(text))) {
    // Week 1 is the week of 4 January; weeks start on Monday.
    const january4 = dayjs(`${match[1]}-01-04`);
    const monday = january4.subtract((january4.day() + 6) % 7, 'day').add(7 * (Number(match[2]) - 1), 'day');
    return span(monday, 'day', 7);
  }
  return null;
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length);

/** One parameter's value: a whole `{name}` keeps the value's type, a text is filled, a constant stays. */
function parameter(template: string | string[], values: Row): unknown {
  if (Array.isArray(template)) return template;
  const whole = /^\{([\w.]+)\}$/.exec(template);
  if (whole) return valueAt(values, whole[1]);
  let missing = false;
  const text = template.replace(/\{([\w.]+)\}/g, (_, name: string) => {
    const value = valueAt(values, name);
    if (!given(value)) missing = true;
    return String(value ?? '');
  });
  return missing ? undefined : text;
}

/**
 * The route a click opens: `to` with its query filled from `values` (the screen's filters, then
 * the answer's own fields, then the clicked row: the nearest wins) and the row's period; null
 * without a click-through.
 */
export function throughPath(through: ThroughConfig | undefined, values: Row): string | null {
  if (!through) return null;
  const search = new URLSearchParams();
  const put = (name: string, value: unknown) => {
    if (!given(value)) return;
    search.delete(name);
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  };
  for (const [name, template] of Object.entries(through.query ?? {})) put(name, parameter(template, values));
  const bounds = through.period && bucketBounds(valueAt(values, through.period.field));
  if (through.period && bounds) {
    const [first, last] = (through.period.within ?? []).map((name) => valueAt(values, name));
    put(through.period.from, typeof first === 'string' && first > bounds.from ? first : bounds.from);
    put(through.period.to, typeof last === 'string' && last < bounds.to ? last : bounds.to);
  }
  const text = search.toString();
  return text ? `${through.to}?${text}` : through.to;
}

/** The values a click-through reads: the screen's filters, the answer's own scalar fields (its period), the clicked row. */
export function throughValues(filters: Row | undefined, answer: unknown, row: Row): Row {
  const own = answer && typeof answer === 'object' && !Array.isArray(answer) ? Object.fromEntries(Object.entries(answer as Row).filter(([, value]) => value === null || typeof value !== 'object')) : {};
  return { ...filters, ...own, ...row };
}
