import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../server/app';
import { AfterAnswer } from '../../server/afterAnswer';
import { openStore } from '../../server/boot';
import { loadRegistry, type Registry } from '../../server/schemas';
import { listenThenBuild } from '../../server/listen';
import { createMailer, type Mailer } from '../../server/mail';
import type { ExternalSites } from '../../server/links/externalSites';
import type { Contact } from '../../server/identity';
import type { AsyncStore, Stored } from '../../server/store/types';
import { afterAll, inject } from 'vitest';
import { adminQuery, createDatabase } from '../support/pgCluster';
import { ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';
import { testStore, type TestStore } from '../support/testStore';

export { ACCOUNTS, DEMO_PASSWORD, testStore, type TestStore };

/** Helpers of the API tests: a real server on a temp data file and a small cookie-keeping client. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const today = () => new Date().toISOString().slice(0, 10);

/** A test's look at the store: the contact holding this e-mail (any case). */
export async function storedContactByEmail(store: TestStore, email: string): Promise<Stored<Contact> | undefined> {
  const wanted = email.trim().toLowerCase();
  return (await store.find<Contact>('contacts', (contact) => contact.email?.toLowerCase() === wanted))[0];
}
export const currentMonth = () => today().slice(0, 7);
export const shiftDay = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'qcflow-api-'));
}

export interface TestServer {
  url: string;
  /** The data as the tests reach it (asynchronously, through `db`). */
  store: TestStore;
  /** The store the server runs on. */
  db: AsyncStore;
  /** Its PostgreSQL database (the api-pg project), else undefined: the embedded store in `dir`. */
  databaseUrl?: string;
  dir: string;
  /** The server's FILES_DIR (`<temp dir>/files`). */
  filesDir: string;
  /** Where the server's e-mails land as .eml files (a folder of the temp dir unless a mailer was given). */
  outbox?: string;
  /** Resolves once the work the answers so far started after them (e-mails, alerts, the task sweep) has ended. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Where a test server keeps its data: a fresh DB_FILE in `dir`, or, in the `api-pg` project
 * (tests/support/pgGlobalSetup.ts), a fresh PostgreSQL database copied from a template: the
 * seeded one when the demo seed of schemas/ is wanted, else the empty one (openStore then seeds
 * it with the configuration given). `drop` removes the database.
 */
export interface StoreLocation {
  dbFile: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

let databases = 0;

/** schemas/ loaded once per test worker (the api projects do not isolate test files); tests never change it. */
let loadedRegistry: Registry | undefined;
const defaultRegistry = () => (loadedRegistry ??= loadRegistry(join(ROOT, 'schemas')));

export async function storeLocation(dir: string, { seed = 'demo', schemasDir = join(ROOT, 'schemas') }: { seed?: 'demo' | 'none'; schemasDir?: string } = {}): Promise<StoreLocation> {
  const dbFile = join(dir, 'db.json');
  const defaultDemo = seed === 'demo' && schemasDir === join(ROOT, 'schemas');
  const templates = inject('pgTemplates');
  if (!templates) {
    const seeded = inject('lowdbSeeded');
    if (defaultDemo && seeded) await copyFile(seeded, dbFile);
    return { dbFile, drop: async () => undefined };
  }
  const name = `test_${process.pid}_${++databases}`;
  const template = defaultDemo ? templates.seeded : templates.empty;
  const databaseUrl = await createDatabase(templates.server, name, template);
  return { dbFile, databaseUrl, drop: () => adminQuery(templates.server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The environment of a server process on that store (startProcess). */
export const storeEnv = (location: StoreLocation): Record<string, string> => ({
  DB_FILE: location.dbFile,
  ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
});

/**
 * createApp + @hono/node-server on 127.0.0.1, a free port, a fresh store (storeLocation), SEED=demo
 * unless told otherwise, e-mails as .eml files in `<temp dir>/outbox` unless a mailer is given, links
 * in e-mails on the server's own address unless an appUrl is given (as main.ts does without APP_URL).
 */
export async function startServer(options: { schemasDir?: string; distDir?: string; seed?: 'demo' | 'none'; mailer?: Mailer; appUrl?: string; externalSites?: ExternalSites } = {}): Promise<TestServer> {
  const dir = await tempDir();
  const schemasDir = options.schemasDir ?? join(ROOT, 'schemas');
  const seed = options.seed ?? 'demo';
  const location = await storeLocation(dir, { seed, schemasDir });
  const { db, registry, sessionSecret } = await openStore({ ...location, seed, schemasDir, registry: schemasDir === join(ROOT, 'schemas') ? defaultRegistry() : undefined });
  const mailer = options.mailer ?? createMailer({ outbox: join(dir, 'outbox') });
  const later = new AfterAnswer();
  const { server, origin } = await listenThenBuild('127.0.0.1', 0, (ownOrigin) =>
    createApp({ db, registry, sessionSecret, mailer, later, externalSites: options.externalSites, appUrl: options.appUrl ?? ownOrigin, distDir: options.distDir ?? join(dir, 'dist'), filesDir: join(dir, 'files') }),
  );
  return {
    url: origin,
    store: testStore(db),
    db,
    databaseUrl: location.databaseUrl,
    dir,
    filesDir: join(dir, 'files'),
    outbox: mailer.outbox,
    settled: () => later.settled(),
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      // E-mails and sweeps started after an answer end before their store and folder go.
      await later.settled();
      await db.close();
      await location.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The app as createApp builds it, only to list the routes it registers: never served, so it
 * reaches no store (any use of the store fails).
 */
export function routeListingApp(appUrl: string) {
  const noStore = new Proxy({} as AsyncStore, {
    get: (_, key) => {
      throw new Error(`route listing only: no store (${String(key)})`);
    },
  });
  return createApp({ db: noStore, sessionSecret: 'route listing only', appUrl, schemasDir: join(ROOT, 'schemas') });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
}

/**
 * The server processes a test file starts and what it leaves to remove: killed (SIGKILL) and
 * removed after the file's tests, whatever happened to them.
 */
export function processesOfFile() {
  const started: ServerProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    for (const cleanup of cleanups) await cleanup();
  });
  /** A store of the demo seed in a temporary folder the processes will share, removed with them; `read` sees it before they start. */
  async function demoStore<T>(read: (db: AsyncStore) => Promise<T>): Promise<{ dir: string; location: StoreLocation; found: T }> {
    const dir = await tempDir();
    const location = await storeLocation(dir);
    cleanups.push(() => location.drop(), () => rm(dir, { recursive: true, force: true }));
    const { db } = await openStore({ ...location, seed: 'demo', schemasDir: join(ROOT, 'schemas') });
    const found = await read(db);
    await db.close();
    return { dir, location, found };
  }
  return { started, cleanups, demoStore };
}

const START_MS = 90_000;

/** `node --import tsx server/main.ts` as its own process (so a test can kill -9 exactly the server). */
export async function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG: '0', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    // A minute and a half: `npm test` runs api-pg at the lowest CPU priority beside the browser tests,
    // where compiling and starting a server may wait long for a core.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${START_MS / 1000} s: ${output}`));
    }, START_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /QCFlow listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`server exited: ${output}`)));
  });
  return { url, child, exited, output: () => output };
}

/** A copy of schemas/ in a temp folder, for tests that change or add configuration. */
export async function copySchemas(): Promise<string> {
  const dir = await tempDir();
  await cp(join(ROOT, 'schemas'), dir, { recursive: true });
  return dir;
}

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  json?: unknown;
  raw?: string | Uint8Array;
  form?: Record<string, string>;
  query?: Record<string, string | number | (string | number)[]>;
  headers?: Record<string, string>;
}

/** Keeps cookies like a browser and sends `X-Requested-With` like the SPA (unless `xhr: false`). */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    readonly options: { xhr?: boolean; language?: string } = {},
  ) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Reply<T>> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
    }
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (this.options.xhr !== false) headers['X-Requested-With'] = 'XMLHttpRequest';
    if (this.options.language) headers['Accept-Language'] = this.options.language;
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined) body = JSON.stringify(options.json);
    if (options.raw !== undefined) body = options.raw;
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    const query = params.toString();
    const response = await fetch(`${this.base}${path}${query ? `?${query}` : ''}`, { method, headers, body: body as BodyInit | undefined });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get = <T = any>(path: string, query?: RequestOptions['query']) => this.request<T>('GET', path, { query });
  post = <T = any>(path: string, json?: unknown) => this.request<T>('POST', path, { json });
  put = <T = any>(path: string, json?: unknown) => this.request<T>('PUT', path, { json });
  patch = <T = any>(path: string, json?: unknown, query?: RequestOptions['query']) => this.request<T>('PATCH', path, { json, query });
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);

  login(username: string, password = DEMO_PASSWORD) {
    return this.request('POST', '/back/login', { form: { username, password } });
  }
}

/** A client already logged in as this demo account (fails the test if login fails). */
export async function loginAs(server: { url: string }, email: string, options: Client['options'] = {}): Promise<Client> {
  const client = new Client(server.url, options);
  const reply = await client.login(email);
  if (reply.status !== 200) throw new Error(`login ${email} failed: ${reply.status} ${reply.text}`);
  return client;
}

/** A demo account by its key in ACCOUNTS. */
export type Account = keyof typeof ACCOUNTS;

/**
 * startServer, then these demo accounts logged in (the server is closed again if a login fails).
 * For a test file's beforeAll:
 * `({ server, clients: { quality, sales } } = await startWithLogins(['quality', 'sales']));`
 */
export async function startWithLogins<W extends Account>(who: readonly W[], options: Parameters<typeof startServer>[0] = {}): Promise<{ server: TestServer; clients: Record<W, Client> }> {
  const server = await startServer(options);
  try {
    const clients = await Promise.all(who.map(async (account) => [account, await loginAs(server, ACCOUNTS[account])] as const));
    return { server, clients: Object.fromEntries(clients) as Record<W, Client> };
  } catch (error) {
    await server.close();
    throw error;
  }
}

