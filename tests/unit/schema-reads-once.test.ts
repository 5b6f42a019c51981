import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * DESIGN rule 9: a server start reads its configuration once. Every read of a file (sync or not)
 * is counted while the server boots as server/main.ts does it (openStore, then createApp with the
 * registry it loaded); each JSON file of schemas/ — entities, search forms, screens, uiSchemas,
 * JSON machines, locales, enums, formats and the reference tables — must be read exactly once.
 */
const reads = vi.hoisted(() => new Map<string, number>());

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const count = (path: unknown) => {
    if (typeof path === 'string' || path instanceof URL) {
      const key = path instanceof URL ? fileURLToPath(path) : path;
      reads.set(key, (reads.get(key) ?? 0) + 1);
    }
  };
  const readFileSync = ((path: Parameters<typeof fs.readFileSync>[0], ...rest: unknown[]) => {
    count(path);
    return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readFileSync;
  const readFile = ((path: Parameters<typeof fs.readFile>[0], ...rest: unknown[]) => {
    count(path);
    return (fs.readFile as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readFile;
  const promises = { ...fs.promises, readFile: (path: Parameters<typeof fs.promises.readFile>[0], ...rest: unknown[]) => (count(path), (fs.promises.readFile as (...args: unknown[]) => unknown)(path, ...rest)) };
  return { ...fs, readFileSync, readFile, promises, default: { ...fs, readFileSync, readFile, promises } };
});
vi.mock('node:fs/promises', async (importOriginal) => {
  const fsp = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = (path: Parameters<typeof fsp.readFile>[0], ...rest: unknown[]) => {
    if (typeof path === 'string') reads.set(path, (reads.get(path) ?? 0) + 1);
    return (fsp.readFile as (...args: unknown[]) => unknown)(path, ...rest);
  };
  return { ...fsp, readFile, default: { ...fsp, readFile } };
});

const { openStore } = await import('../../server/boot');
const { createApp } = await import('../../server/app');

const root = fileURLToPath(new URL('../..', import.meta.url));
const schemasDir = join(root, 'schemas');
const dataDir = mkdtempSync(join(tmpdir(), 'qcflow-reads-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every JSON file of the configuration folder, absolute. */
function configFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return configFiles(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

describe('a server start', () => {
  it('reads each file of schemas/ exactly once', async () => {
    reads.clear();
    const { db, registry, sessionSecret } = await openStore({ dbFile: join(dataDir, 'db.json'), seed: 'none', schemasDir });
    try {
      createApp({ db, registry, sessionSecret, appUrl: 'http://127.0.0.1:1', distDir: join(dataDir, 'dist'), filesDir: join(dataDir, 'files') });
      const files = configFiles(schemasDir);
      expect(files.length).toBeGreaterThan(100);
      const underSchemas = [...reads].filter(([path]) => resolve(path).startsWith(`${schemasDir}/`));
      const counted = new Map(underSchemas.map(([path, times]) => [resolve(path), times]));
      expect(Object.fromEntries(files.map((file) => [file.slice(root.length), counted.get(file) ?? 0]))).toEqual(Object.fromEntries(files.map((file) => [file.slice(root.length), 1])));
      // Nothing else under schemas/ was read (a file the listing above does not know).
      expect([...counted.keys()].filter((path) => !files.includes(path))).toEqual([]);
      // The reference tables reached the registry from those reads (not from a JSON import of the repository's files).
      expect(registry.tables.aql.inspections.NORMAL.rows.J).toHaveLength(16);
    } finally {
      await db.close();
    }
  }, 30_000); // compiles every validator: seconds on a busy machine
});
