import { describe, expect, it } from 'vitest';
import type { HeaderActionConfig } from '../../engine/config';
import { conditionHolds, valueAt } from '../../engine/record/header/conditions';
import { acceptedEvents, visibleActions } from '../../engine/record/header/visibleActions';
import { workflows } from '../../machines/index';
import { serviceActions, INITIAL_FLOW } from '../../machines/service';
import { allowedEvents } from '../../machines/workflow';

/**
 * A record header shows exactly the configured events the machine accepts AND the record's answer
 * grants (DESIGN rule 2): engine/record/header/visibleActions.ts, conditions.ts.
 */
const events = (...names: string[]): HeaderActionConfig[] => names.map((event) => ({ event }));
const names = (actions: HeaderActionConfig[]) => actions.map((action) => action.event);

describe('conditions on a record answer', () => {
  const record = { status: 'OPEN', locked: false, note: '', tags: [], rights: { sheet: { right: 'READ', forced: true }, assign: true } };

  it('reads dotted paths, and nothing past a missing step', () => {
    expect(valueAt(record, 'rights.sheet.right')).toBe('READ');
    expect(valueAt(record, 'rights.missing.right')).toBeUndefined();
    expect(valueAt(record, 'status.length')).toBeUndefined();
  });

  it('holds when every expectation does: equal, empty, not, in, notIn', () => {
    expect(conditionHolds(undefined, record)).toBe(true);
    expect(conditionHolds({ 'rights.assign': true, status: 'OPEN' }, record)).toBe(true);
    expect(conditionHolds({ 'rights.assign': true, status: 'CLOSED' }, record)).toBe(false);
    expect(conditionHolds({ note: { empty: true }, tags: { empty: true }, missing: { empty: true } }, record)).toBe(true);
    expect(conditionHolds({ status: { empty: false } }, record)).toBe(true);
    expect(conditionHolds({ 'rights.sheet.right': { not: 'WRITE' } }, record)).toBe(true);
    expect(conditionHolds({ 'rights.sheet.right': { not: 'READ' } }, record)).toBe(false);
    expect(conditionHolds({ status: { in: ['OPEN', 'DONE'] } }, record)).toBe(true);
    expect(conditionHolds({ status: { notIn: ['OPEN', 'DONE'] } }, record)).toBe(false);
    // A right the answer does not carry is not granted.
    expect(conditionHolds({ 'rights.delete': true }, record)).toBe(false);
  });
});

describe('the actions a header shows: machine accepts × rights permit', () => {
  it('keeps the configured order and leaves out what the machine does not accept', () => {
    expect(names(visibleActions(events('C', 'A', 'B'), ['A', 'B', 'C'], {}))).toEqual(['C', 'A', 'B']);
    expect(names(visibleActions(events('C', 'A', 'B'), ['B'], {}))).toEqual(['B']);
    // An event the machine accepts but the screen does not configure is not drawn.
    expect(names(visibleActions(events('A'), ['A', 'Z'], {}))).toEqual(['A']);
  });

  it('leaves out an accepted event whose right the record answer does not grant, and an event granted but not accepted', () => {
    const configured: HeaderActionConfig[] = [{ event: 'APPROVE', when: { 'rights.approve': true } }, { event: 'REJECT' }];
    expect(names(visibleActions(configured, ['APPROVE', 'REJECT'], { rights: { approve: false } }))).toEqual(['REJECT']);
    expect(names(visibleActions(configured, ['APPROVE', 'REJECT'], { rights: { approve: true } }))).toEqual(['APPROVE', 'REJECT']);
    expect(names(visibleActions(configured, ['REJECT'], { rights: { approve: true } }))).toEqual(['REJECT']);
  });

  it("takes what the machine accepts from the answer's own list when the header names it, else from the record's status", () => {
    expect(acceptedEvents({ accepted: 'actions', events: [] }, { actions: ['X', 3, 'Y'] }, ['Z'])).toEqual(['X', 'Y']);
    expect(acceptedEvents({ accepted: 'actions', events: [] }, {}, ['Z'])).toEqual([]);
    expect(acceptedEvents({ events: [] }, { actions: ['X'] }, ['Z'])).toEqual(['Z']);
    expect(acceptedEvents(undefined, {}, ['Z'])).toEqual(['Z']);
  });

  it("with a real machine: a fee sheet to validate offers VALIDATE and TOFIX, a right held back hides one", () => {
    const accepted = allowedEvents(workflows.fee, 'TOVALIDATE', { feeLines: [{}] });
    const configured: HeaderActionConfig[] = [{ event: 'REQUEST_VALIDATION' }, { event: 'VALIDATE', when: { 'rights.validate': true } }, { event: 'TOFIX' }];
    expect(names(visibleActions(configured, accepted, { rights: { validate: true } }))).toEqual(['VALIDATE', 'TOFIX']);
    expect(names(visibleActions(configured, accepted, { rights: { validate: false } }))).toEqual(['TOFIX']);
  });

  it("with the service machine run for the caller by the server: the answer's `actions` decide, the screen file's order draws", () => {
    const accepted = serviceActions('OPENED', INITIAL_FLOW, { by: 'DECISION_MAKER', owner: true, workflow: true });
    const configured = events('CONFIRM', 'COMPLETE', 'REQUEST_CANCEL', 'CANCEL', 'REOPEN');
    const shown = names(visibleActions(configured, acceptedEvents({ accepted: 'actions', events: configured }, { actions: accepted }, []), {}));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(configured.map((action) => action.event).filter((event) => accepted.includes(event as never)));
    expect(shown).not.toContain('COMPLETE');
  });
});

describe('an empty object is empty', () => {
  it('`{ empty: false }` holds for an object with keys only (a record without custom values hides their panel)', () => {
    expect(conditionHolds({ customFieldService: { empty: false } }, { customFieldService: {} })).toBe(false);
    expect(conditionHolds({ customFieldService: { empty: false } }, { customFieldService: { LOT: 'A' } })).toBe(true);
    expect(conditionHolds({ customFieldService: { empty: true } }, {})).toBe(true);
  });
});
