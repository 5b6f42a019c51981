import i18next from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../../engine/api';
import { showSnack, snackLevelOf } from '../../notifications/snackbar';
import type { LiveAlert } from '../../../domain/liveAlert';
import { useWindowFocus } from './useWindowFocus';

/** Spec §9: live alert poll every 10 000 ms. */
export const ALERT_POLL_MS = 10_000;

export type { LiveAlert };

interface AlertPoll {
  count: number;
  /** New alerts, each sent once: shown as snacks. */
  snacks?: LiveAlert[];
}

export interface LiveAlertList {
  alerts: LiveAlert[];
  /** Range of the unread alerts, null when none: what "mark all read" sends. */
  minLiveAlertId: number | null;
  maxLiveAlertId: number | null;
}

function showAlertSnack(alert: LiveAlert): void {
  showSnack({
    level: snackLevelOf(alert.level) ?? 'success',
    title: alert.title,
    message: alert.message,
    link: alert.titleLink ? { label: i18next.t('common.open'), href: alert.titleLink } : undefined,
  });
}

/**
 * The unread alert count, polled while logged in and the window has the focus.
 * `onSignedOut`: the poll answered 403, the session has ended elsewhere.
 */
export function useLiveAlertCount(onSignedOut: () => void) {
  const [count, setCount] = useState(0);
  const focused = useWindowFocus();
  // A ref, so a new callback (every navigation) does not restart the poll.
  const signedOut = useRef(onSignedOut);
  useEffect(() => {
    signedOut.current = onSignedOut;
  }, [onSignedOut]);

  useEffect(() => {
    if (!focused) return;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const answer = await api.get<AlertPoll>('/back/alerts/poll', { quiet: true, signal: controller.signal });
        setCount(answer?.count ?? 0);
        answer?.snacks?.forEach(showAlertSnack);
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) signedOut.current();
        // Anything else: the next poll retries; no snack every ten seconds.
      }
    };
    void poll();
    const timer = window.setInterval(poll, ALERT_POLL_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [focused]);

  return { count, setCount };
}

export function fetchLiveAlerts(): Promise<LiveAlertList> {
  return api.get<LiveAlertList>('/back/alerts/');
}

export function markAlertsRead(list: LiveAlertList): Promise<unknown> {
  return api.patch('/back/alerts/', undefined, {
    query: { lowlivealertid: list.minLiveAlertId, highlivealertid: list.maxLiveAlertId },
  });
}
