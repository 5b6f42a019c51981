import { useCallback, useEffect, useState } from 'react';
import { ApiError, reportApiError } from '../../../../engine/api';
import { getFirst } from '../../../../engine/prefetch';
import { serviceApi, servicePath, type ServiceView } from '../shared/serviceApi';

export type SheetStatus = 'loading' | 'ready' | 'notFound' | 'failed';

/**
 * The service of the sheet. Every write answers the moved service: `apply` shows it and bumps
 * `revision`, which the panels (date lines, notes, history) watch to reload what changed with it.
 */
export function useServiceSheet(serviceId: string) {
  const [service, setService] = useState<ServiceView | null>(null);
  const [status, setStatus] = useState<SheetStatus>('loading');
  const [revision, setRevision] = useState(0);

  /** `first`: the page's first read, started with the route (app/routes/appPages.ts APP_PAGE_GETS). */
  const load = useCallback(async (first = false) => {
    try {
      setService(await (first ? getFirst<ServiceView>(servicePath(serviceId), { quiet: true }) : serviceApi.get(serviceId, { quiet: true })));
      setStatus('ready');
    } catch (error) {
      // 404: not there or not visible to the caller (the server does not tell which).
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return setStatus('notFound');
      if (error instanceof ApiError) reportApiError(error);
      setStatus('failed');
    }
  }, [serviceId]);

  useEffect(() => {
    setStatus('loading');
    void load(true);
  }, [load]);

  const apply = useCallback((next: ServiceView) => {
    setService(next);
    setRevision((r) => r + 1);
  }, []);

  /** After a refused write (e.g. 409, someone moved it meanwhile): show the service as it is now. */
  const reload = useCallback(async () => {
    await load();
    setRevision((r) => r + 1);
  }, [load]);

  /** Runs a write that answers the service; a failed one (already shown as a snack) reloads. */
  const run = useCallback(
    async (write: () => Promise<ServiceView>): Promise<boolean> => {
      try {
        apply(await write());
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) await reload();
        return false;
      }
    },
    [apply, reload],
  );

  /** Something beside the service changed (a note): the panels reload. */
  const touch = useCallback(() => setRevision((r) => r + 1), []);

  return { service, status, revision, apply, reload, run, touch };
}

export type ServiceSheet = ReturnType<typeof useServiceSheet>;
