import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { freshConfig, schemasDue, schemasLoaded } from '../../engine/configFreshness';
import { useReadySession } from '../auth/session';

/**
 * Keeps the session's schemas current (engine/configFreshness.ts): asked again, when due, at each
 * navigation and when the tab comes back into view, so a custom field saved a moment ago is on the
 * next form opened, without a page reload. Here, not in the session: the login page loads none of it.
 */
export function useFreshSchemas(): void {
  const { config, replaceConfig } = useReadySession();
  const { pathname } = useLocation();
  const refreshConfig = useEffectEvent(async () => {
    if (!schemasDue()) return;
    const next = await freshConfig(config).catch(() => null);
    if (next) replaceConfig(config, next);
  });
  // The shell mounts once a session's configuration is in: due again after a change or a while.
  useEffect(() => schemasLoaded(), []);
  useEffect(() => {
    void refreshConfig();
  }, [pathname]);
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
  }, []);
}
