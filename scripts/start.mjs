#!/usr/bin/env node
// `npm start`: build the SPA when dist/ is missing or older than its sources, then run the server
// (API + dist/) in this process group, passing on the signals it receives.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const SOURCES = ['app', 'engine', 'machines', 'public', 'index.html', 'vite.config.ts', 'package.json'];
const BUILD_MARKER = join(root, 'dist', 'index.html');

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
}

function buildIsStale() {
  if (!existsSync(BUILD_MARKER)) return true;
  const builtAt = statSync(BUILD_MARKER).mtimeMs;
  return SOURCES.some((source) => newestChange(join(root, source)) > builtAt);
}

if (buildIsStale()) {
  console.log('[start] building the web app (dist/ is missing or older than its sources)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('[start] the web app build failed');
    process.exit(build.status ?? 1);
  }
  console.log('[start] web app built');
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
// Exit as the server did, with the shell's 128 + signal convention when a signal ended it.
server.on('exit', (code, signal) => process.exit(signal ? 128 + constants.signals[signal] : (code ?? 0)));
