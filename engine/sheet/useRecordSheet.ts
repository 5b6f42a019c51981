import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { api, ApiError, reportApiError } from '../api';
import { type FieldError } from '../form/validation';
import { enumText } from '../i18n';
import { notify } from '../notify';
import { enumOf, propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import { formState, newRecord } from './defaults';
import { fillApi } from '../search/routeParams';
import { markSchemasChanged } from '../configFreshness';
import { recordPath } from '../firstGets';
import { getFirst } from '../prefetch';

export type SheetTarget = { mode: 'create' } | { mode: 'edit'; id: string | number };
type Row = Record<string, unknown>;

export interface RecordSheetOptions {
  /** Values of a new record set by the screen (route scope). */
  defaults?: Row;
  /** Called with the server's answer to a create (it may hold fields shown only once). */
  onCreated?: (record: Row) => void;
  /** i18n keys of the delete snackbars when deleting means something milder (archive, revoke). */
  deleteTexts?: { success?: string; refused?: string };
}

/** What a delete came to: done, refused, or refused because the record may be in use and can be archived instead (`x-archive`). */
export type RemoveResult = 'deleted' | 'refused' | 'archivable';

/**
 * The record of a sheet and the calls on it: load, create (POST), update (PUT with version),
 * workflow action (PATCH …/{id}/{EVENT}), delete, archive (`x-archive`). Errors: 400, and a 422
 * naming fields (a code already in use), → field errors beside the fields, the typed values kept;
 * 409 → a conflict the user resolves by reloading; others are shown by the app. An `x-api` with
 * `{name}` parameters takes them from the route.
 */
export function useRecordSheet(entity: JsonSchema, target: SheetTarget | null, onChanged: () => void, options: RecordSheetOptions = {}) {
  const { t } = useTranslation();
  const apiPath = fillApi(entity['x-api'] as string, useParams()) ?? '';
  const archiveField = entity['x-archive'] as string | undefined;
  /** After a write: the screen refreshes; `x-changesSchemas` records (custom fields) change GET /back/schemas too. */
  const changed = () => {
    if (entity['x-changesSchemas'] === true) markSchemasChanged();
    onChanged();
  };
  const idField = entity['x-id'] as string;
  const [record, setRecord] = useState<Row | null>(null);
  const [formData, setFormData] = useState<Row>({});
  const [baseline, setBaseline] = useState<Row>({});
  // An existing record is loading from the first render: the page never shows "not found" before it asks.
  const [loading, setLoading] = useState(target?.mode === 'edit');
  const [saving, setSaving] = useState(false);
  const [pendingEvent, setPendingEvent] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  const id = record?.[idField] ?? (target?.mode === 'edit' ? target.id : undefined);
  // Read when a new record starts, so that a new defaults object does not restart the sheet.
  const defaultsRef = useRef(options.defaults);
  defaultsRef.current = options.defaults;

  const adopt = useCallback(
    (next: Row | null) => {
      const data = next ? formState(entity, next) : newRecord(entity, defaultsRef.current);
      setRecord(next);
      setFormData(data);
      setBaseline(data);
      setServerErrors([]);
      setConflict(null);
    },
    [entity],
  );

  /** `first`: the page's first read, whose answer may already be on its way (engine/firstGets.ts). */
  const load = useCallback(
    async (recordId: string | number, first = false) => {
      setLoading(true);
      try {
        const path = recordPath(apiPath, recordId);
        adopt(await (first ? getFirst<Row>(path) : api.get<Row>(path)));
      } catch {
        // The app already said why (not found, not allowed…).
      } finally {
        setLoading(false);
      }
    },
    [apiPath, adopt],
  );

  useEffect(() => {
    if (!target) return;
    if (target.mode === 'edit') void load(target.id, true);
    else adopt(null);
  }, [target, load, adopt]);

  const fail = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    // A workflow refusal says why in a snackbar; another 409 is a concurrent change to reload.
    if (error.status === 409 && error.body?.exception === 'TransitionException') notify({ level: 'warning', message: error.body.message ?? t('engine.sheet.conflict') });
    else if (error.status === 409) setConflict(error.body?.message ?? t('engine.sheet.conflict'));
    else {
      if (error.status === 400 || (error.status === 422 && error.body?.errors?.length)) setServerErrors(error.body?.errors ?? []);
      reportApiError(error);
    }
  };

  const save = async (data: Row) => {
    setSaving(true);
    setServerErrors([]);
    const messages = (entity['x-messages'] ?? {}) as { created?: string; updated?: string };
    try {
      const creating = !record;
      const saved = creating
        ? await api.post<Row>(apiPath, data, { quiet: true })
        : await api.put<Row>(`${apiPath}/${id}`, { ...data, version: record.version }, { quiet: true });
      adopt(saved);
      if (creating) options.onCreated?.(saved);
      const key = creating ? messages.created : messages.updated;
      notify({ level: 'success', message: key ? t(key) : t(creating ? 'engine.sheet.created' : 'engine.sheet.updated') });
      changed();
      return true;
    } catch (error) {
      fail(error);
      return false;
    } finally {
      setSaving(false);
    }
  };

  /** A workflow event, with the input it asks for (`x-events`, e.g. a comment); true when taken. */
  const runEvent = async (event: string, input: Row = {}, options: { quiet?: boolean } = {}): Promise<boolean> => {
    if (!record) return false;
    setPendingEvent(event);
    try {
      const answer = await api.patch<unknown>(`${apiPath}/${id}/${event}`, { ...input, version: record.version }, { quiet: true });
      const next = answer && typeof answer === 'object' && idField in answer ? (answer as Row) : await api.get<Row>(`${apiPath}/${id}`);
      adopt(next);
      const statusField = entity['x-status'] as string;
      const status = enumText(t, enumOf(propertiesOf(entity)[statusField])?.name, next[statusField]);
      if (!options.quiet) notify({ level: 'success', message: t('engine.sheet.statusChanged', { status }) });
      changed();
      return true;
    } catch (error) {
      fail(error);
      return false;
    } finally {
      setPendingEvent(null);
    }
  };

  const remove = async (): Promise<RemoveResult> => {
    const failed = Symbol('failed');
    let error: unknown;
    const answer = await api.delete<unknown>(`${apiPath}/${id}`).catch((cause: unknown) => {
      error = cause;
      return failed;
    });
    if (answer && answer !== failed) {
      notify({ level: 'success', message: t(options.deleteTexts?.success ?? 'engine.sheet.deleted') });
      changed();
      return 'deleted';
    }
    // A falsy answer is a refusal (spec §8), as is an error the app already showed.
    if (answer !== failed) notify({ level: 'warning', message: t(options.deleteTexts?.refused ?? 'engine.sheet.deleteRefused') });
    // The server's business refusal of a record still in use: archiving it is the way out.
    const inUse = error instanceof ApiError && error.status === 422 && record && archiveField && record[archiveField] !== true;
    return inUse ? 'archivable' : 'refused';
  };

  /** `x-archive`: the record's archive field set (a PUT of the stored record), so it leaves the pickers. */
  const archive = async (): Promise<boolean> => {
    if (!record || !archiveField) return false;
    try {
      await api.put<Row>(`${apiPath}/${id}`, { ...formState(entity, record), [archiveField]: true, version: record.version }, { quiet: true });
      notify({ level: 'success', message: t('engine.sheet.archived') });
      changed();
      return true;
    } catch (cause) {
      fail(cause);
      return false;
    }
  };

  /** An edit makes the server's field errors stale. */
  const edit = useCallback((data: Row) => {
    setFormData(data);
    setServerErrors((errors) => (errors.length ? [] : errors));
  }, []);

  return {
    record,
    formData,
    setFormData: edit,
    baseline,
    loading,
    saving,
    pendingEvent,
    serverErrors,
    conflict,
    reload: () => (id !== undefined ? load(id as string | number) : undefined),
    save,
    runEvent,
    remove,
    archive,
  };
}
