import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startWithLogins, type RequestOptions, type TestServer } from './helpers';

type RequestQuery = RequestOptions['query'];

/**
 * Names taken from a request (a path segment, a query parameter, a workflow event) are looked
 * up among the server's own names only: the names every plain object inherits (constructor,
 * toString, __proto__…) answer exactly like a name that does not exist.
 */
const INHERITED = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'prototype'];
const UNKNOWN = 'nosuchname';

let server: TestServer;
let quality: Client;

beforeAll(async () => {
  ({ server, clients: { quality } } = await startWithLogins(['quality']));
});
afterAll(() => server?.close());

describe('inherited object names answer like unknown names', () => {
  const capaId = async () => {
    const { universeId } = (await server.store.find('contacts', (c) => c.email === 'quality@brand.test'))[0];
    return (await server.store.find('capas', (row) => row.universeId === universeId))[0].capaId;
  };
  /** A call naming `name`: in the path, as a query parameter's name, or as its value. */
  const calls: [string, (name: string) => [string, string, RequestQuery?] | Promise<[string, string, RequestQuery?]>][] = [
    ['network lookup source', (name) => ['GET', `/back/bo/networkcombo/${name}`]],
    ['menu page', (name) => ['GET', `/back/bo/menu/${name}`]],
    ['search criterion of a generated resource', (name) => ['GET', '/back/bo/capas/', { [name]: 'x' }]],
    ['repeated search criterion of a generated resource', (name) => ['GET', '/back/bo/capas/', { [name]: ['{}', '[]'] }]],
    ['service search criterion', (name) => ['GET', '/back/bo/services', { [name]: 'x' }]],
    ['repeated service search criterion', (name) => ['GET', '/back/bo/services', { [name]: ['{}', '[]'] }]],
    ['language', (name) => ['GET', '/back/bo/menu/locale', { locale: name }]],
    ['workflow event', async (name) => ['PATCH', `/back/bo/capas/${await capaId()}/${name}`]],
  ];
  for (const [what, call] of calls) {
    it(what, async () => {
      const ask = async (name: string) => {
        const [method, path, query] = await call(name);
        const reply = await quality.request(method, path, { query });
        return { status: reply.status, body: reply.status < 400 ? reply.body : reply.body?.exception };
      };
      const unknown = await ask(UNKNOWN);
      expect(unknown.status).toBeGreaterThanOrEqual(400);
      // Path segments and event names only take letters: __proto__ cannot reach those routes.
      const names = (await call('x'))[2] ? INHERITED : INHERITED.filter((name) => /^[A-Za-z]+$/.test(name));
      for (const name of names) expect(await ask(name), name).toEqual(unknown);
    });
  }
});
