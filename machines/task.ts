import { setup, transition } from 'xstate';
import type { ServiceSide, ServiceStep } from './service';

/**
 * Tasks (spec §3 task types and levels, §4 task lifecycles), pure: the server creates and expires
 * a company's tasks with it inside the transaction of the service event, the seed derives the demo
 * tasks from the same table, and the dashboard lists the open ones.
 *
 * A task is OPEN until a user of its company marks it DONE (done or dismissed, `PATCH
 * /back/bo/tasks/{id}`), or until the service event that answers it EXPIRES it (`TASK_RULES`).
 */
export type TaskType =
  | 'CHECK_INVOICE'
  | 'MISSING_ELEMENT'
  | 'REQUEST_CANCEL'
  | 'REQUEST_CONFIRMATION_DATE'
  | 'REQUEST_INSPECTION_DATE'
  | 'SERVICE_TO_COMPLETE'
  | 'SERVICE_TO_PERFORM'
  | 'SERVICE_TO_PREPARE'
  | 'WAITING_DECISION';
export type TaskLevel = 'LOW' | 'MID' | 'HIGH';
export type TaskStatus = 'OPEN' | 'DONE' | 'EXPIRED';

/** Highest first: a service's level for a company is its highest open task's. */
export const TASK_LEVELS: readonly TaskLevel[] = ['HIGH', 'MID', 'LOW'];

/**
 * What happens to a service that tasks follow: its workflow actions (machines/service.ts), its
 * creation (the creator's first date proposal), an element file added on the sheet, contributors
 * put on the field by an assignment (server/planning), a report
 * saved while terminated, the client's decision, and its last day passing while CONFIRMED (found
 * by the daily sweep of server/tasks/lifecycle.ts).
 */
export type TaskTrigger =
  | 'CREATED'
  | 'REQUEST_DATE'
  | 'POSTPONE'
  | 'ACCEPT_DATE'
  | 'REFUSE_DATE'
  | 'CONFIRM'
  | 'COMPLETE'
  | 'REQUEST_CANCEL'
  | 'CONFIRM_CANCEL'
  | 'DECLINE_CANCEL'
  | 'CANCEL'
  | 'REOPEN'
  | 'ELEMENT_ADDED'
  | 'ELEMENT_REMOVED'
  | 'ASSIGNED'
  | 'REPORT_AVAILABLE'
  | 'DECIDED'
  | 'LAST_DAY_PASSED';

/** What the server knows of the service when the trigger happens. */
export interface TaskFacts {
  /** The side the caller acted on (none for the sweep). */
  by?: ServiceSide | null;
  fromStep?: ServiceStep;
  toStep?: ServiceStep;
  /** The service has at least one element file (SERVICE files). */
  hasElements?: boolean;
  /** The service has a report whose client decision is PENDING. */
  decisionPending?: boolean;
  /** The decision maker's workflow setting `reportNeedsDecision` (docs/settings.md); unknown: needed. */
  decisionNeeded?: boolean;
  /** The first day a date proposal names (not the service's until it is accepted). */
  proposedStart?: string;
}

/**
 * Whose job a new task is, as a side of the service: the provider, the decision maker, the owner
 * (the creator's company, which adds the elements), or the orderer — the side that ordered the
 * service (the creator's side), the decision maker when the provider created it.
 */
export type TaskParty = 'SERVICE_PROVIDER' | 'DECISION_MAKER' | 'OWNER' | 'ORDERER';

/** When a new task is due: the proposed first day (a date request), the service's first day, its last day, or the day it is created. */
export type TaskDue = 'PROPOSED' | 'START' | 'LAST_DAY' | 'TODAY';

export interface TaskSpec {
  type: TaskType;
  level: TaskLevel;
  party: TaskParty;
  due: TaskDue;
}

const CONDITIONS = {
  /** The decision maker or an order taker acted (a proposal waits for the provider). */
  byCustomer: (facts: TaskFacts) => !!facts.by && facts.by !== 'SERVICE_PROVIDER',
  /** The provider proposed, and its proposal waits (its settings did not confirm the service at once: docs/settings.md). */
  providerProposalWaits: (facts: TaskFacts) => facts.by === 'SERVICE_PROVIDER' && facts.toStep !== 'CONFIRMED',
  /** The event confirmed the service. */
  confirms: (facts: TaskFacts) => facts.toStep === 'CONFIRMED' && facts.fromStep !== 'CONFIRMED',
  /** …and it has no element file yet. */
  confirmsWithoutElements: (facts: TaskFacts) => CONDITIONS.confirms(facts) && !facts.hasElements,
  /** The event took a confirmed service back (a postponement). */
  leavesConfirmed: (facts: TaskFacts) => facts.fromStep === 'CONFIRMED' && facts.toStep !== 'CONFIRMED',
  /** A terminated service's report waits for the client's decision (unless the decision maker's settings need none). */
  decisionPending: (facts: TaskFacts) => facts.toStep === 'TERMINATED' && facts.decisionPending === true && facts.decisionNeeded !== false,
  /** The client decided (anything but PENDING). */
  decided: (facts: TaskFacts) => facts.decisionPending === false,
  /** A confirmed service is left without any element file (its last one was deleted). */
  confirmedWithoutElements: (facts: TaskFacts) => facts.toStep === 'CONFIRMED' && facts.hasElements === false,
  /** The service is still CONFIRMED (the sweep's find). */
  stillConfirmed: (facts: TaskFacts) => facts.toStep === 'CONFIRMED',
} as const;
export type TaskCondition = keyof typeof CONDITIONS;

/** One row of the rule table: on these triggers, when the condition holds, create and expire. */
export interface TaskRule {
  on: readonly TaskTrigger[];
  when?: TaskCondition;
  create?: readonly TaskSpec[];
  /** The open task types of the service that expire; ALL: every open task of the service. */
  expire?: readonly TaskType[] | 'ALL';
}

const PROPOSALS: readonly TaskTrigger[] = ['CREATED', 'REQUEST_DATE', 'POSTPONE'];
const DATE_REQUESTS: readonly TaskType[] = ['REQUEST_INSPECTION_DATE', 'REQUEST_CONFIRMATION_DATE'];
const CONFIRMED_WORK: readonly TaskType[] = ['SERVICE_TO_PREPARE', 'SERVICE_TO_PERFORM', 'MISSING_ELEMENT', 'SERVICE_TO_COMPLETE'];

/**
 * The task lifecycles of spec §4 (docs/tasks.md). Levels: HIGH for a request waiting for an
 * answer, MID to complete and for a decision, LOW otherwise.
 */
export const TASK_RULES: readonly TaskRule[] = [
  // Date request: the other side answers a proposal; a new proposal replaces the one that waited.
  { on: PROPOSALS, when: 'byCustomer', create: [{ type: 'REQUEST_INSPECTION_DATE', level: 'HIGH', party: 'SERVICE_PROVIDER', due: 'PROPOSED' }], expire: DATE_REQUESTS },
  { on: PROPOSALS, when: 'providerProposalWaits', create: [{ type: 'REQUEST_CONFIRMATION_DATE', level: 'HIGH', party: 'ORDERER', due: 'PROPOSED' }], expire: DATE_REQUESTS },
  { on: PROPOSALS, when: 'confirms', expire: DATE_REQUESTS },
  { on: ['ACCEPT_DATE', 'REFUSE_DATE'], expire: DATE_REQUESTS },
  // To prepare: the provider prepares a confirmed service until it is postponed, completed, cancelled or its days have passed.
  // A proposal confirms when the provider's settings say so (docs/settings.md).
  { on: [...PROPOSALS, 'ACCEPT_DATE', 'CONFIRM'], when: 'confirms', create: [{ type: 'SERVICE_TO_PREPARE', level: 'LOW', party: 'SERVICE_PROVIDER', due: 'START' }] },
  // To perform: once its contributors are on the field (an assignment), a confirmed service is prepared; the provider performs it.
  { on: ['ASSIGNED'], when: 'stillConfirmed', create: [{ type: 'SERVICE_TO_PERFORM', level: 'LOW', party: 'SERVICE_PROVIDER', due: 'START' }], expire: ['SERVICE_TO_PREPARE'] },
  // Missing element: the owner adds an element file to a confirmed service.
  { on: [...PROPOSALS, 'ACCEPT_DATE', 'CONFIRM'], when: 'confirmsWithoutElements', create: [{ type: 'MISSING_ELEMENT', level: 'LOW', party: 'OWNER', due: 'START' }] },
  { on: ['ELEMENT_ADDED'], expire: ['MISSING_ELEMENT'] },
  { on: ['ELEMENT_REMOVED'], when: 'confirmedWithoutElements', create: [{ type: 'MISSING_ELEMENT', level: 'LOW', party: 'OWNER', due: 'START' }] },
  { on: ['POSTPONE'], when: 'leavesConfirmed', expire: CONFIRMED_WORK },
  // To complete: the provider completes a service whose last day has passed.
  { on: ['LAST_DAY_PASSED'], when: 'stillConfirmed', create: [{ type: 'SERVICE_TO_COMPLETE', level: 'MID', party: 'SERVICE_PROVIDER', due: 'LAST_DAY' }], expire: ['SERVICE_TO_PREPARE', 'SERVICE_TO_PERFORM'] },
  { on: ['COMPLETE'], expire: [...CONFIRMED_WORK, ...DATE_REQUESTS, 'REQUEST_CANCEL'] },
  // Decision: the decision maker decides on the report of a terminated service.
  { on: ['COMPLETE', 'REPORT_AVAILABLE'], when: 'decisionPending', create: [{ type: 'WAITING_DECISION', level: 'MID', party: 'DECISION_MAKER', due: 'TODAY' }] },
  { on: ['DECIDED'], when: 'decided', expire: ['WAITING_DECISION'] },
  // Cancel request: the provider answers it.
  { on: ['REQUEST_CANCEL'], create: [{ type: 'REQUEST_CANCEL', level: 'HIGH', party: 'SERVICE_PROVIDER', due: 'TODAY' }] },
  { on: ['DECLINE_CANCEL'], expire: ['REQUEST_CANCEL'] },
  // A cancelled or reopened service has nothing left to do.
  { on: ['CONFIRM_CANCEL', 'CANCEL', 'REOPEN'], expire: 'ALL' },
];

export interface TaskChanges {
  create: TaskSpec[];
  /** The open task types that expire; `all`: every open task of the service. */
  expire: TaskType[];
  all: boolean;
}

/** What a trigger does to a service's tasks: the union of the matching rows. */
export function taskChanges(trigger: TaskTrigger, facts: TaskFacts, rules: readonly TaskRule[] = TASK_RULES): TaskChanges {
  const out: TaskChanges = { create: [], expire: [], all: false };
  for (const rule of rules) {
    if (!rule.on.includes(trigger) || (rule.when && !CONDITIONS[rule.when](facts))) continue;
    out.create.push(...(rule.create ?? []));
    if (rule.expire === 'ALL') out.all = true;
    else for (const type of rule.expire ?? []) if (!out.expire.includes(type)) out.expire.push(type);
  }
  return out;
}

/** The condition of a rule row, by name (the tests take each). */
export const taskCondition = (name: TaskCondition, facts: TaskFacts): boolean => CONDITIONS[name](facts);

export type TaskEvent = { type: 'DONE' } | { type: 'EXPIRE'; trigger: TaskTrigger; facts: TaskFacts };
export interface TaskContext {
  type: TaskType;
}

/** The trigger expires the task's type (or every task of the service). */
const expiredByTrigger = ({ context, event }: { context: TaskContext; event: TaskEvent }) => {
  if (event.type !== 'EXPIRE') return false;
  const changes = taskChanges(event.trigger, event.facts);
  return changes.all || changes.expire.includes(context.type);
};

export const taskMachine = setup({
  types: { context: {} as TaskContext, events: {} as TaskEvent, input: {} as TaskContext },
  guards: { expiredByTrigger },
}).createMachine({
  id: 'task',
  initial: 'OPEN',
  context: ({ input }) => ({ type: input?.type ?? 'SERVICE_TO_PREPARE' }),
  states: {
    OPEN: { on: { DONE: 'DONE', EXPIRE: { guard: 'expiredByTrigger', target: 'EXPIRED' } } },
    DONE: {},
    EXPIRED: {},
  },
});

/** The status after `event`, or null when the lifecycle refuses it (a closed task, a trigger that does not answer it). */
export function moveTask(status: TaskStatus, type: TaskType, event: TaskEvent): TaskStatus | null {
  if (!(status in taskMachine.root.states)) return null;
  const snapshot = taskMachine.resolveState({ value: status, context: { type } });
  if (!snapshot.can(event)) return null;
  const [next] = transition(taskMachine, snapshot, event);
  return next.value as TaskStatus;
}

/** The highest of some levels (undefined for none). */
export function highestLevel(levels: Iterable<TaskLevel>): TaskLevel | undefined {
  const held = new Set(levels);
  return TASK_LEVELS.find((level) => held.has(level));
}
