import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange, dynamicDefault, exportFileName } from '../../engine/dates';

const today = dayjs('2026-03-15T10:20:30');

describe('engine dates', () => {
  it('gives the default search periods of spec §9', () => {
    expect(defaultRange('currentMonth', today)).toEqual({ fromDate: '2026-03-01', toDate: '2026-03-31' });
    expect(defaultRange('plusMinus7Days', today)).toEqual({ fromDate: '2026-03-08', toDate: '2026-03-22' });
    expect(defaultRange('plusMinus15Days', today)).toEqual({ fromDate: '2026-02-28', toDate: '2026-03-30' });
    expect(defaultRange('minus7Plus30Days', today)).toEqual({ fromDate: '2026-03-08', toDate: '2026-04-14' });
    expect(defaultRange('previousToCurrentMonth', today)).toEqual({ fromDate: '2026-02-01', toDate: '2026-03-31' });
    expect(defaultRange('lastSixMonths', today)).toEqual({ fromDate: '2025-09-01', toDate: '2026-03-15' });
    expect(defaultRange('lastTwelveMonths', today)).toEqual({ fromDate: '2025-03-16', toDate: '2026-03-15' });
    expect(defaultRange('currentYear', today)).toEqual({ fromDate: '2026-01-01', toDate: '2026-12-31' });
    expect(defaultRange(undefined, today)).toEqual({ fromDate: null, toDate: null });
  });

  it('handles month ends and leap years', () => {
    expect(defaultRange('currentMonth', dayjs('2028-02-10'))).toEqual({ fromDate: '2028-02-01', toDate: '2028-02-29' });
  });

  it('fills dynamic field defaults', () => {
    expect(dynamicDefault('today', today)).toBe('2026-03-15');
    expect(dynamicDefault('currentMonth', today)).toBe('2026-03');
    expect(dynamicDefault('other', today)).toBeUndefined();
  });

  it('names export files YYYYMMDD_HHmmss_<title>.xlsx without unsafe characters', () => {
    expect(exportFileName('Open items', today)).toBe('20260315_102030_Open items.xlsx');
    expect(exportFileName('A/B: "C"?', today)).toBe('20260315_102030_A B C.xlsx');
    expect(exportFileName('  ', today)).toBe('20260315_102030_export.xlsx');
  });
});
