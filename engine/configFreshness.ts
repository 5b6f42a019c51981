import type { AppConfig } from './config';

/**
 * When the browser asks GET /back/schemas again. The configuration it renders from is loaded once
 * per session, but part of it is the company's own (custom fields merged into the entities, their
 * labels): it is asked again, at the next navigation, after this browser saved a record of an entity
 * marked `x-changesSchemas`, and after `MAX_AGE_MS` at the next navigation or when the tab comes back
 * (another user may have changed it). The server answers 304 while its `version` is the same.
 */
export const MAX_AGE_MS = 5 * 60_000;

let changed = false;
let checkedAt = Date.now();

/** A write from this browser changed what GET /back/schemas answers. */
export function markSchemasChanged(): void {
  changed = true;
}

/** The configuration was (re)loaded: due again after a change or `MAX_AGE_MS`. */
export function schemasLoaded(now = Date.now()): void {
  changed = false;
  checkedAt = now;
}

/** Whether the configuration is to be asked again now. */
export const schemasDue = (now = Date.now()): boolean => changed || now - checkedAt >= MAX_AGE_MS;

/**
 * The configuration again if the server's differs from `current` (its `version`), else null (304).
 * Not through api.get: a 304 is no error, and the browser's own cache must not answer for the server.
 */
export async function freshConfig(current: AppConfig): Promise<AppConfig | null> {
  schemasLoaded();
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (current.version) headers['If-None-Match'] = `"${current.version}"`;
  const response = await fetch('/back/schemas', { headers, credentials: 'include', cache: 'no-store' });
  if (response.status === 304) return null;
  if (!response.ok) {
    // Asked again at the next chance.
    changed = true;
    return null;
  }
  return (await response.json()) as AppConfig;
}
