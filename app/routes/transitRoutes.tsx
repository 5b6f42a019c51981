import { useEffect, useEffectEvent } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import i18next from 'i18next';
import { request } from '../../engine/api';
import { useSession } from '../auth/session';
import { FullPageLoader, PageLoader } from '../pages/FullPageLoader';

// Routes that do one thing and move on (end or renew a session, redirect an old link): lazy
// (AppRoutes reaches them through lazyPages.ts), as no first page needs them.

/** `/reloadProfile`: re-reads profile, config and menu (after impersonation, a role change…). */
export function ReloadProfile() {
  const session = useSession();
  const navigate = useNavigate();
  // Once per visit, although `session` changes while it loads; to the first screen only if the person has not gone
  // elsewhere meanwhile (the menu answers as soon as the profile is read).
  const reload = useEffectEvent((here: () => boolean) => void session.load().then(() => here() && navigate('/', { replace: true })));
  useEffect(() => {
    let mounted = true;
    reload(() => mounted);
    return () => void (mounted = false);
  }, []);
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

/** `/menu/capas` → `/capas`: links from e-mails and the old menu open their target directly. */
export function MenuRedirect() {
  const target = useParams()['*'] ?? '';
  const { search, hash } = useLocation();
  return <Navigate to={`/${target}${search}${hash}`} replace />;
}
