import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  ASSIGNMENT_ERROR_MS,
  ASSIGNMENT_ERRORS,
  assignmentErrors,
  assignmentMachine,
  oneLeaderPerDay,
  serviceDays,
  type AssignedContributor,
  type AssignmentEvent,
  type AssignmentInput,
  type TypePlanning,
} from '../../machines/assignment';

const DAYS = ['2027-03-01', '2027-03-02', '2027-03-03'];
const base: AssignmentInput = { startDate: DAYS[0], endDate: DAYS[2] };
const tom = { contactId: 1, fullName: 'Tom Becker', acronym: 'TB', representative: false };
const mei = { contactId: 2, fullName: 'Mei Lin', acronym: 'ML', representative: false };
const li = { contactId: 3, fullName: 'Li Wei', acronym: 'LW', representative: true };

function start(input: AssignmentInput = base, ...events: AssignmentEvent[]) {
  const actor = createActor(assignmentMachine, { input }).start();
  events.forEach((event) => actor.send(event));
  return actor;
}
const rolesOf = (actor: ReturnType<typeof start>, contactId: number) =>
  actor.getSnapshot().context.contributors.find((one) => one.contactId === contactId)?.typePlannings.map((role) => role.typePlanning);
const everyDay = (contactId: number, roles: TypePlanning[]): AssignedContributor => ({
  contactId,
  representative: false,
  typePlannings: roles.map((typePlanning, i) => ({ date: DAYS[i], typePlanning })),
});

describe('assignment machine: days and loading', () => {
  it('starts editing with the service days, both ends included', () => {
    const snapshot = start().getSnapshot();
    expect(snapshot.matches({ editing: 'quiet' })).toBe(true);
    expect(snapshot.context.days).toEqual(DAYS);
    expect(snapshot.context.contributors).toEqual([]);
  });

  it('serviceDays crosses months and refuses a missing or earlier end', () => {
    expect(serviceDays('2027-02-27', '2027-03-01')).toEqual(['2027-02-27', '2027-02-28', '2027-03-01']);
    expect(serviceDays('2027-03-02', '2027-03-01')).toEqual([]);
    expect(serviceDays('2027-03-02', null)).toEqual([]);
  });

  it('LOAD replaces the assignment and fits stored roles to the days', () => {
    const actor = start(base, { type: 'ADD', contributor: mei });
    actor.send({ type: 'LOAD', assignment: { ...base, contributors: [everyDay(1, ['FIELD_LEADER', 'FIELD_TRAINEE'])] } });
    expect(actor.getSnapshot().context.contributors.map((one) => one.contactId)).toEqual([1]);
    // The missing third day repeats the last role.
    expect(rolesOf(actor, 1)).toEqual(['FIELD_LEADER', 'FIELD_TRAINEE', 'FIELD_TRAINEE']);
  });
});

describe('assignment machine: ADD and REMOVE', () => {
  it('an own contributor leads each day without a leader; the next one backs up', () => {
    const actor = start(base, { type: 'ADD', contributor: tom }, { type: 'ADD', contributor: mei });
    expect(rolesOf(actor, 1)).toEqual(['FIELD_LEADER', 'FIELD_LEADER', 'FIELD_LEADER']);
    expect(rolesOf(actor, 2)).toEqual(['FIELD_BACKUP', 'FIELD_BACKUP', 'FIELD_BACKUP']);
  });

  it('leads only the days that have no leader', () => {
    const actor = start({ ...base, contributors: [everyDay(1, ['FIELD_LEADER', 'NOT_ON_FIELD', 'FIELD_BACKUP'])] }, { type: 'ADD', contributor: mei });
    expect(rolesOf(actor, 2)).toEqual(['FIELD_BACKUP', 'FIELD_LEADER', 'FIELD_LEADER']);
  });

  it('another party joins as representative on every day, even without a leader', () => {
    const actor = start(base, { type: 'ADD', contributor: li });
    expect(rolesOf(actor, 3)).toEqual(['REPRESENTATIVE', 'REPRESENTATIVE', 'REPRESENTATIVE']);
  });

  it('refuses the same contributor twice (guard isNew)', () => {
    const actor = start(base, { type: 'ADD', contributor: tom });
    const before = actor.getSnapshot().context;
    actor.send({ type: 'ADD', contributor: { ...tom, representative: true } });
    expect(actor.getSnapshot().context).toBe(before);
  });

  it('REMOVE takes the contributor out; an unknown one changes nothing (guard isAssigned)', () => {
    const actor = start(base, { type: 'ADD', contributor: tom }, { type: 'ADD', contributor: mei });
    const before = actor.getSnapshot().context;
    actor.send({ type: 'REMOVE', contactId: 99 });
    expect(actor.getSnapshot().context).toBe(before);
    actor.send({ type: 'REMOVE', contactId: 1 });
    expect(actor.getSnapshot().context.contributors.map((one) => one.contactId)).toEqual([2]);
  });
});

describe('assignment machine: SET_ROLE', () => {
  it('a new leader demotes the day\'s other leader to backup, that day only', () => {
    const actor = start(base, { type: 'ADD', contributor: tom }, { type: 'ADD', contributor: mei });
    actor.send({ type: 'SET_ROLE', contactId: 2, date: DAYS[1], typePlanning: 'FIELD_LEADER' });
    expect(rolesOf(actor, 1)).toEqual(['FIELD_LEADER', 'FIELD_BACKUP', 'FIELD_LEADER']);
    expect(rolesOf(actor, 2)).toEqual(['FIELD_BACKUP', 'FIELD_LEADER', 'FIELD_BACKUP']);
  });

  it('another role leaves the others alone', () => {
    const actor = start(base, { type: 'ADD', contributor: tom }, { type: 'ADD', contributor: mei });
    actor.send({ type: 'SET_ROLE', contactId: 2, date: DAYS[0], typePlanning: 'FIELD_TRAINEE' });
    expect(rolesOf(actor, 1)).toEqual(['FIELD_LEADER', 'FIELD_LEADER', 'FIELD_LEADER']);
    expect(rolesOf(actor, 2)).toEqual(['FIELD_TRAINEE', 'FIELD_BACKUP', 'FIELD_BACKUP']);
  });

  it('refuses read-only representative cells, REPRESENTATIVE on an own cell, days off the service and unknown contributors (guard editableCell)', () => {
    const actor = start(base, { type: 'ADD', contributor: tom }, { type: 'ADD', contributor: li });
    const before = actor.getSnapshot().context;
    for (const event of [
      { type: 'SET_ROLE', contactId: 3, date: DAYS[0], typePlanning: 'FIELD_LEADER' },
      { type: 'SET_ROLE', contactId: 1, date: DAYS[0], typePlanning: 'REPRESENTATIVE' },
      { type: 'SET_ROLE', contactId: 1, date: '2027-03-09', typePlanning: 'FIELD_BACKUP' },
      { type: 'SET_ROLE', contactId: 42, date: DAYS[0], typePlanning: 'FIELD_BACKUP' },
    ] as const) actor.send(event);
    expect(actor.getSnapshot().context).toBe(before);
  });
});

describe('assignment machine: SET_END_DATE', () => {
  it('trims the roles to the shorter service', () => {
    const actor = start(base, { type: 'ADD', contributor: tom }, { type: 'SET_END_DATE', endDate: DAYS[1] });
    expect(actor.getSnapshot().context.days).toEqual(DAYS.slice(0, 2));
    expect(rolesOf(actor, 1)).toEqual(['FIELD_LEADER', 'FIELD_LEADER']);
  });

  it('extends the roles repeating each contributor\'s last role, one leader a day', () => {
    const actor = start(base, { type: 'ADD', contributor: tom }, { type: 'ADD', contributor: mei });
    actor.send({ type: 'SET_ROLE', contactId: 1, date: DAYS[2], typePlanning: 'FIELD_INSTRUCTOR' });
    actor.send({ type: 'SET_END_DATE', endDate: '2027-03-05' });
    expect(actor.getSnapshot().context.endDate).toBe('2027-03-05');
    expect(rolesOf(actor, 1)).toEqual(['FIELD_LEADER', 'FIELD_LEADER', 'FIELD_INSTRUCTOR', 'FIELD_INSTRUCTOR', 'FIELD_INSTRUCTOR']);
    expect(rolesOf(actor, 2)).toEqual(['FIELD_BACKUP', 'FIELD_BACKUP', 'FIELD_BACKUP', 'FIELD_BACKUP', 'FIELD_BACKUP']);
  });

  it('oneLeaderPerDay keeps the first leader of a day', () => {
    const fixed = oneLeaderPerDay([everyDay(1, ['FIELD_LEADER']), everyDay(2, ['FIELD_LEADER'])]);
    expect(fixed.map((one) => one.typePlannings[0].typePlanning)).toEqual(['FIELD_LEADER', 'FIELD_BACKUP']);
  });

  it('refuses a missing or earlier end date with its error, roles unchanged (guard validEndDate)', () => {
    const actor = start(base, { type: 'ADD', contributor: tom });
    actor.send({ type: 'SET_END_DATE', endDate: null });
    expect(actor.getSnapshot().matches({ editing: 'error' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(ASSIGNMENT_ERRORS.endDateRequired);
    actor.send({ type: 'SET_END_DATE', endDate: '2027-02-28' });
    expect(actor.getSnapshot().context.error).toBe(ASSIGNMENT_ERRORS.endDateBeforeStart);
    expect(actor.getSnapshot().context.days).toEqual(DAYS);
    expect(rolesOf(actor, 1)).toHaveLength(3);
  });
});

describe('assignment machine: SAVE and the §5 errors', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a valid assignment goes saving; SAVED reloads the stored one and edits again', () => {
    const actor = start(base, { type: 'ADD', contributor: tom }, { type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('saving');
    actor.send({ type: 'SAVED', assignment: { ...base, endDate: DAYS[1], contributors: [everyDay(2, ['FIELD_LEADER', 'FIELD_LEADER'])] } });
    expect(actor.getSnapshot().matches({ editing: 'quiet' })).toBe(true);
    expect(actor.getSnapshot().context.days).toEqual(DAYS.slice(0, 2));
    expect(rolesOf(actor, 2)).toEqual(['FIELD_LEADER', 'FIELD_LEADER']);
  });

  it('FAILED shows the server\'s message, cleared after the spec\'s 3000 ms', () => {
    const actor = start(base, { type: 'ADD', contributor: tom }, { type: 'SAVE' }, { type: 'FAILED', error: 'Server says no' });
    expect(actor.getSnapshot().matches({ editing: 'error' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Server says no');
    vi.advanceTimersByTime(ASSIGNMENT_ERROR_MS - 1);
    expect(actor.getSnapshot().context.error).toBe('Server says no');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ editing: 'quiet' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('no leader at all: "You need a leader" (guard valid false), shown 3000 ms', () => {
    const actor = start(base, { type: 'ADD', contributor: li }, { type: 'SAVE' });
    expect(actor.getSnapshot().matches({ editing: 'error' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(ASSIGNMENT_ERRORS.leader);
    vi.advanceTimersByTime(ASSIGNMENT_ERROR_MS);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a day on the field without a leader: "You need to assign one leader per service day"', () => {
    const actor = start(base, { type: 'ADD', contributor: tom }, { type: 'ADD', contributor: mei });
    actor.send({ type: 'SET_ROLE', contactId: 1, date: DAYS[1], typePlanning: 'FIELD_BACKUP' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.error).toBe(ASSIGNMENT_ERRORS.leaderPerDay);
    expect(actor.getSnapshot().value).not.toBe('saving');
  });

  it('a day where every contributor is not on the field needs no leader', () => {
    const actor = start(base, { type: 'ADD', contributor: tom }, { type: 'ADD', contributor: mei });
    actor.send({ type: 'SET_ROLE', contactId: 1, date: DAYS[1], typePlanning: 'NOT_ON_FIELD' });
    actor.send({ type: 'SET_ROLE', contactId: 2, date: DAYS[1], typePlanning: 'NOT_ON_FIELD' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('a new error while one shows restarts its 3000 ms', () => {
    const actor = start(base, { type: 'SAVE' });
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'SET_END_DATE', endDate: null });
    vi.advanceTimersByTime(2000);
    expect(actor.getSnapshot().context.error).toBe(ASSIGNMENT_ERRORS.endDateRequired);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a held error waits (pointer or focus on it) and counts its whole 3000 ms again once released', () => {
    const actor = start(base, { type: 'SAVE' });
    vi.advanceTimersByTime(2500);
    actor.send({ type: 'HOLD_ERROR' });
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().context.error).toBe(ASSIGNMENT_ERRORS.leader);
    actor.send({ type: 'RELEASE_ERROR' });
    vi.advanceTimersByTime(ASSIGNMENT_ERROR_MS - 1);
    expect(actor.getSnapshot().context.error).toBe(ASSIGNMENT_ERRORS.leader);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ editing: 'quiet' })).toBe(true);
    expect(actor.getSnapshot().context.errorHeld).toBe(false);
  });

  it('a new error while the pointer still holds the last one stays held', () => {
    const actor = start(base, { type: 'SAVE' }, { type: 'HOLD_ERROR' }, { type: 'SET_END_DATE', endDate: null });
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().context.error).toBe(ASSIGNMENT_ERRORS.endDateRequired);
    actor.send({ type: 'RELEASE_ERROR' });
    vi.advanceTimersByTime(ASSIGNMENT_ERROR_MS);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('DISMISS_ERROR clears a held error at once, and the next one counts down', () => {
    const actor = start(base, { type: 'SAVE' }, { type: 'HOLD_ERROR' }, { type: 'DISMISS_ERROR' });
    expect(actor.getSnapshot().matches({ editing: 'quiet' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'SAVE' });
    vi.advanceTimersByTime(ASSIGNMENT_ERROR_MS);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('assignmentErrors (the server\'s check) puts the end date first', () => {
    const led = [everyDay(1, ['FIELD_LEADER', 'FIELD_LEADER', 'FIELD_LEADER'])];
    expect(assignmentErrors(DAYS[0], DAYS[2], led)).toEqual([]);
    expect(assignmentErrors(DAYS[0], undefined, led)).toEqual([ASSIGNMENT_ERRORS.endDateRequired]);
    expect(assignmentErrors(DAYS[0], '2027-02-01', led)).toEqual([ASSIGNMENT_ERRORS.endDateBeforeStart]);
    expect(assignmentErrors(DAYS[0], DAYS[2], [])).toEqual([ASSIGNMENT_ERRORS.leader]);
  });
});
