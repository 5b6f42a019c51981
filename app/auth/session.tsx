import { createContext, startTransition, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { api, ApiError } from '../../engine/api';
import { loadConfig, type AppConfig } from '../../engine/config';
import { addSchemaLabels, changeLanguage } from '../i18n/i18n';
import { localeAfterLogin } from '../i18n/serverLocale';
import { fetchMenu, type MenuEntry } from '../shell/menuEntry';
import type { Profile } from './profile';

/**
 * idle: nothing asked yet (auth pages never ask); anonymous: the profile answered 403;
 * failed: any other failure (spec §8: message, then /auth/logout); ready: profile, config and menu loaded.
 */
export type SessionStatus = 'idle' | 'loading' | 'anonymous' | 'failed' | 'ready';

interface SessionState {
  status: SessionStatus;
  profile?: Profile;
  config?: AppConfig;
  menu: MenuEntry[];
}

export interface Session extends SessionState {
  /** Loads profile, config, menu and locale; resolves with the resulting status. */
  load(): Promise<SessionStatus>;
  /** Forgets the session after logout. */
  clear(): void;
  /** Takes `next`, the configuration asked again (app/shell/useFreshSchemas.ts), in place of `current` unless that was replaced meanwhile. */
  replaceConfig(current: AppConfig, next: AppConfig): void;
}

const SessionContext = createContext<Session | null>(null);

// Read by the API error handler, which lives outside React: failed calls show only when logged in.
let loggedIn = false;
export const isLoggedIn = (): boolean => loggedIn;

/** The session's answers: the profile, then, signed in, the config, the menu and the account's language at once. */
function askSession() {
  // Not /back/auth/profile: its 403 for an anonymous visitor is logged as an error by the browser.
  const profile = api.get<{ profile: Profile | null }>('/back/auth/session', { quiet: true });
  const rest = profile.then((answer) => (answer?.profile ? Promise.all([loadConfig(), fetchMenu().catch((): MenuEntry[] => [])]) : null));
  rest.catch(() => {}); // read by fetchSession
  const language = profile.then((answer) => (answer?.profile ? localeAfterLogin() : undefined));
  language.catch(() => {}); // read by fetchSession once the profile is in
  return { profile, rest, language };
}

/** Whether the app opened on a page behind login (not /auth, not /unsubscribe). */
export const opensBehindLogin = !/^\/(auth|unsubscribe)\b/.test(location.pathname);

// Such a page asks for its session as the app starts, beside the first language's strings, rather
// than after the first render: the first load takes these answers.
let early: ReturnType<typeof askSession> | null = opensBehindLogin ? askSession() : null;

async function fetchSession(asked: ReturnType<typeof askSession>): Promise<Omit<SessionState, 'status'> & { status: SessionStatus }> {
  let profile: Profile;
  try {
    const answer = await asked.profile;
    if (!answer?.profile) return { status: 'anonymous', menu: [] };
    profile = answer.profile;
  } catch (error) {
    return { status: error instanceof ApiError && error.status === 403 ? 'anonymous' : 'failed', menu: [] };
  }
  loggedIn = true;
  try {
    // Switched to once the first strings are in (this runs after the first render).
    const [[config, menu]] = await Promise.all([asked.rest as Promise<[AppConfig, MenuEntry[]]>, asked.language.then((language) => language && changeLanguage(language))]);
    addSchemaLabels(config.locales ?? {});
    return { status: 'ready', profile: { ...profile, roles: profile.roles ?? [] }, config, menu };
  } catch {
    return { status: 'failed', menu: [] };
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'idle', menu: [] });
  const inFlight = useRef<Promise<SessionStatus> | null>(null);

  const load = useCallback((): Promise<SessionStatus> => {
    // One load at a time: guards and the login page may ask together.
    inFlight.current ??= (async () => {
      setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading', menu: [] }));
      const asked = early ?? askSession();
      early = null;
      const next = await fetchSession(asked);
      loggedIn = next.status === 'ready';
      // A transition: the loader stays until the shell's lazy parts render, instead of React showing
      // the routes' loader again for a moment and then holding the page back (its reveal is throttled).
      startTransition(() => setState(next));
      inFlight.current = null;
      return next.status;
    })();
    return inFlight.current;
  }, []);

  const clear = useCallback(() => {
    loggedIn = false;
    setState({ status: 'idle', menu: [] });
  }, []);

  const replaceConfig = useCallback((current: AppConfig, next: AppConfig) => {
    addSchemaLabels(next.locales ?? {});
    // As the first load: the page keeps showing until what the new schemas change has rendered.
    startTransition(() => setState((previous) => (previous.config === current ? { ...previous, config: next } : previous)));
  }, []);

  const session = useMemo<Session>(() => ({ ...state, load, clear, replaceConfig }), [state, load, clear, replaceConfig]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** For components rendered only inside the shell, where the session is ready. */
export function useReadySession(): Session & Required<Pick<SessionState, 'profile' | 'config'>> {
  const session = useSession();
  if (!session.profile || !session.config) throw new Error('useReadySession before the session is ready');
  return session as Session & Required<Pick<SessionState, 'profile' | 'config'>>;
}
