import type { ApiError } from '../../engine/api';
import type { Snack } from './snack';

export { SNACK_LIMIT, SNACK_TIMEOUT_MS, snackLevelOf, type Snack } from './snack';

type SnackHost = typeof import('./SnackHost');

// The notifications store comes with the lazy snack list (App asks for it on the first render), not
// in the first page's script: calls made before it arrives run, in order, once it is in.
let host: Promise<SnackHost> | undefined;
const withHost = (call: (module: SnackHost) => void) => void (host ??= import('./SnackHost')).then(call);

export function showSnack(snack: Snack): void {
  withHost((module) => module.show(snack));
}

/** A failed call's snack (its words come with the snack list), or a console line when the spec says so. */
export function showApiError(error: ApiError): void {
  withHost((module) => module.showApiError(error));
}

/** Closes every snack, queued ones included, and forgets the recent ones (a new sign-in). */
export function clearSnacks(): void {
  withHost((module) => module.clean());
}
