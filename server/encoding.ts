import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type Encoding = 'br' | 'gzip';

/**
 * The encoding a client prefers among those offered, from its `Accept-Encoding` header
 * (q-values honoured, `*` included); undefined means identity (no header, `identity`, or q=0).
 */
export function chooseEncoding(header: string | undefined, offered: readonly Encoding[] = ['br', 'gzip']): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of offered) {
    const q = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** Appends Accept-Encoding to a response's Vary header, once. */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** JSON answers at or below this size go as they are. */
export const JSON_COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses JSON answers over 1 kB with brotli (quality 5: fast enough per request) or gzip,
 * as the client's `Accept-Encoding` prefers; identity for a client that accepts neither.
 */
export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(res.headers.get('Content-Type') ?? '')) return;
  varyOnEncoding(res.headers);
  if (c.req.method === 'HEAD' || res.headers.has('Content-Encoding') || /\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')) return;
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  if (!encoding) return;
  const declared = Number(res.headers.get('Content-Length') ?? NaN);
  // `body` last: reading it turns the server's light response into a full one (a stream to read back).
  if (declared <= JSON_COMPRESSION_THRESHOLD || !res.body) return;
  const body = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  let sent: Buffer = body;
  if (body.length > JSON_COMPRESSION_THRESHOLD) {
    sent = encoding === 'br'
      ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : await gzipAsync(body, { level: 6 });
    headers.set('Content-Encoding', encoding);
  }
  headers.set('Content-Length', String(sent.length));
  // Setting c.res over a response merges the old headers in (and its Content-Length): start clean.
  c.res = undefined;
  c.res = new Response(new Uint8Array(sent), { status: res.status, statusText: res.statusText, headers });
};
