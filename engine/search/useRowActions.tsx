import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, request } from '../api';
import type { AppConfig, RowActionConfig } from '../config';
import { titleText } from '../i18n';
import { notify } from '../notify';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { lazyNamed } from '../ui/lazyNamed';
import { actionBody, actionUrl, failureText, successValues } from './rowActions';

type Row = Record<string, unknown>;

/** The form (RJSF, ajv) loads when an action asks for fields: a search page needs it only then. */
const ActionFormDialog = lazyNamed(() => import('./ActionFormDialog'), 'ActionFormDialog');

interface Pending {
  action: RowActionConfig;
  row: Row;
  done: () => void;
}

/** The route the app re-reads the session on (profile, screens, menu). */
export const RELOAD_PROFILE_ROUTE = '/reloadProfile';

/**
 * Runs row actions: asks the `confirm` question first, calls the server (errors are shown by
 * the app, or as the action's `failure` text), shows the `success` snackbar (the row's and the
 * answer's fields as its values), then refreshes, reloads the session or opens a route.
 * `run` resolves when the action is over (done, failed or cancelled), for the button's spinner.
 * An action with a `form` opens it instead (with `config`, which holds its schemas).
 */
export function useRowActions(onRefresh: () => void, config?: AppConfig) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const askingRef = useRef<Pending | null>(null);
  const [filling, setFilling] = useState<Pending | null>(null);

  const after = (action: RowActionConfig) => {
    if (action.then === 'refresh') onRefresh();
    else if (action.then === 'reloadProfile') navigate(RELOAD_PROFILE_ROUTE);
    else if (action.then?.startsWith('/')) navigate(action.then);
  };

  const execute = async (action: RowActionConfig, row: Row) => {
    // A link action opens its route (read-only lines draw it as a link; grids run it here).
    const to = action.to ? actionUrl(action.to, row) : null;
    if (to) return void navigate(to);
    const url = action.url ? actionUrl(action.url, row) : null;
    if (!url) return;
    let answer: unknown;
    try {
      ({ data: answer } = await request(action.method ?? 'GET', url, {
        body: actionBody(action.body, row),
        // With its own `failure` text the action says why itself; otherwise the app does.
        quiet: action.failure !== undefined,
      }));
    } catch (error) {
      if (action.failure && error instanceof ApiError) notify({ level: 'error', message: failureText(t(action.failure, { ...row }), error.body?.message) });
      return;
    }
    if (action.success) notify({ level: 'success', message: t(action.success, successValues(row, answer)) });
    after(action);
  };

  const run = (action: RowActionConfig, row: Row): Promise<void> => {
    if (action.form && config) return new Promise((resolve) => setFilling({ action, row, done: resolve }));
    if (!action.confirm) return execute(action, row);
    return new Promise((resolve) => {
      askingRef.current = { action, row, done: resolve };
      setAsking(askingRef.current);
    });
  };

  const close = () => {
    askingRef.current?.done();
    askingRef.current = null;
    setAsking(null);
  };

  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    await execute(asking.action, asking.row);
    setBusy(false);
    close();
  };

  const stopFilling = () => {
    filling?.done();
    setFilling(null);
  };

  const dialog = (
    <>
      {filling && config && (
        <Suspense fallback={null}>
          <ActionFormDialog
            action={filling.action}
            row={filling.row}
            config={config}
            onDone={() => {
              stopFilling();
              after(filling.action);
            }}
            onClose={stopFilling}
          />
        </Suspense>
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? titleText(t, asking.action.confirmTitle ?? asking.action.label) : ''}
        message={asking?.action.confirm ? t(asking.action.confirm, { ...asking.row }) : ''}
        confirmLabel={asking ? titleText(t, asking.action.label) : ''}
        danger={asking?.action.danger}
        loading={busy}
        onConfirm={() => void confirm()}
        onCancel={close}
      />
    </>
  );

  return { run, dialog };
}
