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
  // The screens' code, in a few chunks rather than the sixty-odd pieces Rolldown cuts it into when
  // left alone: a record page waited for each of them (six at a time over HTTP/1.1) before its header
  // painted (Lighthouse, fee sheet LCP 1.39 → 1.14 s; bench/results.md). Each group takes the code
  // its page needs that no earlier group holds, so the groups go from the lightest page to the
  // heaviest: a page loads its own chunk and the lighter ones', never a heavier page's (the password
  // reset page does not load the record's code). scripts/bundle-budget.mjs checks the search page.
  // The new-password fields, which the password reset page shares with the profile and the tool pages.
  { name: 'password', test: /app[\\/]pages[\\/]auth[\\/]NewPasswordFields\.tsx$/ },
  // A menu page (tiles), whose few pieces (a grid, an icon) the heavier pages share.
  { name: 'menu', test: /engine[\\/]menu[\\/]MenuScreen\.tsx$/ },
  // The upload queue, which the shell starts on every page (XState with it).
  { name: 'uploads', test: /engine[\\/]files[\\/]uploadRuntime\.ts$/ },
  // The app's form widgets, which every screen with a form registers.
  { name: 'widgets', test: /app[\\/]widgets[\\/]index\.ts$|engine[\\/]form[\\/]widgetRegistry\.ts$/ },
  // The value formatters go with the search: its grid shares them with the record pages.
  { name: 'search', test: /engine[\\/]search[\\/]SearchScreen\.tsx$|engine[\\/]format[\\/]/ },
  // A record page: its screen, its panels and the report panels it registers (wizards share them).
  { name: 'record', test: /engine[\\/]record[\\/](RecordScreen\.tsx|panels\.ts)$|app[\\/]pages[\\/]reports[\\/]reportPanels\.ts$/ },
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
