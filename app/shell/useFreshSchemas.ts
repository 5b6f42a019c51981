import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useReadySession } from '../auth/session';

/**
 * Keeps the session's schemas current (engine/configFreshness.ts): asked again, when due, at each
 * navigation and when the tab comes back into view, so a custom field saved a moment ago is on the
 * next form opened, without a page reload.
 */
export function useFreshSchemas(): void {
  const { refreshConfig } = useReadySession();
  const { pathname } = useLocation();
  useEffect(() => {
    void refreshConfig();
  }, [pathname, refreshConfig]);
  useEffect(() => {
    const back = () => {
      if (document.visibilityState === 'visible') void refreshConfig();
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, [refreshConfig]);
}
