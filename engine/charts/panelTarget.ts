import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import type { PanelConfig } from '../config';
import { defaultRange } from '../dates';
import type { PanelProps } from '../record/panels';
import { fillTemplate } from './chartData';
import { given } from './filters';

type Row = Record<string, unknown>;

/**
 * What a chart or data table panel asks: its `url` (or the `urlWhen` the filters choose) and `query` filled with the route's parameters,
 * the record's fields and `{id}` (the record's id), plus the screen's filter values, or, on a
 * screen without filters, the panel's default `range`.
 */
export function usePanelTarget({ panel, entity, record, query }: Pick<PanelProps, 'panel' | 'entity' | 'record' | 'query'>): {
  url: string | null;
  query: Row;
  values: Row;
} {
  const params = useParams();
  return useMemo(() => {
    const idField = entity['x-id'] as string | undefined;
    const values: Row = {
      ...params,
      ...record,
      ...(idField && record[idField] !== undefined ? { id: record[idField] } : {}),
    };
    const chosen = callFor(panel, query);
    const url = chosen ? fillTemplate(chosen, values) : null;
    const own = Object.fromEntries(Object.entries(panel.query ?? {}).map(([name, template]) => [name, fillTemplate(template, values) ?? undefined]));
    // A screen with filters decides the period; elsewhere (a record's tab) the panel's own range.
    const period = panel.range && !query ? rangeOf(panel) : {};
    return { url, query: { ...period, ...own, ...(query ?? {}) }, values };
  }, [panel, entity, record, query, params]);
}

/** The panel's call: the first `urlWhen` whose filters the screen's values all fill, else `url`. */
export function callFor(panel: Pick<PanelConfig, 'url' | 'urlWhen'>, query: Row | undefined): string | undefined {
  const when = panel.urlWhen?.find((option) => option.filled.every((name) => given(query?.[name])));
  return when?.url ?? panel.url;
}

const rangeOf = (panel: PanelConfig): Row => {
  const { fromDate, toDate } = defaultRange(panel.range);
  return fromDate && toDate ? { fromDate, toDate } : {};
};
