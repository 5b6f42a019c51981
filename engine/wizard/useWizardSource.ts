import { useEffect, useEffectEvent, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api';
import { getFirst } from '../prefetch';
import type { WizardSaveConfig, WizardSourceConfig } from '../config';
import { fillUrl } from '../record/attachments/attachmentTarget';

type Row = Record<string, unknown>;

export interface WizardSource {
  /** Still loading the values the wizard starts from. */
  loading: boolean;
  /** The load failed (the server's answer was reported). */
  failed: boolean;
  /** The values loaded (null without a `source`: the wizard starts from the entity's defaults). */
  initial: Row | null;
  /** The stored record the wizard edits (null: it creates one). */
  existing: Row | null;
  /** `?mode=new`: a new record replaces the existing one. */
  replacing: boolean;
  /** The route's parameters and the address's query, for URL templates (the route's win). */
  params: Record<string, string | undefined>;
}

/**
 * Where a wizard with a `source` starts (docs/schemas.md "Wizards"): the existing record when its
 * call answers one, else the values of a new one; `?mode=new` starts afresh to replace it.
 */
export function useWizardSource(source: WizardSourceConfig | undefined): WizardSource {
  const route = useParams();
  const [search] = useSearchParams();
  const params = { ...Object.fromEntries(search), ...route };
  const replacing = search.get('mode') === 'new';
  const [state, setState] = useState<Omit<WizardSource, 'params' | 'replacing'>>({ loading: !!source, failed: false, initial: null, existing: null });
  const key = source ? `${source.existing ?? ''}|${source.load}|${JSON.stringify(params)}|${replacing}` : '';
  // `key` stands for the source, the parameters and the mode: the values are read as they are when it changes.
  const load = useEffectEvent(async (): Promise<Pick<WizardSource, 'existing' | 'initial'>> => {
    if (!source) return { existing: null, initial: null };
    if (source.existing && !replacing) {
      try {
        // The first reads may already be on their way, started with the route (engine/firstGets.ts).
        const existing = await getFirst<Row>(fillUrl(source.existing, params), { quiet: true });
        return { existing, initial: existing };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 404) throw error;
      }
    }
    if (!source.load) throw new Error('No record to start from');
    return { existing: null, initial: await getFirst<Row>(fillUrl(source.load, params)) };
  });
  useEffect(() => {
    if (!key) return;
    let live = true;
    load().then(
      (loaded) => live && setState({ loading: false, failed: false, ...loaded }),
      () => live && setState({ loading: false, failed: true, initial: null, existing: null }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return { ...state, replacing, params };
}

/** A hand-written page shapes the values into the body of its call (and may name another URL). */
export type WizardRequest = (data: Row, existing: Row | null) => { url?: string; body: Row };

/**
 * The request that saves a wizard's values with a `save` config: POST a new record, PUT an existing one (with its
 * version), unless `method` says which; `request` (a page's) shapes the body.
 */
export function saveRequest(save: WizardSaveConfig, source: WizardSource, data: Row, extras: Row, request?: WizardRequest): { method: 'post' | 'put'; url: string; body: Row } {
  const shaped = request?.(data, source.existing);
  const url = shaped?.url ?? fillUrl(save.url, source.params);
  const editing = save.method ? save.method === 'put' && !!source.existing : !!source.existing;
  const values = shaped ? shaped.body : save.wrap ? { [save.wrap]: data } : data;
  const body: Row = { ...values, ...extras, ...(editing ? { version: source.existing?.version } : {}), ...(source.replacing && save.replace ? { [save.replace]: true } : {}) };
  return { method: save.method ?? (editing ? 'put' : 'post'), url, body };
}

/** Field errors of a refused save under the values' key (`/widget/parts/0/…` → `/parts/0/…`). */
export const unwrapPath = (save: WizardSaveConfig | undefined, path: string) => (save?.wrap && path.startsWith(`/${save.wrap}/`) ? path.slice(save.wrap.length + 1) : path);
