import type { Plugin } from 'vite';

/** Writes `.vite/chunk-modules.json`: each built chunk's source modules (scripts/chunk-modules.mjs). */
export function chunkModules(): Plugin;
