import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressJson } from '../../server/encoding';
import { memoByKey } from '../../server/memo';
import { limitBody } from '../../server/security';
import type { AppEnv } from '../../server/context';

/**
 * A small read stays light: Node's adapter builds a whole web Request only when something asks
 * for the request's body, and turns a light response into a full one (a stream to read back)
 * when something asks for the response's body. The middlewares every request goes through
 * ask for neither when they need not.
 */
class WatchedRequest extends Request {
  bodyReads = 0;
  get body() {
    this.bodyReads++;
    return super.body;
  }
}

class WatchedResponse extends Response {
  static bodyReads = 0;
  get body() {
    WatchedResponse.bodyReads++;
    return super.body;
  }
}

const bigJson = JSON.stringify({ rows: Array.from({ length: 100 }, (_, i) => ({ id: i, label: `row ${i}` })) });

describe('middlewares of every request', () => {
  it('limitBody does not ask a GET or HEAD for its body, and still refuses a POST body over 1 MB', async () => {
    const app = new Hono<AppEnv>();
    app.use('*', limitBody);
    app.all('/x', (c) => c.text('ok'));
    for (const method of ['GET', 'HEAD']) {
      const request = new WatchedRequest('http://local/x', { method });
      expect((await app.request(request)).status).toBe(200);
      expect(request.bodyReads).toBe(0);
    }
    const tooBig = new Request('http://local/x', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1), headers: { 'content-length': String(1024 * 1024 + 1) } });
    expect((await app.request(tooBig)).status).toBe(413);
  });

  it('compressJson leaves a JSON answer unread for a client that accepts no compression, and compresses it for one that does', async () => {
    const app = new Hono();
    app.use('*', compressJson);
    app.get('/x', () => new WatchedResponse(bigJson, { headers: { 'content-type': 'application/json' } }));
    WatchedResponse.bodyReads = 0;
    const plain = await app.request('http://local/x');
    expect(WatchedResponse.bodyReads).toBe(0);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(bigJson);
    const gzipped = await app.request('http://local/x', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('memoByKey', () => {
  it('computes once per key, and starts afresh past its size', () => {
    const computed: string[] = [];
    const upper = memoByKey((key) => (computed.push(key), key === 'none' ? undefined : key.toUpperCase()), 2);
    expect([upper('a'), upper('a'), upper('none'), upper('none')]).toEqual(['A', 'A', undefined, undefined]);
    expect(computed).toEqual(['a', 'none']);
    upper('b');
    upper('a');
    expect(computed).toEqual(['a', 'none', 'b', 'a']);
  });
});
