import { effectiveRisk, type Risk } from '../../domain/referenceRisk';
import type { Caller } from '../context';
import { visibleScope } from '../resources/visibility';
import type { EntityDef } from '../schemas';
import type { ServiceRow } from '../services/access';
import { and, eq } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
import { riskOf } from './references';

/**
 * The risk of a supplier for a client (GET /back/bo/risk/companies/{supplierId}_{clientId},
 * docs/risk.md "A supplier for a client"): the refused share of the client's inspections at the
 * supplier the caller sees, and the risks of the client's references naming the supplier.
 */
export const RISK_ORDER: Risk[] = ['NA', 'LOW', 'MODERATE', 'HIGH'];
const higher = (a: Risk, b: Risk): Risk => (RISK_ORDER.indexOf(a) >= RISK_ORDER.indexOf(b) ? a : b);
/** References listed in the answer (the riskiest first); the counts cover them all. */
export const LISTED_REFERENCES = 50;

/**
 * The references naming `supplierId` among their suppliers that the caller sees (`reference`'s x-visibility:
 * those of its brand, or naming its company, or all of the universe for a super admin); `clientId` narrows to one brand.
 */
export async function referencesNaming(db: Reader, reference: EntityDef, caller: Caller, supplierId: number, clientId?: number): Promise<Stored<Row>[]> {
  const where = and(eq('suppliers', supplierId), clientId !== undefined && eq('companyId', clientId), visibleScope(reference, caller));
  return db.query<Row>({ collection: reference.collection, where, orderBy: [{ field: 'sku' }, { field: 'referenceId' }] });
}

/** A reference as the risk answers show it: its computed risk, the manager's override, the one that counts. */
export function referenceRiskRow(record: Row) {
  const risk = (record.risk as Risk | undefined) ?? 'NA';
  const riskOverride = (record.riskOverride as Risk | undefined) ?? null;
  return {
    referenceId: record.referenceId as number,
    sku: String(record.sku ?? ''),
    name: String(record.name ?? ''),
    risk,
    riskOverride,
    effectiveRisk: effectiveRisk(risk, riskOverride),
    score: Number(record.score ?? 0),
  };
}

export function companyRisk(services: ServiceRow[], references: Row[]) {
  const result = (service: ServiceRow) => (service.report as Row | undefined)?.reportResult;
  const accepted = services.filter((service) => result(service) === 'ACCEPTED').length;
  const refused = services.filter((service) => result(service) === 'REFUSED').length;
  const inspectionFigures = riskOf(accepted, refused);
  const rows = references.map(referenceRiskRow).sort((a, b) => b.score - a.score || a.sku.localeCompare(b.sku));
  const referenceRisks = Object.fromEntries(RISK_ORDER.map((risk) => [risk, rows.filter((row) => row.effectiveRisk === risk).length])) as Record<Risk, number>;
  const worstReference = rows.reduce<Risk>((worst, row) => higher(worst, row.effectiveRisk), 'NA');
  return {
    inspections: services.length,
    accepted,
    refused,
    refusedRate: inspectionFigures.refusedRate,
    inspectionRisk: inspectionFigures.risk,
    referenceRisks,
    // The higher of the two: a supplier with a risky reference is as risky as that reference.
    risk: higher(inspectionFigures.risk, worstReference),
    lastInspection: (services.at(-1)?.startDate as string | undefined) ?? null,
    references: rows.slice(0, LISTED_REFERENCES),
  };
}
