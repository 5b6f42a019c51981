import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Server-side texts (error messages) in the three product languages. */
export const languages = ['en', 'fr', 'it'] as const;
export type Language = (typeof languages)[number];

const messages = Object.fromEntries(
  languages.map((lang) => [
    lang,
    JSON.parse(readFileSync(fileURLToPath(new URL(`./locales/${lang}.json`, import.meta.url)), 'utf8')) as Record<string, string>,
  ]),
) as Record<Language, Record<string, string>>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** True when the key has a text (lets callers prefer a specific key over a generic one). */
export function hasMessage(key: string): boolean {
  return Object.hasOwn(messages.en, key);
}

export function translate(lang: Language, key: string, params: Record<string, unknown> = {}): string {
  const text = messages[lang][key] ?? messages.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The first of en/fr/it named by an Accept-Language header, by preference order. */
export function languageFromHeader(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...options] = part.trim().split(';');
      const q = options.map((o) => /^q=([\d.]+)$/.exec(o.trim())).find(Boolean);
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q[1]) : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((entry) => isLanguage(entry.lang) && entry.q > 0)?.lang as Language | undefined;
}
