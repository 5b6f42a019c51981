import { describe, expect, it } from 'vitest';
import { activityFigures, daysOf, groupOfType, TOP_ROWS, windowLength } from '../../server/activity/figures';
import { costFigures, feeAmount } from '../../server/dashboard/costs';

/** The pure counts behind GET /back/bo/activity/figures and GET /back/bo/dashboard/costs. */
const labels = { type: (type: string) => `T:${type}`, client: (id: number) => `C${id}`, others: 'Others', noCountry: 'None' };
const window = { fromDate: '2030-03-30', toDate: '2030-04-02' };
const service = (serviceId: number, fields: Record<string, unknown>) => ({ serviceId, type: 'INSP_FINAL_RANDOM', serviceStep: 'CONFIRMED', client: 1, startDate: '2030-04-01', ...fields });
const countries: Record<number, string> = { 1: 'France', 2: 'China' };
const countryOf = (row: Record<string, unknown>) => countries[row.serviceId as number];

describe('activity figures', () => {
  it('lists every day of the window and counts each service on each of its days in it, by step', () => {
    const services = [
      service(1, { startDate: '2030-03-29', endDate: '2030-03-31' }), // starts before the window: 2 days in it
      service(2, { serviceStep: 'REQUESTED', startDate: '2030-04-02', endDate: '2030-04-05' }), // 1 day in it
      service(3, { serviceStep: 'CANCELLED' }), // no end date: its start day
    ];
    const figures = activityFigures(services, [], countryOf, window, labels);
    expect(figures.byDay.map((row) => row.day)).toEqual(['2030-03-30', '2030-03-31', '2030-04-01', '2030-04-02']);
    expect(figures.byDay.map((row) => [row.CONFIRMED, row.REQUESTED, row.CANCELLED])).toEqual([[1, 0, 0], [1, 0, 0], [0, 0, 1], [0, 1, 0]]);
    expect(figures.totals).toEqual({ services: 3, serviceDays: 4, inspectorDays: 0 });
  });

  it('counts inspector-days from the field roles of the assignments inside the window, not for a cancelled service', () => {
    const day = (date: string, typePlanning: string) => ({ date, typePlanning });
    const assignments = [
      { serviceId: 1, assignments: [
        { contactId: 7, typePlannings: [day('2030-03-29', 'FIELD_LEADER'), day('2030-03-30', 'FIELD_LEADER'), day('2030-03-31', 'FIELD_BACKUP')] },
        { contactId: 8, typePlannings: [day('2030-03-30', 'FIELD_TRAINEE'), day('2030-03-31', 'NOT_ON_FIELD')] },
        { contactId: 9, typePlannings: [day('2030-03-30', 'REPRESENTATIVE')] },
      ] },
      { serviceId: 3, assignments: [{ contactId: 7, typePlannings: [day('2030-04-01', 'FIELD_LEADER')] }] },
    ];
    const services = [service(1, { startDate: '2030-03-29', endDate: '2030-03-31' }), service(3, { serviceStep: 'CANCELLED' })];
    const figures = activityFigures(services, assignments, countryOf, window, labels);
    expect(figures.byDay.map((row) => row.inspectorDays)).toEqual([2, 1, 0, 0]);
    expect(figures.totals.inspectorDays).toBe(3);
    expect(figures.table.find((row) => row.type === 'INSP_FINAL_RANDOM')!.inspectorDays).toBe(3);
  });

  it('counts services once per type, country and client, most first, and a table per type with its group and steps', () => {
    const services = [
      service(1, { client: 5 }),
      service(2, { client: 5, type: 'AUDIT_SOCIAL', serviceStep: 'TERMINATED' }),
      service(3, { client: 6, type: 'AUDIT_SOCIAL' }),
      service(4, { client: 6, type: 'AUDIT_SOCIAL' }),
    ];
    const figures = activityFigures(services, [], countryOf, window, labels);
    expect(figures.byType).toEqual([
      { type: 'AUDIT_SOCIAL', label: 'T:AUDIT_SOCIAL', services: 3 },
      { type: 'INSP_FINAL_RANDOM', label: 'T:INSP_FINAL_RANDOM', services: 1 },
    ]);
    expect(figures.byCountry).toEqual([
      { key: '', label: 'None', services: 2 },
      { key: 'China', label: 'China', services: 1 },
      { key: 'France', label: 'France', services: 1 },
    ]);
    expect(figures.byClient.map((row) => [row.label, row.services])).toEqual([['C5', 2], ['C6', 2]]);
    expect(figures.table[0]).toMatchObject({ type: 'AUDIT_SOCIAL', group: 'AUDIT', services: 3, serviceDays: 3, CONFIRMED: 2, TERMINATED: 1, CANCELLED: 0 });
  });

  it('sums the clients past the top rows into one "others" row', () => {
    const services = Array.from({ length: TOP_ROWS + 3 }, (_, i) => service(i + 1, { client: 100 + i }));
    const rows = activityFigures(services, [], countryOf, window, labels).byClient;
    expect(rows).toHaveLength(TOP_ROWS);
    expect(rows.at(-1)).toEqual({ key: '', label: 'Others', services: 4 });
    expect(rows.reduce((sum, row) => sum + row.services, 0)).toBe(TOP_ROWS + 3);
  });

  it('reads windows and groups', () => {
    expect(daysOf({ fromDate: '2030-02-27', toDate: '2030-03-01' })).toEqual(['2030-02-27', '2030-02-28', '2030-03-01']);
    expect(windowLength({ fromDate: '2030-01-01', toDate: '2030-12-31' })).toBe(365);
    expect(windowLength({ fromDate: '2030-01-02', toDate: '2030-01-01' })).toBe(0);
    expect(groupOfType('LAB_CHEMICAL_TEST')).toBe('LAB');
  });
});

describe('dashboard costs', () => {
  const costLabels = { contributor: (id: number) => `P${id}`, structuralCosts: 'SC', fees: 'F', total: 'T', notConverted: (c: string) => `SC ${c}`, others: 'Others' };
  const months = ['2030-03', '2030-04'];

  it('sums structural costs per month and type in the company currency, listing other currencies apart', () => {
    const costs = [
      { date: '2030-03', type: 'CONTRIBUTOR', amount: 100.1, currency: 'EUR' },
      { date: '2030-03', type: 'OFFICE', amount: 50, currency: 'EUR' },
      { date: '2030-04', type: 'OFFICE', amount: 20.2, currency: 'EUR' },
      { date: '2030-04', type: 'OFFICE', amount: 999, currency: 'USD' },
    ];
    const figures = costFigures(costs, [], 'EUR', months, costLabels);
    expect(figures.structuralCostsByMonth).toEqual([
      { month: '2030-03', CONTRIBUTOR: 100.1, OFFICE: 50 },
      { month: '2030-04', CONTRIBUTOR: 0, OFFICE: 20.2 },
    ]);
    expect(figures.structuralCostsByType).toEqual({ CONTRIBUTOR: 100.1, OFFICE: 70.2 });
    expect(figures.total).toEqual({ structuralCosts: 170.3, fees: 0, all: 170.3 });
    expect(figures.totals.map((row) => [row.key, row.count, row.amount, row.currency])).toEqual([
      ['structuralCosts', 3, 170.3, 'EUR'],
      ['fees', 0, 0, 'EUR'],
      ['total', 3, 170.3, 'EUR'],
      ['structuralCosts.USD', 1, 999, 'USD'],
    ]);
  });

  it('sums fee sheets per month and status at their rate, and shares each line between its contributors', () => {
    const fees = [
      { creationDate: '2030-03-10', status: 'VALID', totalAmount: 90, currency: 'EUR', currencyRate: 1, feeLines: [{ total: 90, contributors: [1, 2] }] },
      { creationDate: '2030-04-01', status: 'CREATED', totalAmount: 100, currency: 'USD', currencyRate: 0.9, feeLines: [{ total: 60, contributors: [1] }, { total: 40, contributors: [3] }] },
    ];
    expect(feeAmount(fees[1], 'EUR')).toBe(90);
    expect(feeAmount(fees[1], 'USD')).toBe(100);
    const figures = costFigures([], fees, 'EUR', months, costLabels);
    expect(figures.feesByMonth).toEqual([
      { month: '2030-03', CREATED: 0, TOFIX: 0, TOVALIDATE: 0, VALID: 90 },
      { month: '2030-04', CREATED: 90, TOFIX: 0, TOVALIDATE: 0, VALID: 0 },
    ]);
    expect(figures.feesByStatus).toEqual({ CREATED: 90, TOFIX: 0, TOVALIDATE: 0, VALID: 90 });
    expect(figures.feesByContributor).toEqual([
      { contactId: 1, label: 'P1', amount: 99 },
      { contactId: 3, label: 'P3', amount: 36 },
      { contactId: 2, label: 'P2', amount: 45 },
    ].sort((a, b) => b.amount - a.amount));
    expect(figures.total).toEqual({ structuralCosts: 0, fees: 180, all: 180 });
  });
});
