import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/**
 * The built SPA: files of DIST_DIR, and index.html for any other non-API path (history-mode
 * routes). Hashed build assets never change, so they are cached for good; index.html is
 * revalidated so a new deploy is picked up. A missing file (under /assets/ or a name with an
 * extension) is a 404: answering the page instead would hand a script tag HTML and hide the fault.
 */
/** App routes never end in a file extension; files do. */
const looksLikeFile = (path: string) => path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path);

const hashedAsset = /[.-][A-Za-z0-9_-]{8,}\.(?:js|mjs|css|woff2?|ttf|svg|png|jpe?g|gif|webp|avif|ico|wasm|map)$/;

function cacheControl(path: string): string {
  if (basename(path) === 'index.html') return 'no-cache';
  if (path.includes('/assets/') || hashedAsset.test(path)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export function spa(distDir: string): MiddlewareHandler {
  const index = join(distDir, 'index.html');
  let files: MiddlewareHandler | undefined;
  return async (c, next) => {
    const api = c.req.path === '/back' || c.req.path.startsWith('/back/');
    if (api || !['GET', 'HEAD'].includes(c.req.method) || !existsSync(index)) return next();
    files ??= serveStatic({ root: distDir, onFound: (path, ctx) => void ctx.header('Cache-Control', cacheControl(path)) });
    const found = await files(c, async () => {});
    if (found) return found;
    if (looksLikeFile(c.req.path)) return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(await readFile(index, 'utf8'));
  };
}
