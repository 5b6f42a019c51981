import { assign, setup } from 'xstate';

/**
 * Who works on a service, day by day (spec §2 assignment popup, §4 assignment day roles,
 * §5 assignment errors), as a pure machine shared by the server (its helpers refuse a POST)
 * and the popup's grid (@xstate/react):
 *
 * - a contributor of the provider's own universe (own company or a provider of the universe)
 *   joins as FIELD_LEADER on each day without a leader, FIELD_BACKUP otherwise; anyone else
 *   joins as REPRESENTATIVE, and their cells are read-only;
 * - setting a leader on a day demotes that day's other leader to FIELD_BACKUP;
 * - a new end date trims the roles, or extends them repeating each contributor's last role
 *   (one leader per day still holds);
 * - saving checks every day has a leader unless nobody is on the field that day
 *   ('You need to assign one leader per service day'), that someone leads at all
 *   ('You need a leader'), and the end date (required, not before the start). An error shows
 *   for ASSIGNMENT_ERROR_MS, then clears; its countdown waits while the error is held (the pointer
 *   or the keyboard focus on it: HOLD_ERROR, RELEASE_ERROR) and starts again, whole, when released
 *   (WCAG 2.2.1); DISMISS_ERROR clears it at once;
 * - a refused end date (no date, none, or before the start) is held as typed (`typedEndDate`) for
 *   the field to keep and mark, the days keep the last good one, and Save waits until it is put
 *   right: the previous date is never saved in its place.
 */
export const TYPE_PLANNINGS = ['FIELD_LEADER', 'FIELD_BACKUP', 'FIELD_INSTRUCTOR', 'FIELD_TRAINEE', 'REPRESENTATIVE', 'NOT_ON_FIELD'] as const;
export type TypePlanning = (typeof TYPE_PLANNINGS)[number];
/** The roles an own contributor's cell offers (REPRESENTATIVE is for other parties only). */
export const FIELD_ROLES: TypePlanning[] = TYPE_PLANNINGS.filter((role) => role !== 'REPRESENTATIVE');
/** Spec constant "Assignment error display". */
export const ASSIGNMENT_ERROR_MS = 3000;

export const ASSIGNMENT_ERRORS = {
  leaderPerDay: 'assignment.error.leaderPerDay',
  leader: 'assignment.error.leader',
  endDateRequired: 'assignment.error.endDateRequired',
  endDateBeforeStart: 'assignment.error.endDateBeforeStart',
  endDateUnread: 'assignment.error.endDateUnread',
} as const;

export interface DayRole {
  date: string;
  typePlanning: TypePlanning;
}

export interface AssignedContributor {
  contactId: number;
  fullName?: string;
  acronym?: string;
  pictureFileId?: number;
  /** Not of the provider's universe: every cell is REPRESENTATIVE and read-only. */
  representative: boolean;
  typePlannings: DayRole[];
}

export interface AssignmentContext {
  startDate: string;
  endDate: string | null;
  days: string[];
  contributors: AssignedContributor[];
  /** The end date as typed when refused (a text that is no date, '' when emptied, an earlier day); null once a good one is set. */
  typedEndDate: string | null;
  /** The error shown (an i18n key), cleared after ASSIGNMENT_ERROR_MS. */
  error: string | null;
  /** The pointer or the focus is on the error: its countdown waits. */
  errorHeld: boolean;
}

export interface AssignmentInput {
  startDate: string;
  endDate: string | null;
  contributors?: AssignedContributor[];
}

export type NewContributor = Omit<AssignedContributor, 'typePlannings'>;

export type AssignmentEvent =
  | { type: 'LOAD'; assignment: AssignmentInput }
  | { type: 'ADD'; contributor: NewContributor }
  | { type: 'REMOVE'; contactId: number }
  | { type: 'SET_ROLE'; contactId: number; date: string; typePlanning: TypePlanning }
  | { type: 'SET_END_DATE'; endDate: string | null }
  | { type: 'SAVE' }
  | { type: 'SAVED'; assignment: AssignmentInput }
  | { type: 'FAILED'; error: string }
  | { type: 'HOLD_ERROR' }
  | { type: 'RELEASE_ERROR' }
  | { type: 'DISMISS_ERROR' };

// ---- pure rules (the server refuses a POST with the same functions) ----

const DAY_MS = 86_400_000;
/** A real calendar day written YYYY-MM-DD (Date.parse takes 2026-11-31 for 1 December: it must read back the same). */
const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The service days from `startDate` to `endDate`, both included (none when the end is missing or before the start). */
export function serviceDays(startDate: string, endDate: string | null | undefined): string[] {
  if (!isDate(startDate) || !isDate(endDate) || endDate < startDate) return [];
  const days: string[] = [];
  for (let time = Date.parse(`${startDate}T00:00:00Z`); time <= Date.parse(`${endDate}T00:00:00Z`); time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/** The error of an end date as typed: a text that is no date cannot be read, otherwise as endDateError. */
export function typedEndDateError(startDate: string, typed: string | null): string | null {
  return typed && !isDate(typed) ? ASSIGNMENT_ERRORS.endDateUnread : endDateError(startDate, typed);
}

/** The end date's error key, or null. */
export function endDateError(startDate: string, endDate: string | null | undefined): string | null {
  if (!isDate(endDate)) return ASSIGNMENT_ERRORS.endDateRequired;
  return endDate < startDate ? ASSIGNMENT_ERRORS.endDateBeforeStart : null;
}

const roleOn = (contributor: AssignedContributor, date: string) => contributor.typePlannings.find((role) => role.date === date)?.typePlanning ?? 'NOT_ON_FIELD';

/** At most one leader a day: the first leader of a day keeps the role, the others become backups. */
export function oneLeaderPerDay(contributors: AssignedContributor[]): AssignedContributor[] {
  const led = new Set<string>();
  return contributors.map((contributor) => ({
    ...contributor,
    typePlannings: contributor.typePlannings.map((role) => {
      if (role.typePlanning !== 'FIELD_LEADER') return role;
      if (led.has(role.date)) return { ...role, typePlanning: 'FIELD_BACKUP' as const };
      led.add(role.date);
      return role;
    }),
  }));
}

/** A new contributor's roles: representative every day, or leader on each day without one and backup otherwise. */
export function withContributor(contributors: AssignedContributor[], days: string[], added: NewContributor): AssignedContributor[] {
  const roles = days.map((date): DayRole => {
    if (added.representative) return { date, typePlanning: 'REPRESENTATIVE' };
    const led = contributors.some((contributor) => roleOn(contributor, date) === 'FIELD_LEADER');
    return { date, typePlanning: led ? 'FIELD_BACKUP' : 'FIELD_LEADER' };
  });
  return [...contributors, { ...added, typePlannings: roles }];
}

/** Whether the cell may take the role: an own contributor's day of the service, never REPRESENTATIVE. */
export function canSetRole(contributors: AssignedContributor[], contactId: number, date: string, typePlanning: string): boolean {
  const contributor = contributors.find((one) => one.contactId === contactId);
  if (!contributor || contributor.representative) return false;
  return contributor.typePlannings.some((role) => role.date === date) && (FIELD_ROLES as string[]).includes(typePlanning);
}

/** The cell's new role; a new leader demotes the day's other leader to backup. */
export function withRole(contributors: AssignedContributor[], contactId: number, date: string, typePlanning: TypePlanning): AssignedContributor[] {
  return contributors.map((contributor) => ({
    ...contributor,
    typePlannings: contributor.typePlannings.map((role) => {
      if (role.date !== date) return role;
      if (contributor.contactId === contactId) return { ...role, typePlanning };
      return typePlanning === 'FIELD_LEADER' && role.typePlanning === 'FIELD_LEADER' ? { ...role, typePlanning: 'FIELD_BACKUP' as const } : role;
    }),
  }));
}

/** Roles over new days: kept on days that remain, each contributor's last role repeated on added days. */
export function resized(contributors: AssignedContributor[], days: string[]): AssignedContributor[] {
  const next = contributors.map((contributor) => {
    const last = contributor.typePlannings.at(-1)?.typePlanning ?? (contributor.representative ? 'REPRESENTATIVE' : 'NOT_ON_FIELD');
    const byDate = new Map(contributor.typePlannings.map((role) => [role.date, role.typePlanning]));
    return { ...contributor, typePlannings: days.map((date) => ({ date, typePlanning: byDate.get(date) ?? last })) };
  });
  return oneLeaderPerDay(next);
}

/** The §5 errors of an assignment (i18n keys), first the end date, then the leaders. */
export function assignmentErrors(startDate: string, endDate: string | null | undefined, contributors: AssignedContributor[]): string[] {
  const dateError = endDateError(startDate, endDate);
  if (dateError) return [dateError];
  const days = serviceDays(startDate, endDate);
  const leads = (date: string) => contributors.some((contributor) => roleOn(contributor, date) === 'FIELD_LEADER');
  if (!days.some(leads)) return [ASSIGNMENT_ERRORS.leader];
  const onField = (date: string) => contributors.some((contributor) => roleOn(contributor, date) !== 'NOT_ON_FIELD');
  return days.some((date) => onField(date) && !leads(date)) ? [ASSIGNMENT_ERRORS.leaderPerDay] : [];
}

function loaded(input: AssignmentInput): Omit<AssignmentContext, 'error' | 'errorHeld'> {
  const days = serviceDays(input.startDate, input.endDate);
  return { startDate: input.startDate, endDate: input.endDate, typedEndDate: null, days, contributors: resized(input.contributors ?? [], days) };
}

export const assignmentMachine = setup({
  types: {
    context: {} as AssignmentContext,
    events: {} as AssignmentEvent,
    input: {} as AssignmentInput,
  },
  delays: { errorDisplay: ASSIGNMENT_ERROR_MS },
  guards: {
    isNew: ({ context, event }) => event.type === 'ADD' && !context.contributors.some((one) => one.contactId === event.contributor.contactId),
    isAssigned: ({ context, event }) => event.type === 'REMOVE' && context.contributors.some((one) => one.contactId === event.contactId),
    editableCell: ({ context, event }) => event.type === 'SET_ROLE' && canSetRole(context.contributors, event.contactId, event.date, event.typePlanning),
    validEndDate: ({ context, event }) => event.type === 'SET_END_DATE' && endDateError(context.startDate, event.endDate) === null,
    errorHeld: ({ context }) => context.errorHeld,
    errorReleased: ({ context }) => !context.errorHeld,
    valid: ({ context }) => context.typedEndDate === null && assignmentErrors(context.startDate, context.endDate, context.contributors).length === 0,
  },
  actions: {
    load: assign(({ event }) => (event.type === 'LOAD' || event.type === 'SAVED' ? { ...loaded(event.assignment), error: null, errorHeld: false } : {})),
    add: assign(({ context, event }) => (event.type === 'ADD' ? { contributors: withContributor(context.contributors, context.days, event.contributor) } : {})),
    remove: assign(({ context, event }) => (event.type === 'REMOVE' ? { contributors: context.contributors.filter((one) => one.contactId !== event.contactId) } : {})),
    setRole: assign(({ context, event }) => (event.type === 'SET_ROLE' ? { contributors: withRole(context.contributors, event.contactId, event.date, event.typePlanning) } : {})),
    setEndDate: assign(({ context, event }) => {
      if (event.type !== 'SET_END_DATE') return {};
      const days = serviceDays(context.startDate, event.endDate);
      return { endDate: event.endDate, typedEndDate: null, days, contributors: resized(context.contributors, days) };
    }),
    endDateRefused: assign(({ context, event }) => (event.type === 'SET_END_DATE' ? { typedEndDate: event.endDate ?? '', error: typedEndDateError(context.startDate, event.endDate) } : {})),
    showErrors: assign(({ context }) => ({
      error: context.typedEndDate !== null ? typedEndDateError(context.startDate, context.typedEndDate) : (assignmentErrors(context.startDate, context.endDate, context.contributors)[0] ?? null),
    })),
    failed: assign(({ event }) => (event.type === 'FAILED' ? { error: event.error } : {})),
    clearError: assign({ error: null, errorHeld: false }),
    holdError: assign({ errorHeld: true }),
    releaseError: assign({ errorHeld: false }),
  },
}).createMachine({
  id: 'assignment',
  context: ({ input }) => ({ ...loaded(input), error: null, errorHeld: false }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'quiet',
      states: {
        quiet: {},
        error: {
          initial: 'counting',
          states: {
            counting: {
              always: { guard: 'errorHeld', target: 'held' },
              after: { errorDisplay: { target: '#assignment.editing.quiet', actions: 'clearError' } },
            },
            held: { always: { guard: 'errorReleased', target: 'counting' } },
          },
          on: { DISMISS_ERROR: { target: 'quiet', actions: 'clearError' } },
        },
      },
      on: {
        LOAD: { target: '.quiet', actions: 'load' },
        HOLD_ERROR: { actions: 'holdError' },
        RELEASE_ERROR: { actions: 'releaseError' },
        ADD: { guard: 'isNew', actions: 'add' },
        REMOVE: { guard: 'isAssigned', actions: 'remove' },
        SET_ROLE: { guard: 'editableCell', actions: 'setRole' },
        SET_END_DATE: [
          { guard: 'validEndDate', actions: 'setEndDate' },
          { target: '.error', actions: 'endDateRefused' },
        ],
        SAVE: [
          { guard: 'valid', target: 'saving' },
          { target: '.error', actions: 'showErrors' },
        ],
      },
    },
    saving: {
      on: {
        SAVED: { target: 'editing', actions: 'load' },
        FAILED: { target: 'editing.error', actions: 'failed' },
      },
    },
  },
});
