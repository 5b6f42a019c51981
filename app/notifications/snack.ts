import type { Notice } from '../../engine/notify';

// What both the snack API (snackbar.tsx) and the lazy snack list (SnackHost.tsx) need: the list
// reads it from here, not from the module that loads it on demand.

/** Spec §9: success and warning snacks close after 3 s; errors stay until closed. */
export const SNACK_TIMEOUT_MS = 3000;
/** Snacks on screen at once; more wait in a queue. */
export const SNACK_LIMIT = 3;

export interface Snack extends Notice {
  /** Bold first line, e.g. the localized exception name of a failed call. */
  title?: string;
}

/** Spec §8: how a server level (errors, live alerts) is shown; other levels are not shown. */
const SERVER_LEVELS: Record<string, Notice['level']> = { ERROR: 'error', FATAL: 'error', WARN: 'warning', INFO: 'success' };

export function snackLevelOf(serverLevel: string): Notice['level'] | undefined {
  return SERVER_LEVELS[serverLevel];
}
