import { useEffect, useState } from 'react';
import { computeRecord } from '../schema/computed';
import type { JsonSchema } from '../schema/resolve';

type Row = Record<string, unknown>;

/**
 * The record with its `x-computed` fields worked out as it changes (JSONata evaluates asynchronously).
 * Until the current record's view is ready, the record itself is shown, never the view of an earlier
 * one: a lines grid opened on a loaded record would otherwise start from the empty record's lines
 * (its "No line yet" announced, then kept), and a cell just typed would show its previous value.
 */
export function useComputed(entity: JsonSchema, record: Row): Row {
  const [computed, setComputed] = useState<{ source: Row; view: Row }>({ source: record, view: record });
  useEffect(() => {
    let live = true;
    computeRecord(entity, record).then(
      (view) => live && setComputed({ source: record, view }),
      // An expression that fails on odd input shows the record as typed; the server has the last word.
      () => live && setComputed({ source: record, view: record }),
    );
    return () => {
      live = false;
    };
  }, [entity, record]);
  return computed.source === record ? computed.view : record;
}
