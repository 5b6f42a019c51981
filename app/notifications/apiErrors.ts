import { ApiError, setApiErrorHandler } from '../../engine/api';
import { showApiError } from './snackbar';

/**
 * Failed calls become snacks, only while logged in (spec §8). Rejections nobody handled are
 * silenced here: cancelled requests and '#'-messages (a lost connection arrives as status 0: apiErrorSnack.ts).
 */
export function installApiErrorHandling(isLoggedIn: () => boolean): void {
  setApiErrorHandler((error) => {
    if (isLoggedIn()) showApiError(error);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    if (reason instanceof ApiError) event.preventDefault(); // already reported by the handler above
    else if (reason instanceof DOMException && reason.name === 'AbortError') event.preventDefault();
    else if (reason instanceof Error && reason.message.startsWith('#')) event.preventDefault();
  });
}
