#!/usr/bin/env node
// `npm start`: build the SPA when dist/ is missing or older than its sources, then run the server
// (API + dist/) in this process group, passing on the signals it receives.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (buildIfStale() === 'failed') {
  console.error('[start] the web app build failed');
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
// Exit as the server did, with the shell's 128 + signal convention when a signal ended it.
server.on('exit', (code, signal) => process.exit(signal ? 128 + constants.signals[signal] : (code ?? 0)));
