import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md rule 3 and the layout: the browser (app/, engine/) imports no server module, not even a
 * type (shared types live in domain/ or generated/); domain/ — rules both sides run — imports only
 * machines/ and itself, and does no I/O.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier a file imports or re-exports (static, dynamic, type-only). */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1]);
}

/** The repository folder a relative import reaches (`server`, `domain`…), or the package name. */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return relative(root, resolve(dirname(file), specifier)).split(/[\\/]/)[0];
}

const importsOf = (folder: string) =>
  sourceFiles(join(root, folder)).flatMap((file) => specifiers(file).map((specifier) => ({ file: relative(root, file), specifier, reaches: target(file, specifier) })));

describe('layers', () => {
  it.each(['app', 'engine'])('%s/ imports nothing from server/', (folder) => {
    expect(importsOf(folder).filter((use) => use.reaches === 'server' || use.reaches === 'schemas')).toEqual([]);
  });

  it('domain/ exists and imports only machines/ and itself: no package, no node module, no file of schemas/', () => {
    expect(existsSync(join(root, 'domain'))).toBe(true);
    const uses = importsOf('domain');
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.filter((use) => !['domain', 'machines'].includes(use.reaches))).toEqual([]);
  });

  it('the report rules, AQL plans, decision tones and the shared answer types live in domain/, not in server/', () => {
    for (const gone of ['server/reports/compute.ts', 'server/reports/aql.ts', 'server/reports/decisionTone.ts']) expect(existsSync(join(root, gone)), gone).toBe(false);
    const app = importsOf('app');
    for (const module of ['report', 'decisionTone', 'planning', 'liveAlert']) {
      expect(app.some((use) => use.reaches === 'domain' && use.specifier.endsWith(`domain/${module}`)), module).toBe(true);
    }
  });
});
