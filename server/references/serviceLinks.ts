import type { Caller } from '../context';
import { COLLECTIONS, type Company } from '../identity';
import { canSee } from '../resources/visibility';
import type { EntityDef } from '../schemas';
import type { ServiceRow } from '../services/access';
import type { Reader, Row } from '../store/types';
import { linesOf as purchaseOrderLines, referenceOfLine as lineCode, referenceRecordsOfLines, skuKey } from '../risk/referenceRecords';
import { servicesOfReference, type ReferenceKey, type ReferenceRow } from './lines';

/**
 * The answers of the calls between services and references (spec §7.4, docs/services.md
 * "Services and references"): rows of services as the reference's screens list them, the
 * history of a service's references, and a service's reference lines.
 */

/** How many past services `historyReferences` gives per reference. */
export const HISTORY_PER_REFERENCE = 50;

/** The names of these companies, by id. */
export async function companyNames(db: Reader, ids: Iterable<unknown>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return new Map();
  const companies = await db.query<Company>({ collection: COLLECTIONS.companies, where: { op: 'in', field: 'companyId', values: wanted } });
  return new Map(companies.map((company) => [company.companyId, company.name]));
}

/** A service as a row of the reference's lists: what it is, where, when, and its report's verdict. */
export function serviceRow(service: ServiceRow, names: Map<number, string>): Row {
  const report = (service.report ?? {}) as Row;
  const name = (field: string) => (typeof service[field] === 'number' ? (names.get(service[field] as number) ?? null) : null);
  return {
    serviceId: service.serviceId,
    number: service.number,
    type: service.type,
    thirdPartyDepartment: service.thirdPartyDepartment,
    serviceStep: service.serviceStep,
    startDate: service.startDate,
    endDate: service.endDate ?? null,
    client: service.client,
    supplier: service.supplier ?? null,
    supplierName: name('supplier'),
    factory: service.factory ?? null,
    factoryName: name('factory'),
    reportResult: report.reportResult ?? null,
    clientDecision: report.clientDecision ?? null,
  };
}

export const partyIds = (services: ServiceRow[]) => services.flatMap((service) => [service.supplier, service.factory]);

/**
 * The reference record of each line of the service (by line index): the line's `referenceId`, else the
 * brand's reference of its code (server/risk/referenceRecords.ts), and only one the caller sees (`reference`'s
 * x-visibility: a provider sees the line, not the brand's reference).
 */
async function seenReferencesOfLines(db: Reader, reference: EntityDef, caller: Caller, service: ServiceRow): Promise<(ReferenceRow | undefined)[]> {
  const records = await referenceRecordsOfLines(db, service);
  return records.map((record) => (record && canSee(reference, record, caller) ? (record as unknown as ReferenceRow) : undefined));
}

/** The service's lines that name a reference (a code or a referenceId), each with the reference record the caller sees. */
export async function referenceLines(db: Reader, referenceEntity: EntityDef, caller: Caller, service: ServiceRow): Promise<Row[]> {
  const rows: Row[] = [];
  const references = await seenReferencesOfLines(db, referenceEntity, caller, service);
  for (const [index, line] of purchaseOrderLines(service).entries()) {
    const code = lineCode(line);
    if (!code && typeof line.referenceId !== 'number') continue;
    const reference = references[index];
    rows.push({
      purchaseOrderLineId: line.purchaseOrderLineId,
      poNumber: line.poNumber,
      reference: code ?? reference?.sku ?? null,
      referenceObj: line.referenceObj ?? null,
      sku: line.sku ?? null,
      designation: line.designation,
      color: line.color ?? null,
      size: line.size ?? null,
      material: line.material ?? null,
      productType: line.productType ?? null,
      orderedQuantity: line.orderedQuantity ?? null,
      referenceId: reference?.referenceId ?? null,
      referenceName: reference?.name ?? null,
    });
  }
  return rows;
}

/**
 * For each reference of the service's lines (in line order, once each): the other services of it
 * the caller sees that started on or before this one, newest first (at most
 * HISTORY_PER_REFERENCE), one row per service with the reference beside it.
 */
export async function historyReferences(db: Reader, referenceEntity: EntityDef, caller: Caller, service: ServiceRow): Promise<Row[]> {
  const seen = new Set<string>();
  const groups: { line: Row; reference: ReferenceRow | undefined; services: ServiceRow[] }[] = [];
  const references = await seenReferencesOfLines(db, referenceEntity, caller, service);
  for (const [index, line] of purchaseOrderLines(service).entries()) {
    const code = lineCode(line);
    const reference = references[index];
    const sku = reference?.sku ?? code;
    if (!sku) continue;
    const key: ReferenceKey = { companyId: service.client as number, sku, referenceId: reference?.referenceId ?? (typeof line.referenceId === 'number' ? line.referenceId : undefined) };
    const id = key.referenceId !== undefined ? `#${key.referenceId}` : skuKey(sku);
    if (seen.has(id)) continue;
    seen.add(id);
    const before = { op: 'lte' as const, field: 'startDate', value: String(service.startDate) };
    const past = (await servicesOfReference(db, caller, key, before)).filter((other) => other.serviceId !== service.serviceId);
    groups.push({ line, reference, services: past.slice(0, HISTORY_PER_REFERENCE) });
  }
  const names = await companyNames(db, groups.flatMap((group) => partyIds(group.services)));
  return groups.flatMap(({ line, reference, services }) =>
    services.map((past) => ({
      reference: reference?.sku ?? lineCode(line),
      referenceId: reference?.referenceId ?? null,
      referenceName: reference?.name ?? null,
      designation: reference?.designation ?? line.designation ?? null,
      ...serviceRow(past, names),
    })),
  );
}
