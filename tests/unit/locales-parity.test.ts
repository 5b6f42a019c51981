import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readJson } from '../../scripts/generate/load';

/**
 * Every `locales` folder of the project (schemas, app, engine, server) holds en, fr and it
 * either as `<lang>.json` or as `<lang>/*.json` namespaces, with the same keys and placeholders.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const languages = ['en', 'fr', 'it'] as const;

function localeFolders(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .flatMap((entry) => (entry.name === 'locales' ? [join(folder, entry.name)] : localeFolders(join(folder, entry.name))));
}

/** Flat `key → text` of a language (nested objects get dotted keys; namespaces prefix `ns:`). */
function flatten(value: unknown, prefix: string, out: Record<string, unknown>): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else out[prefix] = value;
  return out;
}

function languageFile(folder: string, language: string): Record<string, unknown> | null {
  const file = join(folder, `${language}.json`);
  if (existsSync(file)) return flatten(readJson(file), '', {});
  const dir = join(folder, language);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return null;
  const out: Record<string, unknown> = {};
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) flatten(readJson(join(dir, name)), `${name.slice(0, -5)}:`, out);
  return out;
}

// French and Italian have a `many` plural form English lacks: compare plural keys by their base.
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const folders = ['schemas', 'app', 'engine', 'server'].flatMap((top) => localeFolders(join(root, top)));
const withFiles = folders
  .map((folder) => ({ folder: relative(root, folder), bundles: Object.fromEntries(languages.map((l) => [l, languageFile(folder, l)])) }))
  .filter(({ bundles }) => Object.values(bundles).some(Boolean));

describe('locale files', () => {
  it('include schemas/locales', () => {
    expect(withFiles.map(({ folder }) => folder)).toContain(join('schemas', 'locales'));
  });

  describe.each(withFiles)('$folder', ({ bundles }) => {
    it('has en, fr and it', () => {
      expect(languages.filter((language) => !bundles[language])).toEqual([]);
    });

    it.each(['fr', 'it'] as const)('%s has the same keys as en', (language) => {
      const en = new Set(Object.keys(bundles.en ?? {}).map(pluralBase));
      const other = new Set(Object.keys(bundles[language] ?? {}).map(pluralBase));
      expect({ missing: [...en].filter((k) => !other.has(k)), extra: [...other].filter((k) => !en.has(k)) }).toEqual({ missing: [], extra: [] });
    });

    it.each(languages)('%s texts are non-empty strings with the same {{placeholders}} as en', (language) => {
      const bundle = bundles[language] ?? {};
      const bad = Object.entries(bundle).filter(([key, text]) => {
        if (typeof text !== 'string' || !text.trim()) return true;
        const en = bundles.en?.[key];
        return en !== undefined && placeholders(en).join() !== placeholders(text).join();
      });
      expect(bad.map(([key]) => key)).toEqual([]);
    });
  });
});
