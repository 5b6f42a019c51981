#!/usr/bin/env node
// The login page's download budget: the JavaScript that `/auth/login` loads (the entry chunk, the
// lazy auth pages and everything they import statically), gzipped, read from dist/.vite/manifest.json;
// those chunks may hold none of the shell, the engine's screens, AG Grid, RJSF, charts or PDF code.
// Then the search page's: what a search screen loads before its first results (entry, shell, the
// search screen and its grid) may hold no form, wizard, chart, lines grid or PDF code
// (dist/.vite/chunk-modules.json says what each chunk holds), within its own budget.
// `node scripts/bundle-budget.mjs [distDir]` prints the chunks and fails above a budget or on such code.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Gzipped JavaScript the login route may load, in bytes (kB = 1,000 bytes). It was 226.8 kB and is
 * 149.98 kB; React DOM, React Router and i18next take about 115 kB of it, so there is little room left.
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

/** Code the login page must not load: each comes with the pages behind login, once signed in. */
export const NOT_ON_LOGIN_PAGE = [
  { what: 'the shell', test: /^app\/shell\/(shellPages\.ts|ShellLayout\.tsx)$/ },
  { what: 'an engine screen', test: /^engine\/(search|record|wizard|menu|workflow|charts)\// },
  { what: 'AG Grid', test: /node_modules\/(ag-grid-community|ag-grid-react)\// },
  { what: 'the schema form (RJSF, ajv)', test: /node_modules\/(@rjsf|ajv)\/|^engine\/form\// },
  { what: 'charts', test: /node_modules\/(echarts|recharts|@mantine\/charts)\// },
  { what: 'PDF code', test: /node_modules\/(pdfmake|pdfjs-dist|pdf-lib)\// },
  { what: 'state machines (XState)', test: /node_modules\/(xstate|@xstate)\// },
];

/**
 * The login route's JavaScript and CSS files with their raw and gzipped sizes, and the modules of
 * NOT_ON_LOGIN_PAGE its chunks hold (dist/.vite/chunk-modules.json says what each chunk holds).
 */
export function loginRouteSizes(distDir) {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const modulesFile = join(distDir, '.vite', 'chunk-modules.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the web app first`);
  if (!existsSync(modulesFile)) throw new Error(`${modulesFile} is missing: build the web app with vite.config.ts`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const modules = JSON.parse(readFileSync(modulesFile, 'utf8'));
  const files = chunkFiles(manifest, LOGIN_ROUTE_MODULES).map((file) => {
    const bytes = readFileSync(join(distDir, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const total = (ext) => files.filter((f) => f.file.endsWith(ext)).reduce((sum, f) => sum + f.gzip, 0);
  const held = files.flatMap(({ file }) => modules[file] ?? []);
  const forbidden = NOT_ON_LOGIN_PAGE.flatMap(({ what, test }) => held.filter((id) => test.test(id)).map((id) => ({ what, id })));
  return { files, jsGzip: total('.js'), cssGzip: total('.css'), forbidden };
}

/**
 * Gzipped JavaScript a search page may load before its first results (the login route's, the shell,
 * the search screen and AG Grid), in bytes. It was 791 kB when the whole engine loaded with it (546 kB since).
 */
export const SEARCH_JS_GZIP_BUDGET = 600_000;
/**
 * Where a search page starts: the entry, the shell, the search screen, and its grid (loaded beside
 * the first answer), each as the chunk holding the module, with that chunk's static imports.
 */
export const SEARCH_ROUTE_MODULES = ['app/main.tsx', 'app/shell/shellPages.ts', 'engine/search/SearchScreen.tsx', 'engine/grid/SchemaGrid.tsx'];
/** Code a search page must not load before its first results: each loads when its part opens. */
export const NOT_ON_SEARCH_PAGE = [
  { what: 'the schema form (RJSF, ajv)', test: /node_modules\/(@rjsf|ajv)\/|^engine\/form\/SchemaForm\.tsx$/ },
  { what: 'the wizard', test: /^engine\/wizard\// },
  { what: 'charts', test: /^engine\/charts\/|node_modules\/(echarts|recharts|@mantine\/charts)\// },
  { what: 'the lines grid', test: /^engine\/record\/lines\// },
  { what: 'PDF code', test: /node_modules\/(pdfmake|pdfjs-dist|pdf-lib)\// },
  { what: 'record panels', test: /^engine\/record\/(RecordScreen|ConfiguredPanels)\.tsx$/ },
];

/** The search page's chunk files, their gzipped sizes and the modules of NOT_ON_SEARCH_PAGE they hold. */
export function searchRouteCheck(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const modulesFile = join(distDir, '.vite', 'chunk-modules.json');
  if (!existsSync(modulesFile)) throw new Error(`${modulesFile} is missing: build the web app with vite.config.ts`);
  const modules = JSON.parse(readFileSync(modulesFile, 'utf8'));
  const keyOf = (module) => {
    const file = Object.keys(modules).find((each) => modules[each].includes(module));
    const key = Object.keys(manifest).find((each) => manifest[each].file === file);
    if (!key) throw new Error(`no chunk holds ${module}`);
    return key;
  };
  const files = chunkFiles(manifest, SEARCH_ROUTE_MODULES.map(keyOf)).filter((file) => file.endsWith('.js'));
  const sizes = files.map((file) => ({ file, gzip: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length }));
  const held = files.flatMap((file) => modules[file] ?? []);
  const forbidden = NOT_ON_SEARCH_PAGE.flatMap(({ what, test }) => held.filter((id) => test.test(id)).map((id) => ({ what, id })));
  return { files: sizes, jsGzip: sizes.reduce((sum, { gzip }) => sum + gzip, 0), forbidden };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const distDir = process.argv[2] ?? join(root, 'dist');
  const { files, jsGzip, cssGzip, forbidden } = loginRouteSizes(distDir);
  for (const { file, raw, gzip } of files.sort((a, b) => b.gzip - a.gzip)) console.log(`${String(gzip).padStart(8)} gzip ${String(raw).padStart(8)} raw  ${file}`);
  const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
  console.log(`login route: ${kB(jsGzip)} of JavaScript (budget ${kB(LOGIN_JS_GZIP_BUDGET)}), ${kB(cssGzip)} of CSS, gzipped (kB = 1,000 bytes)`);
  if (jsGzip > LOGIN_JS_GZIP_BUDGET) {
    console.error(`the login route's JavaScript is over its budget by ${kB(jsGzip - LOGIN_JS_GZIP_BUDGET)}`);
    process.exitCode = 1;
  }
  for (const { what, id } of forbidden) console.error(`the login page loads ${what}: ${id}`);
  if (forbidden.length) process.exitCode = 1;
  const search = searchRouteCheck(distDir);
  console.log(`search page (before its first results): ${kB(search.jsGzip)} of JavaScript in ${search.files.length} files (budget ${kB(SEARCH_JS_GZIP_BUDGET)}), largest: ${search.files.sort((a, b) => b.gzip - a.gzip).slice(0, 3).map(({ file, gzip }) => `${file} ${kB(gzip)}`).join(', ')}`);
  if (search.jsGzip > SEARCH_JS_GZIP_BUDGET) {
    console.error(`the search page's JavaScript is over its budget by ${kB(search.jsGzip - SEARCH_JS_GZIP_BUDGET)}`);
    process.exitCode = 1;
  }
  for (const { what, id } of search.forbidden) console.error(`the search page loads ${what} before its first results: ${id}`);
  if (search.forbidden.length) process.exitCode = 1;
}
