import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNTS, Client, loginAs, startServer, type TestServer } from './helpers';
import { insertService } from './service-fixtures';

/**
 * The signed session cookie read on every request: checked with node:crypto once per cookie (no
 * WebCrypto key import and thread-pool verify per request), and still refused when its id or its
 * signature is not the server's.
 */
let server: TestServer;
let serviceId: number;

beforeAll(async () => {
  server = await startServer();
  serviceId = (await insertService(server.store)).serviceId as number;
});
afterAll(() => server?.close());

const COOKIE = 'qcflow_session';

/** The cookie's id and signature, as the server wrote them (`id.signature`, URI-encoded). */
function parts(client: Client): { id: string; signature: string } {
  const value = decodeURIComponent(client.cookies.get(COOKIE)!);
  const dot = value.lastIndexOf('.');
  return { id: value.slice(0, dot), signature: value.slice(dot + 1) };
}

const withCookie = (id: string, signature: string) => {
  const client = new Client(server.url);
  client.cookies.set(COOKIE, encodeURIComponent(`${id}.${signature}`));
  return client;
};

describe('session cookie', () => {
  it('reads a service without a WebCrypto call per request', async () => {
    const client = await loginAs(server, ACCOUNTS.quality);
    const importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey');
    const verify = vi.spyOn(globalThis.crypto.subtle, 'verify');
    try {
      for (let i = 0; i < 3; i++) {
        const reply = await client.get(`/back/bo/services/${serviceId}`);
        expect(reply.status).toBe(200);
        expect(reply.body.serviceId).toBe(serviceId);
        expect(reply.body.userRoles).toEqual(['DECISION_MAKER']);
      }
      expect(importKey).not.toHaveBeenCalled();
      expect(verify).not.toHaveBeenCalled();
    } finally {
      importKey.mockRestore();
      verify.mockRestore();
    }
  });

  it('refuses a changed id, a changed signature and another secret, after the true cookie was read', async () => {
    const client = await loginAs(server, ACCOUNTS.quality);
    expect((await client.get('/back/auth/profile')).status).toBe(200);
    const { id, signature } = parts(client);
    const otherChar = (text: string, at: number) => `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const refused = [
      withCookie(otherChar(id, 0), signature),
      withCookie(id, otherChar(signature, 5)),
      withCookie(id, createHmac('sha256', 'another secret').update(id).digest('base64')),
      withCookie(id, signature.slice(0, -1)),
    ];
    for (const forged of refused) {
      expect((await forged.get('/back/auth/profile')).status).toBe(403);
      expect((await forged.get(`/back/bo/services/${serviceId}`)).status).toBe(403);
    }
    expect((await withCookie(id, signature).get(`/back/bo/services/${serviceId}`)).status).toBe(200);
  });
});
