import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGIN_EVENTS, SERVER_LOGS } from '../../server/audit';
import { ACCOUNTS, Client, ROOT, loginAs, startServer, type Reply, type TestServer } from './helpers';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';

/**
 * Property-based fuzzing driven by the served OpenAPI document: for every operation, bad bodies
 * and bad queries made by fast-check (any JSON, the schema's own field names holding any value,
 * text that is not JSON, odd path ids). Whatever comes, the server answers below 500, and a
 * refused write (4xx) leaves the data as it was: no collection but the audit ones (login events,
 * server logs) is written (tests/support/writeWatch.ts: the journal, or PostgreSQL's tables).
 * Then, for every operation, NUL and lone surrogates in the query, a path parameter and every body
 * field: refused with 400 (the query's and path's naming the place), never a 2xx or 5xx, nothing written.
 */
/**
 * Runs per operation, over some 460 operations, from fixed seeds (the same inputs each run): 10 on the embedded
 * store (20 took a minute of one core in CI's critical path); 4 on PostgreSQL (api-pg), where the HTTP layer's
 * answers are the same and what the store adds is whether a refused write left its tables alone.
 */
const RUNS = inject('pgTemplates') ? 4 : 10;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const AUDIT = new Set([LOGIN_EVENTS, SERVER_LOGS]);

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  params: string[];
  fields: string[];
}

const document = JSON.parse(readFileSync(join(ROOT, 'generated', 'openapi.json'), 'utf8'));

/** The property names of a request body schema ($ref to a component followed once). */
function fieldsOf(schema: { $ref?: string; properties?: Record<string, unknown> } | undefined): string[] {
  const target = schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema;
  return Object.keys(target?.properties ?? {});
}

const operations: Operation[] = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    method,
    path,
    params: [...(item.parameters ?? []), ...(item[method].parameters ?? [])].filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name),
    fields: fieldsOf(item[method].requestBody?.content?.['application/json']?.schema),
  })),
);

/** Path ids: nonsense, and (except for DELETE, which would remove what other runs need) the demo store's small ids. */
const oddId = fc.oneof(fc.constantFrom('0', '-1', '999999999999', 'abc', '1.5', '__proto__', 'constructor', '%00'), fc.string({ maxLength: 12 }));
const pathValue = (method: Operation['method']) => (method === 'delete' ? oddId : fc.oneof(fc.integer({ min: 1, max: 60 }).map(String), oddId));
/** Text no store can keep: NUL, a lone high and a lone low surrogate. */
const UNSTORABLE = ['a\u0000b', 'a\ud800b', '\udfff'];

const anyValue = fc.oneof(fc.anything({ maxDepth: 3 }), fc.string({ maxLength: 300 }), fc.integer(), fc.double(), fc.constantFrom(null, true, '', '2026-02-31', Number.MAX_SAFE_INTEGER + 1));

/** A body: any JSON, the operation's own fields with any values, or text that is not JSON. */
const body = (fields: string[]) =>
  fc.oneof(
    fc.anything({ maxDepth: 3 }).map((value) => ({ json: value })),
    (fields.length ? fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: 8 }) : fc.object({ maxDepth: 2 })).map((value) => ({ json: value })),
    fc.string({ maxLength: 200 }).map((raw) => ({ raw })),
  );

/** A query: the operation's own parameters and other names, with odd values, sometimes repeated. */
const query = (params: string[]) =>
  fc.dictionary(
    params.length ? fc.oneof(fc.constantFrom(...params), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 }),
    fc.oneof(fc.string({ maxLength: 60 }), fc.integer().map(String), fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 })),
    { maxKeys: 6 },
  );

let server: TestServer;
let client: Client;
const histogram = new Map<number, number>();
const problems: string[] = [];
let watch: WriteWatch;

/**
 * Calls that sign in or out, switch who is calling or change the password run without a session
 * (their own checks come first); everything else as the platform administrator, who stays signed in.
 */
const SESSION_CALLS = /login|logout|impersonat|password|twoFactor/i;
const anonymousFor = (operation: Operation) => SESSION_CALLS.test(operation.path);

async function keepSignedIn(): Promise<void> {
  if ((await client.get('/back/auth/profile')).status !== 200) client = await loginAs(server, ACCOUNTS.admin);
}

async function send(operation: Operation, path: string, options: Parameters<Client['request']>[2]): Promise<Reply> {
  const checked = operation.method !== 'get';
  const before = checked ? await watch.mark() : undefined;
  const caller = anonymousFor(operation) ? new Client(server.url) : client;
  const reply = await caller.request(operation.method.toUpperCase(), path, options);
  histogram.set(reply.status, (histogram.get(reply.status) ?? 0) + 1);
  const label = `${operation.method.toUpperCase()} ${path} ${JSON.stringify(options).slice(0, 200)}`;
  if (reply.status >= 500) problems.push(`${reply.status} ${label}: ${reply.text.slice(0, 200)}`);
  if (checked && reply.status >= 400) {
    const written = (await watch.writtenSince(before)).filter((collection) => !AUDIT.has(collection));
    if (written.length) problems.push(`refused ${reply.status} but wrote ${written.join(', ')}: ${label}`);
  }
  // A read ends no session (the calls that sign in or out run without one): only a write or a 401 may have lost it.
  if (!anonymousFor(operation) && (operation.method !== 'get' || reply.status === 401)) await keepSignedIn();
  return reply;
}

beforeAll(async () => {
  server = await startServer();
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
  client = await loginAs(server, ACCOUNTS.admin);
});
afterAll(async () => {
  console.log(`fuzz: ${[...histogram.values()].reduce((a, b) => a + b, 0)} requests over ${operations.length} operations; statuses ${JSON.stringify(Object.fromEntries([...histogram].sort(([a], [b]) => a - b)))}`);
  await watch?.close();
  await server?.close();
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it('covers the document', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it(`${RUNS} bad bodies and ${RUNS} bad queries per operation: no 5xx, refused writes write nothing`, { timeout: 600_000 }, async () => {
    for (const operation of operations) {
      const concrete = fc.array(pathValue(operation.method), { minLength: 4, maxLength: 4 }).map((values) => {
        let index = 0;
        return operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[index++ % values.length]));
      });
      if (operation.method !== 'get') {
        await fc.assert(fc.asyncProperty(concrete, body(operation.fields), async (path, payload) => void (await send(operation, path, payload))), { numRuns: RUNS, seed: 11 });
      }
      await fc.assert(fc.asyncProperty(concrete, query(operation.params), async (path, params) => void (await send(operation, path, { query: params }))), { numRuns: RUNS, seed: 12 });
    }
    expect(problems).toEqual([]);
  });

  it('NUL and lone surrogates in every query, path and body: 400, never a 5xx, nothing written', { timeout: 600_000 }, async () => {
    const bad: string[] = [];
    const expect400 = (reply: Reply, label: string, path?: string) => {
      const named = reply.body?.errors?.some((error: { path: string }) => error.path === path);
      if (reply.status !== 400 || (path !== undefined && !named)) bad.push(`${reply.status} (wanted 400 naming ${path}) ${label}: ${reply.text.slice(0, 200)}`);
    };
    for (const operation of operations) {
      const sample = operation.path.replace(/\{[^}]+\}/g, '1');
      const name = operation.params[0] ?? 'q';
      expect400(await send(operation, sample, { query: { [name]: 'a\u0000b' } }), `${operation.method} ${sample}?${name}=a%00b`, `/${name}`);
      // A lone surrogate cannot travel in a URL (it is no UTF-8): fetch sends U+FFFD instead, and the
      // percent-encoded bytes of one decode to no text a route sees. Both are sent: never a 5xx, nothing written.
      for (const text of UNSTORABLE.slice(1)) await send(operation, sample, { query: { [name]: text } });
      await send(operation, `${sample}?${name}=%ED%A0%80`, {});
      if (operation.path.includes('{')) {
        const nulInPath = operation.path.replace(/\{[^}]+\}/, '%00').replace(/\{[^}]+\}/g, '1');
        expect400(await send(operation, nulInPath, {}), `${operation.method} ${nulInPath}`);
      }
      if (operation.method !== 'get' && operation.fields.length) {
        // A route reading its body refuses it whatever else is wrong with it (the body is read before it is checked);
        // one that refuses first (rights, a missing record) answers its own 4xx: never 2xx, never 5xx, nothing written.
        for (const text of UNSTORABLE) {
          const reply = await send(operation, sample, { json: Object.fromEntries(operation.fields.map((field) => [field, text])) });
          if (reply.status < 400) bad.push(`${reply.status} ${operation.method} ${sample} with ${JSON.stringify(text)} in every field: ${reply.text.slice(0, 200)}`);
        }
      }
    }
    expect(bad).toEqual([]);
    expect(problems).toEqual([]);
  });
});
