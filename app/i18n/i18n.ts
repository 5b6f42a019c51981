import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import it from '../locales/it.json';

/** The interface languages (spec: EN, FR, IT). */
export const LANGUAGES = ['en', 'fr', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

type Bundle = Record<string, string>;

// The engine's own strings; a glob so a missing engine/locales folder does not break the build.
const engineBundles = import.meta.glob<Bundle>('../../engine/locales/*.json', { eager: true, import: 'default' });

function engineBundle(language: Language): Bundle {
  return engineBundles[`../../engine/locales/${language}.json`] ?? {};
}

const appBundles: Record<Language, Bundle> = { en, fr, it };
const STORAGE_KEY = 'qcflow.locale';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Before login there is no server locale: last choice on this browser, then the browser language. */
function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = navigator.language.slice(0, 2).toLowerCase();
  return isLanguage(browser) ? browser : 'en';
}

export function initI18n(): typeof i18next {
  const language = initialLanguage();
  void i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // Keys are flat and contain dots ("screen.capas" and "screen.capas.description" both exist).
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    resources: Object.fromEntries(
      LANGUAGES.map((lng) => [lng, { translation: { ...engineBundle(lng), ...appBundles[lng] } }]),
    ),
  });
  applyLanguageSideEffects(language);
  return i18next;
}

/** Schema labels arrive with the config after login; the app's own strings keep priority. */
export function addSchemaLabels(locales: Partial<Record<Language, Bundle>>): void {
  for (const lng of LANGUAGES) {
    const labels = locales[lng];
    if (labels) i18next.addResources(lng, 'translation', { ...labels, ...engineBundle(lng), ...appBundles[lng] });
  }
}

function applyLanguageSideEffects(language: Language): void {
  dayjs.locale(language);
  document.documentElement.lang = language;
  localStorage.setItem(STORAGE_KEY, language);
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  applyLanguageSideEffects(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}
