import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, routeListingApp, startServer, type TestServer } from './helpers';
import { Client } from './helpers';

/**
 * The OpenAPI document describes every `/back` route the app registers (method and path;
 * parameter names and patterns, and a trailing-slash twin, do not matter), and is served at
 * /back/openapi.json with its reference page at /back/docs, both without login.
 */
let server: TestServer;
let anonymous: Client;
const generated = readFileSync(join(ROOT, 'generated', 'openapi.json'), 'utf8');
const doc = JSON.parse(generated);

/** `/back/bo/tags/:ref{[A-Z0-9_]+_[0-9]+}/` and `/back/bo/tags/{ref}` → `/back/bo/tags/{}`. */
function normalizePath(path: string): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    if (path[i] === ':' || path[i] === '{') {
      const opening = path[i];
      out += '{}';
      while (/[A-Za-z0-9_]/.test(path[i + 1] ?? '')) i++;
      if (opening === '{') i++; // the closing brace of an OpenAPI parameter
      if (opening === ':' && path[i + 1] === '{') {
        i++;
        for (let depth = 1; depth && i < path.length - 1; ) {
          i++;
          depth += path[i] === '{' ? 1 : path[i] === '}' ? -1 : 0;
        }
      }
    } else out += path[i];
  }
  return out.length > 1 ? out.replace(/\/$/, '') : out;
}

function registeredRoutes(): Set<string> {
  const app = routeListingApp(server.url);
  return new Set(app.routes.filter(({ method, path }) => method !== 'ALL' && path.startsWith('/back')).map(({ method, path }) => `${method} ${normalizePath(path)}`));
}

function documentedRoutes(): Set<string> {
  const methods = ['get', 'put', 'post', 'delete', 'patch'];
  return new Set(
    Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).filter((key) => methods.includes(key)).map((method) => `${method.toUpperCase()} ${normalizePath(path)}`),
    ),
  );
}

beforeAll(async () => {
  server = await startServer();
  anonymous = new Client(server.url);
});
afterAll(() => server?.close());

describe('OpenAPI document', () => {
  it('describes every route the app registers', () => {
    const documented = documentedRoutes();
    const missing = [...registeredRoutes()].filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
  });

  it('describes no route the app does not register', () => {
    const registered = registeredRoutes();
    expect([...documentedRoutes()].filter((route) => !registered.has(route))).toEqual([]);
  });

  it('gives every operation a summary or an operationId, its path parameters and its error responses', () => {
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();
      for (const [method, operation] of Object.entries<any>(item)) {
        if (method === 'parameters') continue;
        expect(operation.summary ?? operation.operationId, `${method} ${path}`).toBeTruthy();
        const params = [...(item.parameters ?? []), ...(operation.parameters ?? [])].filter((p: any) => p.in === 'path').map((p: any) => p.name).sort();
        expect(params, `${method} ${path}`).toEqual(names);
        if (!operation.security) expect(Object.keys(operation.responses), `${method} ${path}`).toContain('403');
      }
    }
  });

  it('hand-written routes reference the entity schemas instead of repeating them', () => {
    expect(JSON.stringify(doc.paths['/back/bo/userfilter/{type}'].post.requestBody)).toContain('#/components/schemas/UserFilter');
    expect(JSON.stringify(doc.paths['/back/alerts'].get.responses['200'])).toContain('#/components/schemas/Alert');
    expect(JSON.stringify(doc.paths['/back/bo/profile/user'].put.requestBody)).toContain('#/components/schemas/Contact/properties/firstName');
    expect(doc.paths['/back/login'].post.security).toEqual([]);
  });
});

describe('served API documentation', () => {
  it('GET /back/openapi.json answers the generated document without login', async () => {
    const reply = await anonymous.get('/back/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(doc);
  });

  it('GET /back/docs is a self-contained reference page (no script) without login', async () => {
    const reply = await anonymous.request('GET', '/back/docs');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/html');
    expect(reply.text).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/i);
    expect(reply.text).toContain('href="/back/openapi.json"');
    expect(reply.text).toContain('/back/bo/userfilter/{type}');
    expect(reply.text).toContain('API reference');
  });

  it('the reference page follows the language', async () => {
    const fr = await anonymous.request('GET', '/back/docs', { headers: { 'Accept-Language': 'fr' } });
    const it_ = await anonymous.request('GET', '/back/docs', { headers: { 'Accept-Language': 'it' } });
    expect(fr.text).toContain('<html lang="fr">');
    expect(fr.text).toContain('Référence de l’API');
    expect(it_.text).toContain('<html lang="it">');
    expect(it_.text).toContain('Riferimento API');
  });
});
