import { describe, expect, it } from 'vitest';
import { confirmationOf, workingDaysBetween } from '../../domain/leadTime';

/** Lead time in working days and the service levels of spec §9 (docs/kpis.md). */
describe('lead time', () => {
  it('counts the working days after the request up to the confirmation', () => {
    expect(workingDaysBetween('2026-11-27', '2026-11-27')).toBe(0); // the same day
    expect(workingDaysBetween('2026-11-27', '2026-11-30')).toBe(1); // Friday → Monday
    expect(workingDaysBetween('2026-11-28', '2026-11-29')).toBe(0); // Saturday → Sunday
    expect(workingDaysBetween('2026-11-23', '2026-12-04')).toBe(9); // Monday → Friday of the next week
    expect(workingDaysBetween('2026-12-04', '2026-11-23')).toBe(0);
  });

  it('is on time within NORMAL 4, URGENT 3, EXPRESS 2 working days', () => {
    const requested = '2026-11-23T09:00:00.000Z'; // a Monday
    expect(confirmationOf(requested, 'NORMAL', '2026-11-27T18:00:00.000Z')).toEqual({ date: '2026-11-27T18:00:00.000Z', workingDays: 4, onTime: 1, late: 0 });
    expect(confirmationOf(requested, 'NORMAL', '2026-11-30T08:00:00.000Z')).toMatchObject({ workingDays: 5, onTime: 0, late: 1 });
    expect(confirmationOf(requested, 'URGENT', '2026-11-27T08:00:00.000Z')).toMatchObject({ workingDays: 4, onTime: 0 });
    expect(confirmationOf(requested, 'URGENT', '2026-11-26T08:00:00.000Z')).toMatchObject({ workingDays: 3, onTime: 1 });
    expect(confirmationOf(requested, 'EXPRESS', '2026-11-25T08:00:00.000Z')).toMatchObject({ workingDays: 2, onTime: 1 });
    expect(confirmationOf(requested, 'EXPRESS', '2026-11-26T08:00:00.000Z')).toMatchObject({ workingDays: 3, onTime: 0 });
  });
});
