import { ApiError, reportApiError } from '../../../../engine/api';
import type { WizardError } from '../../../../machines/serviceWizard';

/**
 * A failed save: the snackbar the app shows for any failed call, and the field errors of a 400
 * (localized by the server) for the wizard to put back on their step and field.
 */
export function fieldErrorsOf(error: unknown): WizardError[] {
  if (!(error instanceof ApiError)) throw error;
  reportApiError(error);
  if (error.status !== 400) return [];
  return (error.body?.errors ?? []).map(({ path, message }) => ({ path, message }));
}
