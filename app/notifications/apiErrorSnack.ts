import i18next from 'i18next';
import type { ApiError, ErrorBody } from '../../engine/api';
import { snackLevelOf, type Snack } from './snack';

// The words of a failed call's snack: loaded with the snack list (SnackHost), not in the first page's script.

function exceptionTitle(body: ErrorBody | null): string | undefined {
  if (!body?.exception) return undefined;
  return i18next.t(`exception.${body.exception}`, { defaultValue: '' }) || undefined;
}

/** The snack for a failed call, or null when the spec says to keep it in the console. */
export function snackForApiError(error: ApiError): Snack | null {
  const t = i18next.t.bind(i18next);
  if (error.status === 0) return { level: 'error', message: t('error.unknown') };
  if (error.status === 404) {
    // A bare "Not found" from the server says less than our explanation.
    const title = t('error.notFound.title');
    const serverMessage = error.body?.message;
    return { level: 'error', title, message: serverMessage && serverMessage !== title ? serverMessage : t('error.notFound') };
  }
  // The contract gives every error body a level; one without (a proxy page, a crash) is an error.
  const level = snackLevelOf(error.body?.level ?? 'ERROR');
  if (!level) return null;
  return {
    level,
    title: exceptionTitle(error.body),
    message: error.body?.message ?? t('error.status', { status: error.status, statusText: error.statusText }),
  };
}
