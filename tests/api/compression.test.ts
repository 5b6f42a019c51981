import { request as httpRequest } from 'node:http';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.mjs';
import { chooseEncoding } from '../../server/encoding';
import { loginAs, startServer, tempDir, type TestServer } from './helpers';

/**
 * Built assets go precompressed (brotli, gzip) to clients that accept them, JSON answers over 1 kB
 * are compressed; identity for the others, Range requests and HEAD keep working.
 * Plain node:http is used: fetch would ask for and undo the compression itself.
 */
interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(url: string, method = 'GET', headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const ASSET = '/assets/vendor-react-B4x9Qz1k.js';
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;
let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = await tempDir();
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>QCFlow</title><div id="root"></div>');
  await writeFile(join(dist, ASSET), script);
  await writeFile(join(dist, 'assets', 'tiny-C4x9Qz1k.js'), 'console.log(1)');
  await writeFile(join(dist, 'assets', 'logo-D4x9Qz1k.png'), Buffer.alloc(4096, 7));
  await precompressDir(dist);
  server = await startServer({ distDir: dist });
});
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('precompressed build', () => {
  it('writes .br and .gz twins of text files over 1 kB, not of small or binary files', async () => {
    expect(brotliDecompressSync(await readFile(join(dist, `${ASSET}.br`))).toString()).toBe(script);
    expect(gunzipSync(await readFile(join(dist, `${ASSET}.gz`))).toString()).toBe(script);
    await expect(stat(join(dist, 'assets', 'tiny-C4x9Qz1k.js.br'))).rejects.toThrow();
    await expect(stat(join(dist, 'assets', 'logo-D4x9Qz1k.png.gz'))).rejects.toThrow();
  });
});

describe('asset encoding', () => {
  it('sends brotli when accepted, with its own length, still immutable and varying on Accept-Encoding', async () => {
    const reply = await raw(server.url + ASSET, 'GET', { 'Accept-Encoding': 'br, gzip' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(reply.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(reply.body).toString()).toBe(script);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends gzip to a client that accepts only gzip, or prefers it by q-value', async () => {
    for (const accept of ['gzip', 'gzip;q=0.9, br;q=0.1', 'deflate, gzip']) {
      const reply = await raw(server.url + ASSET, 'GET', { 'Accept-Encoding': accept });
      expect(reply.headers['content-encoding'], accept).toBe('gzip');
      expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
      expect(gunzipSync(reply.body).toString()).toBe(script);
    }
  });

  it('sends the file itself without Accept-Encoding, with identity, or with q=0', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
      const reply = await raw(server.url + ASSET, 'GET', headers);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.body.toString()).toBe(script);
      expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(script));
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('answers HEAD with the length of what GET would send', async () => {
    const head = await raw(server.url + ASSET, 'HEAD', { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe((await stat(join(dist, `${ASSET}.br`))).size);
    expect(head.body.length).toBe(0);
  });

  it('serves a Range of the file itself', async () => {
    const reply = await raw(server.url + ASSET, 'GET', { 'Accept-Encoding': 'br, gzip', Range: 'bytes=0-99' });
    expect(reply.status).toBe(206);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers['content-range']).toBe(`bytes 0-99/${Buffer.byteLength(script)}`);
    expect(reply.body.toString()).toBe(script.slice(0, 100));
  });

  it('sends small and binary files as they are', async () => {
    for (const path of ['/assets/tiny-C4x9Qz1k.js', '/assets/logo-D4x9Qz1k.png', '/']) {
      const reply = await raw(server.url + path, 'GET', { 'Accept-Encoding': 'br, gzip' });
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-encoding'], path).toBeUndefined();
    }
  });
});

describe('JSON encoding', () => {
  let cookie: string;
  beforeAll(async () => {
    const client = await loginAs(server, 'quality@brand.test');
    cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  });
  const json = (path: string, headers: Record<string, string> = {}) =>
    raw(server.url + path, 'GET', { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', Cookie: cookie, ...headers });

  it('compresses a JSON answer over 1 kB with brotli or gzip as accepted', async () => {
    const plain = await json('/back/schemas');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await json('/back/schemas', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await json('/back/schemas', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('sends JSON of 1 kB or less as it is', async () => {
    const reply = await json('/back/version/', { 'Accept-Encoding': 'br, gzip' });
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBeLessThanOrEqual(1024);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(reply.body.toString())).toHaveProperty('version');
  });
});

describe('Accept-Encoding negotiation', () => {
  it('honours q-values and the wildcard', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('br, gzip')).toBe('br');
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
  });
});
