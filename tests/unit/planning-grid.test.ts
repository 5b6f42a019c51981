import { describe, expect, it } from 'vitest';
import { exportQuery, isWeekend, planningQuery, rowHeight, ROW_BASE_PX, ROW_EXTRA_PX, shiftMonth } from '../../app/pages/planning/planningGrid';

/** The team planning page's pure rules (app/pages/planning/planningGrid.ts). */
describe('team planning grid', () => {
  it('moves months across years', () => {
    expect(shiftMonth('2026-11', 1)).toBe('2026-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('shades Saturdays and Sundays only', () => {
    expect(isWeekend('2026-11-28')).toBe(true);
    expect(isWeekend('2026-11-29')).toBe(true);
    expect(isWeekend('2026-11-30')).toBe(false);
    expect(isWeekend('2026-11-27')).toBe(false);
  });

  it('asks the month with the filters given, and exports the same as a period', () => {
    expect(planningQuery('2026-11', { companies: 2, countries: undefined, contributors: 9 })).toEqual({ month: '2026-11', companies: 2, contributors: 9 });
    expect(exportQuery({ from: '2026-11-01', to: '2026-11-30' }, { companies: 2, countries: 'China' })).toEqual({
      planningExportType: 'CONTRIBUTOR_DAY', startDate: '2026-11-01', endDate: '2026-11-30', serviceProvidersHk: 2, countries: 'China',
    });
  });

  it('makes a row tall enough for its busiest day', () => {
    const cell = { serviceId: 1, number: 'S-000001', typePlanning: 'FIELD_LEADER' };
    expect(rowHeight({ contactId: 1, fullName: 'A', acronym: 'A', days: {} })).toBe(ROW_BASE_PX);
    expect(rowHeight({ contactId: 1, fullName: 'A', acronym: 'A', days: { '2026-11-02': [cell], '2026-11-03': [cell, { ...cell, serviceId: 2 }] } })).toBe(ROW_BASE_PX + ROW_EXTRA_PX);
  });
});
