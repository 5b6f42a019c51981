import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The real server as the benches run it: its own process (node + tsx) on 127.0.0.1, a free port. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEMO_PASSWORD = 'Demo-Pass-2026!';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spawns the server (node with `nodeArgs`) on the store that `storeEnv` names (SEED=none unless `extraEnv` says), and waits until /back/version/ answers: the start time.
 * `root`: the checkout it runs from (another build, for a comparison; default this one).
 */
export async function startServer(
  storeEnv: Record<string, string>,
  extraEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
  root = ROOT,
): Promise<{ child: ChildProcess; base: string; startMs: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SEED: 'none', LOG: '0', NODE_ENV: 'test', ...storeEnv, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`${base}/back/version/`)).ok) return { child, base, startMs: performance.now() - started };
    } catch {
      /* not listening yet */
    }
    await sleep(10);
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** The session cookie of a demo account (default quality@brand.test). */
export async function login(base: string, username = 'quality@brand.test'): Promise<string> {
  const reply = await fetch(`${base}/back/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Requested-With': 'XMLHttpRequest' },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD }),
  });
  if (reply.status !== 200) throw new Error(`login: ${reply.status} ${await reply.text()}`);
  return reply.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}
