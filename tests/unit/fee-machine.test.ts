import { describe, expect, it } from 'vitest';
import { feeMachine } from '../../machines/fee';
import { allEvents, allowedEvents, initialStatus, nextStatus } from '../../machines/workflow';

/** The fee sheet workflow (spec-2 §5.5): every transition, the `hasLines` guard both ways, and the refusals. */
const withLines = { feeLines: [{ feeLineId: 1, date: '2026-03-02', contributors: [4] }] };
const noLines = { feeLines: [] };

describe('fee machine', () => {
  it('starts at CREATED and knows four statuses and three events', () => {
    expect(initialStatus(feeMachine)).toBe('CREATED');
    expect(Object.keys(feeMachine.root.states)).toEqual(['CREATED', 'TOVALIDATE', 'TOFIX', 'VALID']);
    expect(allEvents(feeMachine)).toEqual(['REQUEST_VALIDATION', 'VALIDATE', 'TOFIX']);
  });

  it.each([
    ['CREATED', 'REQUEST_VALIDATION', 'TOVALIDATE'],
    ['TOVALIDATE', 'VALIDATE', 'VALID'],
    ['TOVALIDATE', 'TOFIX', 'TOFIX'],
    ['TOFIX', 'REQUEST_VALIDATION', 'TOVALIDATE'],
  ])('%s --%s--> %s (with lines)', (status, event, next) => {
    expect(nextStatus(feeMachine, status, event, withLines)).toBe(next);
  });

  it.each(['CREATED', 'TOFIX'])('from %s, REQUEST_VALIDATION needs at least one line (hasLines)', (status) => {
    expect(nextStatus(feeMachine, status, 'REQUEST_VALIDATION', noLines)).toBeNull();
    expect(nextStatus(feeMachine, status, 'REQUEST_VALIDATION', {})).toBeNull();
    expect(nextStatus(feeMachine, status, 'REQUEST_VALIDATION')).toBeNull();
    expect(allowedEvents(feeMachine, status, noLines)).toEqual([]);
    expect(allowedEvents(feeMachine, status, withLines)).toEqual(['REQUEST_VALIDATION']);
  });

  it('refuses every other move, and anything from VALID', () => {
    expect(allowedEvents(feeMachine, 'TOVALIDATE', withLines)).toEqual(['VALIDATE', 'TOFIX']);
    expect(allowedEvents(feeMachine, 'VALID', withLines)).toEqual([]);
    for (const event of ['VALIDATE', 'TOFIX']) {
      expect(nextStatus(feeMachine, 'CREATED', event, withLines)).toBeNull();
      expect(nextStatus(feeMachine, 'TOFIX', event, withLines)).toBeNull();
    }
    expect(nextStatus(feeMachine, 'TOVALIDATE', 'REQUEST_VALIDATION', withLines)).toBeNull();
    expect(nextStatus(feeMachine, 'NO_SUCH_STATUS', 'VALIDATE', withLines)).toBeNull();
  });
});
