import { describe, expect, it } from 'vitest';
import { inspectedPiecesOf, reportSummary } from '../../domain/report';

/** What the service keeps of its report (docs/kpis.md): verdict, decision, defects per severity, pieces inspected. */
describe('reportSummary', () => {
  it('sums the lines in the LOT modes and takes the computed totals', () => {
    const report = {
      reportResult: 'REFUSED', reportType: 'NORMAL', inspectionMode: 'LOT',
      lines: [{ inspectedQuantity: 80 }, { inspectedQuantity: 20 }, {}],
      computed: { totals: { CRITICAL: 1, MAJOR: 2, MINOR: 0 } },
      decision: { clientDecision: 'SUBJECTED' },
    };
    expect(reportSummary(report)).toEqual({ reportResult: 'REFUSED', reportType: 'NORMAL', clientDecision: 'SUBJECTED', defects: { CRITICAL: 1, MAJOR: 2, MINOR: 0 }, inspectedQuantity: 100 });
  });

  it('counts the pieces checked one by one in the piece modes; undecided is PENDING; totals computed when missing', () => {
    const report = {
      reportResult: 'ACCEPTED', reportType: 'NORMAL', inspectionMode: 'PIECE_WITH_SEVERITY',
      lines: [{ inspectedQuantity: 500 }],
      inspectedPieces: [{ result: 'PASSED' }, { result: 'FAILED', severity: 'MINOR' }, { result: 'FAILED' }],
    };
    expect(inspectedPiecesOf(report)).toBe(3);
    expect(reportSummary(report)).toMatchObject({ clientDecision: 'PENDING', defects: { CRITICAL: 0, MAJOR: 1, MINOR: 1 }, inspectedQuantity: 3 });
  });
});
