/** Whether dist/ is missing or older than its sources. */
export function buildIsStale(): boolean;
/** Builds the SPA when stale: 'fresh', 'built' or 'failed' (scripts/build-if-stale.mjs). */
export function buildIfStale(options?: { log?: (message: string) => void }): 'fresh' | 'built' | 'failed';
