import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAYER_ZONES } from '../../scripts/lint/layers.mjs';

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

/** The repository path a relative import reaches (`server/x.ts`, `schemas/enums.json`…), or null for a package. */
function reached(file: string, specifier: string): string | null {
  return specifier.startsWith('.') ? relative(root, resolve(dirname(file), specifier)).split(sep).join('/') : null;
}

const importsOf = (folder: string) =>
  sourceFiles(join(root, folder)).flatMap((file) => specifiers(file).map((specifier) => ({ file: relative(root, file), specifier, reaches: reached(file, specifier) })));

/** A zone's folder (`./server/x`) as a path prefix; `./` is every path. */
const prefix = (folder: string) => `${folder.replace(/^\.\/?/, '')}/`.replace(/^\/$/, '');
const within = (path: string, folder: string) => path.startsWith(prefix(folder)) || `${path}/` === prefix(folder);

describe('layers', () => {
  // The zones are the linter's (scripts/lint/layers.mjs): this reads every import, JSON and type-only included.
  it.each(LAYER_ZONES.map((zone) => [zone.target, zone] as const))('%s imports nothing its zone forbids', (_target, zone) => {
    const from = [zone.from].flat();
    const allowed = zone.except ?? [];
    const crossing = importsOf(prefix(zone.target)).filter(
      (use) => use.reaches !== null && from.some((folder) => within(use.reaches!, folder)) && !allowed.some((folder) => within(use.reaches!, folder)),
    );
    expect(crossing).toEqual([]);
  });

  it('domain/ exists and imports only its own files and machines/: no package, no node module', () => {
    expect(existsSync(join(root, 'domain'))).toBe(true);
    const uses = importsOf('domain');
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.filter((use) => use.reaches === null)).toEqual([]);
  });

  it('the report rules, AQL plans, decision tones and the shared answer types live in domain/, not in server/', () => {
    for (const gone of ['server/reports/compute.ts', 'server/reports/aql.ts', 'server/reports/decisionTone.ts']) expect(existsSync(join(root, gone)), gone).toBe(false);
    const app = importsOf('app');
    for (const module of ['report', 'decisionTone', 'planning', 'liveAlert']) {
      expect(app.some((use) => use.reaches === `domain/${module}`), module).toBe(true);
    }
  });
});
