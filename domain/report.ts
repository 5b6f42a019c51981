import { aqlRules, type AqlRules, type AqlTables } from './aql';

/**
 * What a report's numbers give (stored as `computed` on every write, so searches, the PDF and
 * the decision read one answer): the lot size (presented quantities), the ISO 2859-1 plan of
 * each severity, the defects found per severity and the verdict.
 * - LOT, WEIGHTING and APPRECIATION count the defects found; the piece modes count the failed
 *   pieces (a piece without a severity counts as MAJOR).
 * - A critical AQL of "0" tolerates none: the major plan's sample, accept 0, reject 1.
 * - Rejected as soon as one severity reaches its rejection number; a reduced plan's count
 *   between Ac and Re still accepts the lot (ISO 2859-1 then reinstates normal inspection).
 * - Goods not ready (GNR) and standards outside AQL give no computed verdict (NA, PENDING).
 */
export const SEVERITIES = ['CRITICAL', 'MAJOR', 'MINOR'] as const;
export type Severity = (typeof SEVERITIES)[number];
const AQL_KEY = { CRITICAL: 'critical', MAJOR: 'major', MINOR: 'minor' } as const;

export interface Plan {
  sampleSize: number;
  accept: number;
  reject: number;
}
export interface Computed {
  lotSize: number;
  codeLetter?: string;
  plans?: Record<Severity, Plan>;
  totals: Record<Severity, number>;
  result: 'PENDING' | 'ACCEPTED' | 'REFUSED' | 'NA';
}
type Row = Record<string, unknown>;
export interface StandardRule {
  aqlEligible: boolean;
  default?: Record<string, string>;
}

/** The reference tables the report rules read: schemas/aql.json and schemas/reportStandards.json. */
export interface ReportTables {
  aql: AqlTables;
  reportStandards: { standards: Record<string, StandardRule> };
}

const PIECE_MODES = new Set(['PIECE', 'PIECE_WITH_SEVERITY']);
export const isPieceMode = (mode: unknown) => PIECE_MODES.has(String(mode));

const rows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);

export function totalsOf(report: Row): Record<Severity, number> {
  const totals: Record<Severity, number> = { CRITICAL: 0, MAJOR: 0, MINOR: 0 };
  if (isPieceMode(report.inspectionMode)) {
    for (const piece of rows(report.inspectedPieces)) if (piece.result === 'FAILED') totals[(piece.severity as Severity | undefined) ?? 'MAJOR'] += 1;
  } else {
    // A count still being typed (a text the form keeps, marked) adds nothing until it is a number.
    for (const defect of rows(report.defects)) totals[defect.severity as Severity] += Number.isFinite(Number(defect.count ?? 0)) ? Number(defect.count ?? 0) : 0;
  }
  return totals;
}

export const lotSizeOf = (report: Row) => rows(report.lines).reduce((sum, line) => sum + Number(line.presentedQuantity ?? 0), 0);

/** The report rules of one set of reference tables. */
export interface ReportRules {
  /** The standard's rule (AQL eligible, default AQL values), undefined for an unknown standard. */
  standardRule(standard: unknown): StandardRule | undefined;
  plansOf(report: Row, lotSize: number): { codeLetter: string; plans: Record<Severity, Plan> } | undefined;
  computeReport(report: Row): Computed;
  aql: AqlRules;
}

/** The report rules of `tables` (built once per configuration: by the server's loader, and in the browser from GET /back/schemas). */
export function reportRules(tables: ReportTables): ReportRules {
  const aql = aqlRules(tables.aql);
  const standardRule = (standard: unknown): StandardRule | undefined =>
    Object.hasOwn(tables.reportStandards.standards, String(standard)) ? tables.reportStandards.standards[String(standard)] : undefined;

  /** The plans of the report's AQL values for `lotSize`, or undefined below 2 pieces or outside AQL. */
  function plansOf(report: Row, lotSize: number): { codeLetter: string; plans: Record<Severity, Plan> } | undefined {
    if (!standardRule(report.standard)?.aqlEligible || lotSize < 2) return undefined;
    const limits = (report.aql ?? {}) as Record<string, string>;
    const general = { lotSize, level: limits.level ?? 'II', inspection: limits.inspection ?? 'NORMAL' };
    const major = aql.samplingPlan({ ...general, aql: limits.major ?? '2.5' });
    const planOf = (severity: Severity): Plan => {
      const limit = limits[AQL_KEY[severity]];
      if (!limit || limit === '0') return { sampleSize: major.sampleSize, accept: 0, reject: 1 };
      const { sampleSize, accept, reject } = aql.samplingPlan({ ...general, aql: limit });
      return { sampleSize, accept, reject };
    };
    return { codeLetter: major.codeLetter, plans: { CRITICAL: planOf('CRITICAL'), MAJOR: planOf('MAJOR'), MINOR: planOf('MINOR') } };
  }

  function computeReport(report: Row): Computed {
    const lotSize = lotSizeOf(report);
    const totals = totalsOf(report);
    if (report.reportType === 'GNR') return { lotSize, totals, result: 'NA' };
    const sampling = plansOf(report, lotSize);
    if (!sampling) return { lotSize, totals, result: 'PENDING' };
    const refused = SEVERITIES.some((severity) => totals[severity] >= sampling.plans[severity].reject);
    return { lotSize, ...sampling, totals, result: refused ? 'REFUSED' : 'ACCEPTED' };
  }

  return { standardRule, plansOf, computeReport, aql };
}

/** Pieces inspected: the pieces checked one by one in the piece modes, else the lines' inspected quantities. */
export const inspectedPiecesOf = (report: Row): number =>
  isPieceMode(report.inspectionMode) ? rows(report.inspectedPieces).length : rows(report.lines).reduce((sum, line) => sum + (Number(line.inspectedQuantity) || 0), 0);

/**
 * What the service keeps of its report (`service.report`), so that the search and the KPIs
 * (docs/kpis.md) read one collection: the verdict, the decision, the defects per severity and
 * the pieces inspected.
 */
export function reportSummary(report: Row): Row {
  const computed = (report.computed ?? {}) as Partial<Computed>;
  return {
    reportResult: report.reportResult,
    reportType: report.reportType,
    clientDecision: String((report.decision as Row | undefined)?.clientDecision ?? 'PENDING'),
    defects: computed.totals ?? totalsOf(report),
    inspectedQuantity: inspectedPiecesOf(report),
  };
}
