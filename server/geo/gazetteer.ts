import { gpsRounded, type Point } from '../../domain/geo';

/**
 * The offline gazetteer (country-state-city): countries, their provinces and cities with
 * coordinates. Server side only — its cities file is 8 MB — and loaded on first use, so a server
 * that never geocodes never parses it. Countries and provinces are named as companies and
 * addresses store them (`France`, `Guangdong`).
 */
type Gazetteer = typeof import('country-state-city');

let loading: Promise<Gazetteer> | undefined;
const gazetteer = () => (loading ??= import('country-state-city'));

/** Case, accent and dotted-I insensitive comparison of place names (`İzmir` is `izmir`). */
const key = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

export interface Place {
  city: string;
  country: string;
  province?: string;
}

const pointOf = (row: { latitude?: string | null; longitude?: string | null }): Point | undefined => {
  const latitude = Number(row.latitude);
  const longitude = Number(row.longitude);
  return row.latitude && row.longitude && Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude: gpsRounded(latitude), longitude: gpsRounded(longitude) } : undefined;
};

/** Every country's name, sorted. */
export async function countryNames(): Promise<string[]> {
  const { Country } = await gazetteer();
  return Country.getAllCountries().map((country) => country.name).sort((a, b) => a.localeCompare(b));
}

async function countryCode(name: string): Promise<string | undefined> {
  const { Country } = await gazetteer();
  return Country.getAllCountries().find((country) => key(country.name) === key(name))?.isoCode;
}

/** The provinces (states) of a country named as stored; none for an unknown country. */
export async function provinceNames(country: string): Promise<string[]> {
  const { State } = await gazetteer();
  const code = await countryCode(country);
  return code ? State.getStatesOfCountry(code).map((state) => state.name).sort((a, b) => a.localeCompare(b)) : [];
}

/**
 * The coordinates (4 decimals) of a city of a country: the city in the given province first, else the
 * first of that name in the country, else a province of that name (Istanbul, a district of Hong Kong).
 * Undefined when the gazetteer knows no such place.
 */
export async function geocode(place: Place): Promise<Point | undefined> {
  const { City, State } = await gazetteer();
  const code = await countryCode(place.country);
  if (!code || !place.city.trim()) return undefined;
  const states = State.getStatesOfCountry(code);
  const province = place.province ? states.find((state) => key(state.name) === key(place.province!)) : undefined;
  const cities = City.getCitiesOfCountry(code)?.filter((city) => key(city.name) === key(place.city)) ?? [];
  const city = cities.find((row) => row.stateCode === province?.isoCode) ?? cities[0];
  const found = city ?? states.find((state) => key(state.name) === key(place.city));
  return found ? pointOf(found) : undefined;
}
