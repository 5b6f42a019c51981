import { describe, expect, it } from 'vitest';
import { cascadedLookup } from '../../engine/lookup/cascade';
import { computeEnabled } from '../../engine/record/ComputeButtons';

const provinces = { url: '/back/bo/country/countryProvinces/cascading', params: { countryId: 'country' } };
const gps = { label: 'gps', url: '/back/bo/country/geocode', params: { city: 'city' }, requires: ['address1', 'city', 'country'], sets: { latitude: 'latitude' } };

describe('a cascading lookup (x-lookup.params)', () => {
  it.each([undefined, null, ''])('waits (no list, the picker disabled) while the field it depends on is %o', (country) => {
    expect(cascadedLookup(provinces, { country })).toEqual({ config: undefined, waiting: true, key: expect.any(String) });
  });

  it('asks its url with the field values once they are filled, and its key changes with them', () => {
    const france = cascadedLookup(provinces, { country: 'Côte d’Ivoire' });
    expect(france).toMatchObject({ waiting: false, config: { url: '/back/bo/country/countryProvinces/cascading?countryId=C%C3%B4te+d%E2%80%99Ivoire' } });
    expect(cascadedLookup(provinces, { country: 'Italy' }).key).not.toBe(france.key);
  });

  it('a plain lookup is left as it is', () => {
    const plain = { url: '/back/bo/country/countries' };
    expect(cascadedLookup(plain, {})).toEqual({ config: plain, waiting: false, key: '' });
  });
});

describe('a compute button (spec §5.5: GPS enabled when not read-only and address1, city, country are filled)', () => {
  const full = { address1: '1 Via Roma', city: 'Prato', country: 'Italy' };
  it.each([
    ['every required field filled', full, false, true],
    ['the form read-only', full, true, false],
    ['no address1', { ...full, address1: '' }, false, false],
    ['a blank city', { ...full, city: '  ' }, false, false],
    ['no country', { address1: '1 Via Roma', city: 'Prato' }, false, false],
  ])('%s', (_, record, readOnly, enabled) => {
    expect(computeEnabled(gps, record, readOnly)).toBe(enabled);
  });
});
