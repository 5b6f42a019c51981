/** Quick-search normalization of spec §5.1: trimmed, accents removed, upper-cased. */
export function normalize(text: unknown): string {
  // An object (per-language names) is searched by its values: 'tache' finds { en: 'Stain', fr: 'Tache' }.
  const plain = text && typeof text === 'object' && !Array.isArray(text) ? Object.values(text).join(' ') : text;
  return String(plain ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toUpperCase();
}

/** The words of a keyword search, normalized. */
export function keywordsOf(text: string): string[] {
  return normalize(text).split(/\s+/).filter(Boolean);
}

/** A label that may be per-language names (`{ en, fr, it }`): the caller's language, else English, else the first given. */
export function labelIn(value: unknown, lang: string): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value == null ? '' : String(value);
  const names = value as Record<string, unknown>;
  const given = [names[lang], names.en, ...Object.values(names)].find((name) => typeof name === 'string' && name.trim() !== '');
  return typeof given === 'string' ? given : '';
}
