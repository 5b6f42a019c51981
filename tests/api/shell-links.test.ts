import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_TOKEN_SECONDS, externalTokenPurpose } from '../../server/links/externalSites';
import { readToken } from '../../server/links/signedToken';
import { ACCOUNTS, Client, loginAs, startServer, type TestServer } from './helpers';

/**
 * The shell's menu calls of spec §7.1 that no configured screen answers: the network area's entry,
 * and /guide and /idea, which open the external sites through their login address with a
 * short-lived signed token and a return-to page, both from configuration, never from the request.
 */
const SITES = {
  guide: { loginUrl: 'https://help.example.test/sso/login?from=qcflow', url: 'https://help.example.test/hc/en' },
  idea: { loginUrl: 'https://ideas.example.test/login', url: 'https://ideas.example.test/boards' },
};
let server: TestServer;
let bare: TestServer;
let secret: string;

beforeAll(async () => {
  [server, bare] = await Promise.all([startServer({ externalSites: SITES }), startServer()]);
  secret = (await server.db.getMeta<string>('sessionSecret'))!;
});
afterAll(() => Promise.all([server?.close(), bare?.close()]));

describe('GET /back/bo/menu/network', () => {
  it('answers the network area as its only entry, to anyone signed in; not without a session', async () => {
    for (const account of [ACCOUNTS.inspector, ACCOUNTS.sales, ACCOUNTS.quality]) {
      const reply = await (await loginAs(server, account)).get('/back/bo/menu/network');
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toEqual([{ name: 'menu.network', icon: 'network', link: '/network' }]);
    }
    expect((await new Client(server.url).get('/back/bo/menu/network')).status).toBe(403);
  });
});

describe('GET /back/bo/pages/notFound', () => {
  it('gives the catch-all page: its texts in the caller’s language, the address asked for, the caller’s menu entries', async () => {
    const quality = await loginAs(server, ACCOUNTS.quality, { language: 'it' });
    await quality.get('/back/bo/menu/locale', { locale: 'fr' });
    try {
      const reply = await quality.get('/back/bo/pages/notFound', { path: '/nowhere/at/all' });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toEqual({
        title: 'Page introuvable',
        text: 'L’adresse /nowhere/at/all ne correspond à aucune page de QCFlow. Voici les pages qui vous sont ouvertes :',
        path: '/nowhere/at/all',
        links: (await quality.get('/back/bo/menu/')).body,
      });
      expect(reply.body.links.length).toBeGreaterThan(2);
    } finally {
      await quality.get('/back/bo/menu/locale', { locale: 'en' });
    }
    expect((await new Client(server.url).get('/back/bo/pages/notFound')).status).toBe(403);
  });
});

describe('GET /back/bo/menu/guide and /idea', () => {
  it('answer the configured login address with a signed token for the caller, that expires, and the configured return-to page', async () => {
    const inspector = await loginAs(server, ACCOUNTS.inspector);
    const profile = (await inspector.get('/back/auth/profile')).body;
    for (const [name, site] of Object.entries(SITES) as [keyof typeof SITES, (typeof SITES)[keyof typeof SITES]][]) {
      const before = Math.floor(Date.now() / 1000);
      // Headers a proxy or an attacker could set change nothing: the addresses are configuration.
      const reply = await inspector.request('GET', `/back/bo/menu/${name}`, {
        query: { returnTo: 'https://evil.example.test/' },
        headers: { 'X-Forwarded-Host': 'evil.example.test', Referer: 'https://evil.example.test/', 'X-Return-To': 'https://evil.example.test/' },
      });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.headers.get('Cache-Control')).toBe('no-store');
      expect(reply.body.expiresIn).toBe(EXTERNAL_TOKEN_SECONDS);
      const url = new URL(reply.body.url);
      expect(`${url.origin}${url.pathname}`).toBe(site.loginUrl.replace(/\?.*$/, ''));
      expect(url.searchParams.get('returnTo')).toBe(site.url);
      expect(reply.text).not.toContain('evil');
      if (name === 'guide') expect(url.searchParams.get('from')).toBe('qcflow'); // the configured query is kept
      const token = url.searchParams.get('token')!;
      const payload = readToken(secret, externalTokenPurpose(name), token)!;
      expect(payload).toMatchObject({ sub: profile.contact.contactId, email: ACCOUNTS.inspector });
      expect(payload.exp).toBeGreaterThanOrEqual(before + EXTERNAL_TOKEN_SECONDS);
      expect(payload.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + EXTERNAL_TOKEN_SECONDS);
      // Short-lived, signed by this server, for this site only.
      expect(readToken(secret, externalTokenPurpose(name), token, (payload.exp as number) * 1000 + 1)).toBeUndefined();
      expect(readToken('another secret', externalTokenPurpose(name), token)).toBeUndefined();
      expect(readToken(secret, externalTokenPurpose(name === 'guide' ? 'idea' : 'guide'), token)).toBeUndefined();
    }
    expect((await new Client(server.url).get('/back/bo/menu/guide')).status).toBe(403);
  });

  it('a server with no site configured answers 404 with a message (the SPA then says the feature is not there)', async () => {
    const manager = await loginAs(bare, ACCOUNTS.manager);
    for (const name of ['guide', 'idea']) {
      const reply = await manager.get(`/back/bo/menu/${name}`);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe('This site is not configured on this server');
    }
  });
});
