import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, tempDir, type TestServer } from './helpers';

/** The built SPA is served with history-mode fallback and the right cache headers. */
let dist: string;
let withSpa: TestServer;
let withoutSpa: TestServer;
let browser: Client;

beforeAll(async () => {
  dist = await tempDir();
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>QCFlow</title><div id="root"></div>');
  await writeFile(join(dist, 'assets', 'index-B4x9Qz1k.js'), 'console.log("app")');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  [withSpa, withoutSpa] = await Promise.all([startServer({ distDir: dist }), startServer()]);
  browser = new Client(withSpa.url);
});
afterAll(async () => {
  await Promise.all([withSpa?.close(), withoutSpa?.close()]);
  await rm(dist, { recursive: true, force: true });
});

describe('SPA serving', () => {
  it('answers index.html, not cached, for the root and any client route', async () => {
    for (const path of ['/', '/capas/capa/search', '/auth/login']) {
      const reply = await browser.request('GET', path, { headers: { Accept: 'text/html' } });
      expect(reply.status).toBe(200);
      expect(reply.text).toContain('<div id="root">');
      expect(reply.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and other files with a short cache', async () => {
    const asset = await browser.get('/assets/index-B4x9Qz1k.js');
    expect(asset.text).toBe('console.log("app")');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await browser.get('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers 404, not the page, for a missing asset or file', async () => {
    for (const path of ['/assets/missing.js', '/assets/index-Zz9Zz9Zz.css', '/missing.png', '/assets/']) {
      const reply = await browser.request('GET', path, { headers: { Accept: '*/*' } });
      expect(reply.status, path).toBe(404);
      expect(reply.text, path).not.toContain('<div id="root">');
    }
  });

  it('keeps /back/ paths to the API', async () => {
    const reply = await browser.get('/back/unknown');
    expect(reply.status).toBe(404);
    expect(reply.body.exception).toBe('NotFoundException');
  });

  it('answers 404 for pages when no build exists', async () => {
    expect((await new Client(withoutSpa.url).get('/capas')).status).toBe(404);
  });
});
