import { describe, expect, it } from 'vitest';
import { createActor, transition } from 'xstate';
import {
  DEFAULT_SERVICE_SETTINGS,
  INITIAL_FLOW,
  SERVICE_ACTIONS,
  SERVICE_DATE_ACTIONS,
  SERVICE_PATCH_ACTIONS,
  flowFields,
  flowOf,
  moveService,
  serviceActions,
  serviceMachine,
  type ServiceAction,
  type ServiceEventDates,
  type ServiceFlow,
  type ServiceSettings,
  type ServiceSide,
  type ServiceStep,
} from '../../machines/service';
import { branchUse } from './support/machineBranches';
import { machineJson, machineMermaid } from '../../engine/workflow/machineChart';

/**
 * The service workflow (machines/service.ts) against the table of docs/services.md "Workflow",
 * written here once more as plain rules: every step × flow × action × side × owner is checked,
 * refusals included, then the readable scenarios and the record mapping (flowOf, flowFields).
 */
const STEPS: ServiceStep[] = ['OPENED', 'REQUESTED', 'CONFIRMED', 'TERMINATED', 'CANCELLED'];
const SIDES: ServiceSide[] = ['DECISION_MAKER', 'ORDER_TAKER', 'SERVICE_PROVIDER'];
const LIVE = new Set<ServiceStep>(['OPENED', 'REQUESTED', 'CONFIRMED']);
const DATING = new Set<ServiceStep>(['OPENED', 'REQUESTED']);

type Move = { step: ServiceStep; flow: ServiceFlow } | null;

/** Actions that drive the step: only with the SERVICE_WORKFLOW flag (docs/services.md). */
const DRIVING: ServiceAction[] = ['CONFIRM', 'COMPLETE', 'CONFIRM_CANCEL', 'DECLINE_CANCEL', 'CANCEL', 'REOPEN'];

/** docs/services.md, row by row. */
function expectedMove(step: ServiceStep, flow: ServiceFlow, type: ServiceAction, by: ServiceSide, owner: boolean, workflow: boolean): Move {
  if (DRIVING.includes(type) && !workflow) return null;
  const provider = by === 'SERVICE_PROVIDER';
  const propose = (): Move => ({
    step: by === 'ORDER_TAKER' ? 'REQUESTED' : 'OPENED',
    flow: { ...flow, pendingDateBy: by, dateAccepted: false, providerConfirmed: flow.providerConfirmed || provider },
  });
  const answersOther = DATING.has(step) && flow.pendingDateBy !== null && flow.pendingDateBy !== by;
  switch (type) {
    case 'REQUEST_DATE':
      return DATING.has(step) ? propose() : null;
    case 'POSTPONE':
      return step === 'CONFIRMED' || (DATING.has(step) && flow.dateAccepted) ? propose() : null;
    case 'ACCEPT_DATE': {
      if (!answersOther) return null;
      const onBoard = flow.providerConfirmed || provider || flow.pendingDateBy === 'SERVICE_PROVIDER';
      return { step: onBoard ? 'CONFIRMED' : step, flow: { ...flow, pendingDateBy: null, dateAccepted: true, providerConfirmed: onBoard } };
    }
    case 'REFUSE_DATE':
      return answersOther ? { step, flow: { ...flow, pendingDateBy: null } } : null;
    case 'CONFIRM':
      return provider && DATING.has(step) && flow.dateAccepted ? { step: 'CONFIRMED', flow: { ...flow, providerConfirmed: true } } : null;
    case 'COMPLETE':
      return provider && step === 'CONFIRMED' ? { step: 'TERMINATED', flow: { ...flow, pendingDateBy: null, cancelRequested: false } } : null;
    case 'REQUEST_CANCEL':
      return !provider && LIVE.has(step) && !flow.cancelRequested ? { step, flow: { ...flow, cancelRequested: true } } : null;
    case 'CONFIRM_CANCEL':
      return provider && LIVE.has(step) && flow.cancelRequested ? { step: 'CANCELLED', flow: { ...flow, pendingDateBy: null, cancelRequested: false } } : null;
    case 'DECLINE_CANCEL':
      return provider && LIVE.has(step) && flow.cancelRequested ? { step, flow: { ...flow, cancelRequested: false } } : null;
    case 'CANCEL':
      return (provider || owner) && LIVE.has(step) ? { step: 'CANCELLED', flow: { ...flow, pendingDateBy: null, cancelRequested: false } } : null;
    case 'REOPEN':
      return (provider || owner) && !LIVE.has(step) ? { step: 'OPENED', flow: { ...flow, pendingDateBy: null, cancelRequested: false } } : null;
  }
}

/** Every workflow context: who proposed (or nobody) × date agreed × provider on board × cancel requested. */
const FLOWS: ServiceFlow[] = [null, ...SIDES].flatMap((pendingDateBy) =>
  [false, true].flatMap((dateAccepted) =>
    [false, true].flatMap((providerConfirmed) => [false, true].map((cancelRequested) => ({ pendingDateBy, dateAccepted, providerConfirmed, cancelRequested }))),
  ),
);

const CASES = STEPS.flatMap((step) =>
  FLOWS.flatMap((flow) => SIDES.flatMap((by) => [false, true].flatMap((owner) => [false, true].map((workflow) => ({ step, flow, by, owner, workflow }))))),
);

describe('the service machine follows the workflow table', () => {
  it('knows the 11 actions: 4 date calls and the 7 PATCH actions', () => {
    expect(SERVICE_ACTIONS).toEqual([...SERVICE_DATE_ACTIONS, ...SERVICE_PATCH_ACTIONS]);
    expect(SERVICE_PATCH_ACTIONS).toEqual(['CONFIRM', 'COMPLETE', 'REQUEST_CANCEL', 'CONFIRM_CANCEL', 'DECLINE_CANCEL', 'CANCEL', 'REOPEN']);
  });

  it(`moves (or refuses) exactly as the table says in all ${CASES.length * SERVICE_ACTIONS.length} cases`, () => {
    const wrong: string[] = [];
    let accepted = 0;
    for (const { step, flow, by, owner, workflow } of CASES) {
      for (const type of SERVICE_ACTIONS) {
        const expected = expectedMove(step, flow, type, by, owner, workflow);
        const actual = moveService(step, flow, { type, by, owner, workflow });
        if (expected) accepted++;
        if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(`${step} ${JSON.stringify(flow)} ${type} by ${by}${owner ? ' (owner)' : ''}${workflow ? '' : ' (no flag)'}: ${JSON.stringify(actual)}`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // Both outcomes are well represented (a table that refused everything would pass nothing above).
    expect(accepted).toBeGreaterThan(1000);
    expect(CASES.length * SERVICE_ACTIONS.length - accepted).toBeGreaterThan(1000);
  });

  it('offers (serviceActions) exactly the actions it accepts, in the stable order of SERVICE_ACTIONS', () => {
    const wrong: string[] = [];
    for (const { step, flow, by, owner, workflow } of CASES) {
      const offered = serviceActions(step, flow, { by, owner, workflow });
      const expected = SERVICE_ACTIONS.filter((type) => expectedMove(step, flow, type, by, owner, workflow) !== null);
      if (offered.join() !== expected.join()) wrong.push(`${step} ${JSON.stringify(flow)} ${by}${owner ? ' (owner)' : ''}${workflow ? '' : ' (no flag)'}: ${offered.join()}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('refuses everything on an unknown step instead of throwing', () => {
    expect(moveService('ARCHIVED' as ServiceStep, INITIAL_FLOW, { type: 'REOPEN', by: 'SERVICE_PROVIDER', owner: true, workflow: true })).toBeNull();
    expect(serviceActions('ARCHIVED' as ServiceStep, INITIAL_FLOW, { by: 'SERVICE_PROVIDER', owner: true })).toEqual([]);
  });
});

describe('readable scenarios', () => {
  const start = (by: ServiceSide) => moveService('OPENED', INITIAL_FLOW, { type: 'REQUEST_DATE', by, owner: true })!;

  it('creating is the creator’s first proposal: an order taker’s service starts REQUESTED, the others OPENED', () => {
    expect(start('ORDER_TAKER')).toEqual({ step: 'REQUESTED', flow: { ...INITIAL_FLOW, pendingDateBy: 'ORDER_TAKER' } });
    expect(start('DECISION_MAKER')).toEqual({ step: 'OPENED', flow: { ...INITIAL_FLOW, pendingDateBy: 'DECISION_MAKER' } });
    expect(start('SERVICE_PROVIDER')).toEqual({ step: 'OPENED', flow: { ...INITIAL_FLOW, pendingDateBy: 'SERVICE_PROVIDER', providerConfirmed: true } });
  });

  it('a date agreed between client and supplier waits for the provider’s CONFIRM, then COMPLETE', () => {
    const created = start('ORDER_TAKER');
    const agreed = moveService(created.step, created.flow, { type: 'ACCEPT_DATE', by: 'DECISION_MAKER' })!;
    expect(agreed).toEqual({ step: 'REQUESTED', flow: { ...INITIAL_FLOW, dateAccepted: true } });
    expect(serviceActions(agreed.step, agreed.flow, { by: 'SERVICE_PROVIDER', workflow: true })).toEqual(['REQUEST_DATE', 'POSTPONE', 'CONFIRM', 'CANCEL']);
    expect(moveService(agreed.step, agreed.flow, { type: 'CONFIRM', by: 'DECISION_MAKER', owner: true, workflow: true })).toBeNull();
    const confirmed = moveService(agreed.step, agreed.flow, { type: 'CONFIRM', by: 'SERVICE_PROVIDER', workflow: true })!;
    expect(confirmed.step).toBe('CONFIRMED');
    expect(moveService(confirmed.step, confirmed.flow, { type: 'COMPLETE', by: 'SERVICE_PROVIDER', workflow: true })!.step).toBe('TERMINATED');
  });

  it('postponing a confirmed service reopens the date; the provider stays on board so accepting confirms again', () => {
    const confirmed = moveService('OPENED', { ...INITIAL_FLOW, pendingDateBy: 'DECISION_MAKER' }, { type: 'ACCEPT_DATE', by: 'SERVICE_PROVIDER' })!;
    expect(confirmed.step).toBe('CONFIRMED');
    const postponed = moveService(confirmed.step, confirmed.flow, { type: 'POSTPONE', by: 'ORDER_TAKER' })!;
    expect(postponed).toEqual({ step: 'REQUESTED', flow: { pendingDateBy: 'ORDER_TAKER', dateAccepted: false, providerConfirmed: true, cancelRequested: false } });
    expect(moveService(postponed.step, postponed.flow, { type: 'ACCEPT_DATE', by: 'DECISION_MAKER' })!.step).toBe('CONFIRMED');
    expect(moveService(postponed.step, postponed.flow, { type: 'REFUSE_DATE', by: 'DECISION_MAKER' })).toEqual({ step: 'REQUESTED', flow: { ...postponed.flow, pendingDateBy: null } });
  });

  it('a cancel request is answered by the provider only; the owner cancels directly and reopens', () => {
    const live = { step: 'CONFIRMED' as const, flow: { ...INITIAL_FLOW, dateAccepted: true, providerConfirmed: true } };
    const asked = moveService(live.step, live.flow, { type: 'REQUEST_CANCEL', by: 'ORDER_TAKER' })!;
    expect(asked.flow.cancelRequested).toBe(true);
    expect(moveService(asked.step, asked.flow, { type: 'REQUEST_CANCEL', by: 'DECISION_MAKER' })).toBeNull();
    expect(moveService(asked.step, asked.flow, { type: 'CONFIRM_CANCEL', by: 'DECISION_MAKER', owner: true, workflow: true })).toBeNull();
    expect(moveService(asked.step, asked.flow, { type: 'DECLINE_CANCEL', by: 'SERVICE_PROVIDER', workflow: true })).toEqual(live);
    const cancelled = moveService(asked.step, asked.flow, { type: 'CONFIRM_CANCEL', by: 'SERVICE_PROVIDER', workflow: true })!;
    expect(cancelled).toEqual({ step: 'CANCELLED', flow: live.flow });
    expect(moveService(live.step, live.flow, { type: 'CANCEL', by: 'ORDER_TAKER', workflow: true })).toBeNull();
    expect(moveService(live.step, live.flow, { type: 'CANCEL', by: 'ORDER_TAKER', owner: true, workflow: true })!.step).toBe('CANCELLED');
    expect(serviceActions('CANCELLED', cancelled.flow, { by: 'DECISION_MAKER', owner: true, workflow: true })).toEqual(['REOPEN']);
    expect(serviceActions('CANCELLED', cancelled.flow, { by: 'DECISION_MAKER', workflow: true })).toEqual([]);
  });
});

describe('the provider’s workflow settings (docs/settings.md)', () => {
  it('change the path of the same machine: a provider’s date confirms at once, COMPLETE waits for a report', () => {
    const proposed = { ...INITIAL_FLOW, pendingDateBy: 'DECISION_MAKER' as const };
    const event = { type: 'REQUEST_DATE' as const, by: 'SERVICE_PROVIDER' as const };
    expect(moveService('OPENED', proposed, event)!.step).toBe('OPENED');
    expect(moveService('OPENED', proposed, event, { ...DEFAULT_SERVICE_SETTINGS, providerDateConfirms: true })).toEqual({
      step: 'CONFIRMED',
      flow: { ...INITIAL_FLOW, dateAccepted: true, providerConfirmed: true },
    });
    const booked = { ...INITIAL_FLOW, dateAccepted: true, providerConfirmed: true };
    const complete = { type: 'COMPLETE' as const, by: 'SERVICE_PROVIDER' as const, workflow: true };
    const needsReport = { ...DEFAULT_SERVICE_SETTINGS, completeNeedsReport: true };
    expect(moveService('CONFIRMED', booked, complete, needsReport)).toBeNull();
    expect(moveService('CONFIRMED', booked, { ...complete, hasReport: true }, needsReport)!.step).toBe('TERMINATED');
    // Offered all the same: the refusal says why (like a date too far ahead).
    expect(serviceActions('CONFIRMED', booked, complete, needsReport)).toContain('COMPLETE');
  });

  it('are drawn by the workflow viewer: the guards carry the settings’ names', () => {
    const chart = machineMermaid(machineJson(serviceMachine));
    expect(chart).toContain('OPENED --> CONFIRMED: REQUEST_DATE [providerDateConfirms]');
    expect(chart).toContain('CONFIRMED --> CONFIRMED: POSTPONE [providerDateConfirms]');
    expect(chart).toContain('CONFIRMED --> CONFIRMED: COMPLETE [completeNeedsReport] refused');
  });
});

describe('the workflow stored on the service', () => {
  it('flowOf reads the record fields (missing ones as the initial flow)', () => {
    expect(flowOf({ serviceStep: 'OPENED' })).toEqual(INITIAL_FLOW);
    expect(flowOf({ serviceStep: 'REQUESTED', pendingDateBy: 'ORDER_TAKER', dateRelevance: 'IN_PROGRESS', providerConfirmed: true, cancelRequestDate: '2026-03-01' })).toEqual({
      pendingDateBy: 'ORDER_TAKER',
      dateAccepted: false,
      providerConfirmed: true,
      cancelRequested: true,
    });
    expect(flowOf({ serviceStep: 'CONFIRMED', dateRelevance: 'ACCEPTED', cancelRequestDate: null }).dateAccepted).toBe(true);
  });

  it('flowFields writes them back: dateRelevance from the flow, the cancel request dated once', () => {
    expect(flowFields('OPENED', INITIAL_FLOW, '2026-03-02')).toEqual({ serviceStep: 'OPENED', pendingDateBy: null, dateRelevance: 'EMPTY', providerConfirmed: false, cancelRequestDate: null });
    expect(flowFields('OPENED', { ...INITIAL_FLOW, pendingDateBy: 'SERVICE_PROVIDER' }, '2026-03-02').dateRelevance).toBe('IN_PROGRESS');
    expect(flowFields('CONFIRMED', { ...INITIAL_FLOW, dateAccepted: true }, '2026-03-02').dateRelevance).toBe('ACCEPTED');
    const asked = { ...INITIAL_FLOW, cancelRequested: true };
    expect(flowFields('CONFIRMED', asked, '2026-03-02').cancelRequestDate).toBe('2026-03-02');
    expect(flowFields('CONFIRMED', asked, '2026-03-09', { serviceStep: 'CONFIRMED', cancelRequestDate: '2026-03-02' }).cancelRequestDate).toBe('2026-03-02');
  });

  it('round-trips: every reachable flow survives flowFields then flowOf', () => {
    for (const flow of FLOWS.filter((f) => !(f.pendingDateBy && f.dateAccepted))) {
      expect(flowOf(flowFields('OPENED', flow, '2026-03-02'))).toEqual(flow);
    }
  });
});

/**
 * The same rules as a hand-written table: one row per case, each expected step and flow read
 * off docs/services.md "Workflow" (not computed). Every transition of machines/service.ts is
 * taken by some row and every guard is seen passing and refusing, on each side where it matters
 * (checked at the end from the machine's own transition list, see support/machineBranches.ts).
 */
const DM = 'DECISION_MAKER' as const;
const OT = 'ORDER_TAKER' as const;
const SP = 'SERVICE_PROVIDER' as const;
const F = (fields: Partial<ServiceFlow> = {}): ServiceFlow => ({ ...INITIAL_FLOW, ...fields });

/** The workflow contexts the rows start from. */
const FLOW = {
  fresh: F(),
  'DM proposed': F({ pendingDateBy: DM }),
  'OT proposed': F({ pendingDateBy: OT }),
  'SP proposed': F({ pendingDateBy: SP, providerConfirmed: true }),
  'OT proposed, SP on board': F({ pendingDateBy: OT, providerConfirmed: true }),
  // Not reachable (a provider's proposal puts it on board); isolates the "provider proposed" clause.
  'SP proposed, SP not on board': F({ pendingDateBy: SP }),
  agreed: F({ dateAccepted: true }),
  booked: F({ dateAccepted: true, providerConfirmed: true }),
  'DM proposed, cancel asked': F({ pendingDateBy: DM, cancelRequested: true }),
  'agreed, cancel asked': F({ dateAccepted: true, cancelRequested: true }),
  'booked, cancel asked': F({ dateAccepted: true, providerConfirmed: true, cancelRequested: true }),
} satisfies Record<string, ServiceFlow>;
type FlowName = keyof typeof FLOW;

type Party = 'DM' | 'OT' | 'SP' | 'DM owner' | 'OT owner' | 'SP owner';
/** A party holds SERVICE_WORKFLOW unless the row says `no flag`. */
type Who = Party | `${Party} no flag`;
const SIDE_OF = { DM, OT, SP } as const;
const actorOf = (who: Who) => ({ by: SIDE_OF[who.slice(0, 2) as 'DM' | 'OT' | 'SP'], owner: who.includes('owner'), workflow: !who.endsWith('no flag') });

const REFUSED = 'refused' as const;
type Row = [
  from: ServiceStep,
  flow: FlowName,
  event: ServiceAction,
  who: Who,
  expected: typeof REFUSED | [ServiceStep, ServiceFlow],
  dates?: ServiceEventDates,
  /** The provider's workflow settings (docs/settings.md); none: the defaults. */
  settings?: Partial<ServiceSettings>,
];

/** A proposal of the dates the service already has (the prefilled "Propose a date" sent back). */
const SAME: ServiceEventDates = { sameDates: true };

const booked = FLOW.booked;
const agreed = FLOW.agreed;
const ROWS: Row[] = [
  // REQUEST_DATE — any side, from OPENED or REQUESTED: the order taker's proposal → REQUESTED, the others' → OPENED.
  ['OPENED', 'fresh', 'REQUEST_DATE', 'OT', ['REQUESTED', F({ pendingDateBy: OT })]],
  ['OPENED', 'fresh', 'REQUEST_DATE', 'DM owner', ['OPENED', F({ pendingDateBy: DM })]],
  ['OPENED', 'fresh', 'REQUEST_DATE', 'SP', ['OPENED', F({ pendingDateBy: SP, providerConfirmed: true })]],
  ['OPENED', 'DM proposed', 'REQUEST_DATE', 'DM', ['OPENED', F({ pendingDateBy: DM })]],
  ['OPENED', 'DM proposed', 'REQUEST_DATE', 'OT', ['REQUESTED', F({ pendingDateBy: OT })]],
  ['REQUESTED', 'OT proposed', 'REQUEST_DATE', 'OT', ['REQUESTED', F({ pendingDateBy: OT })]],
  ['REQUESTED', 'OT proposed', 'REQUEST_DATE', 'DM', ['OPENED', F({ pendingDateBy: DM })]],
  ['REQUESTED', 'agreed', 'REQUEST_DATE', 'SP', ['OPENED', F({ pendingDateBy: SP, providerConfirmed: true })]],
  ['CONFIRMED', 'booked', 'REQUEST_DATE', 'OT', REFUSED],
  ['CONFIRMED', 'booked', 'REQUEST_DATE', 'SP owner', REFUSED],
  ['TERMINATED', 'booked', 'REQUEST_DATE', 'DM owner', REFUSED],
  ['CANCELLED', 'agreed', 'REQUEST_DATE', 'SP', REFUSED],
  // The same dates proposed again move nothing: refused from every step that takes a proposal.
  ['REQUESTED', 'OT proposed', 'REQUEST_DATE', 'DM', REFUSED, SAME],
  ['REQUESTED', 'OT proposed', 'REQUEST_DATE', 'DM', ['OPENED', F({ pendingDateBy: DM })], { sameDates: false }],
  ['OPENED', 'fresh', 'REQUEST_DATE', 'OT', REFUSED, SAME],

  // POSTPONE — any side, from CONFIRMED or OPENED/REQUESTED with an accepted date; like REQUEST_DATE.
  ['OPENED', 'agreed', 'POSTPONE', 'OT', ['REQUESTED', F({ pendingDateBy: OT })]],
  ['OPENED', 'agreed', 'POSTPONE', 'DM', ['OPENED', F({ pendingDateBy: DM })]],
  ['OPENED', 'booked', 'POSTPONE', 'SP', ['OPENED', F({ pendingDateBy: SP, providerConfirmed: true })]],
  ['OPENED', 'fresh', 'POSTPONE', 'OT', REFUSED],
  ['OPENED', 'DM proposed', 'POSTPONE', 'SP owner', REFUSED],
  ['REQUESTED', 'agreed', 'POSTPONE', 'OT', ['REQUESTED', F({ pendingDateBy: OT })]],
  ['REQUESTED', 'agreed', 'POSTPONE', 'SP', ['OPENED', F({ pendingDateBy: SP, providerConfirmed: true })]],
  ['REQUESTED', 'OT proposed', 'POSTPONE', 'OT', REFUSED],
  ['REQUESTED', 'fresh', 'POSTPONE', 'DM owner', REFUSED],
  ['CONFIRMED', 'booked', 'POSTPONE', 'OT', ['REQUESTED', F({ pendingDateBy: OT, providerConfirmed: true })]],
  ['CONFIRMED', 'booked', 'POSTPONE', 'DM', ['OPENED', F({ pendingDateBy: DM, providerConfirmed: true })]],
  ['CONFIRMED', 'booked', 'POSTPONE', 'SP', ['OPENED', F({ pendingDateBy: SP, providerConfirmed: true })]],
  ['CONFIRMED', 'booked, cancel asked', 'POSTPONE', 'OT', ['REQUESTED', F({ pendingDateBy: OT, providerConfirmed: true, cancelRequested: true })]],
  ['TERMINATED', 'booked', 'POSTPONE', 'SP owner', REFUSED],
  ['CANCELLED', 'booked', 'POSTPONE', 'OT', REFUSED],
  ['OPENED', 'agreed', 'POSTPONE', 'DM', REFUSED, SAME],
  ['REQUESTED', 'agreed', 'POSTPONE', 'SP', REFUSED, SAME],
  ['CONFIRMED', 'booked', 'POSTPONE', 'OT', REFUSED, SAME],

  // ACCEPT_DATE — the side that did not propose, while a proposal waits; CONFIRMED when the
  // provider proposed, accepts, or had confirmed before.
  ['OPENED', 'DM proposed', 'ACCEPT_DATE', 'SP', ['CONFIRMED', booked]],
  ['OPENED', 'SP proposed', 'ACCEPT_DATE', 'DM', ['CONFIRMED', booked]],
  ['OPENED', 'SP proposed', 'ACCEPT_DATE', 'OT', ['CONFIRMED', booked]],
  ['OPENED', 'SP proposed, SP not on board', 'ACCEPT_DATE', 'OT', ['CONFIRMED', booked]],
  ['REQUESTED', 'OT proposed, SP on board', 'ACCEPT_DATE', 'DM', ['CONFIRMED', booked]],
  ['REQUESTED', 'OT proposed', 'ACCEPT_DATE', 'SP', ['CONFIRMED', booked]],
  ['REQUESTED', 'OT proposed', 'ACCEPT_DATE', 'DM owner', ['REQUESTED', agreed]],
  ['OPENED', 'DM proposed', 'ACCEPT_DATE', 'OT', ['OPENED', agreed]],
  ['OPENED', 'DM proposed', 'ACCEPT_DATE', 'DM', REFUSED],
  ['OPENED', 'SP proposed', 'ACCEPT_DATE', 'SP owner', REFUSED],
  ['REQUESTED', 'OT proposed', 'ACCEPT_DATE', 'OT', REFUSED],
  ['OPENED', 'fresh', 'ACCEPT_DATE', 'SP', REFUSED],
  ['REQUESTED', 'agreed', 'ACCEPT_DATE', 'DM', REFUSED],
  ['CONFIRMED', 'booked', 'ACCEPT_DATE', 'SP', REFUSED],
  ['TERMINATED', 'booked', 'ACCEPT_DATE', 'DM', REFUSED],
  ['CANCELLED', 'DM proposed', 'ACCEPT_DATE', 'SP', REFUSED],

  // REFUSE_DATE — the side that did not propose, while a proposal waits; the step stays.
  ['OPENED', 'SP proposed', 'REFUSE_DATE', 'OT', ['OPENED', F({ providerConfirmed: true })]],
  ['OPENED', 'DM proposed', 'REFUSE_DATE', 'SP', ['OPENED', F()]],
  ['REQUESTED', 'OT proposed', 'REFUSE_DATE', 'DM', ['REQUESTED', F()]],
  ['REQUESTED', 'OT proposed', 'REFUSE_DATE', 'OT', REFUSED],
  ['OPENED', 'DM proposed', 'REFUSE_DATE', 'DM owner', REFUSED],
  ['OPENED', 'agreed', 'REFUSE_DATE', 'SP', REFUSED],
  ['CONFIRMED', 'booked', 'REFUSE_DATE', 'OT', REFUSED],
  ['TERMINATED', 'booked', 'REFUSE_DATE', 'SP', REFUSED],
  ['CANCELLED', 'DM proposed', 'REFUSE_DATE', 'OT', REFUSED],

  // CONFIRM — the provider, from OPENED/REQUESTED with an accepted date.
  ['OPENED', 'agreed', 'CONFIRM', 'SP', ['CONFIRMED', booked]],
  ['REQUESTED', 'agreed', 'CONFIRM', 'SP', ['CONFIRMED', booked]],
  ['REQUESTED', 'agreed', 'CONFIRM', 'DM owner', REFUSED],
  ['OPENED', 'agreed', 'CONFIRM', 'OT owner', REFUSED],
  ['OPENED', 'DM proposed', 'CONFIRM', 'SP', REFUSED],
  ['REQUESTED', 'fresh', 'CONFIRM', 'SP', REFUSED],
  ['CONFIRMED', 'booked', 'CONFIRM', 'SP', REFUSED],
  ['TERMINATED', 'booked', 'CONFIRM', 'SP', REFUSED],
  ['CANCELLED', 'agreed', 'CONFIRM', 'SP', REFUSED],

  // COMPLETE — the provider, from CONFIRMED.
  ['CONFIRMED', 'booked', 'COMPLETE', 'SP', ['TERMINATED', booked]],
  // A cancel request cannot wait on a terminated service (only a live step answers it): completing drops it.
  ['CONFIRMED', 'booked, cancel asked', 'COMPLETE', 'SP', ['TERMINATED', booked]],
  // Not more than a week ahead of the start (COMPLETE_DAYS_AHEAD).
  ['CONFIRMED', 'booked', 'COMPLETE', 'SP', ['TERMINATED', booked], { startsInDays: 7 }],
  ['CONFIRMED', 'booked', 'COMPLETE', 'SP', REFUSED, { startsInDays: 8 }],
  ['CONFIRMED', 'booked', 'COMPLETE', 'DM owner', REFUSED],
  ['CONFIRMED', 'booked', 'COMPLETE', 'OT', REFUSED],
  ['OPENED', 'booked', 'COMPLETE', 'SP', REFUSED],
  ['REQUESTED', 'agreed', 'COMPLETE', 'SP', REFUSED],
  ['TERMINATED', 'booked', 'COMPLETE', 'SP', REFUSED],
  ['CANCELLED', 'booked', 'COMPLETE', 'SP', REFUSED],

  // REQUEST_CANCEL — decision maker or order taker, from a live step, no request pending.
  ['OPENED', 'DM proposed', 'REQUEST_CANCEL', 'DM', ['OPENED', F({ pendingDateBy: DM, cancelRequested: true })]],
  ['REQUESTED', 'OT proposed', 'REQUEST_CANCEL', 'OT', ['REQUESTED', F({ pendingDateBy: OT, cancelRequested: true })]],
  ['CONFIRMED', 'booked', 'REQUEST_CANCEL', 'OT owner', ['CONFIRMED', { ...booked, cancelRequested: true }]],
  ['CONFIRMED', 'booked', 'REQUEST_CANCEL', 'SP', REFUSED],
  ['OPENED', 'SP proposed', 'REQUEST_CANCEL', 'SP owner', REFUSED],
  ['CONFIRMED', 'booked, cancel asked', 'REQUEST_CANCEL', 'DM', REFUSED],
  ['REQUESTED', 'agreed, cancel asked', 'REQUEST_CANCEL', 'OT', REFUSED],
  ['TERMINATED', 'booked', 'REQUEST_CANCEL', 'DM', REFUSED],
  ['CANCELLED', 'booked', 'REQUEST_CANCEL', 'OT', REFUSED],

  // CONFIRM_CANCEL — the provider, while a cancel request is pending → CANCELLED.
  ['OPENED', 'agreed, cancel asked', 'CONFIRM_CANCEL', 'SP', ['CANCELLED', agreed]],
  ['REQUESTED', 'agreed, cancel asked', 'CONFIRM_CANCEL', 'SP owner', ['CANCELLED', agreed]],
  ['CONFIRMED', 'booked, cancel asked', 'CONFIRM_CANCEL', 'SP', ['CANCELLED', booked]],
  // A date proposal cannot wait on a cancelled service (nobody may answer it there): cancelling drops it.
  ['OPENED', 'DM proposed, cancel asked', 'CONFIRM_CANCEL', 'SP', ['CANCELLED', F()]],
  ['CONFIRMED', 'booked, cancel asked', 'CONFIRM_CANCEL', 'DM owner', REFUSED],
  ['CONFIRMED', 'booked, cancel asked', 'CONFIRM_CANCEL', 'OT', REFUSED],
  ['CONFIRMED', 'booked', 'CONFIRM_CANCEL', 'SP', REFUSED],
  ['OPENED', 'DM proposed, cancel asked', 'CONFIRM_CANCEL', 'DM owner', REFUSED],
  ['REQUESTED', 'agreed', 'CONFIRM_CANCEL', 'SP', REFUSED],
  ['TERMINATED', 'booked, cancel asked', 'CONFIRM_CANCEL', 'SP', REFUSED],
  ['CANCELLED', 'booked', 'CONFIRM_CANCEL', 'SP', REFUSED],

  // DECLINE_CANCEL — the provider, while a cancel request is pending: clears it, the step stays.
  ['OPENED', 'DM proposed, cancel asked', 'DECLINE_CANCEL', 'SP', ['OPENED', F({ pendingDateBy: DM })]],
  ['REQUESTED', 'agreed, cancel asked', 'DECLINE_CANCEL', 'SP', ['REQUESTED', agreed]],
  ['CONFIRMED', 'booked, cancel asked', 'DECLINE_CANCEL', 'SP owner', ['CONFIRMED', booked]],
  ['CONFIRMED', 'booked, cancel asked', 'DECLINE_CANCEL', 'OT owner', REFUSED],
  ['REQUESTED', 'agreed, cancel asked', 'DECLINE_CANCEL', 'DM', REFUSED],
  ['OPENED', 'fresh', 'DECLINE_CANCEL', 'SP', REFUSED],
  ['TERMINATED', 'booked', 'DECLINE_CANCEL', 'SP', REFUSED],
  ['CANCELLED', 'booked', 'DECLINE_CANCEL', 'SP', REFUSED],

  // CANCEL — the provider or the owner, from a live step → CANCELLED (a pending cancel request goes).
  ['OPENED', 'agreed', 'CANCEL', 'SP', ['CANCELLED', agreed]],
  ['REQUESTED', 'agreed, cancel asked', 'CANCEL', 'DM owner', ['CANCELLED', agreed]],
  ['CONFIRMED', 'booked', 'CANCEL', 'OT owner', ['CANCELLED', booked]],
  ['CONFIRMED', 'booked, cancel asked', 'CANCEL', 'SP', ['CANCELLED', booked]],
  ['OPENED', 'DM proposed', 'CANCEL', 'SP', ['CANCELLED', F()]],
  ['REQUESTED', 'OT proposed', 'CANCEL', 'DM owner', ['CANCELLED', F()]],
  ['CONFIRMED', 'booked', 'CANCEL', 'OT', REFUSED],
  ['OPENED', 'fresh', 'CANCEL', 'DM', REFUSED],
  ['REQUESTED', 'OT proposed', 'CANCEL', 'OT', REFUSED],
  ['TERMINATED', 'booked', 'CANCEL', 'SP owner', REFUSED],
  ['CANCELLED', 'booked', 'CANCEL', 'SP', REFUSED],

  // REOPEN — the provider or the owner, from TERMINATED or CANCELLED → OPENED, nothing waiting.
  ['TERMINATED', 'booked', 'REOPEN', 'SP', ['OPENED', booked]],
  ['TERMINATED', 'booked', 'REOPEN', 'DM owner', ['OPENED', booked]],
  ['CANCELLED', 'agreed', 'REOPEN', 'OT owner', ['OPENED', agreed]],
  ['CANCELLED', 'DM proposed, cancel asked', 'REOPEN', 'SP', ['OPENED', F()]],
  ['TERMINATED', 'booked', 'REOPEN', 'DM', REFUSED],
  ['CANCELLED', 'booked', 'REOPEN', 'OT', REFUSED],
  ['OPENED', 'agreed', 'REOPEN', 'SP owner', REFUSED],
  ['REQUESTED', 'agreed', 'REOPEN', 'SP owner', REFUSED],
  ['CONFIRMED', 'booked', 'REOPEN', 'SP owner', REFUSED],

  // SERVICE_WORKFLOW — without it, the provider or owner may not drive the step…
  ['OPENED', 'agreed', 'CONFIRM', 'SP no flag', REFUSED],
  ['CONFIRMED', 'booked', 'COMPLETE', 'SP owner no flag', REFUSED],
  ['CONFIRMED', 'booked, cancel asked', 'CONFIRM_CANCEL', 'SP no flag', REFUSED],
  ['CONFIRMED', 'booked, cancel asked', 'DECLINE_CANCEL', 'SP no flag', REFUSED],
  ['OPENED', 'agreed', 'CANCEL', 'SP no flag', REFUSED],
  ['CONFIRMED', 'booked', 'CANCEL', 'OT owner no flag', REFUSED],
  ['TERMINATED', 'booked', 'REOPEN', 'DM owner no flag', REFUSED],
  ['CANCELLED', 'agreed', 'REOPEN', 'SP no flag', REFUSED],
  // …but proposes, answers dates and asks to cancel as before.
  ['OPENED', 'fresh', 'REQUEST_DATE', 'OT no flag', ['REQUESTED', F({ pendingDateBy: OT })]],
  ['CONFIRMED', 'booked', 'POSTPONE', 'DM no flag', ['OPENED', F({ pendingDateBy: DM, providerConfirmed: true })]],
  ['OPENED', 'DM proposed', 'ACCEPT_DATE', 'SP no flag', ['CONFIRMED', booked]],
  ['REQUESTED', 'OT proposed', 'REFUSE_DATE', 'DM no flag', ['REQUESTED', F()]],
  ['CONFIRMED', 'booked', 'REQUEST_CANCEL', 'OT no flag', ['CONFIRMED', { ...booked, cancelRequested: true }]],

  // The provider's settings (docs/settings.md). providerDateConfirms: a date it proposes confirms at once…
  ['OPENED', 'fresh', 'REQUEST_DATE', 'SP', ['CONFIRMED', booked], undefined, { providerDateConfirms: true }],
  ['REQUESTED', 'OT proposed', 'REQUEST_DATE', 'SP', ['CONFIRMED', booked], undefined, { providerDateConfirms: true }],
  ['OPENED', 'booked', 'POSTPONE', 'SP', ['CONFIRMED', booked], undefined, { providerDateConfirms: true }],
  ['REQUESTED', 'agreed', 'POSTPONE', 'SP', ['CONFIRMED', booked], undefined, { providerDateConfirms: true }],
  ['CONFIRMED', 'booked', 'POSTPONE', 'SP', ['CONFIRMED', booked], undefined, { providerDateConfirms: true }],
  // …the other sides' proposals still wait for an answer, and a postponement still needs an agreed date.
  ['OPENED', 'fresh', 'REQUEST_DATE', 'OT', ['REQUESTED', F({ pendingDateBy: OT })], undefined, { providerDateConfirms: true }],
  ['CONFIRMED', 'booked', 'POSTPONE', 'DM', ['OPENED', F({ pendingDateBy: DM, providerConfirmed: true })], undefined, { providerDateConfirms: true }],
  ['OPENED', 'fresh', 'POSTPONE', 'SP', REFUSED, undefined, { providerDateConfirms: true }],
  // completeNeedsReport: no COMPLETE before the service has a report.
  ['CONFIRMED', 'booked', 'COMPLETE', 'SP', REFUSED, { hasReport: false }, { completeNeedsReport: true }],
  ['CONFIRMED', 'booked', 'COMPLETE', 'SP', ['TERMINATED', booked], { hasReport: true }, { completeNeedsReport: true }],
  ['CONFIRMED', 'booked', 'COMPLETE', 'SP', ['TERMINATED', booked], { hasReport: false }],
];

const settingsOf = (given?: Partial<ServiceSettings>): ServiceSettings => ({ ...DEFAULT_SERVICE_SETTINGS, ...given });
const snapshotOf = (step: ServiceStep, flow: ServiceFlow, settings?: Partial<ServiceSettings>) =>
  serviceMachine.resolveState({ value: step, context: { ...flow, settings: settingsOf(settings) } });
const rowTitle = ([from, flow, event, who, expected, dates, settings]: Row) =>
  `${from} (${flow}) ${event}${dates ? ` ${JSON.stringify(dates)}` : ''} by ${who}${settings ? ` with ${JSON.stringify(settings)}` : ''} → ${expected === REFUSED ? 'refused' : expected[0]}`;

function checkRow(row: Row) {
  const [from, flowName, type, who, expected, dates, given] = row;
  const flow = FLOW[flowName];
  const settings = settingsOf(given);
  const event = { type, ...actorOf(who), ...dates };
  // The machine itself (no can() in front): a refused event leaves step and context as they were.
  const [next] = transition(serviceMachine, snapshotOf(from, flow, given), event);
  const offered = serviceActions(from, flow, actorOf(who), settings);
  if (expected === REFUSED) {
    expect(next.value).toBe(from);
    expect(next.context).toEqual({ ...flow, settings });
    expect(moveService(from, flow, event, settings)).toBeNull();
    // The buttons are offered without the dates: the dates refuse the event when it is sent.
    if (!dates) expect(offered).not.toContain(type);
  } else {
    const [step, nextFlow] = expected;
    expect({ step: next.value, flow: next.context }).toEqual({ step, flow: { ...nextFlow, settings } });
    expect(moveService(from, flow, event, settings)).toEqual({ step, flow: nextFlow });
    expect(offered).toContain(type);
  }
}

describe('the service machine, row by row (hand-written from docs/services.md)', () => {
  it('starts OPENED with the initial flow, or the flow it is given', () => {
    const fresh = createActor(serviceMachine, { input: undefined }).start().getSnapshot();
    expect([fresh.value, fresh.context]).toEqual(['OPENED', { ...INITIAL_FLOW, settings: DEFAULT_SERVICE_SETTINGS }]);
    const given = createActor(serviceMachine, { input: booked }).start().getSnapshot();
    expect(given.context).toEqual({ ...booked, settings: DEFAULT_SERVICE_SETTINGS });
    const configured = createActor(serviceMachine, { input: { ...booked, settings: { providerDateConfirms: true, completeNeedsReport: false } } }).start().getSnapshot();
    expect(configured.context.settings).toEqual({ providerDateConfirms: true, completeNeedsReport: false });
  });

  it.each(ROWS.map((row) => [rowTitle(row), row] as const))('%s', (_title, row) => checkRow(row));

  it('the rows take every transition and see every guard pass and refuse', () => {
    const use = branchUse(
      serviceMachine,
      ROWS.map(([from, flow, type, who, , dates, settings]) => ({ snapshot: snapshotOf(from, FLOW[flow], settings), event: { type, ...actorOf(who), ...dates } })),
    );
    expect([...use.all.keys()].filter((branch) => !use.taken.has(branch))).toEqual([]);
    expect([...use.all].filter(([branch, guard]) => guard && !use.refused.has(branch)).map(([branch]) => branch)).toEqual([]);
    expect([...use.guards].filter(([, seen]) => !seen.passed || !seen.refused)).toEqual([]);
    // OPENED 16, REQUESTED 16, CONFIRMED 11, TERMINATED 1, CANCELLED 1 (a new branch needs its rows here).
    expect(use.all.size).toBe(45);
  });

  it('the rows cover every step × action, and every action from each side (owner and not, where ownership counts)', () => {
    const missing: string[] = [];
    for (const step of STEPS) for (const type of SERVICE_ACTIONS) if (!ROWS.some((r) => r[0] === step && r[2] === type)) missing.push(`${step} ${type}`);
    for (const type of SERVICE_ACTIONS) {
      for (const side of ['DM', 'OT', 'SP']) if (!ROWS.some((r) => r[2] === type && r[3].startsWith(side))) missing.push(`${type} by ${side}`);
    }
    for (const type of ['CANCEL', 'REOPEN'] as const) {
      for (const who of ['DM', 'OT', 'DM owner', 'OT owner', 'SP'] as const) {
        const rows = ROWS.filter((r) => r[2] === type && r[3] === who);
        if (!rows.length) missing.push(`${type} by ${who}`);
      }
    }
    // Without SERVICE_WORKFLOW: every driving action refused at least once, every other one accepted.
    for (const type of SERVICE_ACTIONS) {
      const withoutFlag = ROWS.filter((r) => r[2] === type && r[3].endsWith('no flag'));
      const seen = DRIVING.includes(type) ? withoutFlag.some((r) => r[4] === REFUSED) : withoutFlag.some((r) => r[4] !== REFUSED);
      if (!seen) missing.push(`${type} without SERVICE_WORKFLOW`);
    }
    expect(missing).toEqual([]);
  });
});
