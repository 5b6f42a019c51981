import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkModules } from './scripts/chunk-modules.mjs';
import { precompress } from './scripts/precompress.mjs';

/** The modules app/pages/auth/authPages.ts exports (keep in step): the login route's own code. */
const LOGIN_PAGES = /app[\\/]pages[\\/]auth[\\/](AuthLayout|LoginPage)\.tsx$/;
/** The shell's lazy module (app/routes/lazyPages.ts loads it): the code of every page behind login. */
const SHELL_PAGES = /app[\\/]shell[\\/]shellPages\.ts$/;

/**
 * The SPA build. The login route loads a few whole files; the rest follows the lazy routes (the
 * shell, each engine screen type, AG Grid and RJSF where they are used, the language menu, the snack list…). Left alone, Rolldown
 * cuts what the entry and the lazy pages share into a dozen small chunks, although the entry always
 * runs first (rolldown/rolldown#10263): they gzip worse and cost the login page several kB.
 */
const chunkGroups = [
  // React, React Router and i18next, needed by every page: one long-lived chunk. <Trans> (and the
  // HTML parser it needs) only serves a few pages: it follows them.
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|i18next)[\\/]|node_modules[\\/]react-i18next[\\/](?!.*[\\/](?:Trans|unescape))/,
  },
  // Everything the entry imports statically: Rolldown merges this group into the entry chunk.
  { name: 'initial', tags: ['$initial' as const] },
  // The login route's own code: a chunk only the auth pages load (first, and without its imports)…
  { name: 'auth', test: LOGIN_PAGES, priority: 1, includeDependenciesRecursively: false },
  // …and one chunk for what it imports beyond the entry (Mantine inputs, the language button). The
  // other pages share most of it, so they load it too rather than a handful of pieces.
  { name: 'login', test: LOGIN_PAGES },
  // What the login page loads lazily (the snack list, the language menu) keeps its own chunks, so the
  // shell's group below does not take the modules they share with it (the login page would load the shell).
  { name: 'snacks', test: /app[\\/]notifications[\\/]SnackHost\.tsx$/ },
  { name: 'localeMenu', test: /app[\\/]shell[\\/]LocaleMenu\.tsx$/ },
  // The shell (header, menu, the screen routes) and everything it imports beyond the login's: one
  // chunk, which every page behind login loads first; a screen's chunk then loads only its own code.
  { name: 'shell', test: SHELL_PAGES },
];

export default defineConfig({
  // Every built file also gets .br and .gz twins, which the server sends to clients that accept them;
  // .vite/chunk-modules.json tells what each chunk holds (scripts/bundle-budget.mjs reads it).
  plugins: [react(), precompress(), chunkModules()],
  resolve: {
    alias: [{ find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./app/i18n/useSyncExternalStore.ts', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // No <link rel="modulepreload"> polyfill in the entry: every browser but Safari < 17 and
    // Firefox < 115 has it, and those still load everything, only without the early fetch.
    modulePreload: { polyfill: false },
    // AG Grid, RJSF and exceljs are big by nature and load lazily (engine screens load per type).
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/back': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
