import { describe, expect, it } from 'vitest';
import { geocode, provinceNames } from '../../server/geo/gazetteer';
import { DEMO_ADDRESSES, DEMO_COMPANIES, type CompanyKey } from '../../server/seed/identity';

describe('demo addresses', () => {
  it.each(Object.keys(DEMO_ADDRESSES) as CompanyKey[])('%s: a province of its country, the GPS the geocoding gives', async (key) => {
    const { city, country } = DEMO_COMPANIES[key];
    const { province, gps } = DEMO_ADDRESSES[key];
    expect(await provinceNames(country)).toContain(province);
    expect(await geocode({ city, country, province })).toEqual({ latitude: gps[0], longitude: gps[1] });
  });
});
