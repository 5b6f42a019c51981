import { describe, expect, it } from 'vitest';
import { eventAllowed, eventRulesOf } from '../../engine/schema/events';

/** `x-events` as the server and the browser read it: the rules of each event and whether a caller may take it. */
const schema = {
  'x-roles': ['MANAGER', 'CONTRIBUTOR'],
  'x-events': {
    SEND: {},
    APPROVE: { roles: ['APPROVER', ['MANAGER', 'COMPANY_ADMIN']] },
    RETURN: { roles: ['APPROVER'], input: ['comment'], required: ['comment'], count: 'returns' },
  },
};

describe('x-events', () => {
  it('gives each event its rules, and none for a schema without x-events', () => {
    expect(eventRulesOf(schema).RETURN).toEqual({ roles: ['APPROVER'], input: ['comment'], required: ['comment'], count: 'returns' });
    expect(eventRulesOf({})).toEqual({});
    expect(eventRulesOf(undefined)).toEqual({});
  });

  it('allows an event without roles, or not listed, to anyone; one with roles per its role rule', () => {
    expect(eventAllowed(schema, 'SEND', ['CONTRIBUTOR'])).toBe(true);
    expect(eventAllowed(schema, 'UNLISTED', [])).toBe(true);
    expect(eventAllowed(schema, 'APPROVE', ['CONTRIBUTOR'])).toBe(false);
    expect(eventAllowed(schema, 'APPROVE', ['MANAGER'])).toBe(false);
    expect(eventAllowed(schema, 'APPROVE', new Set(['MANAGER', 'COMPANY_ADMIN']))).toBe(true);
    expect(eventAllowed(schema, 'RETURN', ['APPROVER'])).toBe(true);
  });
});
