import { useEffect, useState } from 'react';
import { computeRecord } from '../schema/computed';
import type { JsonSchema } from '../schema/resolve';

type Row = Record<string, unknown>;

/** The record with its `x-computed` fields worked out as it changes (JSONata evaluates asynchronously). */
export function useComputed(entity: JsonSchema, record: Row): Row {
  const [view, setView] = useState(record);
  useEffect(() => {
    let live = true;
    computeRecord(entity, record).then(
      (computed) => live && setView(computed),
      // An expression that fails on odd input shows the record as typed; the server has the last word.
      () => live && setView(record),
    );
    return () => {
      live = false;
    };
  }, [entity, record]);
  return view;
}
