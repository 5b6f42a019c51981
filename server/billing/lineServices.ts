import { companyById } from '../identity';
import { searchTextOf } from '../services/searchText';
import type { Reader, Row } from '../store/types';
import { normalize } from '../text';

/**
 * What an invoice line copies from its services on every write, so that the invoice line search
 * filters with plain store conditions (schemas/search/invoiceLine.json): the earliest service
 * date, the services' parties, countries, assessment methods, sectors, seasons and types, and a
 * keyword text of their numbers and order lines (references, SKUs, PO numbers).
 */
type CountryOf = (companyId: unknown) => string | undefined;

const distinct = (values: unknown[]): unknown[] => [...new Set(values.filter((value) => value !== undefined && value !== null && value !== ''))];

/** A service's country as the service search reads it: its address's, else its factory's, else its supplier's. */
export function serviceCountry(service: Row, countryOf: CountryOf): string | undefined {
  return ((service.address as Row | undefined)?.country as string | undefined) || countryOf(service.factory) || countryOf(service.supplier) || undefined;
}

/** The copied fields from the services already read and a company → country reader (synchronous for the demo seed). */
export function copiedFromServices(services: readonly Row[], countryOf: CountryOf): Row {
  const all = (field: string) => distinct(services.map((service) => service[field]));
  const dates = all('startDate') as string[];
  return {
    serviceDate: [...dates].sort()[0],
    client: all('client'),
    serviceProvider: all('serviceProvider'),
    thirdParty: distinct(services.flatMap((service) => [service.supplier, service.factory, service.agent])),
    countries: distinct(services.map((service) => serviceCountry(service, countryOf))),
    assessmentMethod: all('assessmentMethod'),
    sector: all('sector'),
    season: all('season'),
    types: all('type'),
    searchText: normalize(services.map((service) => searchTextOf(service, [])).join(' ')),
  };
}

/** `copiedFromServices`, reading the companies the countries come from. */
export async function copiedFromStoredServices(db: Reader, services: readonly Row[]): Promise<Row> {
  const ids = distinct(services.flatMap((service) => [service.factory, service.supplier]));
  const countries = new Map(await Promise.all(ids.map(async (id) => [id, (await companyById(db, id))?.country as string | undefined] as const)));
  return copiedFromServices(services, (id) => countries.get(id) || undefined);
}
