import type { AppContext, Caller } from '../context';
import { REPORTS } from '../reports/access';
import { searchCriteria } from '../resources/search';
import type { Registry } from '../schemas';
import { SERVICES, serviceScope, type ServiceRow } from '../services/access';
import { and, eq, type Condition } from '../store/query';
import { referencesOf } from './referenceRecords';
import type { Reader, Row, Stored } from '../store/types';

/**
 * The inspections the risk figures are made of: terminated services with a report, that the
 * caller sees (`serviceScope`), as declarative store queries. The query's criteria are the
 * search form schemas/search/risk.json (400 with field errors when they do not fit).
 */
export interface RiskCriteria {
  fromDate?: string;
  toDate?: string;
  seasonIds?: string[];
  referenceId?: string;
}

/** The criteria of the query; dates are dropped when seasons are given (spec §7.4). */
export function riskCriteria(registry: Registry, c: AppContext): RiskCriteria {
  const criteria = searchCriteria(registry.entities.get('report')?.search, c.req.queries()) as RiskCriteria;
  if (!criteria.seasonIds?.length) return criteria;
  const { fromDate: _from, toDate: _to, ...rest } = criteria;
  return rest;
}

/** Terminated, reported and visible to the caller: every risk figure starts here. */
const reported = (caller: Caller): Condition[] => [serviceScope(caller), eq('serviceStep', 'TERMINATED'), { op: 'exists', field: 'report', value: true }];

/**
 * The services holding a line of `reference`: the keyword index (`searchText`: references and
 * SKUs of the lines) narrows the candidates in the query, the exact line match then picks among
 * them (a keyword also matches a longer reference that contains it).
 */
const withReference = (reference: string): Condition => ({ op: 'keywords', fields: ['searchText'], value: reference });
const holding = (services: ServiceRow[], reference: string | undefined) => (reference ? services.filter((service) => referencesOf(service).includes(reference)) : services);

/** The inspections of a company as supplier, factory or agent (for one client, when given), oldest first. */
export async function companyInspections(db: Reader, caller: Caller, companyId: number, criteria: RiskCriteria, clientId?: number): Promise<ServiceRow[]> {
  const { fromDate, toDate, seasonIds, referenceId } = criteria;
  const where = and(
    ...reported(caller),
    { op: 'anyEq', fields: ['supplier', 'factory', 'agent'], value: companyId },
    clientId === undefined ? undefined : eq('client', clientId),
    fromDate ? { op: 'gte', field: 'startDate', value: fromDate } : undefined,
    toDate ? { op: 'lte', field: 'startDate', value: toDate } : undefined,
    seasonIds?.length ? { op: 'in', field: 'season', values: seasonIds } : undefined,
    referenceId ? withReference(referenceId) : undefined,
  );
  const found = await db.query<ServiceRow>({ collection: SERVICES, where, orderBy: [{ field: 'startDate' }, { field: 'serviceId' }] });
  return holding(found, referenceId);
}

/** Past inspections of one reference (another service than `exceptId`), newest first. */
export async function referenceInspections(db: Reader, caller: Caller, reference: string, exceptId: number): Promise<ServiceRow[]> {
  const where = and(...reported(caller), withReference(reference), { op: 'not', condition: eq('serviceId', exceptId) });
  const found = await db.query<ServiceRow>({ collection: SERVICES, where, orderBy: [{ field: 'startDate', desc: true }, { field: 'serviceId', desc: true }] });
  return holding(found, reference);
}

/** The reports of these services (one each). */
export async function reportsOf(db: Reader, services: ServiceRow[]): Promise<Stored<Row>[]> {
  // An empty `in` matches everything: no service, no report.
  if (!services.length) return [];
  return db.query<Row>({ collection: REPORTS, where: { op: 'in', field: 'serviceId', values: services.map((service) => service.serviceId as number) } });
}
