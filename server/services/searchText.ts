import { CUSTOM_FIELD_HOMES } from '../../domain/customFields';
import { COLLECTIONS, type Company } from '../identity';
import type { Reader, Row } from '../store/types';
import { normalize } from '../text';

const PARTY_FIELDS = ['client', 'supplier', 'factory', 'agent', 'serviceProvider'];
const LINE_FIELDS = ['poNumber', 'designation', 'referenceObj', 'sku'];

const linesOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);

/** The texts, numbers and list codes of custom fields (docs/schemas.md "Custom fields"): searchable by keywords. */
const customWords = (values: unknown): unknown[] =>
  values && typeof values === 'object' && !Array.isArray(values) ? Object.values(values).filter((value) => typeof value === 'string' || typeof value === 'number') : [];

/**
 * The keyword index of a service (server-only `searchText`): its number, the PO numbers,
 * designations, references, SKUs and custom values of its lines, lab lines' PO numbers, the party
 * company names and the service's custom values (spec: SERVICE and ORDER custom fields are
 * searchable), normalized like a quick search. Recomputed on every write of those fields.
 */
export async function serviceSearchText(db: Reader, service: Row): Promise<string> {
  const names = await Promise.all(PARTY_FIELDS.map(async (field) => (typeof service[field] === 'number' ? (await db.get<Company>(COLLECTIONS.companies, service[field] as number))?.name : undefined)));
  return searchTextOf(service, names);
}

/** `serviceSearchText` from the party companies' names already read (in PARTY_FIELDS order): the demo seed's synchronous write. */
export function searchTextOf(service: Row, partyNames: unknown[]): string {
  const words = [
    service.number,
    ...linesOf(service.purchaseOrderLines).flatMap((line) => [...LINE_FIELDS.map((field) => line[field]), ...customWords(line[CUSTOM_FIELD_HOMES.purchaseOrderLine.property])]),
    ...linesOf(service.laboratoryLines).map((line) => line.poNumber),
    ...partyNames,
    ...customWords(service[CUSTOM_FIELD_HOMES.service.property]),
  ];
  return normalize(words.filter((word) => word !== undefined && word !== null && word !== '').join(' '));
}

/**
 * The product types of a service's order lines (`productTypes`, kept with the keyword index at
 * each write): the KPIs filter and group by them on the service itself (docs/kpis.md).
 */
export const productTypesOf = (service: Row): number[] => [...new Set(linesOf(service.purchaseOrderLines).map((line) => line.productType).filter((type): type is number => typeof type === 'number'))].sort((a, b) => a - b);

/** What a write derives from a service for the searches and the KPIs: its keyword index and its product types. */
export const derivedFields = async (db: Reader, service: Row) => ({ searchText: await serviceSearchText(db, service), productTypes: productTypesOf(service) });

export const SEARCH_PARTY_FIELDS: readonly string[] = PARTY_FIELDS;
