import type { Caller } from '../context';
import { COLLECTIONS, type Company } from '../identity';
import type { ServiceRow } from '../services/access';
import { and, eq } from '../store/query';
import type { Reader, Row } from '../store/types';
import { REFERENCES, canSeeReference, type ReferenceRow } from './access';
import { codeKey, lineCode, purchaseOrderLines, servicesOfReference, type ReferenceKey } from './lines';

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
 * The reference record a line names in the service's brand: its `referenceId`, else the brand's
 * reference whose SKU is the line's code (as written, upper- or lower-cased); only one the caller
 * sees (a provider sees the line, not the brand's reference).
 */
export async function referenceOfLine(db: Reader, caller: Caller, service: ServiceRow, line: Row): Promise<ReferenceRow | undefined> {
  const code = lineCode(line);
  let found: ReferenceRow | undefined;
  if (typeof line.referenceId === 'number') found = await db.get<ReferenceRow>(REFERENCES, line.referenceId);
  else if (code) {
    const spellings = [...new Set([code, code.toUpperCase(), code.toLowerCase()])];
    const candidates = await db.query<ReferenceRow>({ collection: REFERENCES, where: and(eq('companyId', service.client as number), { op: 'in', field: 'sku', values: spellings }) });
    found = candidates.find((reference) => codeKey(reference.sku) === codeKey(code));
  }
  return found && found.companyId === service.client && canSeeReference(found, caller) ? found : undefined;
}

/** The service's lines that name a reference (a code or a referenceId), each with the reference record the caller sees. */
export async function referenceLines(db: Reader, caller: Caller, service: ServiceRow): Promise<Row[]> {
  const rows: Row[] = [];
  for (const line of purchaseOrderLines(service)) {
    const code = lineCode(line);
    if (!code && typeof line.referenceId !== 'number') continue;
    const reference = await referenceOfLine(db, caller, service, line);
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
export async function historyReferences(db: Reader, caller: Caller, service: ServiceRow): Promise<Row[]> {
  const seen = new Set<string>();
  const groups: { line: Row; reference: ReferenceRow | undefined; services: ServiceRow[] }[] = [];
  for (const line of purchaseOrderLines(service)) {
    const code = lineCode(line);
    const reference = await referenceOfLine(db, caller, service, line);
    const sku = reference?.sku ?? code;
    if (!sku) continue;
    const key: ReferenceKey = { companyId: service.client as number, sku, referenceId: reference?.referenceId ?? (typeof line.referenceId === 'number' ? line.referenceId : undefined) };
    const id = key.referenceId !== undefined ? `#${key.referenceId}` : codeKey(sku);
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
