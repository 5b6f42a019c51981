import type { Notice } from '../../engine/notify';
import type { Snack } from './snack';

export { SNACK_LIMIT, SNACK_TIMEOUT_MS, type Snack } from './snack';

/** Spec §8: how a server level (errors, live alerts) is shown; other levels are not shown. */
const SERVER_LEVELS: Record<string, Notice['level']> = { ERROR: 'error', FATAL: 'error', WARN: 'warning', INFO: 'success' };

export function snackLevelOf(serverLevel: string): Notice['level'] | undefined {
  return SERVER_LEVELS[serverLevel];
}

type SnackHost = typeof import('./SnackHost');

// The notifications store comes with the lazy snack list (App asks for it on the first render), not
// in the first page's script: calls made before it arrives run, in order, once it is in.
let host: Promise<SnackHost> | undefined;
const withHost = (call: (module: SnackHost) => void) => void (host ??= import('./SnackHost')).then(call);

export function showSnack(snack: Snack): void {
  withHost((module) => module.show(snack));
}

/** Closes every snack, queued ones included, and forgets the recent ones (a new sign-in). */
export function clearSnacks(): void {
  withHost((module) => module.clean());
}
