import { registerLookupProvider } from '../lookups/providers';
import { countryNames, provinceNames } from './gazetteer';

/**
 * The gazetteer's lists behind lookups.json: `countries` (every country's name) and `provinces`
 * (those of `countryId`, a country as addresses name it; none without it: the picker waits for a country).
 */
registerLookupProvider('countries', async () => (await countryNames()).map((value) => ({ value })));
registerLookupProvider('provinces', async (params) => {
  const country = params.countryId?.[0];
  return typeof country === 'string' ? (await provinceNames(country)).map((value) => ({ value, country })) : [];
});
