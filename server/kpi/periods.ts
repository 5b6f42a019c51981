import dayjs from 'dayjs';
import { DATE, defaultRange } from '../../engine/dates';
import { HttpError } from '../errors';
import type { Period } from './filters';

/**
 * The KPI periods and their defaults (spec §9 "Default dates"): the last 6 months to today;
 * compare: period 1 the current quarter, period 2 the previous one; heatmap: the current year.
 * A period with one bound only takes the default's other bound; a reversed one is a 400.
 */
const quarterOf = (day: dayjs.Dayjs, back: number): Period => {
  const first = day.startOf('month').subtract(day.month() % 3, 'month').subtract(3 * back, 'month');
  return { start: first.format(DATE), end: first.add(2, 'month').endOf('month').format(DATE) };
};

function period(start: string | undefined, end: string | undefined, fallback: Period, field: string): Period {
  const chosen = { start: start ?? fallback.start, end: end ?? fallback.end };
  if (chosen.end < chosen.start) throw new HttpError(400, 'ValidationException', 'error.windowReversed', {}, [{ path: `/${field}`, key: 'validation.beforeStart' }]);
  return chosen;
}

export function lastSixMonths(criteria: { start?: string; end?: string }, today: string): Period {
  const { fromDate, toDate } = defaultRange('lastSixMonths', dayjs(today));
  return period(criteria.start, criteria.end, { start: fromDate!, end: toDate! }, 'end');
}

export interface ComparedPeriods {
  period1FromDate?: string;
  period1ToDate?: string;
  period2FromDate?: string;
  period2ToDate?: string;
}
export function comparedPeriods(criteria: ComparedPeriods, today: string): [Period, Period] {
  const day = dayjs(today);
  return [
    period(criteria.period1FromDate, criteria.period1ToDate, quarterOf(day, 0), 'period1ToDate'),
    period(criteria.period2FromDate, criteria.period2ToDate, quarterOf(day, 1), 'period2ToDate'),
  ];
}

/** The whole year of `start` (default: the current year). */
export function yearOf(start: string | undefined, today: string): Period {
  const year = (start ?? today).slice(0, 4);
  return { start: `${year}-01-01`, end: `${year}-12-31` };
}
