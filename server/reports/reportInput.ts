import type { FieldError } from '../errors';
import { isPlainObject } from '../json-body';
import type { Registry } from '../schemas';
import type { Reader, Row } from '../store/types';
import { fieldErrors } from '../validation';
import { filesOf } from '../files/entries';
import { prefixed } from '../services/routeHelpers';
import type { ServiceRow } from '../services/access';
import { usableDefectIds } from './library';
import type { ReportRules } from '../../domain/report';

/**
 * A submitted report checked before anything is written (spec §5): its schema, the order lines,
 * defects and pictures it names (the service's own, the library: server/reports/library.ts), inspected ≤
 * presented, the standard rule and the reason an inspector's verdict needs. Every problem is
 * a field error under `/report`, all at once.
 */
type Rows = Row[];
const rows = (value: unknown): Rows => (Array.isArray(value) ? (value as Rows) : []);

/** The report's own fields, server-owned ones dropped. */
export function reportFields(registry: Registry, raw: unknown): { report: Row; errors: FieldError[] } {
  if (!isPlainObject(raw)) return { report: {}, errors: [{ path: '/report', key: 'validation.wrongType' }] };
  const entity = registry.entities.get('report')!;
  const report = Object.fromEntries(Object.entries(raw).filter(([key]) => !entity.serverOwned.has(key)));
  // Ids of defects and pieces are given anew on every save; a line's label is the server's reading of its order line.
  for (const [field, key] of [['defects', 'reportDefectId'], ['inspectedPieces', 'inspectedPieceId'], ['lines', 'label']] as const) {
    if (Array.isArray(report[field])) report[field] = (report[field] as unknown[]).map((item) => (isPlainObject(item) ? withoutKey(item, key) : item));
  }
  const valid = entity.validateCreate(report);
  return { report, errors: valid ? [] : prefixed('/report', fieldErrors(entity.validateCreate.errors)) };
}

const withoutKey = (row: Row, key: string) => Object.fromEntries(Object.entries(row).filter(([name]) => name !== key));

export async function reportRuleErrors(db: Reader, rules: ReportRules, service: ServiceRow, report: Row, before?: Row): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const lineIds = new Set(rows(service.purchaseOrderLines).map((line) => line.purchaseOrderLineId));
  // Inspected ≤ presented is the schema's (`notAbove`, the wizard marks it too); one report line per order line.
  const reported = new Set<unknown>();
  rows(report.lines).forEach((line, index) => {
    if (!lineIds.has(line.purchaseOrderLineId)) errors.push({ path: `/report/lines/${index}/purchaseOrderLineId`, key: 'validation.unknownValue' });
    else if (reported.has(line.purchaseOrderLineId)) errors.push({ path: `/report/lines/${index}/purchaseOrderLineId`, key: 'validation.duplicate' });
    reported.add(line.purchaseOrderLineId);
  });
  const library = await usableDefectIds(db, service, before);
  const pictures = new Set((await filesOf(db, service.universeId as number, 'SERVICE', service.serviceId as number)).map((file) => file.fileId));
  rows(report.defects).forEach((defect, index) => {
    if (!library.has(defect.defectId)) errors.push({ path: `/report/defects/${index}/defectId`, key: 'validation.unknownValue' });
    if (defect.purchaseOrderLineId !== undefined && !lineIds.has(defect.purchaseOrderLineId)) errors.push({ path: `/report/defects/${index}/purchaseOrderLineId`, key: 'validation.unknownValue' });
    ((defect.pictures as number[] | undefined) ?? []).forEach((fileId, at) => {
      if (!pictures.has(fileId)) errors.push({ path: `/report/defects/${index}/pictures/${at}`, key: 'validation.unknownValue' });
    });
  });
  rows(report.inspectedPieces).forEach((piece, index) => {
    if (piece.defectId !== undefined && !library.has(piece.defectId)) errors.push({ path: `/report/inspectedPieces/${index}/defectId`, key: 'validation.unknownValue' });
    if (piece.purchaseOrderLineId !== undefined && !lineIds.has(piece.purchaseOrderLineId)) errors.push({ path: `/report/inspectedPieces/${index}/purchaseOrderLineId`, key: 'validation.unknownValue' });
  });
  const rule = rules.standardRule(report.standard);
  if (rule?.default && !rule.aqlEligible) errors.push({ path: '/report/standard', key: 'report.standardNotAqlEligible' });
  const computed = rules.computeReport(report);
  const overridden = report.resultOverride !== undefined && report.resultOverride !== computed.result;
  if (overridden && computed.result !== 'PENDING' && !String(report.overrideReason ?? '').trim()) errors.push({ path: '/report/overrideReason', key: 'validation.required' });
  return errors;
}
