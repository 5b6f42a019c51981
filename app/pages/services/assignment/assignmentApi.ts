import { api } from '../../../../engine/api';
import type { AssignedContributor, DayRole } from '../../../../machines/assignment';

/** The assignment calls of spec §7.4 (server/planning/routes.ts), typed for the popup. */
export interface AssignmentForm {
  serviceId: number;
  startDate: string;
  endDate: string;
  /** The stored assignment's version (none before the first save), sent back with a save. */
  version?: number;
  readOnly: boolean;
  options: { includeContributorUniverse: boolean; includeRepresentative: boolean };
  assignments: AssignedContributor[];
}

// The attendee's shape is the server's own (a type-only import: nothing of the server reaches the bundle).
export type { Attendee } from '../../../../domain/planning';
import type { Attendee } from '../../../../domain/planning';

const FORM = '/back/bo/pln/planning/assignment-form';

export const assignmentApi = {
  form: (serviceId: number) => api.get<AssignmentForm>(FORM, { query: { serviceId } }),
  /** `endDate`: the end date being edited, up to which busy days are checked (the saved one without it). */
  attendees: (serviceId: number, options: { includeContributorUniverse: boolean; includeRepresentative: boolean; endDate?: string }) =>
    api.get<Attendee[]>('/back/bo/pln/planning/attendees', { query: { serviceId, ...options } }),
  /** Quiet: a refusal shows in the popup for the spec's 3 s. */
  save: (body: { serviceId: number; version?: number; endDate: string; assignments: { contactId: number; typePlannings: DayRole[] }[] }) =>
    api.post<AssignmentForm>(FORM, body, { quiet: true }),
  /** The welcome e-mail (an invitation to choose a password). */
  invite: (contactId: number) => api.get<boolean>(`/back/bo/contacts/admin/${contactId}/welcome`),
};
