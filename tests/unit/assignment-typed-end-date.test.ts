import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ASSIGNMENT_ERRORS, assignmentMachine, typedEndDateError, type AssignmentEvent, type AssignmentInput } from '../../machines/assignment';

/**
 * An end date the dialog cannot take (no date, emptied, before the start) is held as typed and
 * Save waits: the previous date is never saved in its place (issue: "31/11/2026" showed a banner,
 * then Save stored the old date).
 */
const DAYS = ['2027-03-01', '2027-03-02', '2027-03-03'];
const tom = { contactId: 1, fullName: 'Tom Becker', acronym: 'TB', representative: false };
const led: AssignmentInput = { startDate: DAYS[0], endDate: DAYS[2], contributors: [{ ...tom, typePlannings: DAYS.map((date) => ({ date, typePlanning: 'FIELD_LEADER' as const })) }] };

function start(...events: AssignmentEvent[]) {
  const actor = createActor(assignmentMachine, { input: led }).start();
  events.forEach((event) => actor.send(event));
  return actor;
}

describe('assignment machine: a refused end date is kept and blocks Save', () => {
  for (const [typed, error] of [
    ['31/11/2026', ASSIGNMENT_ERRORS.endDateUnread],
    ['28/11/2026', ASSIGNMENT_ERRORS.endDateUnread],
    [null, ASSIGNMENT_ERRORS.endDateRequired],
    ['2027-02-27', ASSIGNMENT_ERRORS.endDateBeforeStart],
  ] as const) {
    it(`holds ${JSON.stringify(typed)} as typed, keeps the days and refuses Save with ${error}`, () => {
      const actor = start({ type: 'SET_END_DATE', endDate: typed });
      expect(actor.getSnapshot().context).toMatchObject({ endDate: DAYS[2], typedEndDate: typed ?? '', days: DAYS, error });
      actor.send({ type: 'SAVE' });
      expect(actor.getSnapshot().matches('saving')).toBe(false);
      expect(actor.getSnapshot().context.error).toBe(error);
    });
  }

  it('a good date typed afterwards clears it, and Save goes on with that date', () => {
    const actor = start({ type: 'SET_END_DATE', endDate: '31/11/2026' }, { type: 'SET_END_DATE', endDate: DAYS[1] });
    expect(actor.getSnapshot().context).toMatchObject({ endDate: DAYS[1], typedEndDate: null, days: DAYS.slice(0, 2) });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
  });

  it('a saved answer loads clean', () => {
    const actor = start({ type: 'SET_END_DATE', endDate: 'soon' });
    actor.send({ type: 'LOAD', assignment: led });
    expect(actor.getSnapshot().context.typedEndDate).toBeNull();
  });

  it('typedEndDateError names a text that is no date apart from a missing one', () => {
    expect(typedEndDateError(DAYS[0], '31/11/2026')).toBe(ASSIGNMENT_ERRORS.endDateUnread);
    expect(typedEndDateError(DAYS[0], '2026-11-31')).toBe(ASSIGNMENT_ERRORS.endDateUnread);
    expect(typedEndDateError(DAYS[0], '')).toBe(ASSIGNMENT_ERRORS.endDateRequired);
    expect(typedEndDateError(DAYS[0], null)).toBe(ASSIGNMENT_ERRORS.endDateRequired);
    expect(typedEndDateError(DAYS[0], DAYS[2])).toBeNull();
  });
});
