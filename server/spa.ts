import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { chooseEncoding, varyOnEncoding, type Encoding } from './encoding';

/**
 * The built SPA: files of DIST_DIR, and index.html for any other non-API path (history-mode
 * routes). Hashed build assets never change, so they are cached for good; index.html is
 * revalidated so a new deploy is picked up. A missing file (under /assets/ or a name with an
 * extension) is a 404: answering the page instead would hand a script tag HTML and hide the fault.
 * The build writes `.br` and `.gz` twins of its text files: a client that accepts one of them gets
 * it (Content-Encoding, its own Content-Length); a Range request or a client that accepts neither
 * gets the file itself. Either way the answer says `Vary: Accept-Encoding`.
 */
/** App routes never end in a file extension; files do. */
const looksLikeFile = (path: string) => path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path);

const hashedAsset = /[.-][A-Za-z0-9_-]{8,}\.(?:js|mjs|css|woff2?|ttf|svg|png|jpe?g|gif|webp|avif|ico|wasm|map)$/;

function cacheControl(path: string): string {
  if (basename(path) === 'index.html') return 'no-cache';
  if (path.includes('/assets/') || hashedAsset.test(path)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const compressibleType = /^(?:text\/|application\/(?:javascript|json|xml|wasm|manifest\+json)|image\/(?:svg\+xml|x-icon|vnd\.microsoft\.icon)|font\/(?:ttf|otf))/i;

/** The precompressed twin of a served file, when the client accepts it and it exists; identity otherwise. */
async function encodedVariant(c: Context, found: Response, path: string): Promise<Response> {
  if (!compressibleType.test(found.headers.get('Content-Type') ?? '')) return found;
  varyOnEncoding(found.headers);
  if (found.status !== 200 || c.req.header('Range')) return found;
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  if (!encoding) return found;
  const variant = path + SUFFIX[encoding];
  const size = await stat(variant).then((s) => (s.isFile() ? s.size : undefined), () => undefined);
  if (size === undefined) return found;
  await found.body?.cancel();
  const headers = new Headers(found.headers);
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(size));
  headers.delete('Accept-Ranges');
  const body = c.req.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(variant)) as ReadableStream);
  return new Response(body, { status: 200, headers });
}

export function spa(distDir: string): MiddlewareHandler {
  const index = join(distDir, 'index.html');
  let files: MiddlewareHandler | undefined;
  /** The file serveStatic found for a request. */
  const servedPath = new WeakMap<Context, string>();
  return async (c, next) => {
    const api = c.req.path === '/back' || c.req.path.startsWith('/back/');
    if (api || !['GET', 'HEAD'].includes(c.req.method) || !existsSync(index)) return next();
    files ??= serveStatic({
      root: distDir,
      onFound: (path, ctx) => {
        ctx.header('Cache-Control', cacheControl(path));
        servedPath.set(ctx, path);
      },
    });
    const found = await files(c, async () => {});
    if (found) {
      const path = servedPath.get(c);
      if (!path) return found;
      const answer = await encodedVariant(c, found, path);
      if (answer === found) return found;
      // Setting c.res over a response merges its old headers (Content-Length) in: start clean.
      c.res = undefined;
      c.res = answer;
      return answer;
    }
    if (looksLikeFile(c.req.path)) return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(await readFile(index, 'utf8'));
  };
}
