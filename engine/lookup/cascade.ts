import { toSearchParams } from '../api';
import type { LookupConfig } from '../schema/fields';

/**
 * A cascading lookup (`x-lookup.params`: query parameter → field of the same record): its list depends
 * on other fields (the provinces of the chosen country). The url carries their values; while one of
 * them is empty there is no list yet (`waiting`: the picker is disabled).
 */
export function cascadedLookup(config: LookupConfig | undefined, record: Record<string, unknown> | undefined): { config?: LookupConfig; waiting: boolean; key: string } {
  if (!config?.params) return { config, waiting: false, key: '' };
  const values = Object.fromEntries(Object.entries(config.params).map(([param, field]) => [param, record?.[field]]));
  const waiting = Object.values(values).some((value) => value === undefined || value === null || value === '');
  const key = toSearchParams(values).toString();
  return { config: waiting ? undefined : { ...config, url: `${config.url}?${key}` }, waiting, key };
}
