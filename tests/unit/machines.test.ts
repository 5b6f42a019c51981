import { describe, expect, it } from 'vitest';
import { allEvents, allowedEvents, initialStatus, nextStatus, workflows } from '../../machines/index';

/**
 * The expected workflow of every record machine, written out by hand: status → event → next status.
 * Every (status, event) pair not listed must be refused. A new workflow needs its table here.
 */
const expected: Record<string, { initial: string; events: string[]; transitions: Record<string, Record<string, string>>; record?: Record<string, unknown> }> = {
  capa: {
    initial: 'NEW',
    events: ['START', 'COMPLETE', 'REOPEN'],
    transitions: {
      NEW: { START: 'IN_PROGRESS', COMPLETE: 'COMPLETED' },
      IN_PROGRESS: { COMPLETE: 'COMPLETED' },
      COMPLETED: { REOPEN: 'IN_PROGRESS' },
    },
  },
  qualityAlert: {
    initial: 'DRAFT',
    events: ['SEND', 'OPEN', 'ADDRESS', 'CLOSE', 'REOPEN'],
    transitions: {
      DRAFT: { SEND: 'SENT', OPEN: 'OPENED' },
      SENT: { ADDRESS: 'ADDRESSED' },
      ADDRESSED: { CLOSE: 'CLOSED' },
      OPENED: { CLOSE: 'CLOSED' },
      CLOSED: { REOPEN: 'OPENED' },
    },
  },
  matrix8d: {
    initial: 'PROBLEMS',
    events: ['ANALYSE', 'CONCLUDE', 'BACK'],
    transitions: {
      PROBLEMS: { ANALYSE: 'ANALYSIS' },
      ANALYSIS: { CONCLUDE: 'RESULT', BACK: 'PROBLEMS' },
      RESULT: { BACK: 'ANALYSIS' },
    },
  },
  structuralCost: {
    initial: 'CREATED',
    events: ['VERIFY', 'UNVERIFY'],
    transitions: {
      CREATED: { VERIFY: 'VERIFIED' },
      GENERATED: { VERIFY: 'VERIFIED' },
      VERIFIED: { UNVERIFY: 'CREATED' },
    },
  },
  // A sheet with a line: the guard of REQUEST_VALIDATION passes (tests/unit/fee-machine.test.ts takes it both ways).
  fee: {
    initial: 'CREATED',
    events: ['REQUEST_VALIDATION', 'VALIDATE', 'TOFIX'],
    transitions: {
      CREATED: { REQUEST_VALIDATION: 'TOVALIDATE' },
      TOVALIDATE: { VALIDATE: 'VALID', TOFIX: 'TOFIX' },
      TOFIX: { REQUEST_VALIDATION: 'TOVALIDATE' },
      VALID: {},
    },
    record: { feeLines: [{ feeLineId: 1 }] },
  },
  // Seen from the invited company that made the link inactive (tests/unit/network-link-machine.test.ts takes every side).
  networkLink: {
    initial: 'NONE',
    events: ['INVITE', 'ADD', 'ACCEPT', 'REFUSE', 'DEACTIVATE', 'REACTIVATE'],
    transitions: {
      NONE: {},
      PENDING: { ACCEPT: 'ACTIVE', REFUSE: 'INACTIVE' },
      ACTIVE: { DEACTIVATE: 'INACTIVE' },
      INACTIVE: { REACTIVATE: 'ACTIVE' },
    },
    record: { side: 'INVITED', createNetwork: true, partnerAnswers: true, inactiveSide: 'INVITED' },
  },
  invoice: {
    initial: 'W',
    events: ['VALIDATE', 'PAY', 'LOSE'],
    transitions: {
      W: { VALIDATE: 'I' },
      I: { PAY: 'M', LOSE: 'L' },
      M: {},
      L: {},
    },
  },
};

describe('workflow registry', () => {
  it('has a transition table in this test for every workflow', () => {
    expect(Object.keys(workflows).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(workflows))('%s: registry name equals the machine id (generated/machines and workflow.<id> labels)', (name, machine) => {
    expect(machine.id).toBe(name);
  });
});

describe.each(Object.entries(expected))('%s workflow', (name, table) => {
  const machine = workflows[name];
  const statuses = Object.keys(table.transitions);
  const cases = statuses.flatMap((status) => table.events.map((event) => [status, event, table.transitions[status][event] ?? null] as const));

  it(`starts at ${table.initial}`, () => {
    expect(initialStatus(machine)).toBe(table.initial);
  });

  it('knows exactly the expected statuses and events', () => {
    expect(Object.keys(machine.root.states)).toEqual(statuses);
    expect(allEvents(machine)).toEqual(table.events);
  });

  it.each(statuses)('allows from %s exactly the events of the table', (status) => {
    expect(allowedEvents(machine, status, table.record)).toEqual(table.events.filter((event) => event in table.transitions[status]));
  });

  it.each(cases)('%s --%s--> %s', (status, event, next) => {
    expect(nextStatus(machine, status, event, table.record)).toBe(next);
  });

  it('refuses everything from an unknown status and an unknown event from any status', () => {
    expect(allowedEvents(machine, 'NO_SUCH_STATUS')).toEqual([]);
    expect(nextStatus(machine, 'NO_SUCH_STATUS', table.events[0])).toBeNull();
    for (const status of statuses) expect(nextStatus(machine, status, 'NO_SUCH_EVENT')).toBeNull();
  });
});
