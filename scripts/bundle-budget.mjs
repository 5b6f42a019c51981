#!/usr/bin/env node
// The login page's download budget: the JavaScript that `/auth/login` loads (the entry chunk, the
// lazy auth pages and everything they import statically), gzipped, read from dist/.vite/manifest.json.
// `node scripts/bundle-budget.mjs [distDir]` prints the chunks and fails above the budget.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Gzipped JavaScript the login route may load, in bytes (kB = 1,000 bytes). It was 226.8 kB and is
 * 149.4 kB; React DOM, React Router and i18next take about 115 kB of it, so there is little room left.
 */
export const LOGIN_JS_GZIP_BUDGET = 150_000;
/** The modules the login route starts from: the page's entry and the lazy module holding LoginPage and AuthLayout. */
export const LOGIN_ROUTE_MODULES = ['index.html', 'app/pages/auth/authPages.ts'];

/** Every chunk file a set of manifest keys loads: the files themselves and their static imports, recursively. */
export function chunkFiles(manifest, keys) {
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}

/** The login route's JavaScript and CSS files with their raw and gzipped sizes. */
export function loginRouteSizes(distDir) {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const files = chunkFiles(manifest, LOGIN_ROUTE_MODULES).map((file) => {
    const bytes = readFileSync(join(distDir, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const total = (ext) => files.filter((f) => f.file.endsWith(ext)).reduce((sum, f) => sum + f.gzip, 0);
  return { files, jsGzip: total('.js'), cssGzip: total('.css') };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { files, jsGzip, cssGzip } = loginRouteSizes(process.argv[2] ?? join(root, 'dist'));
  for (const { file, raw, gzip } of files.sort((a, b) => b.gzip - a.gzip)) console.log(`${String(gzip).padStart(8)} gzip ${String(raw).padStart(8)} raw  ${file}`);
  const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
  console.log(`login route: ${kB(jsGzip)} of JavaScript (budget ${kB(LOGIN_JS_GZIP_BUDGET)}), ${kB(cssGzip)} of CSS, gzipped (kB = 1,000 bytes)`);
  if (jsGzip > LOGIN_JS_GZIP_BUDGET) {
    console.error(`the login route's JavaScript is over its budget by ${kB(jsGzip - LOGIN_JS_GZIP_BUDGET)}`);
    process.exitCode = 1;
  }
}
