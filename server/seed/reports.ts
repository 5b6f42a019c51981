import type { Row, WriteOps } from '../store/types';
import { lotSizeOf, reportSummary, type ReportRules } from '../../domain/report';
import { DEFECTS } from '../reports/library';
import { REPORTS } from '../reports/routes';
import { SERVICES } from '../services/access';
import type { DemoIdentity } from './identity';
import type { Random } from './random';

/**
 * A report on every terminated inspection, with defects of its universe's library (seeded by
 * adminFamilies.ts): quantities from its order lines, defects drawn so that results vary
 * (accepted, refused, an inspector's verdict), one in three waiting for the client's decision.
 * The service's report summary is the report's.
 */
function universeLibrary(tx: WriteOps, universeId: number): Row[] {
  return tx.find<Row>(DEFECTS, (defect) => defect.universeId === universeId && defect.companyId === undefined);
}

const AQL = { level: 'II', inspection: 'NORMAL', critical: '0', major: '2.5', minor: '4.0' };
const SCENARIOS = ['light', 'heavy', 'light', 'gnr', 'critical', 'protocol'] as const;
const CONCLUSIONS: Record<(typeof SCENARIOS)[number], string> = {
  light: 'Lot conforms to the agreed quality level.',
  heavy: 'Too many major defects on the lot: rework needed before shipment.',
  gnr: 'Goods not ready on the inspection day: production 60 % finished, no carton packed.',
  critical: 'A broken needle was found in a carton: the lot is refused.',
  protocol: "Inspected to the client's protocol; the measurements are with the client for review.",
};

/** The values of the brands' REPORT custom fields (server/seed/customFields.ts), varied by report. */
const CUSTOM_VALUES: Record<'lumiere' | 'northwind', (index: number) => Row> = {
  lumiere: (index) => ({ HANGER_TEST: index % 5 === 4 ? 'FAILED' : 'PASSED', MOISTURE_RATE: 6 + (index % 4) * 0.5 }),
  northwind: (index) => ({ SHADE_BAND_CHECK: index % 4 === 3 ? 'FAILED' : 'PASSED' }),
};

/** The brands' defect libraries, by the brand's company id. */
export function reportLibraries(tx: WriteOps, identity: DemoIdentity): Map<number, Row[]> {
  const libraries = new Map<number, Row[]>();
  for (const key of ['lumiere', 'northwind'] as const) libraries.set(identity.companies[key], universeLibrary(tx, key === 'lumiere' ? identity.universes.main : identity.universes.other));
  return libraries;
}

export type Scenario = (typeof SCENARIOS)[number];

/**
 * The report of a terminated inspection drawn for `scenario` (its defects from `library`), decided
 * by the brand's quality manager when `decided`, and its summary on the service, as the report
 * calls write them. `index` varies the report type and the custom fields.
 */
export function writeReport(tx: WriteOps, random: Random, identity: DemoIdentity, rules: ReportRules, library: Row[], service: Row, index: number, { scenario, decided }: { scenario: Scenario; decided: boolean }): void {
  const lines = (service.purchaseOrderLines as Row[]).map((line) => ({
    purchaseOrderLineId: line.purchaseOrderLineId,
    orderedQuantity: (line.orderedQuantity as Row).quantity,
    presentedQuantity: (line.presentedQuantity as Row | undefined)?.quantity ?? (line.orderedQuantity as Row).quantity,
    inspectedQuantity: (line.inspectedQuantity as Row | undefined)?.quantity ?? 0,
  }));
  // A heavy lot: its majors reach the rejection number of the major plan for its size.
  const majorReject = rules.plansOf({ standard: 'ISO_2859_1', aql: AQL }, lotSizeOf({ lines }))?.plans.MAJOR.reject ?? 12;
  const pool = library.filter((defect) => (scenario === 'critical' ? defect.defaultSeverity === 'CRITICAL' : scenario === 'heavy' ? defect.defaultSeverity === 'MAJOR' : defect.defaultSeverity !== 'CRITICAL'));
  const defects =
    scenario === 'gnr'
      ? []
      : random.sample(pool, scenario === 'critical' ? 1 : random.int(2, 5)).map((defect, at) => ({
          reportDefectId: tx.nextId('reportDefects'),
          defectId: defect.defectId,
          severity: defect.defaultSeverity,
          count: defect.defaultSeverity === 'CRITICAL' ? 1 : scenario === 'heavy' && at === 0 ? majorReject + random.int(0, 3) : random.int(1, 2),
          purchaseOrderLineId: lines[0].purchaseOrderLineId,
        }));
  const report: Row = {
    serviceId: service.serviceId,
    reportType: scenario === 'gnr' ? 'GNR' : index % 4 === 3 ? 'PRE_FINAL' : 'NORMAL',
    inspectionMode: 'LOT',
    standard: scenario === 'protocol' ? 'CLIENT_PROTOCOL' : 'ISO_2859_1',
    aql: AQL,
    lines,
    defects,
    inspectedPieces: [],
    conclusion: CONCLUSIONS[scenario],
    customFieldReport: CUSTOM_VALUES[service.client === identity.companies.lumiere ? 'lumiere' : 'northwind'](index),
  };
  const computed = rules.computeReport(report);
  const clientDecision = decided ? (computed.result === 'REFUSED' ? random.pick(['REFUSED', 'SUBJECTED']) : computed.result === 'NA' ? 'NA' : 'ACCEPTED') : 'PENDING';
  const stamp = `${String(service.endDate ?? service.startDate)}T17:00:00.000Z`;
  tx.insert(REPORTS, 'reportId', {
    ...report,
    computed,
    reportResult: computed.result,
    decision: { clientDecision, ...(decided ? { decidedBy: identity.accounts.quality, decisionDate: stamp } : {}) },
    creator: service.updatedBy,
    creationDate: stamp,
    updateDate: stamp,
    updatedBy: service.updatedBy,
    universeId: service.universeId,
  });
  tx.update<Row>(SERVICES, service.serviceId as number, (current) => ({ ...current, report: reportSummary({ ...report, computed, reportResult: computed.result, decision: { clientDecision } }) }));
}

export function seedReports(tx: WriteOps, random: Random, identity: DemoIdentity, rules: ReportRules): void {
  const libraries = reportLibraries(tx, identity);
  const terminated = tx.find<Row>(SERVICES, (service) => service.serviceStep === 'TERMINATED');
  let index = 0;
  for (const service of terminated) {
    const library = libraries.get(service.client as number);
    if (!library || service.thirdPartyDepartment !== 'INSP') {
      tx.update<Row>(SERVICES, service.serviceId as number, ({ report: _report, ...rest }) => rest);
      continue;
    }
    // Every result in turn: few defects (accepted), many majors (refused), goods not ready (NA),
    // a critical defect (refused), a client protocol outside AQL with no verdict yet (PENDING).
    writeReport(tx, random, identity, rules, library, service, index, { scenario: SCENARIOS[index % SCENARIOS.length], decided: index % 3 !== 0 });
    index += 1;
  }
}
