import { useEffect, useEffectEvent } from 'react';
import { lookupOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import { ensureLabels } from './cache';
import { useLabelsVersion } from './useLookup';

type Row = Record<string, unknown>;

/** The lookup fields among `fields` with the ids the rows hold in them. */
function lookupIds(props: Record<string, JsonSchema>, rows: Row[], fields: string[]) {
  return fields.flatMap((field) => {
    const lookup = lookupOf(props[field]);
    const ids = rows.flatMap((row) => (Array.isArray(row[field]) ? (row[field] as unknown[]) : [row[field]])).filter((id) => id != null && id !== '');
    return lookup && ids.length ? [{ lookup, ids }] : [];
  });
}

/**
 * Makes the names of the lookup ids the rows hold in `fields` known (`knownItem`, `knownLabel`), and
 * draws again once they are: cards and tables show names, never ids.
 */
export function useRowLabels(props: Record<string, JsonSchema>, rows: Row[], fields: string[]): void {
  useLabelsVersion();
  const wanted = lookupIds(props, rows, fields);
  const load = useEffectEvent(() => {
    for (const { lookup, ids } of wanted) void ensureLabels(lookup.url, ids, lookup.search);
  });
  const wantedKey = JSON.stringify(wanted);
  useEffect(() => load(), [wantedKey]); // the ids compared by value
}
