/**
 * A throwaway PostgreSQL cluster for tests and the bench: its own temp folder, port and socket,
 * no durability (fsync off), stopped and deleted by `stop()` — or when the process exits.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { accessSync, chownSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * Where a cluster listens: its port, on 127.0.0.1 and in its socket folder. Clients connect
 * through the Unix socket, a round trip half as long as over TCP here (each API request makes several).
 */
export interface PgServer {
  port: number;
  sockets: string;
}

export interface PgCluster {
  server: PgServer;
  /** `postgres://` URL of a fresh, empty database. */
  url: string;
  /** Creates a database (a copy of `template` when given, which nobody may be connected to); answers its URL. */
  createDatabase(name: string, template?: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Where clusters live: in memory (/dev/shm) when the machine has it, so that a test cluster's
 * writes (template copies, WAL) never compete for the disk with the servers under test, whose
 * embedded store fsyncs every write. Else the temp folder.
 */
function clusterParent(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

/** `postgres://postgres@127.0.0.1:<port>/<database>?host=<socket folder>` (the `host` parameter wins: the socket). */
export const databaseUrl = ({ port, sockets }: PgServer, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}?host=${encodeURIComponent(sockets)}`;

/** Runs one statement as the cluster's superuser, on its maintenance database. */
export async function adminQuery({ port, sockets }: PgServer, text: string): Promise<void> {
  const admin = new pg.Client({ host: sockets, port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** `CREATE DATABASE name [TEMPLATE template]` on that cluster; answers its URL. */
export async function createDatabase(server: PgServer, name: string, template?: string): Promise<string> {
  if (!IDENTIFIER.test(name) || (template !== undefined && !IDENTIFIER.test(template))) throw new Error(`Bad database name: ${name} / ${template}`);
  await adminQuery(server, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return databaseUrl(server, name);
}

const run = promisify(execFile);
const DATABASE = 'qcflow_test';

/** The folder holding initdb, pg_ctl and postgres: `pg_config --bindir`, else the newest /usr/lib/postgresql/<v>/bin. */
function serverBinaries(): string {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // No pg_config on the PATH: look in the Debian/Ubuntu layout below.
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debian, version, 'bin')));
  }
  const found = candidates.find((dir) => ['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(join(dir, tool))));
  if (!found) {
    throw new Error(
      `PostgreSQL server binaries (initdb, pg_ctl, postgres) not found: looked in ${candidates.join(', ') || '`pg_config --bindir` (not on the PATH) and /usr/lib/postgresql/*/bin (absent)'}. Install the PostgreSQL server (e.g. apt-get install postgresql).`,
    );
  }
  return found;
}

/** initdb refuses to run as root: the cluster then belongs to the `postgres` OS user. */
function clusterOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => {
    try {
      return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    } catch {
      throw new Error('Running as root, and there is no `postgres` OS user to own the test cluster (initdb refuses root).');
    }
  };
  return { uid: id('-u'), gid: id('-g') };
}

/** The command line that runs `tool` as the cluster's owner. */
function asOwner(owner: { uid: number } | undefined, tool: string, args: string[]): [string, string[]] {
  return owner ? ['runuser', ['-u', 'postgres', '--', tool, ...args]] : [tool, args];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = serverBinaries();
  const owner = clusterOwner();
  const root = mkdtempSync(join(clusterParent(), 'qcflow-pg-'));
  const data = join(root, 'data');
  const sockets = join(root, 'sockets');
  mkdirSync(sockets);
  if (owner) for (const dir of [root, sockets]) chownSync(dir, owner.uid, owner.gid);

  const pgCtl = (args: string[]) => asOwner(owner, join(bin, 'pg_ctl'), ['-D', data, ...args]);
  let running = false;
  const stopNow = () => {
    if (running) spawnSync(...pgCtl(['stop', '-m', 'immediate', '-w']), { stdio: 'ignore' });
    running = false;
    rmSync(root, { recursive: true, force: true });
  };
  // A test run that dies before afterAll must not leave a postmaster behind.
  const onExit = () => stopNow();
  const onSignal = (signal: NodeJS.Signals) => {
    stopNow();
    process.off(signal, onSignal);
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.once('exit', onExit);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  const unhook = () => {
    process.off('exit', onExit);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(signal, onSignal);
  };

  try {
    await run(...asOwner(owner, join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']));
    const port = await freePort();
    const options = `-p ${port} -h 127.0.0.1 -k ${sockets} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c jit=off`;
    running = true;
    await run(...pgCtl(['start', '-w', '-t', '60', '-l', join(root, 'postgres.log'), '-o', options]));
    const server = { port, sockets };
    const url = await createDatabase(server, DATABASE);
    return {
      server,
      url,
      createDatabase: (name, template) => createDatabase(server, name, template),
      stop: async () => {
        unhook();
        if (running) await run(...pgCtl(['stop', '-m', 'immediate', '-w']));
        running = false;
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    unhook();
    stopNow();
    throw error;
  }
}
