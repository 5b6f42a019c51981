import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import i18next from 'i18next';
import { rememberPreLoginUrl } from '../auth/preLoginUrl';
import { useSession } from '../auth/session';
import { showSnack } from '../notifications/snackbar';
import { FullPageLoader } from '../pages/FullPageLoader';

/**
 * Spec §4 "App start" and §8: every page but /auth and /unsubscribe loads the profile first;
 * 403 → /auth/login (remembering the url), any other failure → message and /auth/logout.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  useEffect(() => {
    if (session.status === 'idle') void session.load();
  }, [session]);

  useEffect(() => {
    if (session.status === 'failed') showSnack({ level: 'error', message: i18next.t('login.sessionError') });
  }, [session.status]);

  switch (session.status) {
    case 'ready':
      return children;
    case 'anonymous':
      rememberPreLoginUrl(location.pathname + location.search + location.hash);
      return <Navigate to="/auth/login" replace />;
    case 'failed':
      rememberPreLoginUrl(location.pathname + location.search + location.hash);
      return <Navigate to="/auth/logout" replace />;
    default:
      return <FullPageLoader />;
  }
}
