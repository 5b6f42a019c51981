/**
 * The risk and smart-data score of a reference from its own inspection history (docs/risk.md
 * "A reference's risk and score"). Pure: the server feeds it the reference's inspections.
 *
 * - Each inspection with a verdict gets a **badness** in [0, 1]: 0.8 when refused, plus its
 *   defect points / 50 (critical 10, major 3, minor 1 per defect found), at most 1.
 * - and a **weight** that halves every 12 months of age (older inspections weigh less).
 * - score = 100 × Σ weight × badness / (Σ weight + 1), rounded: the "+ 1" is one recent clean
 *   inspection taken for granted, so that a single or an old refusal is not the whole story and
 *   old refusals fade away even when nothing newer came. Higher is riskier.
 * - risk: NA without an inspection with a verdict (score 0); HIGH from a score of 30, MODERATE
 *   from 10, else LOW — the thresholds of the refused share before (a history of recent
 *   refusals without defect lines gives about the same answer).
 */
export type Risk = 'LOW' | 'MODERATE' | 'HIGH' | 'NA';

export interface Inspection {
  /** The inspection's day (`YYYY-MM-DD`, the service's start date). */
  date: string;
  /** The report's result: only ACCEPTED and REFUSED count (PENDING, NA have no verdict). */
  result: string;
  critical: number;
  major: number;
  minor: number;
}

export const REFERENCE_RISK = {
  /** Badness of a refusal before its defects. */
  refusedWeight: 0.8,
  /** Defect points per defect found, by severity. */
  severityPoints: { critical: 10, major: 3, minor: 1 },
  /** Defect points that alone make an inspection as bad as it gets (badness 1). */
  fullPoints: 50,
  /** An inspection's weight halves every so many months. */
  halfLifeMonths: 12,
  /** Weight of the clean inspection taken for granted (the prior). */
  priorWeight: 1,
  /** Score from which the risk is HIGH, MODERATE. */
  thresholds: { HIGH: 30, MODERATE: 10 },
} as const;

const DAY_MS = 86_400_000;
const MONTH_DAYS = 365.25 / 12;

/** Months from `date` to `now` (0 for a date to come). */
export function ageInMonths(date: string, now: Date): number {
  const days = (now.getTime() - Date.parse(`${date.slice(0, 10)}T00:00:00Z`)) / DAY_MS;
  return Number.isFinite(days) ? Math.max(0, days / MONTH_DAYS) : 0;
}

export const weightOf = (date: string, now: Date): number => 0.5 ** (ageInMonths(date, now) / REFERENCE_RISK.halfLifeMonths);

export function defectPoints(inspection: Pick<Inspection, 'critical' | 'major' | 'minor'>): number {
  const { critical, major, minor } = REFERENCE_RISK.severityPoints;
  return critical * inspection.critical + major * inspection.major + minor * inspection.minor;
}

export function badnessOf(inspection: Inspection): number {
  const refused = inspection.result === 'REFUSED' ? REFERENCE_RISK.refusedWeight : 0;
  return Math.min(1, refused + defectPoints(inspection) / REFERENCE_RISK.fullPoints);
}

export const hasVerdict = (inspection: Pick<Inspection, 'result'>) => inspection.result === 'ACCEPTED' || inspection.result === 'REFUSED';

export function riskOfScore(score: number): Exclude<Risk, 'NA'> {
  const { HIGH, MODERATE } = REFERENCE_RISK.thresholds;
  return score >= HIGH ? 'HIGH' : score >= MODERATE ? 'MODERATE' : 'LOW';
}

export interface ReferenceRiskFigures {
  risk: Risk;
  score: number;
  /** Inspections with a verdict, and how many were accepted, refused. */
  inspections: number;
  accepted: number;
  refused: number;
  /** Defects found over those inspections, per severity. */
  critical: number;
  major: number;
  minor: number;
  /** The newest inspection's day, null without any. */
  lastInspection: string | null;
}

/** The risk and score of a reference from its inspections, at `now`. */
export function referenceRisk(inspections: readonly Inspection[], now: Date): ReferenceRiskFigures {
  const counted = inspections.filter(hasVerdict);
  const sum = (pick: (inspection: Inspection) => number) => counted.reduce((total, inspection) => total + pick(inspection), 0);
  const figures = {
    inspections: counted.length,
    accepted: counted.filter((inspection) => inspection.result === 'ACCEPTED').length,
    refused: counted.filter((inspection) => inspection.result === 'REFUSED').length,
    critical: sum((inspection) => inspection.critical),
    major: sum((inspection) => inspection.major),
    minor: sum((inspection) => inspection.minor),
    lastInspection: counted.map((inspection) => inspection.date.slice(0, 10)).sort().at(-1) ?? null,
  };
  if (!counted.length) return { risk: 'NA', score: 0, ...figures };
  const weights = counted.map((inspection) => weightOf(inspection.date, now));
  const weighted = counted.reduce((total, inspection, index) => total + weights[index] * badnessOf(inspection), 0);
  const score = Math.round((100 * weighted) / (weights.reduce((a, b) => a + b, 0) + REFERENCE_RISK.priorWeight));
  return { risk: riskOfScore(score), score, ...figures };
}

/** What counts on screen: the manager's override when there is one, else the computed risk. */
export const effectiveRisk = (risk: Risk | undefined, override: Risk | undefined | null): Risk => override ?? risk ?? 'NA';
