import type { Caller } from '../context';
import type { ServiceRow } from '../services/access';
import type { Reader, Row } from '../store/types';
import { referenceInspections, referenceOfLine } from './inspections';

/**
 * The risk of a service's references (docs/risk.md "Reference risk"): for each reference (a
 * line's `referenceObj`, else its SKU), the past inspections of it the caller sees and the share
 * of them refused, among those with a verdict (accepted or refused):
 * - `NA`: no past inspection with a verdict;
 * - `HIGH`: 30 % refused or more;
 * - `MODERATE`: 10 % or more;
 * - `LOW`: less than 10 %.
 */
export const RISK_THRESHOLDS = { HIGH: 30, MODERATE: 10 } as const;
export type Risk = 'LOW' | 'MODERATE' | 'HIGH' | 'NA';

export function riskOf(accepted: number, refused: number): { refusedRate: number | null; risk: Risk } {
  const decided = accepted + refused;
  if (!decided) return { refusedRate: null, risk: 'NA' };
  const refusedRate = Math.round((refused / decided) * 1000) / 10;
  return { refusedRate, risk: refusedRate >= RISK_THRESHOLDS.HIGH ? 'HIGH' : refusedRate >= RISK_THRESHOLDS.MODERATE ? 'MODERATE' : 'LOW' };
}

export interface ReferenceRisk {
  reference: string;
  designation: string;
  inspections: number;
  accepted: number;
  refused: number;
  refusedRate: number | null;
  risk: Risk;
  lastInspection: string | null;
}

export async function referenceRisks(db: Reader, caller: Caller, service: ServiceRow): Promise<ReferenceRisk[]> {
  const designations = new Map<string, string>();
  for (const line of (service.purchaseOrderLines as Row[] | undefined) ?? []) {
    const reference = referenceOfLine(line);
    if (reference && !designations.has(reference)) designations.set(reference, String(line.designation ?? ''));
  }
  const rows: ReferenceRisk[] = [];
  for (const [reference, designation] of designations) {
    const past = await referenceInspections(db, caller, reference, service.serviceId as number);
    const result = (row: ServiceRow) => (row.report as Row | undefined)?.reportResult;
    const accepted = past.filter((row) => result(row) === 'ACCEPTED').length;
    const refused = past.filter((row) => result(row) === 'REFUSED').length;
    rows.push({ reference, designation, inspections: past.length, accepted, refused, ...riskOf(accepted, refused), lastInspection: (past[0]?.startDate as string | undefined) ?? null });
  }
  return rows;
}
