import { useCallback, useEffect, useState } from 'react';
import { ApiError, api, reportApiError } from '../../../engine/api';

/** "My account" calls (docs/identity.md). */
export const USER_PATH = '/back/bo/profile/user';
export const PASSWORD_PATH = `${USER_PATH}/password`;
export const NOTIFICATION_PATH = `${USER_PATH}/notificationconfig`;
export const TWO_FACTOR_PATH = `${USER_PATH}/twoFactor`;

/** `GET /back/bo/profile/user` */
export interface UserProfile {
  contactId: number;
  firstName: string;
  lastName: string;
  email?: string;
  position?: string;
  phone?: string;
  language: string;
  companyName?: string;
  profiles: string[];
  twoFactorEnabled: boolean;
}

/** The part of it the user edits (`PUT /back/bo/profile/user`). */
export type PersonalInformation = Pick<UserProfile, 'firstName' | 'lastName' | 'position' | 'phone' | 'language'>;

export interface NotificationConfig {
  allowNotification: boolean;
  notificationTypes: string[];
}

export type LoadStatus = 'loading' | 'ready' | 'forbidden' | 'failed';

/**
 * GET `path` once: a 403 is left to the page (impersonation, API token), other failures are
 * shown the usual way.
 */
export function useLoaded<T>(path: string) {
  const [data, setData] = useState<T | null>(null);
  const [status, setStatus] = useState<LoadStatus>('loading');

  const load = useCallback(
    (signal?: AbortSignal) =>
      api.get<T>(path, { quiet: true, signal }).then(
        (answer) => {
          setData(answer);
          setStatus('ready');
        },
        (error: unknown) => {
          if (signal?.aborted || !(error instanceof ApiError)) return;
          setStatus(error.status === 403 ? 'forbidden' : 'failed');
          if (error.status !== 403) reportApiError(error);
        },
      ),
    [path],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return { data, setData, status, reload: load };
}
