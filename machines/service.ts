import { assign, setup, transition } from 'xstate';

/**
 * The service workflow (spec §4), pure: the server moves a service with it and the sheet
 * shows the actions it accepts. The step is the state; the rest of the workflow is the
 * context, read from and written back to the service record (see `flowOf`, `flowFields`).
 *
 * - A date proposed by the order taker sets REQUESTED, by the decision maker or the
 *   provider OPENED; the other side accepts or refuses it. Creating a service is the
 *   creator's first date proposal.
 * - Accepting a date confirms the service (CONFIRMED) once the provider is on board: it
 *   proposed or accepted a date. Otherwise the provider confirms the agreed date (CONFIRM).
 * - Postponing an agreed date goes back to OPENED or REQUESTED and cancels the confirmation.
 * - The provider completes a confirmed service (TERMINATED).
 * - Another party asks to cancel; the provider confirms (CANCELLED) or declines. The
 *   provider or the owner cancels directly. Terminated and cancelled services reopen to OPENED.
 * - Only a live step answers a date proposal or a cancel request: completing, cancelling and
 *   reopening drop whichever waits.
 */
export type ServiceSide = 'DECISION_MAKER' | 'ORDER_TAKER' | 'SERVICE_PROVIDER';
export type ServiceStep = 'OPENED' | 'REQUESTED' | 'CONFIRMED' | 'TERMINATED' | 'CANCELLED';

export interface ServiceFlow {
  /** Who proposed the date that waits for an answer (null: none waits). */
  pendingDateBy: ServiceSide | null;
  /** The current date was accepted by the other side. */
  dateAccepted: boolean;
  /** The provider took the order: it proposed or accepted a date, or confirmed one. */
  providerConfirmed: boolean;
  cancelRequested: boolean;
}

/** Every event says on which side the caller acts and whether the caller owns the service. */
export interface ServiceActor {
  by: ServiceSide;
  owner?: boolean;
}

/** The actions of `PATCH /back/bo/services/{id}/{action}`; the date actions have their own calls. */
export const SERVICE_PATCH_ACTIONS = ['CONFIRM', 'COMPLETE', 'REQUEST_CANCEL', 'CONFIRM_CANCEL', 'DECLINE_CANCEL', 'CANCEL', 'REOPEN'] as const;
export const SERVICE_DATE_ACTIONS = ['REQUEST_DATE', 'POSTPONE', 'ACCEPT_DATE', 'REFUSE_DATE'] as const;
export type ServiceAction = (typeof SERVICE_DATE_ACTIONS)[number] | (typeof SERVICE_PATCH_ACTIONS)[number];
export const SERVICE_ACTIONS: readonly ServiceAction[] = [...SERVICE_DATE_ACTIONS, ...SERVICE_PATCH_ACTIONS];

export type ServiceEvent = { type: ServiceAction } & ServiceActor;

export const INITIAL_FLOW: ServiceFlow = { pendingDateBy: null, dateAccepted: false, providerConfirmed: false, cancelRequested: false };

type Args = { context: ServiceFlow; event: ServiceEvent };
const byProvider = ({ event }: Args) => event.by === 'SERVICE_PROVIDER';
const onBoardAfterAccept = ({ context, event }: Args) =>
  context.providerConfirmed || event.by === 'SERVICE_PROVIDER' || context.pendingDateBy === 'SERVICE_PROVIDER';

const machineSetup = setup({
  types: { context: {} as ServiceFlow, events: {} as ServiceEvent, input: {} as ServiceFlow | undefined },
  guards: {
    byProvider,
    byOrderTaker: ({ event }: Args) => event.by === 'ORDER_TAKER',
    dateAgreed: ({ context }: Args) => context.dateAccepted,
    orderTakerMovesAgreedDate: ({ context, event }: Args) => context.dateAccepted && event.by === 'ORDER_TAKER',
    answersOtherSide: ({ context, event }: Args) => context.pendingDateBy !== null && context.pendingDateBy !== event.by,
    acceptConfirms: (args: Args) => args.context.pendingDateBy !== null && args.context.pendingDateBy !== args.event.by && onBoardAfterAccept(args),
    providerWithAgreedDate: (args: Args) => byProvider(args) && args.context.dateAccepted,
    mayAskCancel: ({ context, event }: Args) => !context.cancelRequested && event.by !== 'SERVICE_PROVIDER',
    providerAnswersCancel: (args: Args) => args.context.cancelRequested && byProvider(args),
    providerOrOwner: (args: Args) => byProvider(args) || args.event.owner === true,
  },
  actions: {
    propose: assign(({ context, event }: Args) => ({
      pendingDateBy: event.by,
      dateAccepted: false,
      providerConfirmed: context.providerConfirmed || event.by === 'SERVICE_PROVIDER',
    })),
    accept: assign((args: Args) => ({ pendingDateBy: null, dateAccepted: true, providerConfirmed: onBoardAfterAccept(args) })),
    refuse: assign({ pendingDateBy: null }),
    providerConfirms: assign({ providerConfirmed: true }),
    askCancel: assign({ cancelRequested: true }),
    clearCancel: assign({ cancelRequested: false }),
    dropRequests: assign({ pendingDateBy: null, cancelRequested: false }),
  },
});

/** Cancelling works the same from every live step. */
const CANCELLING = {
  REQUEST_CANCEL: { guard: 'mayAskCancel', actions: 'askCancel' },
  CONFIRM_CANCEL: { guard: 'providerAnswersCancel', target: 'CANCELLED', actions: 'dropRequests' },
  DECLINE_CANCEL: { guard: 'providerAnswersCancel', actions: 'clearCancel' },
  CANCEL: { guard: 'providerOrOwner', target: 'CANCELLED', actions: 'dropRequests' },
} as const;

/** Answering a date and confirming work the same while OPENED and REQUESTED. */
const BEFORE_CONFIRMATION = {
  ACCEPT_DATE: [{ guard: 'acceptConfirms', target: 'CONFIRMED', actions: 'accept' }, { guard: 'answersOtherSide', actions: 'accept' }],
  REFUSE_DATE: { guard: 'answersOtherSide', actions: 'refuse' },
  CONFIRM: { guard: 'providerWithAgreedDate', target: 'CONFIRMED', actions: 'providerConfirms' },
} as const;

export const serviceMachine = machineSetup.createMachine({
  id: 'service',
  initial: 'OPENED',
  context: ({ input }) => ({ ...INITIAL_FLOW, ...input }),
  states: {
    OPENED: {
      on: {
        REQUEST_DATE: [{ guard: 'byOrderTaker', target: 'REQUESTED', actions: 'propose' }, { actions: 'propose' }],
        POSTPONE: [{ guard: 'orderTakerMovesAgreedDate', target: 'REQUESTED', actions: 'propose' }, { guard: 'dateAgreed', actions: 'propose' }],
        ...BEFORE_CONFIRMATION,
        ...CANCELLING,
      },
    },
    REQUESTED: {
      on: {
        REQUEST_DATE: [{ guard: 'byOrderTaker', actions: 'propose' }, { target: 'OPENED', actions: 'propose' }],
        POSTPONE: [{ guard: 'orderTakerMovesAgreedDate', actions: 'propose' }, { guard: 'dateAgreed', target: 'OPENED', actions: 'propose' }],
        ...BEFORE_CONFIRMATION,
        ...CANCELLING,
      },
    },
    CONFIRMED: {
      on: {
        POSTPONE: [{ guard: 'byOrderTaker', target: 'REQUESTED', actions: 'propose' }, { target: 'OPENED', actions: 'propose' }],
        COMPLETE: { guard: 'byProvider', target: 'TERMINATED', actions: 'dropRequests' },
        ...CANCELLING,
      },
    },
    TERMINATED: { on: { REOPEN: { guard: 'providerOrOwner', target: 'OPENED', actions: 'dropRequests' } } },
    CANCELLED: { on: { REOPEN: { guard: 'providerOrOwner', target: 'OPENED', actions: 'dropRequests' } } },
  },
});

/** The workflow part of a stored service. */
export interface ServiceFlowFields {
  serviceStep: ServiceStep;
  pendingDateBy?: ServiceSide | null;
  dateRelevance?: 'EMPTY' | 'IN_PROGRESS' | 'ACCEPTED';
  providerConfirmed?: boolean;
  cancelRequestDate?: string | null;
}

export function flowOf(record: ServiceFlowFields): ServiceFlow {
  return {
    pendingDateBy: record.pendingDateBy ?? null,
    dateAccepted: record.dateRelevance === 'ACCEPTED',
    providerConfirmed: record.providerConfirmed === true,
    cancelRequested: !!record.cancelRequestDate,
  };
}

/** The record fields after a move; `cancelRequestDate` is today's date when a cancel request starts. */
export function flowFields(step: ServiceStep, flow: ServiceFlow, today: string, before?: ServiceFlowFields): ServiceFlowFields {
  return {
    serviceStep: step,
    pendingDateBy: flow.pendingDateBy,
    dateRelevance: flow.pendingDateBy ? 'IN_PROGRESS' : flow.dateAccepted ? 'ACCEPTED' : 'EMPTY',
    providerConfirmed: flow.providerConfirmed,
    cancelRequestDate: flow.cancelRequested ? (before?.cancelRequestDate ?? today) : null,
  };
}

function snapshotAt(step: ServiceStep, flow: ServiceFlow) {
  return serviceMachine.resolveState({ value: step, context: flow });
}

/** The step and flow after `event`, or null when the workflow refuses it. */
export function moveService(step: ServiceStep, flow: ServiceFlow, event: ServiceEvent): { step: ServiceStep; flow: ServiceFlow } | null {
  // An unknown step (a corrupt record) is refused, not resolved: resolveState would throw.
  if (!(step in serviceMachine.root.states)) return null;
  const snapshot = snapshotAt(step, flow);
  if (!snapshot.can(event)) return null;
  const [next] = transition(serviceMachine, snapshot, event);
  return { step: next.value as ServiceStep, flow: next.context };
}

/** The actions the caller may take now, in a stable order (the sheet's buttons). */
export function serviceActions(step: ServiceStep, flow: ServiceFlow, actor: ServiceActor): ServiceAction[] {
  if (!(step in serviceMachine.root.states)) return [];
  // A search page presents hundreds of services that share a handful of these keys.
  const key = [step, flow.pendingDateBy, flow.dateAccepted, flow.providerConfirmed, flow.cancelRequested, actor.by, actor.owner === true].join();
  let actions = actionsByKey.get(key);
  if (!actions) {
    const snapshot = snapshotAt(step, flow);
    actions = SERVICE_ACTIONS.filter((type) => snapshot.can({ type, ...actor }));
    actionsByKey.set(key, actions);
  }
  return [...actions];
}

/** serviceActions is pure: its answers by step, flow and actor (a few hundred keys at most). */
const actionsByKey = new Map<string, ServiceAction[]>();
