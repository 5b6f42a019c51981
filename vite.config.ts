import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.mjs';

/**
 * The SPA build. React (+ router) and i18next, needed by every page, get long-lived chunks.
 * Everything else follows the lazy routes: the login page, the shell, and the engine
 * (AG Grid, RJSF: one lazy chunk, never loaded by the login page). Mantine and the engine's
 * libraries are not grouped on purpose: a group takes its modules' dependencies along, so the
 * login page would download the engine's share of Mantine, or chunks would import each other.
 */
const vendorChunks = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
  // <Trans> (and the HTML parser it needs) only serves a few pages: it follows them, not the login page.
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next[\\/]|react-i18next[\\/](?!.*(?:Trans|unescape)))/ },
];

export default defineConfig({
  // Every built file also gets .br and .gz twins, which the server sends to clients that accept them.
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // The engine chunk (AG Grid + RJSF) and exceljs are big by nature and load lazily.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorChunks } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/back': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
