import { samePlace } from '../../domain/geo';
import { HttpError, validationError, type FieldError } from '../errors';
import { countryNames, geocode, provinceNames } from '../geo/gazetteer';
import { COLLECTIONS, type Company } from '../identity';
import type { EntityDef } from '../schemas';
import { eq } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
import { ADDRESS_FIELDS } from './sections';

/**
 * The company profile record (spec §2 generalInformation, §5.5 address rules): what GET answers and
 * what a PUT's address becomes. GPS is the server's: computed from the address whenever it changes.
 */

/** The address is not a place the gazetteer knows: 422 at the city (spec §5.5: the address is in error). */
export const addressNotFound = () =>
  new HttpError(422, 'ValidationException', 'error.addressNotFound', {}, [{ path: '/city', key: 'validation.addressNotFound' }]);

const REQUIRED_ADDRESS = ['address1', 'city', 'country'] as const;

/** Text fields trimmed (spec §5.5); a field left blank is dropped. */
export function trimmedAddress(body: Row): Row {
  const out = { ...body };
  for (const field of ['name', ...ADDRESS_FIELDS]) {
    if (typeof out[field] !== 'string') continue;
    const text = (out[field] as string).trim();
    if (text) out[field] = text;
    else delete out[field];
  }
  return out;
}

const addressChanged = (next: Row, stored: Row) => ADDRESS_FIELDS.some((field) => (next[field] ?? null) !== (stored[field] ?? null));

/**
 * The address of a PUT, checked and geocoded when it changed (or has no GPS yet): address1, city and
 * country required, the province too when the country has provinces, each a value of the gazetteer's
 * lists; then the GPS at 4 decimals (422 when the place is unknown). Unchanged: the stored GPS stays.
 */
export async function checkedAddress(next: Row, stored: Row): Promise<Row> {
  const gps = { latitude: stored.latitude, longitude: stored.longitude };
  if (!addressChanged(next, stored) && typeof stored.latitude === 'number') return { ...next, ...gps };
  const errors: FieldError[] = REQUIRED_ADDRESS.filter((field) => next[field] === undefined).map((field) => ({ path: `/${field}`, key: 'validation.required' }));
  const country = next.country as string | undefined;
  if (country !== undefined && !(await countryNames()).includes(country)) errors.push({ path: '/country', key: 'validation.unknownReference' });
  const provinces = country ? await provinceNames(country) : [];
  if (provinces.length && next.province === undefined) errors.push({ path: '/province', key: 'validation.required' });
  if (next.province !== undefined && !provinces.includes(next.province as string)) errors.push({ path: '/province', key: 'validation.unknownReference' });
  if (errors.length) throw validationError(errors);
  const point = await geocode({ city: next.city as string, country: country!, province: next.province as string | undefined });
  if (!point) throw addressNotFound();
  return { ...next, ...point };
}

/** The other companies of the universe within spec §9's 100 m of this one (a factory entered twice). */
export async function samePlaceAs(db: Reader, company: Stored<Company>): Promise<string[]> {
  if (typeof company.latitude !== 'number' || typeof company.longitude !== 'number') return [];
  const here = { latitude: company.latitude, longitude: company.longitude };
  const others = await db.query<Company>({ collection: COLLECTIONS.companies, where: eq('universeId', company.universeId) });
  return others
    .filter((other) => other.companyId !== company.companyId && other.archived !== true && typeof other.latitude === 'number' && typeof other.longitude === 'number')
    .filter((other) => samePlace(here, { latitude: other.latitude as number, longitude: other.longitude as number }))
    .map((other) => other.name)
    .sort((a, b) => a.localeCompare(b));
}

/** The profile as GET and PUT answer it: the stored fields the schema declares, and the same-place companies. */
export async function presentProfile(db: Reader, entity: EntityDef, company: Stored<Company>): Promise<Row> {
  const declared = new Set([...Object.keys(entity.schema.properties ?? {}), 'version', 'universeId']);
  const fields = Object.fromEntries(Object.entries(company).filter(([key]) => declared.has(key) && !entity.serverOnly.has(key)));
  return { ...fields, samePlaceAs: await samePlaceAs(db, company) };
}
