import { describe, expect, it } from 'vitest';
import {
  TASK_RULES,
  highestLevel,
  moveTask,
  taskChanges,
  taskCondition,
  taskMachine,
  type TaskCondition,
  type TaskFacts,
  type TaskTrigger,
  type TaskType,
} from '../../machines/task';

/** The task lifecycle (spec §4, docs/tasks.md): every transition and guard of the machine, every row of the rule table. */
const ALL_TYPES: TaskType[] = [
  'CHECK_INVOICE',
  'MISSING_ELEMENT',
  'REQUEST_CANCEL',
  'REQUEST_CONFIRMATION_DATE',
  'REQUEST_INSPECTION_DATE',
  'SERVICE_TO_COMPLETE',
  'SERVICE_TO_PERFORM',
  'SERVICE_TO_PREPARE',
  'WAITING_DECISION',
];
const created = (trigger: TaskTrigger, facts: TaskFacts) => taskChanges(trigger, facts).create.map((spec) => `${spec.type}:${spec.level}:${spec.party}:${spec.due}`);
const expired = (trigger: TaskTrigger, facts: TaskFacts) => {
  const changes = taskChanges(trigger, facts);
  return changes.all ? 'ALL' : [...changes.expire].sort();
};
const DATE_REQUESTS = ['REQUEST_CONFIRMATION_DATE', 'REQUEST_INSPECTION_DATE'];

describe('task machine', () => {
  it('starts OPEN; DONE and EXPIRED are final', () => {
    expect(taskMachine.config.initial).toBe('OPEN');
    expect(Object.keys(taskMachine.root.states)).toEqual(['OPEN', 'DONE', 'EXPIRED']);
    expect(taskMachine.root.states.DONE.type).toBe('atomic');
    expect(Object.keys(taskMachine.root.states.DONE.on)).toEqual([]);
    expect(Object.keys(taskMachine.root.states.EXPIRED.on)).toEqual([]);
  });

  it.each(ALL_TYPES)('OPEN --DONE--> DONE (%s: a user closes any type)', (type) => {
    expect(moveTask('OPEN', type, { type: 'DONE' })).toBe('DONE');
  });

  it('OPEN --EXPIRE--> EXPIRED when the trigger expires the type (expiredByTrigger)', () => {
    expect(moveTask('OPEN', 'REQUEST_INSPECTION_DATE', { type: 'EXPIRE', trigger: 'ACCEPT_DATE', facts: {} })).toBe('EXPIRED');
    expect(moveTask('OPEN', 'MISSING_ELEMENT', { type: 'EXPIRE', trigger: 'ELEMENT_ADDED', facts: {} })).toBe('EXPIRED');
    // CANCEL expires every type.
    for (const type of ALL_TYPES) expect(moveTask('OPEN', type, { type: 'EXPIRE', trigger: 'CANCEL', facts: {} })).toBe('EXPIRED');
  });

  it('EXPIRE is refused when the trigger does not answer the type (expiredByTrigger false)', () => {
    expect(moveTask('OPEN', 'REQUEST_CANCEL', { type: 'EXPIRE', trigger: 'ACCEPT_DATE', facts: {} })).toBeNull();
    expect(moveTask('OPEN', 'WAITING_DECISION', { type: 'EXPIRE', trigger: 'DECIDED', facts: { decisionPending: true } })).toBeNull();
    expect(moveTask('OPEN', 'SERVICE_TO_PREPARE', { type: 'EXPIRE', trigger: 'POSTPONE', facts: { fromStep: 'OPENED', toStep: 'OPENED' } })).toBeNull();
  });

  it.each(['DONE', 'EXPIRED'] as const)('a %s task moves no more (neither DONE nor EXPIRE)', (status) => {
    expect(moveTask(status, 'SERVICE_TO_PREPARE', { type: 'DONE' })).toBeNull();
    expect(moveTask(status, 'SERVICE_TO_PREPARE', { type: 'EXPIRE', trigger: 'CANCEL', facts: {} })).toBeNull();
  });

  it('an unknown status is refused, not resolved', () => {
    expect(moveTask('LOST' as never, 'SERVICE_TO_PREPARE', { type: 'DONE' })).toBeNull();
  });
});

describe('task rule table', () => {
  it('date request: a customer proposal asks the provider (REQUEST_INSPECTION_DATE, HIGH); every proposal replaces the waiting request', () => {
    for (const trigger of ['CREATED', 'REQUEST_DATE', 'POSTPONE'] as const) {
      for (const by of ['DECISION_MAKER', 'ORDER_TAKER'] as const) {
        expect(created(trigger, { by, fromStep: 'OPENED', toStep: 'OPENED' })).toEqual(['REQUEST_INSPECTION_DATE:HIGH:SERVICE_PROVIDER:PROPOSED']);
        expect(expired(trigger, { by, fromStep: 'OPENED', toStep: 'OPENED' })).toEqual(DATE_REQUESTS);
      }
    }
  });

  it('date request: a provider proposal asks the orderer (REQUEST_CONFIRMATION_DATE, HIGH)', () => {
    for (const trigger of ['CREATED', 'REQUEST_DATE', 'POSTPONE'] as const) {
      expect(created(trigger, { by: 'SERVICE_PROVIDER', toStep: 'OPENED' })).toEqual(['REQUEST_CONFIRMATION_DATE:HIGH:ORDERER:PROPOSED']);
      expect(expired(trigger, { by: 'SERVICE_PROVIDER', toStep: 'OPENED' })).toEqual(DATE_REQUESTS);
    }
    // Nobody acting (no side): no request.
    expect(created('REQUEST_DATE', {})).toEqual([]);
  });

  it('a provider proposal its settings confirm at once (docs/settings.md): no request, the confirmed service asks to prepare and for elements', () => {
    for (const trigger of ['CREATED', 'REQUEST_DATE', 'POSTPONE'] as const) {
      expect(created(trigger, { by: 'SERVICE_PROVIDER', fromStep: 'OPENED', toStep: 'CONFIRMED', hasElements: false })).toEqual([
        'SERVICE_TO_PREPARE:LOW:SERVICE_PROVIDER:START',
        'MISSING_ELEMENT:LOW:OWNER:START',
      ]);
      expect(expired(trigger, { by: 'SERVICE_PROVIDER', fromStep: 'OPENED', toStep: 'CONFIRMED' })).toEqual(DATE_REQUESTS);
    }
    // A confirmed service whose provider moves the date stays confirmed: nothing new to prepare.
    expect(created('POSTPONE', { by: 'SERVICE_PROVIDER', fromStep: 'CONFIRMED', toStep: 'CONFIRMED' })).toEqual([]);
  });

  it('date request: an answer expires it (ACCEPT_DATE, REFUSE_DATE) and creates nothing unless it confirms', () => {
    expect(expired('REFUSE_DATE', { by: 'SERVICE_PROVIDER' })).toEqual(DATE_REQUESTS);
    expect(created('REFUSE_DATE', { by: 'SERVICE_PROVIDER' })).toEqual([]);
    expect(expired('ACCEPT_DATE', { by: 'DECISION_MAKER', fromStep: 'OPENED', toStep: 'OPENED' })).toEqual(DATE_REQUESTS);
    expect(created('ACCEPT_DATE', { by: 'DECISION_MAKER', fromStep: 'OPENED', toStep: 'OPENED' })).toEqual([]);
  });

  it.each(['ACCEPT_DATE', 'CONFIRM'] as const)('to prepare and missing element: %s that confirms asks the provider to prepare and the owner for elements', (trigger) => {
    expect(created(trigger, { fromStep: 'REQUESTED', toStep: 'CONFIRMED', hasElements: false })).toEqual([
      'SERVICE_TO_PREPARE:LOW:SERVICE_PROVIDER:START',
      'MISSING_ELEMENT:LOW:OWNER:START',
    ]);
    expect(created(trigger, { fromStep: 'OPENED', toStep: 'CONFIRMED', hasElements: true })).toEqual(['SERVICE_TO_PREPARE:LOW:SERVICE_PROVIDER:START']);
    // Already confirmed before: nothing new.
    expect(created(trigger, { fromStep: 'CONFIRMED', toStep: 'CONFIRMED' })).toEqual([]);
  });

  it('missing element: an element file expires it; deleting the last one of a confirmed service asks again', () => {
    expect(expired('ELEMENT_ADDED', {})).toEqual(['MISSING_ELEMENT']);
    expect(created('ELEMENT_ADDED', {})).toEqual([]);
    expect(created('ELEMENT_REMOVED', { toStep: 'CONFIRMED', hasElements: false })).toEqual(['MISSING_ELEMENT:LOW:OWNER:START']);
    expect(created('ELEMENT_REMOVED', { toStep: 'CONFIRMED', hasElements: true })).toEqual([]);
    expect(created('ELEMENT_REMOVED', { toStep: 'TERMINATED', hasElements: false })).toEqual([]);
    expect(expired('ELEMENT_REMOVED', { toStep: 'CONFIRMED', hasElements: false })).toEqual([]);
  });

  it('a postponed confirmed service drops what its confirmation asked (leavesConfirmed); a postponed unconfirmed one does not', () => {
    expect(expired('POSTPONE', { by: 'DECISION_MAKER', fromStep: 'CONFIRMED', toStep: 'OPENED' })).toEqual(
      ['MISSING_ELEMENT', ...DATE_REQUESTS, 'SERVICE_TO_COMPLETE', 'SERVICE_TO_PERFORM', 'SERVICE_TO_PREPARE'].sort(),
    );
    expect(expired('POSTPONE', { by: 'DECISION_MAKER', fromStep: 'OPENED', toStep: 'OPENED' })).toEqual(DATE_REQUESTS);
  });

  it('to complete: the last day passed on a confirmed service (MID, due its last day) replaces to prepare and to perform', () => {
    expect(created('LAST_DAY_PASSED', { toStep: 'CONFIRMED' })).toEqual(['SERVICE_TO_COMPLETE:MID:SERVICE_PROVIDER:LAST_DAY']);
    expect(expired('LAST_DAY_PASSED', { toStep: 'CONFIRMED' })).toEqual(['SERVICE_TO_PERFORM', 'SERVICE_TO_PREPARE']);
    expect(created('LAST_DAY_PASSED', { toStep: 'TERMINATED' })).toEqual([]);
    expect(expired('LAST_DAY_PASSED', { toStep: 'TERMINATED' })).toEqual([]);
  });

  it('COMPLETE expires the confirmed work and the waiting requests, and asks the decision maker when the report waits (MID)', () => {
    expect(expired('COMPLETE', { fromStep: 'CONFIRMED', toStep: 'TERMINATED' })).toEqual(
      ['MISSING_ELEMENT', 'REQUEST_CANCEL', ...DATE_REQUESTS, 'SERVICE_TO_COMPLETE', 'SERVICE_TO_PERFORM', 'SERVICE_TO_PREPARE'].sort(),
    );
    expect(created('COMPLETE', { fromStep: 'CONFIRMED', toStep: 'TERMINATED', decisionPending: true })).toEqual(['WAITING_DECISION:MID:DECISION_MAKER:TODAY']);
    expect(created('COMPLETE', { fromStep: 'CONFIRMED', toStep: 'TERMINATED', decisionPending: false })).toEqual([]);
  });

  it('decision: a report saved on a terminated service waits for the decision; a decision expires it, PENDING does not', () => {
    expect(created('REPORT_AVAILABLE', { toStep: 'TERMINATED', decisionPending: true })).toEqual(['WAITING_DECISION:MID:DECISION_MAKER:TODAY']);
    expect(created('REPORT_AVAILABLE', { toStep: 'CONFIRMED', decisionPending: true })).toEqual([]);
    expect(expired('DECIDED', { decisionPending: false })).toEqual(['WAITING_DECISION']);
    expect(expired('DECIDED', { decisionPending: true })).toEqual([]);
  });

  it('cancel request: asked of the provider (HIGH), expired by its answer; cancelling or reopening expires every task', () => {
    expect(created('REQUEST_CANCEL', { by: 'DECISION_MAKER' })).toEqual(['REQUEST_CANCEL:HIGH:SERVICE_PROVIDER:TODAY']);
    expect(expired('DECLINE_CANCEL', {})).toEqual(['REQUEST_CANCEL']);
    for (const trigger of ['CONFIRM_CANCEL', 'CANCEL', 'REOPEN'] as const) {
      expect(expired(trigger, {})).toBe('ALL');
      expect(created(trigger, {})).toEqual([]);
    }
  });

  it('every condition both ways', () => {
    const cases: [TaskCondition, TaskFacts, TaskFacts][] = [
      ['byCustomer', { by: 'ORDER_TAKER' }, { by: 'SERVICE_PROVIDER' }],
      ['providerProposalWaits', { by: 'SERVICE_PROVIDER', toStep: 'OPENED' }, { by: 'DECISION_MAKER', toStep: 'OPENED' }],
      // A provider's proposal its settings confirm at once waits for nobody (docs/settings.md).
      ['providerProposalWaits', { by: 'SERVICE_PROVIDER', toStep: 'OPENED' }, { by: 'SERVICE_PROVIDER', toStep: 'CONFIRMED' }],
      ['confirms', { fromStep: 'OPENED', toStep: 'CONFIRMED' }, { fromStep: 'CONFIRMED', toStep: 'CONFIRMED' }],
      ['confirmsWithoutElements', { fromStep: 'OPENED', toStep: 'CONFIRMED', hasElements: false }, { fromStep: 'OPENED', toStep: 'CONFIRMED', hasElements: true }],
      ['leavesConfirmed', { fromStep: 'CONFIRMED', toStep: 'REQUESTED' }, { fromStep: 'REQUESTED', toStep: 'OPENED' }],
      ['decisionPending', { toStep: 'TERMINATED', decisionPending: true }, { toStep: 'TERMINATED', decisionPending: false }],
      // The decision maker's settings may want no decision (docs/settings.md).
      ['decisionPending', { toStep: 'TERMINATED', decisionPending: true, decisionNeeded: true }, { toStep: 'TERMINATED', decisionPending: true, decisionNeeded: false }],
      ['decided', { decisionPending: false }, {}],
      ['confirmedWithoutElements', { toStep: 'CONFIRMED', hasElements: false }, { toStep: 'CONFIRMED', hasElements: true }],
      ['stillConfirmed', { toStep: 'CONFIRMED' }, { toStep: 'CANCELLED' }],
    ];
    for (const [name, holds, fails] of cases) {
      expect(taskCondition(name, holds), name).toBe(true);
      expect(taskCondition(name, fails), name).toBe(false);
    }
    // Each named condition is used by a row, and each row's condition is tested above.
    expect(new Set(TASK_RULES.flatMap((rule) => (rule.when ? [rule.when] : [])))).toEqual(new Set(cases.map(([name]) => name)));
  });

  it('levels: HIGH for the requests waiting for an answer, MID to complete and for a decision, LOW otherwise; no rule creates CHECK_INVOICE', () => {
    const specs = TASK_RULES.flatMap((rule) => rule.create ?? []);
    const levelOf = Object.fromEntries(specs.map((spec) => [spec.type, spec.level]));
    expect(levelOf).toEqual({
      REQUEST_INSPECTION_DATE: 'HIGH',
      REQUEST_CONFIRMATION_DATE: 'HIGH',
      REQUEST_CANCEL: 'HIGH',
      SERVICE_TO_COMPLETE: 'MID',
      WAITING_DECISION: 'MID',
      SERVICE_TO_PREPARE: 'LOW',
      SERVICE_TO_PERFORM: 'LOW',
      MISSING_ELEMENT: 'LOW',
    });
    expect(highestLevel(['LOW', 'HIGH', 'MID'])).toBe('HIGH');
    expect(highestLevel(['LOW', 'MID'])).toBe('MID');
    expect(highestLevel([])).toBeUndefined();
  });

  it('to perform: an assignment of a confirmed service replaces to prepare (LOW, due its first day); of another step it does nothing; the last day passing, COMPLETE and a postponement expire it', () => {
    expect(taskChanges('ASSIGNED', { by: 'SERVICE_PROVIDER', toStep: 'CONFIRMED' })).toEqual({
      create: [{ type: 'SERVICE_TO_PERFORM', level: 'LOW', party: 'SERVICE_PROVIDER', due: 'START' }],
      expire: ['SERVICE_TO_PREPARE'],
      all: false,
    });
    expect(taskChanges('ASSIGNED', { by: 'SERVICE_PROVIDER', toStep: 'REQUESTED' })).toEqual({ create: [], expire: [], all: false });
    expect(moveTask('OPEN', 'SERVICE_TO_PERFORM', { type: 'EXPIRE', trigger: 'LAST_DAY_PASSED', facts: { toStep: 'CONFIRMED' } })).toBe('EXPIRED');
    expect(moveTask('OPEN', 'SERVICE_TO_PERFORM', { type: 'EXPIRE', trigger: 'COMPLETE', facts: { toStep: 'TERMINATED' } })).toBe('EXPIRED');
    expect(moveTask('OPEN', 'SERVICE_TO_PERFORM', { type: 'EXPIRE', trigger: 'POSTPONE', facts: { fromStep: 'CONFIRMED', toStep: 'OPENED' } })).toBe('EXPIRED');
    expect(moveTask('OPEN', 'SERVICE_TO_PERFORM', { type: 'EXPIRE', trigger: 'ASSIGNED', facts: { toStep: 'CONFIRMED' } })).toBeNull();
  });

  it('a trigger no row names changes nothing', () => {
    expect(taskChanges('REQUEST_DATE', {}, [])).toEqual({ create: [], expire: [], all: false });
  });
});
