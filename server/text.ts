/** Quick-search normalization of spec §5.1: trimmed, accents removed, upper-cased. */
export function normalize(text: unknown): string {
  return String(text ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toUpperCase();
}

/** The words of a keyword search, normalized. */
export function keywordsOf(text: string): string[] {
  return normalize(text).split(/\s+/).filter(Boolean);
}
