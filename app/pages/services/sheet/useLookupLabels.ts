import { useEffect, useEffectEvent } from 'react';
import { ensureLabels, knownItem, type LookupItem } from '../../../../engine/lookup/cache';
import { useLabelsVersion } from '../../../../engine/lookup/useLookup';

/**
 * Names of the ids a lookup list holds (companies, contacts, tags), fetched once per session:
 * the sheet shows names, never ids. `undefined` while unknown (loading or not visible).
 */
export function useLookupLabels(url: string | undefined, ids: unknown[]): (id: unknown) => LookupItem | undefined {
  useLabelsVersion();
  const wanted = ids.filter((id) => id != null && id !== '');
  const key = wanted.map(String).join(',');
  const load = useEffectEvent(() => {
    if (url && wanted.length) void ensureLabels(url, wanted);
  });
  useEffect(() => load(), [url, key]); // the ids compared by value
  return (id) => (url ? knownItem(url, id) : undefined);
}
