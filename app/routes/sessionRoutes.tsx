import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import i18next from 'i18next';
import { request } from '../../engine/api';
import { rememberPreLoginUrl } from '../auth/preLoginUrl';
import { useSession } from '../auth/session';
import { showSnack } from '../notifications/snackbar';
import { FullPageLoader, PageLoader } from '../pages/FullPageLoader';

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

/** `/menu/capas` → `/capas`: links from e-mails and the old menu open their target directly. */
export function MenuRedirect() {
  const target = useParams()['*'] ?? '';
  const { search, hash } = useLocation();
  return <Navigate to={`/${target}${search}${hash}`} replace />;
}

/** `/reloadProfile`: re-reads profile, config and menu (after impersonation, a role change…). */
export function ReloadProfile() {
  const session = useSession();
  const navigate = useNavigate();
  // Once per visit, although `session` changes while it loads.
  const reload = useEffectEvent(() => void session.load().then(() => navigate('/', { replace: true })));
  useEffect(() => reload(), []);
  return <PageLoader />;
}

/** `/auth/logout` ends the session; `/auth/logout/impersonate` ends only the impersonation. */
export function Logout({ impersonation = false }: { impersonation?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  // Once per visit.
  const logout = useEffectEvent(() => {
    const path = impersonation ? '/back/logout/impersonate' : '/back/logout';
    void request('POST', path, { quiet: true })
      .catch(() => undefined)
      .then(() => {
        session.clear();
        navigate(impersonation ? '/reloadProfile' : '/auth/login', { replace: true });
      });
  });
  useEffect(() => logout(), []);
  return <FullPageLoader label={i18next.t('common.signingOut')} />;
}
