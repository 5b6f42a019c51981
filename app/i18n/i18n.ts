import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The interface languages (spec: EN, FR, IT). */
export const LANGUAGES = ['en', 'fr', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

type Bundle = Record<string, string>;

// The strings are data, not code: each language's JSON files are hashed build assets fetched when
// the language is first used, so a page downloads one language, not all three inside its script.
// The engine's own strings come from a glob so a missing engine/locales folder does not break the build.
const appBundleUrls = import.meta.glob<string>('../locales/*.json', { eager: true, query: '?url', import: 'default' });
const engineBundleUrls = import.meta.glob<string>('../../engine/locales/*.json', { eager: true, query: '?url', import: 'default' });

async function fetchBundle(url: string | undefined): Promise<Bundle> {
  if (!url) return {};
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as Bundle;
}

/** A language's engine and app strings, app strings first. */
const appBundles = new Map<Language, Bundle>();
const loading = new Map<Language, Promise<void>>();

/** Fetches a language's strings once and adds them over any schema labels (the app's strings keep priority). */
export function loadLanguage(language: Language): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = Promise.all([fetchBundle(engineBundleUrls[`../../engine/locales/${language}.json`]), fetchBundle(appBundleUrls[`../locales/${language}.json`])])
      .then(([engine, app]) => {
        const bundle = { ...engine, ...app };
        appBundles.set(language, bundle);
        i18next.addResources(language, 'translation', bundle);
      })
      .catch((error: unknown) => {
        loading.delete(language); // a later call tries again
        console.error(error);
      });
    loading.set(language, pending);
  }
  return pending;
}
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

/** Starts i18next and resolves once the first language's strings are in (English follows in the background as the fallback). */
export async function initI18n(): Promise<typeof i18next> {
  const language = initialLanguage();
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // Keys are flat and contain dots ("screen.capas" and "screen.capas.description" both exist).
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    resources: {},
    // The bundles are added by loadLanguage; tell react-i18next not to wait for a backend.
    partialBundledLanguages: true,
  });
  await loadLanguage(language);
  if (language !== 'en') void loadLanguage('en');
  applyLanguageSideEffects(language);
  return i18next;
}

/** Schema labels arrive with the config after login; the app's own strings keep priority. */
export function addSchemaLabels(locales: Partial<Record<Language, Bundle>>): void {
  for (const lng of LANGUAGES) {
    const labels = locales[lng];
    if (labels) i18next.addResources(lng, 'translation', { ...labels, ...appBundles.get(lng) });
  }
}

function applyLanguageSideEffects(language: Language): void {
  document.documentElement.lang = language;
  localStorage.setItem(STORAGE_KEY, language);
}

export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  applyLanguageSideEffects(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}
