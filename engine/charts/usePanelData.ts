import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, toSearchParams, type Query } from '../api';

/**
 * The answer of a panel's call. Panels of one screen often read the same answer (four charts of
 * one call): a call made less than a few seconds ago is shared, not repeated.
 */
const SHARED_MS = 5000;
const recent = new Map<string, { at: number; answer: Promise<unknown> }>();

function shared(url: string, query: Query, language: string): Promise<unknown> {
  const key = `${language} ${url}?${toSearchParams(query).toString()}`;
  const now = Date.now();
  for (const [old, entry] of recent) if (now - entry.at > SHARED_MS) recent.delete(old);
  const known = recent.get(key);
  if (known) return known.answer;
  const answer = api.get<unknown>(url, { query, quiet: true });
  recent.set(key, { at: now, answer });
  // A failed call is not kept: the next panel (or a retry) asks again.
  answer.catch(() => recent.delete(key));
  return answer;
}

function forget(url: string, query: Query, language: string): void {
  recent.delete(`${language} ${url}?${toSearchParams(query).toString()}`);
}

export interface PanelData {
  answer: unknown;
  loading: boolean;
  /** The server's message when the call failed. */
  error: string | null;
}

/**
 * `url` null: nothing to ask (a record without the field the url needs). Asked again when the
 * language changes: the server names things (categories, defects) in the caller's language.
 */
export function usePanelData(url: string | null, query: Query, reload = 0): PanelData {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [state, setState] = useState<PanelData>({
    answer: null,
    loading: !!url,
    error: null,
  });
  const queryKey = toSearchParams(query).toString();
  // The query as it is when its content changes (queryKey), not at each new object of the same content.
  const currentQuery = useEffectEvent(() => query);
  useEffect(() => {
    const asked = currentQuery();
    if (!url) {
      setState({ answer: null, loading: false, error: null });
      return;
    }
    let live = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    // A reload (after an action changed the data) asks the server again, not the shared answer.
    if (reload) forget(url, asked, language);
    shared(url, asked, language).then(
      (answer) => live && setState({ answer, loading: false, error: null }),
      (error: unknown) =>
        live &&
        setState({
          answer: null,
          loading: false,
          error: error instanceof ApiError ? error.message : String(error),
        }),
    );
    return () => {
      live = false;
    };
  }, [url, queryKey, language, reload]);
  return state;
}
