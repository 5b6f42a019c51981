import { describe, expect, it } from 'vitest';
import {
  INITIAL_FLOW,
  SERVICE_ACTIONS,
  SERVICE_DATE_ACTIONS,
  SERVICE_PATCH_ACTIONS,
  flowFields,
  flowOf,
  moveService,
  serviceActions,
  type ServiceAction,
  type ServiceFlow,
  type ServiceSide,
  type ServiceStep,
} from '../../machines/service';

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

/** docs/services.md, row by row. */
function expectedMove(step: ServiceStep, flow: ServiceFlow, type: ServiceAction, by: ServiceSide, owner: boolean): Move {
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
      return provider && step === 'CONFIRMED' ? { step: 'TERMINATED', flow } : null;
    case 'REQUEST_CANCEL':
      return !provider && LIVE.has(step) && !flow.cancelRequested ? { step, flow: { ...flow, cancelRequested: true } } : null;
    case 'CONFIRM_CANCEL':
      return provider && LIVE.has(step) && flow.cancelRequested ? { step: 'CANCELLED', flow: { ...flow, cancelRequested: false } } : null;
    case 'DECLINE_CANCEL':
      return provider && LIVE.has(step) && flow.cancelRequested ? { step, flow: { ...flow, cancelRequested: false } } : null;
    case 'CANCEL':
      return (provider || owner) && LIVE.has(step) ? { step: 'CANCELLED', flow: { ...flow, cancelRequested: false } } : null;
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

const CASES = STEPS.flatMap((step) => FLOWS.flatMap((flow) => SIDES.flatMap((by) => [false, true].map((owner) => ({ step, flow, by, owner })))));

describe('the service machine follows the workflow table', () => {
  it('knows the 11 actions: 4 date calls and the 7 PATCH actions', () => {
    expect(SERVICE_ACTIONS).toEqual([...SERVICE_DATE_ACTIONS, ...SERVICE_PATCH_ACTIONS]);
    expect(SERVICE_PATCH_ACTIONS).toEqual(['CONFIRM', 'COMPLETE', 'REQUEST_CANCEL', 'CONFIRM_CANCEL', 'DECLINE_CANCEL', 'CANCEL', 'REOPEN']);
  });

  it(`moves (or refuses) exactly as the table says in all ${CASES.length * SERVICE_ACTIONS.length} cases`, () => {
    const wrong: string[] = [];
    let accepted = 0;
    for (const { step, flow, by, owner } of CASES) {
      for (const type of SERVICE_ACTIONS) {
        const expected = expectedMove(step, flow, type, by, owner);
        const actual = moveService(step, flow, { type, by, owner });
        if (expected) accepted++;
        if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(`${step} ${JSON.stringify(flow)} ${type} by ${by}${owner ? ' (owner)' : ''}: ${JSON.stringify(actual)}`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // Both outcomes are well represented (a table that refused everything would pass nothing above).
    expect(accepted).toBeGreaterThan(1000);
    expect(CASES.length * SERVICE_ACTIONS.length - accepted).toBeGreaterThan(1000);
  });

  it('offers (serviceActions) exactly the actions it accepts, in the stable order of SERVICE_ACTIONS', () => {
    const wrong: string[] = [];
    for (const { step, flow, by, owner } of CASES) {
      const offered = serviceActions(step, flow, { by, owner });
      const expected = SERVICE_ACTIONS.filter((type) => expectedMove(step, flow, type, by, owner) !== null);
      if (offered.join() !== expected.join()) wrong.push(`${step} ${JSON.stringify(flow)} ${by}${owner ? ' (owner)' : ''}: ${offered.join()}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('refuses everything on an unknown step instead of throwing', () => {
    expect(moveService('ARCHIVED' as ServiceStep, INITIAL_FLOW, { type: 'REOPEN', by: 'SERVICE_PROVIDER', owner: true })).toBeNull();
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
    expect(serviceActions(agreed.step, agreed.flow, { by: 'SERVICE_PROVIDER' })).toEqual(['REQUEST_DATE', 'POSTPONE', 'CONFIRM', 'CANCEL']);
    expect(moveService(agreed.step, agreed.flow, { type: 'CONFIRM', by: 'DECISION_MAKER', owner: true })).toBeNull();
    const confirmed = moveService(agreed.step, agreed.flow, { type: 'CONFIRM', by: 'SERVICE_PROVIDER' })!;
    expect(confirmed.step).toBe('CONFIRMED');
    expect(moveService(confirmed.step, confirmed.flow, { type: 'COMPLETE', by: 'SERVICE_PROVIDER' })!.step).toBe('TERMINATED');
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
    expect(moveService(asked.step, asked.flow, { type: 'CONFIRM_CANCEL', by: 'DECISION_MAKER', owner: true })).toBeNull();
    expect(moveService(asked.step, asked.flow, { type: 'DECLINE_CANCEL', by: 'SERVICE_PROVIDER' })).toEqual(live);
    const cancelled = moveService(asked.step, asked.flow, { type: 'CONFIRM_CANCEL', by: 'SERVICE_PROVIDER' })!;
    expect(cancelled).toEqual({ step: 'CANCELLED', flow: live.flow });
    expect(moveService(live.step, live.flow, { type: 'CANCEL', by: 'ORDER_TAKER' })).toBeNull();
    expect(moveService(live.step, live.flow, { type: 'CANCEL', by: 'ORDER_TAKER', owner: true })!.step).toBe('CANCELLED');
    expect(serviceActions('CANCELLED', cancelled.flow, { by: 'DECISION_MAKER', owner: true })).toEqual(['REOPEN']);
    expect(serviceActions('CANCELLED', cancelled.flow, { by: 'DECISION_MAKER' })).toEqual([]);
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
