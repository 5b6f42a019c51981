import { referenceRisk, type Inspection, type ReferenceRiskFigures } from '../../domain/referenceRisk';
import { REPORTS } from '../reports/access';
import { SERVICES, type ServiceRow } from '../services/access';
import { and, eq, or, type Condition } from '../store/query';
import type { Reader, Row, Stored, Writer } from '../store/types';

/**
 * The reference records (collection `references`, schemas/entities/reference.json) behind order
 * lines, and their stored risk and score (docs/risk.md "A reference's risk and score").
 * A line is "of reference R" when its `referenceId` is R's, or — without one — its
 * `referenceObj` (else its sku) equals R's sku, trimmed and case-insensitively, within R's
 * brand (the service's client).
 */
export const REFERENCES = 'references';

/** What a purchase-order line is a line of: its reference, else its SKU. */
export const referenceOfLine = (line: Row): string | undefined => {
  const value = (line.referenceObj as string | undefined)?.trim() || (line.sku as string | undefined)?.trim();
  return value || undefined;
};
export const linesOf = (service: Row): Row[] => (service.purchaseOrderLines as Row[] | undefined) ?? [];
export const referencesOf = (service: Row): string[] => [...new Set(linesOf(service).map(referenceOfLine).filter((ref): ref is string => !!ref))];

export const skuKey = (sku: unknown) => String(sku ?? '').trim().toLowerCase();

export function lineOfReference(line: Row, reference: Row): boolean {
  if (typeof line.referenceId === 'number') return line.referenceId === reference.referenceId;
  const code = referenceOfLine(line);
  return !!code && skuKey(code) === skuKey(reference.sku);
}

/** The reference record of each line of the service (by line index), among the brand's references. */
export async function referenceRecordsOfLines(db: Reader, service: Row): Promise<(Stored<Row> | undefined)[]> {
  const lines = linesOf(service);
  if (typeof service.client !== 'number' || !lines.length) return lines.map(() => undefined);
  const brand = eq('companyId', service.client);
  const ids = lines.map((line) => line.referenceId).filter((id): id is number => typeof id === 'number');
  // The sku as written and in either case, through the sku index; the store's `in` is exact, the match is not.
  const codes = [...new Set(lines.map(referenceOfLine).filter((code): code is string => !!code))];
  const which: Condition[] = [];
  if (ids.length) which.push({ op: 'in', field: 'referenceId', values: ids });
  if (codes.length) which.push({ op: 'in', field: 'sku', values: [...new Set(codes.flatMap((code) => [code, code.toUpperCase(), code.toLowerCase()]))] });
  if (!which.length) return lines.map(() => undefined);
  const found = [...(await db.query<Row>({ collection: REFERENCES, where: and(brand, or(...which)), orderBy: [{ field: 'referenceId' }] }))];
  // A sku in mixed case (`Abc-12`) is found by its words, case-insensitively.
  const missing = codes.filter((code) => !found.some((reference) => skuKey(reference.sku) === skuKey(code)));
  if (missing.length) {
    const byWords = missing.map((code): Condition => ({ op: 'keywords', fields: ['sku'], value: code }));
    found.push(...(await db.query<Row>({ collection: REFERENCES, where: and(brand, or(...byWords)), orderBy: [{ field: 'referenceId' }] })));
  }
  return lines.map((line) => found.find((reference) => lineOfReference(line, reference)));
}

/** The brand's terminated, reported services holding a line of the reference, newest first (no caller scope: the reference's own history). */
export async function servicesOfReference(db: Reader, reference: Row, extra?: Condition): Promise<ServiceRow[]> {
  const where = and(
    eq('client', reference.companyId as number),
    or({ op: 'keywords', fields: ['searchText'], value: String(reference.sku) }, eq('purchaseOrderLines[].referenceId', reference.referenceId as number)),
    extra,
  );
  const found = await db.query<ServiceRow>({ collection: SERVICES, where, orderBy: [{ field: 'startDate', desc: true }, { field: 'serviceId', desc: true }] });
  return found.filter((service) => linesOf(service).some((line) => lineOfReference(line, reference)));
}

const reportedOnly: Condition = and(eq('serviceStep', 'TERMINATED'), { op: 'exists', field: 'report', value: true });

/**
 * One inspection of the reference per service: its result and the defects of its report that
 * concern the reference — those on one of its lines, and those naming no line (the report did
 * not say which product they were found on, so every reference of the service takes them).
 */
export function inspectionOf(service: ServiceRow, report: Row | undefined, reference: Row): Inspection {
  const own = new Set(linesOf(service).filter((line) => lineOfReference(line, reference)).map((line) => line.purchaseOrderLineId));
  const counts = { critical: 0, major: 0, minor: 0 };
  for (const defect of (report?.defects as Row[] | undefined) ?? []) {
    if (defect.purchaseOrderLineId !== undefined && !own.has(defect.purchaseOrderLineId)) continue;
    const severity = String(defect.severity).toLowerCase();
    if (severity in counts) counts[severity as keyof typeof counts] += Number(defect.count) || 0;
  }
  return { date: String(service.startDate ?? ''), result: String((service.report as Row | undefined)?.reportResult ?? 'NA'), ...counts };
}

export interface ReferenceHistory {
  services: ServiceRow[];
  inspections: Inspection[];
  figures: ReferenceRiskFigures;
}

/** A reference's inspections (terminated services with a report) and the risk they give at `now`. */
export async function referenceHistory(db: Reader, reference: Row, now = new Date()): Promise<ReferenceHistory> {
  const services = await servicesOfReference(db, reference, reportedOnly);
  const reports = services.length ? await db.query<Row>({ collection: REPORTS, where: { op: 'in', field: 'serviceId', values: services.map((service) => service.serviceId as number) } }) : [];
  const byService = new Map(reports.map((report) => [report.serviceId, report]));
  const inspections = services.map((service) => inspectionOf(service, byService.get(service.serviceId), reference));
  return { services, inspections, figures: referenceRisk(inspections, now) };
}

/**
 * Recomputes the stored `risk` and `score` of the references of a service's lines, in the
 * transaction that changed its report (called by the report writes): a few indexed reads per
 * reference, so the figures are never stale. A record is rewritten only when they change.
 */
export async function refreshReferenceRisks(tx: Writer, service: Row, now = new Date()): Promise<void> {
  const records = new Map<number, Stored<Row>>();
  for (const record of await referenceRecordsOfLines(tx, service)) if (record) records.set(record.referenceId as number, record);
  await refreshRisksOf(tx, [...records.values()], now);
}

/** Recomputes the stored `risk` and `score` of the given references (the demo seed: all of them, once its reports are written). */
export async function refreshRisksOf(tx: Writer, records: readonly Stored<Row>[], now = new Date()): Promise<void> {
  for (const record of records) {
    const { figures } = await referenceHistory(tx, record, now);
    if (record.risk === figures.risk && record.score === figures.score) continue;
    await tx.update<Row>(REFERENCES, record.referenceId as number, (current) => ({ ...current, risk: figures.risk, score: figures.score }));
  }
}
