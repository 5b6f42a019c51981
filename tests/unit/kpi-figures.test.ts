import { describe, expect, it } from 'vitest';
import { figuresQuery, foldBy, foldFigures } from '../../server/kpi/figures';
import { runAggregate } from '../../server/store/aggregate';
import { eq, type Condition } from '../../server/store/query';
import type { Row } from '../../server/store/types';

/** The KPI aggregate (server/kpi/figures.ts) run by the embedded store on hand-made services; the API tests hold both stores to the same figures. */
const services: Row[] = [
  { serviceId: 1, supplier: 7, thirdPartyDepartment: 'INSP', serviceStep: 'TERMINATED', report: { reportResult: 'ACCEPTED', clientDecision: 'ACCEPTED', inspectedQuantity: 100, defects: { CRITICAL: 0, MAJOR: 2, MINOR: 3 } }, manDays: 1 },
  // Read in summary only: its verdict and decision count, its pieces and defects do not.
  { serviceId: 2, supplier: 7, thirdPartyDepartment: 'INSP', serviceStep: 'TERMINATED', limited: true, report: { reportResult: 'REFUSED', clientDecision: 'SUBJECTED', inspectedQuantity: 50, defects: { CRITICAL: 1, MAJOR: 0, MINOR: 0 } } },
  // Not read at all: a service without a report (pending), its man-days and confirmation still its own.
  { serviceId: 3, supplier: 7, thirdPartyDepartment: 'AUDIT', serviceStep: 'CONFIRMED', hidden: true, report: { reportResult: 'REFUSED', clientDecision: 'REFUSED', inspectedQuantity: 20, defects: { CRITICAL: 5, MAJOR: 5, MINOR: 5 } }, manDays: 2, confirmation: { workingDays: 3, onTime: 1, late: 0 } },
  { serviceId: 4, supplier: 8, thirdPartyDepartment: 'INSP', serviceStep: 'REQUESTED' },
  { serviceId: 5, supplier: 8, thirdPartyDepartment: 'LAB', serviceStep: 'TERMINATED', report: { reportResult: 'NA', clientDecision: 'NA', inspectedQuantity: 0 } },
];
const access = { unread: eq('hidden', true), summaryOnly: eq('limited', true) };
const every: Condition = { op: 'and', all: [] };

describe('KPI figures: one aggregate, one row per key', () => {
  it('groups by the call\'s own keys only, the splits and the report access as filtered measures', () => {
    const query = figuresQuery(every, [{ field: 'supplier' }], access);
    expect(query.groupBy).toEqual([{ field: 'supplier' }]);
    const rows = runAggregate(services, query);
    expect(rows.map((row) => row.supplier)).toEqual([7, 8]);
    const [seven, eight] = foldBy(rows, 'supplier');
    expect(seven.figures).toMatchObject({
      services: 3,
      inspections: 2,
      results: { ACCEPTED: 1, REFUSED: 1, PENDING: 1, NA: 0 },
      decisions: { ACCEPTED: 1, SUBJECTED: 1, REFUSED: 0, PENDING: 1, NA: 0 },
      defects: { CRITICAL: 0, MAJOR: 2, MINOR: 3 },
      inspectedPieces: 100,
      manDays: 3,
      confirmed: 1,
      leadTime: 3,
      onTimeRate: 1,
    });
    expect(eight.figures).toMatchObject({ services: 2, inspections: 1, results: { ACCEPTED: 0, REFUSED: 0, PENDING: 1, NA: 1 }, decisions: { PENDING: 1, NA: 1 }, inspectedPieces: 0, defectsPerPiece: { CRITICAL: null } });
    // Totals: the rows added up.
    expect(foldFigures(rows)).toMatchObject({ services: 5, inspections: 3, results: { ACCEPTED: 1, REFUSED: 1, PENDING: 2, NA: 1 }, resultRate: 0.5, inspectedPieces: 100 });
  });

  it('counts every report of a caller that reads them all, and gives one row of zeros when nothing matches', () => {
    const [all] = runAggregate(services, figuresQuery(every));
    expect(foldFigures([all])).toMatchObject({ services: 5, results: { ACCEPTED: 1, REFUSED: 2, PENDING: 1, NA: 1 }, decisions: { REFUSED: 1, SUBJECTED: 1 }, inspectedPieces: 170, defects: { CRITICAL: 6, MAJOR: 7, MINOR: 8 } });
    const none = runAggregate(services, figuresQuery(eq('supplier', 99), [], access));
    expect(none).toHaveLength(1);
    expect(foldFigures(none)).toMatchObject({ services: 0, results: { PENDING: 0 }, inspectedPieces: 0, resultRate: null, leadTime: null });
  });
});
