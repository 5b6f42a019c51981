import { useEffect, useState } from 'react';
import type { SearchState } from './useSearch';

type Row = Record<string, unknown>;

/**
 * A record created from a search screen that the refreshed list does not show (its dates or
 * the filters leave it out): its name, so the screen can say so; null otherwise. Judged on the
 * answer of the refresh that follows the create, and forgotten when the query changes.
 */
export function useHiddenCreated(result: SearchState, query: unknown, idField: string | undefined, nameOf: (record: Row) => string) {
  const [created, setCreated] = useState<{ record: Row; rowsBefore: Row[] } | null>(null);
  useEffect(() => setCreated(null), [query]);
  const hidden =
    !!created && !!idField && !result.loading && result.rows !== created.rowsBefore && !result.rows.some((row) => row[idField] === created.record[idField]);
  return {
    name: hidden ? nameOf(created.record) : null,
    onCreated: (record: Row) => setCreated({ record, rowsBefore: result.rows }),
  };
}
