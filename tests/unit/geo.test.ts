import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADDRESS_MATCH_RADIUS_M, distanceMeters, samePlace } from '../../domain/geo';
import { countryNames, geocode, provinceNames } from '../../server/geo/gazetteer';

describe('offline geocoding (country-state-city)', () => {
  it.each([
    [{ city: 'Lyon', country: 'France' }, { latitude: 45.7485, longitude: 4.8467 }],
    [{ city: 'paris', country: 'france' }, { latitude: 48.8534, longitude: 2.3486 }],
    [{ city: 'Guimaraes', country: 'Portugal' }, { latitude: 41.4438, longitude: -8.2892 }],
    [{ city: 'Prato', country: 'Italy', province: 'Tuscany' }, { latitude: 43.8805, longitude: 11.097 }],
    [{ city: 'Prato', country: 'Italy', province: 'Emilia-Romagna' }, { latitude: 44.7159, longitude: 10.748 }],
    [{ city: 'Izmir', country: 'Turkey' }, { latitude: 38.4127, longitude: 27.1384 }],
    [{ city: 'Istanbul', country: 'Turkey' }, { latitude: 41.1634, longitude: 28.7664 }],
    [{ city: 'Seattle', country: 'United States' }, { latitude: 47.6062, longitude: -122.3321 }],
  ])('%o → its coordinates at 4 decimals', async (place, point) => {
    expect(await geocode(place)).toEqual(point);
  });

  it.each([
    { city: 'Atlantis', country: 'France' },
    { city: 'Lyon', country: 'Narnia' },
    { city: ' ', country: 'France' },
  ])('%o is not found', async (place) => {
    expect(await geocode(place)).toBeUndefined();
  });

  it('lists countries and the provinces of one', async () => {
    expect(await countryNames()).toEqual(expect.arrayContaining(['France', 'China', 'Italy']));
    expect(await provinceNames('Portugal')).toEqual(expect.arrayContaining(['Braga', 'Porto', 'Lisbon']));
    expect(await provinceNames('Narnia')).toEqual([]);
  });
});

describe('the gazetteer stays on the server', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : []));
  it('no browser code (app/, engine/, domain/, machines/) imports country-state-city: its cities file is 8 MB', () => {
    const importing = ['app', 'engine', 'domain', 'machines'].flatMap(sources).filter((file) => readFileSync(file, 'utf8').includes('country-state-city'));
    expect(importing).toEqual([]);
  });
});

describe('address match radius (spec §9: 100 m)', () => {
  const eiffel = { latitude: 48.8584, longitude: 2.2945 };
  // One degree of latitude is about 111.2 km: 0.0008° ≈ 89 m, 0.001° ≈ 111 m.
  it.each([
    ['the same point', eiffel, eiffel, true],
    ['89 m north', eiffel, { latitude: 48.8592, longitude: 2.2945 }, true],
    ['111 m north', eiffel, { latitude: 48.8594, longitude: 2.2945 }, false],
    ['about 73 m east at this latitude', eiffel, { latitude: 48.8584, longitude: 2.2955 }, true],
    ['about 146 m east', eiffel, { latitude: 48.8584, longitude: 2.2965 }, false],
    ['across the date line, 0.0005° apart', { latitude: 0, longitude: 179.9998 }, { latitude: 0, longitude: -179.9997 }, true],
    ['another city', eiffel, { latitude: 45.764, longitude: 4.8357 }, false],
  ])('%s', (_, a, b, same) => {
    expect(samePlace(a, b)).toBe(same);
  });

  it('measures in metres, the radius inclusive', () => {
    expect(ADDRESS_MATCH_RADIUS_M).toBe(100);
    const north = { latitude: 0.000899321, longitude: 0 };
    expect(distanceMeters({ latitude: 0, longitude: 0 }, north)).toBeCloseTo(100, 0);
    expect(samePlace({ latitude: 0, longitude: 0 }, north, distanceMeters({ latitude: 0, longitude: 0 }, north))).toBe(true);
  });
});
