import type { Caller } from '../context';
import { notFound } from '../errors';
import type { Registry } from '../schemas';
import { inCountries, inSeasons, ofBrand, visibleIndexed, visibleSeasons, withTags } from '../services/search';
import { SEARCH_PARTY_FIELDS } from '../services/searchText';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Row } from '../store/types';

/**
 * The services a KPI counts (docs/kpis.md "The services counted"): those the caller sees, by the
 * service search's own visibility condition (`visibleIndexed`), not cancelled, passing the
 * call's filters. A filter on something the caller may not see matches nothing, as in the search.
 */
export interface KpiFilters {
  seasonIds?: number[];
  countryIds?: string[];
  clientId?: number;
  serviceTypeId?: string;
  supplierIds?: number[];
  tagIds?: number[];
  /** Product types (products) of the services' order lines. */
  productTypeIds?: number[];
  /** A brand: the services of its company as client (`brand` in the internal calls, `brandId` in the dynamic one). */
  brand?: number;
  brandId?: number;
  /** The service's department (INSP, AUDIT, LAB, CON). */
  division?: string;
  /** A company taking part in the service in any role. */
  partnerId?: number;
  /** The service providers (offices). */
  officeIds?: number[];
  /** The supplier, factory or agent. */
  ordertakerId?: number;
}

/** A period of start dates, both days included. */
export interface Period {
  start: string;
  end: string;
}

const notCancelled: Condition = { op: 'not', condition: eq('serviceStep', 'CANCELLED') };

export const startedIn = ({ start, end }: Period): Condition => and({ op: 'gte', field: 'startDate', value: start }, { op: 'lte', field: 'startDate', value: end });

/** One season the caller sees, else 404 exactly as an unknown id. */
export async function seasonOf(db: Reader, registry: Registry, caller: Caller, id: number): Promise<Row> {
  const [season] = await visibleSeasons(db, registry, caller, [id]);
  if (!season) throw notFound('error.notFound');
  return season;
}

/** The condition of the services the caller sees passing `filters` (without a date condition). */
export async function kpiCondition(db: Reader, registry: Registry, caller: Caller, filters: KpiFilters): Promise<Condition> {
  const out: Condition[] = [...visibleIndexed(caller), notCancelled];
  if (filters.seasonIds?.length) out.push(await inSeasons(db, registry, caller, filters.seasonIds));
  if (filters.countryIds?.length) out.push(await inCountries(db, filters.countryIds));
  if (filters.clientId !== undefined) out.push(eq('client', filters.clientId));
  if (filters.serviceTypeId !== undefined) out.push(eq('type', filters.serviceTypeId));
  if (filters.supplierIds?.length) out.push({ op: 'in', field: 'supplier', values: filters.supplierIds });
  if (filters.tagIds?.length) out.push(await withTags(db, caller, filters.tagIds));
  if (filters.productTypeIds?.length) out.push({ op: 'in', field: 'productTypes', values: filters.productTypeIds });
  for (const brand of [filters.brand, filters.brandId]) if (brand !== undefined) out.push(await ofBrand(db, caller, brand));
  if (filters.division !== undefined) out.push(eq('thirdPartyDepartment', filters.division));
  if (filters.partnerId !== undefined) out.push({ op: 'anyEq', fields: [...SEARCH_PARTY_FIELDS], value: filters.partnerId });
  if (filters.officeIds?.length) out.push({ op: 'in', field: 'serviceProvider', values: filters.officeIds });
  if (filters.ordertakerId !== undefined) out.push({ op: 'anyEq', fields: ['supplier', 'factory', 'agent'], value: filters.ordertakerId });
  return and(...out);
}
