import { effectiveRisk, type Risk } from '../../domain/referenceRisk';
import type { Caller } from '../context';
import type { ServiceRow } from '../services/access';
import type { Reader, Row, Stored } from '../store/types';
import { referenceInspections } from './inspections';
import { linesOf, referenceOfLine, referenceRecordsOfLines } from './referenceRecords';

/**
 * The risk of a service's references (docs/risk.md "The references of a service"): for each
 * reference of its lines, the past inspections of it the caller sees and the share of them
 * refused, among those with a verdict (accepted or refused). A line whose reference has a record
 * answers that record's stored risk, score and manager's override; a line without one keeps the
 * refused share's risk:
 * - `NA`: no past inspection with a verdict;
 * - `HIGH`: 30 % refused or more;
 * - `MODERATE`: 10 % or more;
 * - `LOW`: less than 10 %.
 */
export const RISK_THRESHOLDS = { HIGH: 30, MODERATE: 10 } as const;
export type { Risk };

export function riskOf(accepted: number, refused: number): { refusedRate: number | null; risk: Risk } {
  const decided = accepted + refused;
  if (!decided) return { refusedRate: null, risk: 'NA' };
  const refusedRate = Math.round((refused / decided) * 1000) / 10;
  return { refusedRate, risk: refusedRate >= RISK_THRESHOLDS.HIGH ? 'HIGH' : refusedRate >= RISK_THRESHOLDS.MODERATE ? 'MODERATE' : 'LOW' };
}

export interface ReferenceRisk {
  reference: string;
  /** The reference record, when the brand has one for this line (else null, and the fields below come from the line). */
  referenceId: number | null;
  name: string | null;
  sku: string | null;
  designation: string;
  inspections: number;
  accepted: number;
  refused: number;
  refusedRate: number | null;
  /** The computed risk (the record's stored one), the manager's override, and the one that counts. */
  risk: Risk;
  riskOverride: Risk | null;
  effectiveRisk: Risk;
  overridden: boolean;
  score: number | null;
  lastInspection: string | null;
}

/** The references of the service's lines, in line order: the record's sku (else the line's code) and the record. */
async function referencesInLineOrder(db: Reader, service: ServiceRow) {
  const records = await referenceRecordsOfLines(db, service);
  const found = new Map<string, { designation: string; record?: Stored<Row> }>();
  linesOf(service).forEach((line, index) => {
    const record = records[index];
    const code = record ? String(record.sku) : referenceOfLine(line);
    if (code && !found.has(code)) found.set(code, { designation: String(line.designation ?? record?.designation ?? ''), record });
  });
  return found;
}

export async function referenceRisks(db: Reader, caller: Caller, service: ServiceRow): Promise<ReferenceRisk[]> {
  const rows: ReferenceRisk[] = [];
  for (const [reference, { designation, record }] of await referencesInLineOrder(db, service)) {
    const past = await referenceInspections(db, caller, reference, service.serviceId as number);
    const result = (row: ServiceRow) => (row.report as Row | undefined)?.reportResult;
    const accepted = past.filter((row) => result(row) === 'ACCEPTED').length;
    const refused = past.filter((row) => result(row) === 'REFUSED').length;
    const share = riskOf(accepted, refused);
    const risk = record ? ((record.risk as Risk | undefined) ?? 'NA') : share.risk;
    const riskOverride = (record?.riskOverride as Risk | undefined) ?? null;
    rows.push({
      reference,
      referenceId: (record?.referenceId as number | undefined) ?? null,
      name: (record?.name as string | undefined) ?? null,
      sku: (record?.sku as string | undefined) ?? null,
      designation,
      inspections: past.length,
      accepted,
      refused,
      refusedRate: share.refusedRate,
      risk,
      riskOverride,
      effectiveRisk: effectiveRisk(risk, riskOverride),
      overridden: riskOverride !== null,
      score: record ? Number(record.score ?? 0) : null,
      lastInspection: (past[0]?.startDate as string | undefined) ?? null,
    });
  }
  return rows;
}
