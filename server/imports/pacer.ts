/**
 * Long work cut into slices of the event loop (docs/imports.md "Searches during an import"): once
 * `sliceMs` of it has run since the last pause, `pause()` waits for the next turn's check phase, so
 * the requests that arrived meanwhile start (server/turnShares.ts starts them there too) instead of
 * waiting for a whole batch. Between pauses, `pause()` costs a clock read.
 */
export const IMPORT_SLICE_MS = 8;

export function pacer(sliceMs = IMPORT_SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
