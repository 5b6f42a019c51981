import { api } from '../../engine/api';
import { changeLanguage, isLanguage, type Language } from './i18n';

const LOCALE_PATH = '/back/bo/menu/locale';
// A language picked on the login page, to store on the account once logged in.
const PENDING_KEY = 'qcflow.locale.pending';

/** The server answers the locale as a bare string; tolerate `{ locale }` too. */
function readLocale(answer: unknown): string | undefined {
  if (typeof answer === 'string') return answer.slice(0, 2).toLowerCase();
  if (answer && typeof answer === 'object' && 'locale' in answer) return readLocale((answer as { locale: unknown }).locale);
  return undefined;
}

/**
 * Switches the interface; when logged in, stores the choice first so that server messages, and the
 * data the server names (read again on the switch: chart labels), follow it.
 */
export async function saveLocale(language: Language, loggedIn: boolean): Promise<void> {
  if (!loggedIn) {
    sessionStorage.setItem(PENDING_KEY, language);
    await changeLanguage(language);
    return;
  }
  try {
    await api.get<unknown>(LOCALE_PATH, { query: { locale: language } });
  } finally {
    await changeLanguage(language);
  }
}

/**
 * Right after login, the language to show: a choice made on the login page (stored on the account
 * first), else the account's. Asked beside the config; the caller switches to it once the app's strings are in.
 */
export async function localeAfterLogin(): Promise<Language | undefined> {
  const pending = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (isLanguage(pending)) {
    await api.get<unknown>(LOCALE_PATH, { query: { locale: pending } }).catch(() => undefined);
    return pending;
  }
  const locale = readLocale(await api.get<unknown>(LOCALE_PATH, { quiet: true }).catch(() => undefined));
  return isLanguage(locale) ? locale : undefined;
}
