import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The SPA build. React (+ router) and i18next, needed by every page, get long-lived chunks;
 * AG Grid and RJSF get their own, downloaded only by engine screens. Mantine is left to the
 * default splitting on purpose: grouped, every component the engine uses would join the login page.
 */
const vendorChunks: { name: string; test: RegExp }[] = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
  { name: 'vendor-grid', test: /node_modules[\\/](ag-grid-community|ag-grid-react)[\\/]/ },
  { name: 'vendor-forms', test: /node_modules[\\/](@rjsf|ajv|ajv-formats|fast-uri|json-schema-traverse|fast-deep-equal|lodash|lodash-es)[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Otherwise a group also swallows what its modules import (RJSF's theme would take Mantine).
          includeDependenciesRecursively: false,
          groups: vendorChunks.map((chunk) => ({ ...chunk, priority: 10 })),
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/back': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
