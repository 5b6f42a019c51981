import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A second real server on `port` whose SCHEMAS_DIR is a copy of schemas/ plus a config author's
 * fixture folder (tests/fixtures/<name>), on a fresh demo store: what a config author who adds
 * JSON files gets. `close` stops it (after it has folded its journal) and removes its folder.
 */
export interface ConfigServer {
  base: string;
  close(): Promise<void>;
}

export async function startConfigServer(port: number, fixture: string): Promise<ConfigServer> {
  const root = process.cwd();
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'qcflow-e2e-author-'));
  const schemasDir = join(dir, 'schemas');
  cpSync(join(root, 'schemas'), schemasDir, { recursive: true });
  cpSync(join(root, 'tests/fixtures', fixture), schemasDir, { recursive: true });

  // The server itself (no npx in between), in its own process group: close waits for its own
  // exit, after it has folded its journal into the data file, before removing the folder.
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SCHEMAS_DIR: schemasDir, DB_FILE: join(dir, 'db.json'), SEED: 'demo', DIST_DIR: join(root, 'dist'), LOG: '0' },
  });
  let output = '';
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));

  const close = async () => {
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (server.exitCode === null && server.signalCode === null) process.kill(-server.pid, 'SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) {
      await close();
      throw new Error(`the second server exited: ${output}`);
    }
    const up = await fetch(`${base}/back/version/`).then((response) => response.ok, () => false);
    if (up) return { base, close };
    if (Date.now() > deadline) {
      await close();
      throw new Error(`the second server did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
