#!/usr/bin/env node
// Build the SPA (`vite build`) when dist/ is missing or older than its sources.
// `node scripts/build-if-stale.mjs` from a shell, or `import { buildIfStale }` (tests, start).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What the bundle is made of (schemas/ is not: the server serves it at run time). */
const SOURCES = ['app', 'engine', 'machines', 'public', 'index.html', 'vite.config.ts', 'scripts/precompress.mjs', 'package.json'];
const BUILD_MARKER = join(root, 'dist', 'index.html');

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
}

export function buildIsStale() {
  if (!existsSync(BUILD_MARKER)) return true;
  const builtAt = statSync(BUILD_MARKER).mtimeMs;
  return SOURCES.some((source) => newestChange(join(root, source)) > builtAt);
}

/** Returns 'fresh', 'built', or 'failed' (the build's output went to this process's stdout/stderr). */
export function buildIfStale({ log = console.log } = {}) {
  if (!buildIsStale()) return 'fresh';
  log('[build] building the web app (dist/ is missing or older than its sources)…');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) return 'failed';
  log('[build] web app built');
  return 'built';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(buildIfStale() === 'failed' ? 1 : 0);
}
