import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { AppContext } from '../context';
import { notFound } from '../errors';

/** `attachment` with the name as typed (RFC 6266: an ASCII fallback and the UTF-8 form). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * Streams a file of FILES_DIR (never read whole) with its type and length; `attachment` names
 * the download, `etag` and `immutable` serve pictures (an If-None-Match that matches: 304).
 */
export async function sendFile(c: AppContext, path: string, options: { type: string; attachment?: string; etag?: string; immutable?: boolean }): Promise<Response> {
  const size = await stat(path).then(
    (info) => info.size,
    () => {
      throw notFound();
    },
  );
  const headers: Record<string, string> = { 'Content-Type': options.type, 'Content-Length': String(size) };
  if (options.attachment !== undefined) headers['Content-Disposition'] = contentDisposition(options.attachment);
  if (options.immutable) headers['Cache-Control'] = 'private, max-age=31536000, immutable';
  if (options.etag) {
    headers.ETag = `"${options.etag}"`;
    const wanted = c.req.header('If-None-Match');
    if (wanted && wanted.split(',').some((tag) => tag.trim().replace(/^W\//, '') === headers.ETag)) {
      const { 'Content-Length': _length, ...rest } = headers;
      return c.body(null, 304, rest);
    }
  }
  const stream = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  return c.body(stream, 200, headers);
}
