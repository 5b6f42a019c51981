import dayjs, { type Dayjs } from 'dayjs';

/** Date helpers: API dates are `YYYY-MM-DD`, months `YYYY-MM` (CONTRACT.md). */
export const DATE = 'YYYY-MM-DD';
export const MONTH = 'YYYY-MM';

export interface DateRange {
  fromDate: string | null;
  toDate: string | null;
}

/** A search form's period: the two properties a date range picker edits. */
export const RANGE_FIELDS: readonly string[] = ['fromDate', 'toDate'] satisfies (keyof DateRange)[];

/** The names a search schema's `x-defaultRange` may take (`defaultRange`). */
export const DEFAULT_RANGES = ['currentMonth', 'previousToCurrentMonth', 'plusMinus7Days', 'plusMinus15Days', 'minus7Plus30Days', 'lastSixMonths', 'lastTwelveMonths', 'currentYear', 'currentQuarter', 'previousQuarter'] as const;

/**
 * The default search period named by a search schema's `x-defaultRange` (spec §9 "Default dates").
 * Unknown names give an open range.
 */
export function defaultRange(name: string | undefined, today: Dayjs = dayjs()): DateRange {
  switch (name as (typeof DEFAULT_RANGES)[number] | undefined) {
    case 'currentMonth':
      return { fromDate: today.startOf('month').format(DATE), toDate: today.endOf('month').format(DATE) };
    case 'previousToCurrentMonth':
      return { fromDate: today.subtract(1, 'month').startOf('month').format(DATE), toDate: today.endOf('month').format(DATE) };
    case 'plusMinus7Days':
      return { fromDate: today.subtract(7, 'day').format(DATE), toDate: today.add(7, 'day').format(DATE) };
    case 'plusMinus15Days':
      return { fromDate: today.subtract(15, 'day').format(DATE), toDate: today.add(15, 'day').format(DATE) };
    case 'minus7Plus30Days':
      return { fromDate: today.subtract(7, 'day').format(DATE), toDate: today.add(30, 'day').format(DATE) };
    case 'lastSixMonths':
      return { fromDate: today.subtract(6, 'month').startOf('month').format(DATE), toDate: today.format(DATE) };
    case 'lastTwelveMonths':
      return { fromDate: today.subtract(12, 'month').add(1, 'day').format(DATE), toDate: today.format(DATE) };
    case 'currentYear':
      return { fromDate: today.startOf('year').format(DATE), toDate: today.endOf('year').format(DATE) };
    case 'currentQuarter':
    case 'previousQuarter': {
      const start = today.startOf('month').subtract(today.month() % 3, 'month').subtract(name === 'previousQuarter' ? 3 : 0, 'month');
      return { fromDate: start.format(DATE), toDate: start.add(2, 'month').endOf('month').format(DATE) };
    }
    default:
      return { fromDate: null, toDate: null };
  }
}

/** Dynamic defaults of entity fields (`x-default`). */
export function dynamicDefault(name: string | undefined, today: Dayjs = dayjs()): string | undefined {
  if (name === 'today') return today.format(DATE);
  if (name === 'currentMonth') return today.format(MONTH);
  return undefined;
}

/** Export files are named `YYYYMMDD_HHmmss_<title>.xlsx` (spec §9). */
export function exportFileName(title: string, now: Dayjs = dayjs()): string {
  const safe = title.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim() || 'export';
  return `${now.format('YYYYMMDD_HHmmss')}_${safe}.xlsx`;
}
